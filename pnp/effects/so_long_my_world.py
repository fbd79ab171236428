"""So Long, My World's words for the effect language (the rulebook's "Game Phases").

The verbs here are those of the cards scripted so far: the Hindrance cards that change who is
on which Vision and in which order players act ("3. Hindrance Phase: players can modify turn
order or each other's selected Visions"), the starting cards, and the events that restrict a
round. Every other component keeps its text and is checked as plain operations (listed as
unverified) until it is scripted. The rules engine (``rules_check/games/so_long_my_world/
verbs.py``) executes the verbs; docs/effects.md lists them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.data.games.so_long_my_world import FEELINGS, NORMAL_VISIONS

from .language import Step, Verb, Vocabulary
from .phrases import Phrase, PhraseError, Word, closed, integer


@dataclass(frozen=True)
class Destination(Phrase):
    """Where a chosen Vision changes to: ``adjacent`` (next to the mover's, the mover's
    choice), ``adjacent, yours`` (the card player's choice), ``any`` unlocked Vision, or one
    Vision by name (``vision``)."""

    kind: str = "adjacent"  # adjacent | adjacent, yours | any | named
    vision: str | None = None


_DESTINATIONS = {
    "an adjacent one": "adjacent",
    "an adjacent vision of your choice": "adjacent, yours",
    "any unlocked vision": "any",
}


def _destination(raw: object, path: tuple = ()) -> Destination:
    if isinstance(raw, str):
        words = " ".join(raw.split())
        kind = _DESTINATIONS.get(words.lower())
        if kind is not None:
            return Destination(words, kind)
        named = {v.lower(): v for v in NORMAL_VISIONS}.get(words.lower())
        if named is not None:
            return Destination(named, "named", named)
    raise PhraseError(f"expected where the Vision changes to ({', '.join(repr(k) for k in _DESTINATIONS)} or a "
                      f"Vision's name: {', '.join(NORMAL_VISIONS)}), got {raw!r}")


MOVERS = closed("who changes their Vision ('you', 'they', 'every other player on your Vision')", {
    "you": "you", "they": "chosen", "every other player on your vision": "others here"})
PLAYERS = closed("a player to choose ('another player', 'another player on your Vision')", {
    "another player": "other", "another player on your vision": "other here"})
SWAPS = closed("whose Visions are swapped ('you and the chosen player', 'two players')", {
    "you and the chosen player": "with chosen", "two players": "two"})
LAST = closed("who acts last ('the chosen player')", {"the chosen player": "chosen"})
ORDER = closed("'this Vision Phase'", {"this vision phase": "vision phase"})
FIRST = closed("'you'", {"you": "you"})
FROM_VISION = closed("'your chosen Vision'", {"your chosen vision": "chosen"})
ROUND_RULES = closed("a rule for this round", {
    "no player may drain a Mark of Sol": "no mark drain",
    "the Drain takes at most 1 Feeling from a Vision": "drain at most 1",
    "no Feeling can be moved from one Vision to another": "no vision moves",
})


# So Long, My Love: each Heartbreak card's goal, a predicate the engine computes over the whole
# game from the log ("To win a game, you must reach the goal AND the Collective Insight value").
GOALS = closed("a Heartbreak goal", {
    "At the end, each player has at least 3 cards in their field.": "fields of 3",
    "Neither player plays a card with a negative karma.": "no negative",
    "One player plays only positive cards, the other only negative cards (neutral cards are free).":
        "one of each karma",
    "Together, gain at least 6 Marks of Sol during the game.": "6 marks",
    "Both players choose L'Uno in the same round at least twice.": "l'uno twice",
    "Play Every Name Remembered and She Wasn't My Daughter.": "the letter",
    "At the end, neither player holds a Remnant or Gestalt card in their hand.": "empty hands",
    "Together, play at least 4 cards with a negative karma.": "4 negative",
    "Each player plays only cards of one karma (neutral cards aside): both karma chains hold.": "one karma each",
})


def goal_of(text: str) -> Phrase | None:
    """The goal a Heartbreak card's text states, or None for one the language does not know
    (a publisher's own card: its goal is then taken as declared, and listed as unverified)."""
    try:
        return GOALS(text)
    except PhraseError:
        return None


@dataclass(frozen=True)
class Tokens(Phrase):
    """What is received: ``1 {hope}`` (a Feeling) or ``1 {mark-of-sol}``."""

    amount: int = 1
    item: str = "hope"  # a Feeling, or "mark-of-sol"


_TOKENS = re.compile(r"\s*([1-3])\s+\{([a-z-]+)\}\s*")


def _tokens(raw: object, path: tuple = ()) -> Tokens:
    m = _TOKENS.fullmatch(raw) if isinstance(raw, str) else None
    if m is None or (m[2] not in FEELINGS and m[2] != "mark-of-sol"):
        raise PhraseError(f"expected an amount and a token, like '1 {{hope}}' or '1 {{mark-of-sol}}', got {raw!r}")
    return Tokens(" ".join(raw.split()), int(m[1]), m[2])


WHO = closed("who ('you', 'each player', 'each other player', 'each player here', 'the First Player', "
             "'you and that player')", {
                 "you": "you", "each player": "each", "each other player": "others", "each player here": "here",
                 "the first player": "first", "you and that player": "you and chosen",
                 "each player with no card in their field": "no field"})
VISIONS_ON_CLOCK = closed("'the Feelings on the Visions'", {"the feelings on the visions": "all"})
ONE_FEELING = closed("'1 Feeling'", {"1 feeling": "feeling"})


@dataclass(frozen=True)
class Place(Phrase):
    """Where a Feeling moves from or to: a Vision by name, ``any Vision`` (a choice), ``an
    adjacent Vision`` (next to where it comes from, a choice) or ``your chosen Vision``."""

    kind: str = "named"  # named | any | adjacent | chosen
    vision: str | None = None


def _place(raw: object, path: tuple = ()) -> Place:
    kinds = {"any vision": "any", "an adjacent vision": "adjacent", "your chosen vision": "chosen"}
    if isinstance(raw, str):
        words = " ".join(raw.split())
        if words.lower() in kinds:
            return Place(words, kinds[words.lower()])
        named = {v.lower(): v for v in NORMAL_VISIONS}.get(words.lower())
        if named is not None:
            return Place(named, "named", named)
    raise PhraseError(f"expected a Vision's name, 'any Vision', 'an adjacent Vision' or 'your chosen Vision', "
                      f"got {raw!r}")
TOP_EVENT = closed("'the top card of the Event deck'", {"the top card of the event deck": "event deck"})
IT = closed("'it'", {"it": "it"})
BOTTOM = closed("'the bottom of the deck'", {"the bottom of the deck": "bottom"})
FEELING_FROM_STOCK = closed("'1 Feeling'", {"1 feeling": "feeling"})
FROM_HAND = closed("'1 card from your hand'", {"1 card from your hand": "hand"})
FROM_FIELD = closed("'1 Remnant or Gestalt card from your field'",
                    {"1 remnant or gestalt card from your field": "field"})
FROM_SYSTEM = closed("'the System'", {"the system": "system"})
REMNANTS = closed("'Remnant card' or 'Remnant cards'", {"remnant card": "remnant", "remnant cards": "remnant"})


def _subject(step: Step, verb: str, plural_verb: str) -> str:
    """``receive`` (the card player, imperative), ``you receive``, ``each player here receives``."""
    who = step.get("who")
    if who is None:
        return verb
    if who.key == "you":  # type: ignore[attr-defined]
        return f"you {verb}"
    if who.key == "you and chosen":  # type: ignore[attr-defined]
        return f"{who.words} each {verb}"
    return f"{who.words} {plural_verb}"


def _receive(step: Step, p) -> str:
    src = step.get("from")
    return (f"{_subject(step, 'receive', 'receives')} {step.value.words}" + (f" from {src.words}" if src else "")
            + (", if there is one" if step.get("if there is one") else ""))


def _move_feeling(step: Step, p) -> str:
    return (f"{_subject(step, 'move', 'moves')} 1 Feeling from {step.get('from').words} to {step.get('to').words}"
            + (", if there is one" if step.get("if there is one") else ""))


def _draw(step: Step, p) -> str:
    n = step.value
    return f"{_subject(step, 'draw', 'draws')} {n} Remnant card{'s' if n > 1 else ''}"


def _word(grammar):
    def parse(raw: object, path: tuple = ()) -> Phrase:
        return grammar(raw)
    return parse


def _flag(raw: object, path: tuple = ()) -> bool:
    if not isinstance(raw, bool):
        raise PhraseError(f"expected true or false, got {raw!r}")
    return raw


def _change(step: Step, p) -> str:
    who = step.get("who")
    key = who.key if who is not None else "you"  # type: ignore[attr-defined]
    to = step.value.words
    if key == "chosen":
        return f"they change their chosen Vision to {to}"
    if key == "others here":
        return f"every other player on your Vision changes their chosen Vision to {to}"
    return f"change your chosen Vision to {to}"


def _swap(step: Step, p) -> str:
    if step.value.key == "two":
        return "swap the chosen Visions of two players (you may be one of them)"
    return "you swap your chosen Visions"


def _take(step: Step, p) -> str:
    n = step.value
    text = f"take {n} Feeling{'s' if n > 1 else ''} from {step.get('from').words}"
    if step.get("immediately"):
        text = f"immediately {text}, ignoring the turn order"
    return text


VERBS: dict[str, Verb] = {v.name: v for v in [
    Verb("choose player", _word(PLAYERS), lambda s, p: f"choose {s.value.words}",
         doc="a player a later step names ('they'); 'on your Vision': one on the same Vision"),
    Verb("change vision", _destination, _change, {"who": _word(MOVERS)},
         doc="a chosen Vision token moves to another unlocked Vision (3. Hindrance Phase)"),
    Verb("swap visions", _word(SWAPS), _swap, doc="two players exchange their chosen Visions"),
    Verb("act last", _word(LAST), lambda s, p: "this round they act last in the Vision Phase",
         doc="the chosen player's Vision Phase comes after every other's this round"),
    Verb("choose order", _word(ORDER), lambda s, p: "choose the order in which players act in this Vision Phase",
         doc="the card player sets the Vision Phase order of this round"),
    Verb("first player", _word(FIRST),
         lambda s, p: "take the First Player token. It passes to the left as usual in the End Phase",
         doc="the First Player token moves to the card player (5. End Phase passes it on)"),
    Verb("take feelings", integer(1, 3), _take, {"from": _word(FROM_VISION), "immediately": _flag},
         frozenset({"from"}), doc="Feelings from a Vision into your stock (all of them when fewer are there)"),
    Verb("this round", _word(ROUND_RULES), lambda s, p: f"this round, {s.value.words}",
         doc="a rule that holds until the End Phase (an event's restriction)"),
    Verb("receive", _tokens, _receive, {"who": _word(WHO), "from": _word(FROM_SYSTEM), "if there is one": _flag},
         doc="Feelings or Marks of Sol from the System (what the System has left)"),
    Verb("draw", integer(1, 3), _draw, {"who": _word(WHO)}, doc="Remnant cards from the top of the Remnant deck"),
    Verb("discard", _word(FROM_HAND), lambda s, p: f"discard {s.value.words}",
         doc="a card of your hand (your choice) to the discard pile"),
    Verb("remove", _word(FROM_FIELD), lambda s, p: f"remove {s.value.words} (it goes to the discard pile)",
         doc="a card of your field (your choice) to the discard pile"),
    Verb("look", _word(TOP_EVENT), lambda s, p: f"look at {s.value.words}",
         doc="the top card of the Event deck becomes 'it' for the next step"),
    Verb("put", _word(IT), lambda s, p: f"put it at {s.get('at').words}", {"at": _word(BOTTOM)},
         frozenset({"at"}), doc="the card looked at goes to the bottom of its deck"),
    Verb("return all", _word(VISIONS_ON_CLOCK), lambda s, p: f"return all {s.value.words} to the System",
         doc="every Feeling on the Visions back to the System"),
    Verb("move feeling", _word(ONE_FEELING), _move_feeling,
         {"who": _word(WHO), "from": _place, "to": _place, "if there is one": _flag}, frozenset({"from", "to"}),
         doc="a Feeling from one Vision to another (which one, from and to where: choices)"),
    Verb("trade", _tokens, lambda s, p: f"return 1 Feeling from your stock to the System, then receive "
                                        f"{s.value.words} from the System",
         {"for": _word(FEELING_FROM_STOCK)}, frozenset({"for"}),
         doc="a Feeling of your stock (your choice) to the System, then tokens from it; nothing without one"),
]}


VOCABULARY = Vocabulary.effects_only(
    "so-long-my-world", VERBS, "no So Long, My World script has a {what} yet: only effects, played or drawn, are "
                               "scripted", numbers="digits")

__all__ = ["GOALS", "VOCABULARY", "Destination", "Word", "goal_of"]

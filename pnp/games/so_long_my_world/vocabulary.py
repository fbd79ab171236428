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
from typing import Any

from .tables import FEELINGS, NORMAL_VISIONS

from pnp.effects.language import Step, Verb, Vocabulary
from pnp.effects.phrases import Phrase, PhraseError, Word, closed, integer


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
FIRST = closed("'you' or 'the player with the fewest Insight points in this game'", {
    "you": "you", "the player with the fewest insight points in this game": "fewest insight"})
ROUND_RULES = closed("a rule for this round", {
    "no player may drain a Mark of Sol": "no mark drain",
    "the Drain takes at most 1 Feeling from a Vision": "drain at most 1",
    "no Feeling can be moved from one Vision to another": "no vision moves",
    "every {hope} token counts as {resignation}. Card costs do not change": "hope is resignation",
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


WHO = closed("who ('you', 'each player', 'each other player', 'each player here', 'the First Player', "
             "'you and that player')", {
                 "you": "you", "each player": "each", "each other player": "others", "every other player": "others",
                 "each player here": "here", "the first player": "first", "you and that player": "you and chosen",
                 "each player with no card in their field": "no field",
                 "you and another player of your choice": "you and other", "each player on l'uno": "here"})
VISIONS_ON_CLOCK = closed("'the Feelings on the Visions' or 'the Feelings on it'", {
    "the feelings on the visions": "all", "the feelings on it": "it"})
ONE_FEELING = closed("'1 Feeling'", {"1 feeling": "feeling"})


@dataclass(frozen=True)
class Place(Phrase):
    """Where a Feeling moves from or to: a Vision by name, ``any Vision`` (a choice), ``an
    adjacent Vision`` (next to where it comes from, a choice) or ``your chosen Vision``."""

    kind: str = "named"  # named | any | adjacent | chosen | any one | each adjacent | stock
    vision: str | None = None


_PLACES = {"any vision": "any", "an adjacent vision": "adjacent", "your chosen vision": "chosen",
           "any one vision": "any one", "each adjacent vision": "each adjacent", "another player's stock": "stock"}


def _place(raw: object, path: tuple = ()) -> Place:
    if isinstance(raw, str):
        words = " ".join(raw.split())
        if words.lower() in _PLACES:
            return Place(words, _PLACES[words.lower()])
        named = {v.lower(): v for v in NORMAL_VISIONS}.get(words.lower())
        if named is not None:
            return Place(named, "named", named)
    raise PhraseError(f"expected a Vision's name or one of {', '.join(repr(k) for k in _PLACES)}, got {raw!r}")


TOP_EVENT = closed("'the top card of the Event deck'", {"the top card of the event deck": "event deck"})
IT = closed("'it'", {"it": "it"})
BOTTOM = closed("'the bottom of the deck'", {"the bottom of the deck": "bottom"})
FROM_HAND = closed("a card of a hand ('1 card from your hand', '1 card', '1 card at random from their hand')", {
    "1 card from your hand": "hand", "1 card from their hand": "hand", "1 card": "hand",
    "1 card at random from their hand": "random"})
FROM_FIELD = closed("a card of a field ('1 Remnant or Gestalt card from your field', '1 other card from your "
                    "field', '1 card from another player's field')", {
                        "1 remnant or gestalt card from your field": "field",
                        "1 other card from your field": "other of yours",
                        "1 card from their field": "field",
                        "1 card from another player's field": "another's",
                        "1 card with a positive karma from any player's field": "positive, anyone's"})
FROM_SYSTEM = closed("'the System'", {"the system": "system"})
# "for each ..., up to N": what is counted (Last Supper Alone, Prayer Chains, the Gestalt karma cards)
FOR_EACH = closed("what is counted", {
    "{despair} in your stock": "despair", "{hope} in their stock": "hope",
    "card discarded this way": "discarded",
    "other card with a positive karma in your field": "positive field",
    "other card with a negative karma in your field": "negative field"})
# what a player returns to the System ("return")
RETURNS = closed("what is returned to the System", {
    "1 Feeling of their choice from their stock": "1 of choice",
    "1 Feeling of their choice": "1 of choice",
    "2 Feelings of their choice from their stock": "2 of choice",
    "1 {mark-of-sol}": "mark",
    "1 {despair}": "despair",
    "1 {despair} or 1 {madness}": "despair or madness",
    "1 {despair} or 1 {madness} from your stock": "despair or madness",
    "half of their Feelings (rounded down, of their choice)": "half"})
GIVES = closed("what is given", {
    "1 Feeling of their choice from their stock": "feeling", "1 Feeling": "feeling",
    "1 Feeling or 1 card from their hand": "feeling or card"})
GIVEN_TO = closed("to whom ('you', 'another player here', 'the other player')", {
    "you": "you", "another player here": "other here", "the other player": "other"})
TOP_CARDS = closed("the cards looked at ('the top 3 Remnant cards', 'the top 3 Gestalt cards')", {
    "the top 3 remnant cards": "remnant deck", "the top 3 gestalt cards": "gestalt deck"})
OTHERS_GO = closed("where the others go ('discard', 'at the bottom of the Gestalt deck')", {
    "discard": "discard", "at the bottom of the gestalt deck": "bottom"})
TOP_EVENTS = closed("'the top 3 Event cards'", {"the top 3 event cards": "3"})
VISION_CARDS = closed("'two adjacent Vision cards'", {"two adjacent vision cards": "adjacent"})
LOCKED = closed("'a locked Vision'", {"a locked vision": "locked"})
FROM_DISCARD = closed("'1 card of your choice from the discard pile'",
                      {"1 card of your choice from the discard pile": "discard"})
A_VISION = closed("'a Vision'", {"a vision": "vision"})
A_TYPE = closed("'a Feeling type'", {"a feeling type": "type"})
EVERY_OF_TYPE = closed("'Feeling of that type from the Visions'", {"feeling of that type from the visions": "type"})
PUT_ON = closed("where it is put ('a Vision of their choice', 'the Vision with the fewest Feelings')", {
    "a vision of their choice": "any", "the vision with the fewest feelings": "fewest"})
VISION_TOKEN = closed("'1 Vision token'", {"1 vision token": "token"})
FIELD_TO_HAND = closed("'1 card from their field to their hand'", {"1 card from their field to their hand": "field"})
THE_EFFECT = closed("'the effect of any unlocked normal Vision as if you were on it'", {
    "the effect of any unlocked normal vision as if you were on it": "any normal"})


@dataclass(frozen=True)
class Tokens(Phrase):
    """What is received: ``1 {hope}`` (a Feeling), ``1 {mark-of-sol}``, ``2 Feelings of your
    choice`` (the card player's), ``1 Feeling of their choice`` (the receiver's) or ``1 more``
    (of what the step before gave)."""

    amount: int = 1
    item: str = "hope"  # a Feeling, "mark-of-sol", "your choice", "their choice", "more" or "vision token"


_TOKENS = re.compile(r"\s*([1-3])\s+\{([a-z-]+)\}\s*")
_CHOICE = re.compile(r"([1-3]) Feelings? of (your|their) choice", re.I)


def _tokens(raw: object, path: tuple = ()) -> Tokens:
    if isinstance(raw, str):
        words = " ".join(raw.split())
        m = _CHOICE.fullmatch(words)
        if m:
            return Tokens(words, int(m[1]), f"{m[2].lower()} choice")
        if words.lower() == "1 more":
            return Tokens(words, 1, "more")
        if words.lower() == "1 vision token":  # a solo Path's sequence bonus
            return Tokens(words, 1, "vision token")
        if words.lower() == "1 mark of sol":
            return Tokens(words, 1, "mark-of-sol")
    m = _TOKENS.fullmatch(raw) if isinstance(raw, str) else None
    if m is None or (m[2] not in FEELINGS and m[2] != "mark-of-sol"):
        raise PhraseError(f"expected an amount and a token, like '1 {{hope}}', '1 {{mark-of-sol}}' or '2 Feelings "
                          f"of your choice', got {raw!r}")
    return Tokens(" ".join(raw.split()), int(m[1]), m[2])


@dataclass(frozen=True)
class Cards(Phrase):
    """Cards drawn: ``[(amount, deck)]``, from the Remnant deck unless a phrase names the
    Gestalt deck (``1 Gestalt card and 1 Remnant card``)."""

    parts: tuple[tuple[int, str], ...] = ()


_CARDS = re.compile(r"([1-3]) (Remnant|Gestalt) cards?(?: and ([1-3]) (Remnant|Gestalt) cards?)?", re.I)


def _cards(raw: object, path: tuple = ()) -> Cards:
    if isinstance(raw, str) and " ".join(raw.split()).lower() == "1 more":
        return Cards("1 more", ((1, "remnant"),))
    if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= 3:
        return Cards(f"{raw} Remnant card{'s' if raw > 1 else ''}", ((raw, "remnant"),))
    m = _CARDS.fullmatch(" ".join(raw.split())) if isinstance(raw, str) else None
    if m is None:
        raise PhraseError(f"expected a number of Remnant cards (1 to 3) or cards like '1 Gestalt card and 1 "
                          f"Remnant card', got {raw!r}")
    parts = [(int(m[1]), m[2].lower())] + ([(int(m[3]), m[4].lower())] if m[3] else [])
    return Cards(" ".join(raw.split()), tuple(parts))


@dataclass(frozen=True)
class Taken(Phrase):
    """Feelings taken: a number (``2``), or a number of one type (``1 {madness}``)."""

    amount: int = 1
    kind: str | None = None


def _taken(raw: object, path: tuple = ()) -> Taken:
    if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= 3:
        return Taken(str(raw), raw)
    m = _TOKENS.fullmatch(raw) if isinstance(raw, str) else None
    if m is None or m[2] not in FEELINGS:
        raise PhraseError(f"expected a number of Feelings (1 to 3) or a Feeling, like '1 {{madness}}', got {raw!r}")
    return Taken(" ".join(raw.split()), int(m[1]), m[2])


def _subject(step: Step, verb: str, plural_verb: str) -> str:
    """``receive`` (the card player, imperative), ``you receive``, ``each player here receives``,
    ``each player may receive`` (``optional``); no subject after ``and``."""
    who = step.get("who")
    may = step.get("optional")
    if step.join == "and":
        return plural_verb
    if who is None:
        return f"may {verb}" if may else verb
    if who.key == "you":  # type: ignore[attr-defined]
        return f"you {verb}"
    if who.key in ("you and chosen", "you and other"):  # type: ignore[attr-defined]
        return f"{who.words} each {verb}"
    return f"{who.words} may {verb}" if may else f"{who.words} {plural_verb}"


def _third(step: Step, verb: str, plural_verb: str) -> str:
    """A verb continuing a clause (``, then discards``): the form its subject takes."""
    return plural_verb if step.get("who") is not None and step.get("who").key != "you" else verb


def _tail(step: Step) -> str:
    """The options every "each player" verb may end with."""
    out = ""
    if step.get("if there is one"):
        out += ", if there is one"
    if step.get("if they have one"):
        out += ", if they have one"
    if step.get("if they can"):
        out += ", if they can"
    if step.get("to draw") is not None:
        out += f" to draw {step.get('to draw').words}"
    if step.get("to receive") is not None:
        out += f" to receive {step.get('to receive').words}"
    if step.get("and draw") is not None:
        out += f", and {_third(step, 'draw', 'draws')} {step.get('and draw').words}"
    if step.get("and return") is not None:
        out += f" and {_third(step, 'return', 'returns')} {step.get('and return').words} to the System"
    if step.get("then discard") is not None:
        out += f", then {_third(step, 'discard', 'discards')} {step.get('then discard').words}"
    if step.get("then receive") is not None:
        out += f", then {_third(step, 'receive', 'receives')} {step.get('then receive').words}"
    return out


def _receive(step: Step, p) -> str:
    src = step.get("from")
    each = step.get("for each")
    text = f"{_subject(step, 'receive', 'receives')} {step.value.words}"
    if each is not None:
        text += f" for each {each.words}, up to {step.get('up to')}"
    text = text + (f" from {src.words}" if src else "") + _tail(step)
    if step.get("starting with the first player"):
        text = f"starting with the First Player, {text}"
    return text


def _move_feeling(step: Step, p) -> str:
    return (f"{_subject(step, 'move', 'moves')} 1 Feeling from {step.get('from').words} to {step.get('to').words}"
            + (", if there is one" if step.get("if there is one") else ""))


def _draw(step: Step, p) -> str:
    each = step.get("for each")
    text = f"{_subject(step, 'draw', 'draws')} {step.value.words}"
    if each is not None:
        text += f" for each {each.words}" + (f", up to {step.get('up to')}" if step.get("up to") else "")
    return text + _tail(step)


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
    amount = f"{n.amount} Feeling{'s' if n.amount > 1 else ''}" if n.kind is None else n.words
    text = f"{_subject(step, 'take', 'takes')} {'up to ' if step.get('up to') else ''}{amount} from " \
           f"{step.get('from').words}"
    if step.get("immediately"):
        text = f"immediately {text}, ignoring the turn order"
    return text


def _discard(step: Step, p) -> str:
    return f"{_subject(step, 'discard', 'discards')} {step.value.words}{_tail(step)}"


def _remove(step: Step, p) -> str:
    text = f"{_subject(step, 'remove', 'removes')} {step.value.words}"
    if step.value.key == "field" and step.get("who") is None:
        text += " (it goes to the discard pile)"
    return text + _tail(step)


def _return(step: Step, p) -> str:
    return f"{_subject(step, 'return', 'returns')} {step.value.words} to the System{_tail(step)}"


def _give(step: Step, p) -> str:
    to = step.get("to")
    if to.key == "you":  # type: ignore[attr-defined]
        return f"{_subject(step, 'give', 'gives')} you {step.value.words}{_tail(step)}"
    return f"{_subject(step, 'give', 'gives')} {step.value.words} to {to.words}{_tail(step)}"


def _look_at(step: Step, p) -> str:
    others = step.get("others")
    rest = "discard the others" if others.key == "discard" else f"put the others {others.words}"
    join = " and " if others.key == "discard" else ", "
    return f"look at {step.value.words}: take 1 into your hand{join}{rest}"


def _put_extra(step: Step, p) -> str:
    return f"{_subject(step, 'put', 'puts')} {step.value.amount} extra {{{step.value.item}}} on {step.get('where').words}"


def _renounce(step: Step, p) -> str:
    return f"{_subject(step, 'renounce', 'renounces')} {step.value.words}{_tail(step)}"


def _swap_feeling(step: Step, p) -> str:
    return f"{_subject(step, 'swap', 'swaps')} 1 Feeling of their stock with 1 Feeling of the System"


def _return_card(step: Step, p) -> str:
    return f"{_subject(step, 'return', 'returns')} {step.value.words}"


EACH = {"who": _word(WHO), "optional": _flag}  # the options of a verb every player it names does

# Continuous cards ("Remnant Cards": "the effect is active as long as the card is in the field"):
# what makes a triggered one act, printed as its opening words, and what a static one changes.
TRIGGERS = closed("when a continuous card acts", {
    "When you drain an Affinity Feeling": "you drain affinity",
    "At the start of your Vision Phase": "your vision phase",
    "When you draw a card with the Drain": "you drain a card",
    "When another player plays a card with a positive karma": "another plays positive",
    "When you take the last Feeling from a Vision": "you empty a vision",
    "Next game": "next game",  # an End card's effect, carried to the next game (End Cards)
})
ALWAYS = closed("'always'", {"always": "always"})
SAME_TYPE = closed("'1 more of the same type'", {"1 more of the same type": "same"})
CHANGED = closed("'1 {resignation} of your stock'", {"1 {resignation} of your stock": "resignation"})
DRAIN_LIMIT = closed("'3 Feelings from your Vision instead of 2'", {
    "3 feelings from your vision instead of 2": "3"})
SPARED = closed("'Reboot cards'", {"reboot cards": "reboot"})
SWAP_DEALT = closed("'one of their 3 dealt Remnant cards for the top card of the Remnant deck'", {
    "one of their 3 dealt remnant cards for the top card of the remnant deck": "swap"})
DEALT_MORE = closed("'4 Remnant cards instead of 3 and keeps 3 of them'", {
    "4 remnant cards instead of 3 and keeps 3 of them": "4 keep 3"})
EXTRA_ROUND = closed("'1 extra Feeling on a Vision every round, whatever the number of players'", {
    "1 extra feeling on a vision every round, whatever the number of players": "every round"})
IN_PLACE = closed("'1 {resignation} in place of any other Feeling of its cost'", {
    "1 {resignation} in place of any other feeling of its cost": "resignation"})

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
         lambda s, p: "take the First Player token. It passes to the left as usual in the End Phase"
         if s.value.key == "you" else f"{s.value.words} takes the First Player token",
         doc="the First Player token moves to the card player (5. End Phase passes it on); next game: to the "
             "player with the fewest Insight points"),
    Verb("take feelings", _taken, _take,
         {"from": _place, "immediately": _flag, "up to": _flag, **EACH}, frozenset({"from"}),
         doc="Feelings from a Vision (or another player's stock) into your stock; all when fewer are there"),
    Verb("this round", _word(ROUND_RULES), lambda s, p: f"this round, {s.value.words}",
         doc="a rule that holds until the End Phase (an event's restriction)"),
    Verb("receive", _tokens, _receive,
         {"from": _word(FROM_SYSTEM), "if there is one": _flag, "for each": _word(FOR_EACH), "up to": integer(1, 3),
          "starting with the first player": _flag, **EACH},
         doc="Feelings or Marks of Sol from the System (what the System has left); 'of their choice': the "
             "receiver's"),
    Verb("draw", _cards, _draw, {"for each": _word(FOR_EACH), "up to": integer(1, 3),
                                 "then discard": _word(FROM_HAND), **EACH},
         doc="cards from the top of the Remnant (or Gestalt) deck"),
    Verb("discard", _word(FROM_HAND), _discard,
         {"to draw": _cards, "to receive": _tokens, "and return": _word(RETURNS), "if they have one": _flag, **EACH},
         doc="a card of the hand (its owner's choice, or at random) to the discard pile"),
    Verb("remove", _word(FROM_FIELD), _remove, {"to receive": _tokens, **EACH},
         doc="a card of a field to the discard pile"),
    Verb("return", _word(RETURNS), _return,
         {"to receive": _tokens, "if they have one": _flag, "if they can": _flag, "and draw": _cards, **EACH},
         doc="tokens of a stock back to the System (the owner's choice)"),
    Verb("give", _word(GIVES), _give, {"to": _word(GIVEN_TO), "if they can": _flag, "then receive": _tokens, **EACH},
         frozenset({"to"}), doc="a Feeling (or a card) of one player's to another"),
    Verb("look", _word(TOP_EVENT), lambda s, p: f"look at {s.value.words}",
         doc="the top card of the Event deck becomes 'it' for the next step"),
    Verb("put", _word(IT), lambda s, p: f"put it at {s.get('at').words}", {"at": _word(BOTTOM)},
         frozenset({"at"}), doc="the card looked at goes to the bottom of its deck"),
    Verb("arrange", _word(TOP_EVENTS), lambda s, p: f"look at {s.value.words} and put them back in any order",
         doc="the top cards of the Event deck in an order of your choice"),
    Verb("look at", _word(TOP_CARDS), _look_at, {"others": _word(OTHERS_GO)}, frozenset({"others"}),
         doc="one of the top cards of a deck to your hand, the others discarded or put at the bottom"),
    Verb("return all", _word(VISIONS_ON_CLOCK), lambda s, p: f"return all {s.value.words} to the System",
         doc="every Feeling on the Visions (or on the Vision chosen) back to the System"),
    Verb("move feeling", _word(ONE_FEELING), _move_feeling,
         {"who": _word(WHO), "from": _place, "to": _place, "if there is one": _flag}, frozenset({"from", "to"}),
         doc="a Feeling from one Vision to another (which one, from and to where: choices)"),
    Verb("trade", _tokens, lambda s, p: f"return 1 Feeling from your stock to the System, then receive "
                                        f"{s.value.words} from the System",
         {"for": _word(ONE_FEELING)}, frozenset({"for"}),
         doc="a Feeling of your stock (your choice) to the System, then tokens from it; nothing without one"),
    Verb("choose vision", _word(A_VISION), lambda s, p: f"choose {s.value.words}",
         doc="a Vision a later step names ('it')"),
    Verb("choose feeling", _word(A_TYPE), lambda s, p: f"choose {s.value.words}",
         doc="a Feeling type a later step names ('that type')"),
    Verb("take every", _word(EVERY_OF_TYPE), lambda s, p: f"take every {s.value.words} into your stock",
         doc="every Feeling of the chosen type on the Visions into your stock"),
    Verb("swap cards", _word(VISION_CARDS), lambda s, p: f"swap {s.value.words}, with the Feelings and tokens on them",
         doc="two neighbouring Visions change places around the clock"),
    Verb("unlock", _word(LOCKED), lambda s, p: f"turn {s.value.words} face up: it is unlocked",
         doc="a locked Vision of your choice is unlocked"),
    Verb("take card", _word(FROM_DISCARD), lambda s, p: f"take {s.value.words} into your hand",
         doc="a card of the discard pile (your choice) into your hand"),
    Verb("put extra", _tokens, _put_extra, {"where": _word(PUT_ON), **EACH}, frozenset({"where"}),
         doc="a Feeling of the System onto a Vision"),
    Verb("renounce", _word(VISION_TOKEN), _renounce, {"to receive": _tokens, **EACH},
         doc="a Vision token behind the screen leaves the game (the owner's choice)"),
    Verb("swap feeling", _word(ONE_FEELING), _swap_feeling, EACH,
         doc="a Feeling of the stock for one of the System (both the player's choice)"),
    Verb("return card", _word(FIELD_TO_HAND), _return_card, EACH,
         doc="a card of the field back to its owner's hand"),
    Verb("resolve", _word(THE_EFFECT), lambda s, p: f"resolve {s.value.words}",
         doc="another unlocked normal Vision's effect, as its own script"),
    Verb("take more", _word(SAME_TYPE), lambda s, p: f"take {s.value.words}",
         doc="after an affinity drain: 1 more of the Feeling drained, from the System"),
    Verb("change", _word(CHANGED), lambda s, p: f"change {s.value.words} into {s.get('into').words}",
         {"into": _tokens}, frozenset({"into"}), doc="a Feeling of the stock for another of the System"),
    Verb("drain up to", _word(DRAIN_LIMIT), lambda s, p: f"with the Drain, you may take up to {s.value.words}",
         use="static", doc="the owner's drain of Feelings may take 3"),
    Verb("unaffected by", _word(SPARED), lambda s, p: f"{s.value.words} do not affect you", use="static",
         doc="the owner is left out of every Reboot's effect"),
    Verb("swap dealt", _word(SWAP_DEALT), lambda s, p: f"{_subject(s, 'swap', 'swaps')} {s.value.words}", EACH,
         doc="next game: a dealt Remnant card for the top card of the Remnant deck (the setup's `swapped`)"),
    Verb("start with", _tokens, lambda s, p: f"{_subject(s, 'start', 'starts')} with {s.value.words}" + (
        " besides their first {hope} or {nostalgia}" if s.get("besides their first feeling") else ""),
         {"besides their first feeling": _flag, **EACH}, doc="next game: tokens in each stock at the setup"),
    Verb("dealt", _word(DEALT_MORE), lambda s, p: f"{_subject(s, 'be dealt', 'is dealt')} {s.value.words}", EACH,
         doc="next game: 4 Remnant cards dealt, 1 returned to the deck (the setup's `returned`)"),
    Verb("extra every round", _word(EXTRA_ROUND), lambda s, p: f"{_subject(s, 'put', 'puts')} {s.value.words}",
         EACH, doc="next game: the First Player's extra Feeling every round, with any number of players"),
    Verb("pay instead", _word(IN_PLACE), lambda s, p: f"once per card you play, you may pay {s.value.words}",
         use="static", doc="a card's cost may have one Feeling paid with a {resignation} (the entry's `instead`)"),
]}


def _prefix(ability: Any) -> str:
    """A triggered ability opens with its trigger's words ("At the start of your Vision
    Phase,"); an effect or a static ability with nothing."""
    return f"{ability.trigger.words}," if ability.trigger is not None else ""


def _refuse(what: str):
    def parse(raw: object, path: tuple = ()) -> Phrase:
        raise PhraseError(f"a So Long, My World script has no {what}: a card's effect happens when it is played "
                          f"(or drawn, or its Vision reached); a continuous card's, `when:` or `while: always`")
    return parse


VOCABULARY = Vocabulary(
    game="so-long-my-world", verbs=VERBS, triggers=_word(TRIGGERS), conditions=_refuse("condition (`if:`)"),
    states=_word(ALWAYS), costs=_refuse("cost (`cost:`)"), targets=_refuse("target (`target:`)"), prefix=_prefix,
    numbers="digits")

__all__ = ["GOALS", "VOCABULARY", "Destination", "Word", "goal_of"]

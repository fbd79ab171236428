"""The relics solo game's words for the effect language ("Card Abilities").

"You may discard a card from your hand at any time to use its ability": each side of a
location card has one ability, an effect with no trigger, cost or target. Its choices (which
card of a path, which colours, what order) are made when it is used. The rules engine
(``rules_check/games/relics/verbs.py``) executes the verbs; docs/effects.md lists them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tables import CHALLENGE_COLOURS, ENERGY_COLOURS

from pnp.effects.language import Step, Verb, Vocabulary
from pnp.effects.phrases import Grammar, Phrase, PhraseError, Word, closed, integer


@dataclass(frozen=True)
class PathCard(Phrase):
    """``a card of the decision path`` / ``of the future path``: one the player picks."""

    columns: tuple[str, ...] = ("decision",)


PATH = closed("a card of a path ('a card of the decision path', 'a card of the future path')", {
    "a card of the decision path": "decision", "a card of the future path": "future"})


def _path(raw: object, path: tuple = ()) -> PathCard:
    w = PATH(raw)
    columns = ("decision",) if w.key == "decision" else ("future.1", "future.2")  # type: ignore[attr-defined]
    return PathCard(w.words, columns)


def _gain(raw: object, path: tuple = ()) -> dict[str, int]:
    """``{red: 2}`` (energy of one colour) or ``{each colour: 1}``."""
    if not isinstance(raw, dict) or len(raw) != 1:
        raise PhraseError(f"expected one colour and an amount, like {{red: 2}} or {{each colour: 1}}, got {raw!r}")
    (colour, amount), = raw.items()
    if colour not in ENERGY_COLOURS and colour != "each colour":
        raise PhraseError(f"expected an energy colour ({', '.join(ENERGY_COLOURS)}) or 'each colour', got {colour!r}")
    return {str(colour): integer(1, 6)(amount)}


def _render_gain(step: Step, p) -> str:
    (colour, n), = step.value.items()
    if colour == "each colour":
        return f"gain {n} energy of each colour"
    return f"gain {n} {{{colour}}}"


CHALLENGE = Grammar("a challenge colour ('{black}')", [
    (r"\{(?P<c>" + "|".join(CHALLENGE_COLOURS) + r")\}", lambda m, w: Word(w, m["c"].lower()))],
    [f"{{{c}}}" for c in CHALLENGE_COLOURS])
NEXT_CHALLENGE = closed("'your next challenge'", {"your next challenge": "next"})
NEXT_DESTINATION = closed("'the challenge of your next destination'",
                          {"the challenge of your next destination": "next"})
TOP_OF_DISCARD = closed("'the top card of the discard pile'", {"the top card of the discard pile": "discard"})
TOP_OF_DRAW = closed("'the top card of the draw pile'", {"the top card of the draw pile": "draw"})
SAME_SIDE_UP = closed("'the top card of the draw pile, same side up'",
                      {"the top card of the draw pile, same side up": "draw"})


def _word(grammar: Grammar):
    def parse(raw: object, path: tuple = ()) -> Phrase:
        return grammar(raw)
    return parse


def _discount(step: Step, p) -> str:
    colour = step.get("challenge")
    return f"your next {colour.words + ' ' if colour is not None else ''}challenge costs {step.value} less"


VERBS: dict[str, Verb] = {v.name: v for v in [
    Verb("gain", _gain, _render_gain, doc="energy on the tracker, at most six of a colour (ruling R11)"),
    Verb("move energy", integer(1, 6),
         lambda s, p: f"move up to {s.value} energy from one colour to another",
         doc="up to N energy from a colour you choose to another"),
    Verb("discount", integer(1, 6), _discount, {"challenge": _word(CHALLENGE)},
         doc="the next challenge (of a colour) costs less (ruling R10)"),
    Verb("any colours", _word(NEXT_CHALLENGE),
         lambda s, p: "pay your next challenge with any colours, as if it were {black}",
         doc="the next challenge is paid as if it were black (ruling R10)"),
    Verb("ignore", _word(NEXT_DESTINATION), lambda s, p: "ignore the challenge of your next destination",
         doc="the next challenge costs nothing (ruling R10)"),
    Verb("flip", _path, lambda s, p: f"flip {s.value.words} to its other side", doc="turn a card of a path over"),
    Verb("swap", _path, lambda s, p: f"swap {s.value.words} with {s.get('with').words}",
         {"with": _path}, frozenset({"with"}), doc="exchange a card of one path with a card of another"),
    Verb("replace", _path, lambda s, p: f"replace {s.value.words} with {s.get('with').words}",
         {"with": _word(SAME_SIDE_UP)}, frozenset({"with"}),
         doc="a card of a path to the discard pile, the draw pile's top card in its place"),
    Verb("take", _word(TOP_OF_DISCARD), lambda s, p: f"take {s.value.words} into your hand",
         doc="the discard pile's top card into the hand"),
    Verb("draw", _word(TOP_OF_DRAW), lambda s, p: f"draw {s.value.words} into your hand",
         doc="the draw pile's top card into the hand"),
    Verb("arrange", integer(2, 6),
         lambda s, p: f"look at the top {s.value} cards of the draw pile and put them back in any order",
         doc="the top N cards of the draw pile, put back in the order you choose"),
]}


VOCABULARY = Vocabulary.effects_only(
    "relics", VERBS, "a relics ability has no {what}: \"You may discard a card from your hand at any time to use "
                     "its ability\"", numbers="digits")


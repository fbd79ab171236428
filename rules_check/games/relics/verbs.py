"""What each verb of a relics ability does (the words are ``pnp/games/relics/vocabulary.py``).

"You may discard a card from your hand at any time to use its ability" ("Card Abilities"):
the card leaves the hand, its script runs on the effect machine (`rules_check.effects`), then
the card lies on the discard pile (ruling R9). The choices an ability leaves to the player
(which card of a path, which colours and how much, what order) are written in the ability's
entry, ``choose: {card: Frozen Ford}``; `RWorld` asks for them by those names:

    move energy   from, to, amount      flip, replace  card
    swap          card, with            arrange        order (top first)

Every change goes through `_add`, `_move` and `_flip`, which record the outcome (when the world
is asked to), so an outcome a log writes as plain operations can be compared with the script's
(docs/logs/README.md, "Card effects").
"""

from __future__ import annotations

import itertools
from typing import Any

from pnp.games.relics import models as tables
from pnp.effects.language import Step
from pnp.effects.phrases import Phrase
from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.core.ops import Op
from rules_check.core.zones import is_unseen
from rules_check.effects.machine import Frame, Request, Verb

from .actions import Flip
from .cards import DAY, NIGHT, other_side
from .rulebook import RULE_ABILITIES
from .state import (
    AS_BLACK, COLOUR_DISCOUNT, DISCARD, DISCOUNT, DRAW, ENERGY_OF, ENERGY_PAIRS, HAND, IGNORE, RelicsState,
)


def _add(w: RWorld, frame: Frame, counter: str, amount: int) -> None:
    if amount:
        counters = w.state.counters
        counters[counter] = counters.get(counter, 0) + amount
        if w.record:
            frame.outcome.append(Op("add", counter=counter, amount=amount))


def _move(w: RWorld, frame: Frame, card: str, src: str, dst: str) -> None:
    w.state.zones.move(card, src, dst)
    if dst == DRAW:
        w.state.face[card] = DAY  # the draw pile is kept day side up (ruling R2)
    if w.record:
        frame.outcome.append(Op("move", item=card, src=src, dst=dst))


def _flip(w: RWorld, frame: Frame, card: str) -> None:
    face = w.state.face
    face[card] = other_side(face.get(card, DAY))  # (a card a search drew unseen: day, R2)
    if w.record:
        frame.outcome.append(Flip(card))


def read_card(state: RelicsState):
    def read(raw: Any) -> str:
        name = state.data.resolve(raw) if isinstance(raw, str) else None
        if name is None:
            raise IllegalAction(RULE_ABILITIES, f"{shown(raw)} is not a card")
        return name
    return read


def read_colour(raw: Any) -> str:
    if isinstance(raw, str) and raw.strip().lower() in tables.ENERGY_COLOURS:
        return raw.strip().lower()
    raise IllegalAction(RULE_ABILITIES, f"{shown(raw)} is not an energy colour ({', '.join(tables.ENERGY_COLOURS)})")


def read_amount(raw: Any) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    raise IllegalAction(RULE_ABILITIES, f"expected a number, got {shown(raw)}")


class RWorld:
    """The relics table an ability acts on."""

    rule = RULE_ABILITIES

    def __init__(self, state: RelicsState, record: bool = True) -> None:
        self.state = state
        self.verbs = VERBS
        # whether the frame's ``outcome`` lists what the steps did: only an entry that writes the
        # outcome (``ops``) is compared with it; the applies, the trials and the searches skip it
        self.record = record

    def test(self, frame: Frame, condition: Phrase) -> bool:
        raise AssertionError("a relics ability has no condition")

    def may(self, frame: Frame, step: Step) -> Request:
        raise AssertionError("a relics ability has no optional step")

    def remember(self, frame: Frame, step: Step) -> None:
        raise AssertionError("a relics ability remembers nothing")

    def path_cards(self, phrase: Any) -> list[str]:
        return [card for column in phrase.columns for card in self.state.zones[column]]


class Gain(Verb):
    """Energy, at most six of a colour (ruling R11: what would pass six is lost)."""

    def run(self, w, frame, step):
        (colour, n), = step.value.items()
        colours = tables.ENERGY_COLOURS if colour == "each colour" else (colour,)
        for c in colours:
            _add(w, frame, ENERGY_OF[c], min(n, tables.MAX_ENERGY - w.state.energy_of(c)))
        return True


class MoveEnergy(Verb):
    """"Move up to N energy from one colour to another": from, to, amount (0 to N). The choices
    are read off the tracker's counters (`sources`, `targets`, `amounts`), which `answer_sets`
    lists in full."""

    def request(self, w, frame, step):
        counters = w.state.counters
        a = frame.answers
        if "from" not in a:
            options = sources(counters)
            if not options:
                return None
            return Request("from", w.state.players[0], options, "the colour to move energy from", read_colour)
        if "to" not in a:
            options = targets(counters, a["from"])
            if not options:
                return None
            return Request("to", w.state.players[0], options, "the colour to move energy to", read_colour)
        if "amount" not in a:
            return Request("amount", w.state.players[0], amounts(step.value, counters, a["from"], a["to"]),
                           f"how much energy to move (up to {step.value})", read_amount)
        return None

    def run(self, w, frame, step):
        a = frame.answers
        k = a.get("amount", 0)
        if k and "to" in a:
            _add(w, frame, ENERGY_OF[a["from"]], -k)
            _add(w, frame, ENERGY_OF[a["to"]], k)
        return True

    @staticmethod
    def answer_sets(counters: dict[str, int], step: Step) -> list[tuple[tuple[str, Any], ...]]:
        """Every combination of answers a script whose one step is this asks (what the machine's
        `answer_sets` finds by running it once per answer, on a copy of the table each time:
        ``abilities.uses`` asks it in every search), in the same order: each colour to move
        from, then each to move to, then each amount, most first; a question with no choice
        is not asked (`request`), and the answers end there."""
        out: list[tuple[tuple[str, Any], ...]] = []
        for source in sources(counters):
            to = targets(counters, source)
            if not to:
                out.append((("from", source),))
            for target in to:
                out += [(("from", source), ("to", target), ("amount", k))
                        for k in amounts(step.value, counters, source, target)]
        return out or [()]


def sources(counters: dict[str, int]) -> list[str]:
    """The colours "move energy" can take from: those with energy on the tracker."""
    return [c for c, name in ENERGY_PAIRS if counters[name] > 0]


def targets(counters: dict[str, int], source: str) -> list[str]:
    """The colours it can move ``source``'s energy to: the others, below six (ruling R11)."""
    return [c for c, name in ENERGY_PAIRS if c != source and counters[name] < tables.MAX_ENERGY]


def amounts(most: int, counters: dict[str, int], source: str, target: str) -> list[int]:
    """How much it can move, most first: up to ``most``, what ``source`` has, and what fits
    below six in ``target``."""
    n = min(most, counters[ENERGY_OF[source]], tables.MAX_ENERGY - counters[ENERGY_OF[target]])
    return list(range(n, -1, -1))


class Waiting(Verb):
    """What waits for "your next challenge" (ruling R10)."""

    def run(self, w, frame, step):
        if step.verb == "discount":
            colour = step.get("challenge")
            _add(w, frame, COLOUR_DISCOUNT[colour.key] if colour is not None else DISCOUNT, step.value)
        else:
            _add(w, frame, AS_BLACK if step.verb == "any colours" else IGNORE, 1)
        return True


class PathCard(Verb):
    """Flip or replace a card of a path: "card", one the player picks."""

    def request(self, w, frame, step):
        if "card" in frame.answers:
            return None
        options = w.path_cards(step.value)
        if step.verb == "replace" and not w.state.zones[DRAW]:
            return None  # no card to put in its place
        if not options:
            return None
        return Request("card", w.state.players[0], options, f"{step.value.words} to {step.verb}", read_card(w.state))

    def run(self, w, frame, step):
        card = frame.answers.get("card")
        if card is None:
            return False
        if step.verb == "flip":
            _flip(w, frame, card)
            return True
        column = w.state.zone_of(card)
        new = w.state.zones[DRAW][-1]
        night = w.state.face[card] == NIGHT
        _move(w, frame, card, column, DISCARD)  # type: ignore[arg-type]
        _move(w, frame, new, DRAW, column)  # type: ignore[arg-type]
        if night:  # "same side up": the draw pile shows day sides (ruling R2)
            _flip(w, frame, new)
        return True


class Swap(Verb):
    """"Swap a card of the decision path with a card of the future path": "card", "with"."""

    def request(self, w, frame, step):
        a = frame.answers
        if "card" not in a:
            options = w.path_cards(step.value)
            if not options or not w.path_cards(step.get("with")):
                return None
            return Request("card", w.state.players[0], options, f"{step.value.words} to swap", read_card(w.state))
        if "with" not in a:
            return Request("with", w.state.players[0], w.path_cards(step.get("with")),
                           f"{step.get('with').words} to swap it with", read_card(w.state))
        return None

    def run(self, w, frame, step):
        a = frame.answers
        if "with" not in a:
            return False
        here, there = w.state.zone_of(a["card"]), w.state.zone_of(a["with"])
        _move(w, frame, a["card"], here, there)  # type: ignore[arg-type]
        _move(w, frame, a["with"], there, here)  # type: ignore[arg-type]
        return True


class Take(Verb):
    """The top card of the discard pile (take) or of the draw pile (draw) into the hand."""

    def run(self, w, frame, step):
        pile = DISCARD if step.verb == "take" else DRAW
        if not w.state.zones[pile]:
            return False
        _move(w, frame, w.state.zones[pile][-1], pile, HAND)
        return True


def _said(card: str) -> str:
    """A card as a message says it: an unseen one in words, never as its item (ruling R12)."""
    return "an unseen card" if is_unseen(card) else card


class Arrange(Verb):
    """"Look at the top N cards of the draw pile and put them back in any order": "order", top first."""

    def _top(self, w: RWorld, step: Step) -> list[str]:
        return list(reversed(w.state.zones[DRAW][-step.value:]))

    def request(self, w, frame, step):
        top = self._top(w, step)
        if len(top) < 2 or "order" in frame.answers:
            return None
        read = read_card(w.state)
        return Request("order", w.state.players[0], [tuple(p) for p in itertools.permutations(top)],
                       f"the order of the top {len(top)} cards of the draw pile, top first",
                       lambda raw: tuple(read(r) for r in raw) if isinstance(raw, (list, tuple)) else read(raw),
                       lambda value: [_said(c) for c in value])

    def run(self, w, frame, step):
        order = frame.answers.get("order")
        if not order:
            return True
        pile = w.state.zones[DRAW]
        for card in reversed(order):  # each moved back on top, the first listed last
            _move(w, frame, card, DRAW, DRAW)
        assert pile[-len(order):] == list(reversed(order))
        return True


VERBS: dict[str, Verb] = {
    "gain": Gain(), "move energy": MoveEnergy(), "discount": Waiting(), "any colours": Waiting(),
    "ignore": Waiting(), "flip": PathCard(), "replace": PathCard(), "swap": Swap(), "take": Take(),
    "draw": Take(), "arrange": Arrange(),
}

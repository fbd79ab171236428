"""The relics log vocabulary: what an entry says, in the rulebook's own words.

    - {travel: "Cliffside Path", pay: {red: 2}, discard: ["Salt Flats"]}  # a whole turn (1, 2, 3)
    - {travel: "Cliffside Path"}            # 1 only: the challenge is paid by a later `pay` entry
    - {discard: "Salt Flats"}               # 1b: back down to three cards in hand
    - {pay: {red: 1}, discard: ["Salt Flats"]}  # 2: pay the challenge of the travel under way
    - {ability: "Stormbreak Pass", choose: {card: "Frozen Ford"}}  # "Card Abilities": the choices it asks
    - {reshuffle: ["Salt Flats", ...]}      # 3: the discard pile's new order, top first
    - {reshuffle: shuffled}                 # 3: shuffled at the table, its order unseen (ruling R12)
    - {end: cannot pay}                     # "Goal": no challenge can be paid any more

A log written at the table (ruling R12) adds ``drawn: [CARD, ...]`` to any entry but ``end``:
the cards that entry turns up from the draw pile, in the order they come off it (the cards
"Look ahead" deals after the turn, the card a "draw" or "replace" ability takes).

An ability's effect is worked out from the card's script; ``choose`` holds the choices its
text leaves to the player, and an entry may also write the outcome as plain operations
(``ops: [...]``), which must then be what the script does (docs/logs/README.md, "Card effects").
``pay`` is the energy spent by colour; ``discard`` in a travel or a payment is the cards
discarded for the missing points ("2. Challenge"). What the rules make happen by themselves is
not written: the reward, the slide of the paths, the cards dealt by "Look ahead" (a setup
and reshuffles that give every pile's order fix them; a table log names them in ``drawn``).
``docs/logs/relics.md`` is the reference.

`parse_entry` turns an entry into an action or raises `LogFormatError` (exit 2) for what is
not an entry of this vocabulary: an unknown key, a wrong type, an unknown card, zone or
counter. Whether the action is legal is `rules.check`'s question.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from operator import itemgetter
from typing import Any, Union

from pnp.games.relics import models as tables
from pnp.data.errors import shown
from rules_check.core.engine import EntryRef
from rules_check.core.entries import entry_kind, fail as _fail
from rules_check.core.ops import Op, parse_ops
from rules_check.names import did_you_mean

from .cards import CardData
from .state import COUNTERS, ZONES

TRAVEL = "travel"
PAY = "pay"
DISCARD = "discard"
ABILITY = "ability"
CHOOSE = "choose"
OPS = "ops"
RESHUFFLE = "reshuffle"
END = "end"
DRAWN = "drawn"  # the cards an entry turns up from the draw pile (ruling R12)
SHUFFLED = "shuffled"  # a reshuffle whose order nobody saw (ruling R12)
CANNOT_PAY = "cannot pay"  # "The game ends when you can no longer pay the energy cost"
FLIP = "flip"

KINDS = (TRAVEL, PAY, DISCARD, ABILITY, RESHUFFLE, END)
KEYS = {TRAVEL: {TRAVEL, PAY, DISCARD, DRAWN}, PAY: {PAY, DISCARD, DRAWN}, DISCARD: {DISCARD, DRAWN},
        ABILITY: {ABILITY, CHOOSE, OPS, DRAWN}, RESHUFFLE: {RESHUFFLE, DRAWN}, END: {END}}


def _kinds_by_keys() -> dict[frozenset[str], str]:
    """Every set of keys `entry_kind` accepts, with the kind it finds (the first of ``KINDS``
    among the keys, whose ``KEYS`` hold them all): `parse_entry` looks an entry's keys up here
    in one step, and asks `entry_kind` (for its message) only of an entry not found."""
    out = {}
    for keys in KEYS.values():
        ordered = sorted(keys)
        for n in range(1, len(ordered) + 1):
            for subset in itertools.combinations(ordered, n):
                kind = next((k for k in KINDS if k in subset), None)
                if kind is not None and set(subset) <= KEYS[kind]:
                    out[frozenset(subset)] = kind
    return out


_KIND_OF = _kinds_by_keys()


_AMOUNT = itemgetter(1)  # of a (colour, amount) pair


@dataclass(frozen=True, slots=True)
class Payment:
    """How a challenge is paid ("2. Challenge"): energy by colour, then a card per missing point."""

    energy: tuple[tuple[str, int], ...] = ()  # (colour, amount), amount >= 1, in tracker order
    discards: tuple[str, ...] = ()

    @property
    def spent(self) -> int:
        return sum(map(_AMOUNT, self.energy))

    def as_entry(self) -> dict[str, Any]:
        out: dict[str, Any] = {PAY: dict(self.energy)}
        if self.discards:
            out[DISCARD] = list(self.discards)
        return out


@dataclass(frozen=True, slots=True)
class Travel:
    """"1. Decide": travel to ``destination`` of the decision path. With ``payment`` the entry
    is the whole turn; without, the challenge (if any is left to pay) waits for a `Pay`."""

    destination: str
    payment: Payment | None = None
    drawn: tuple[str, ...] = ()  # the cards Look ahead deals after the turn, when the log names them


@dataclass(frozen=True, slots=True)
class Pay:
    """"2. Challenge": pay the challenge of the travel under way."""

    payment: Payment
    drawn: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HandLimitDiscard:
    """"1b": "You may only have three cards in your hand; discard a card if necessary."""

    card: str
    drawn: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Flip:
    """A plain operation of this game: turn a card of the path to its other side."""

    card: str

    def describe(self) -> str:
        return f"flipped {self.card}"


@dataclass(frozen=True, slots=True)
class Ability:
    """"Card Abilities": discard ``card`` from the hand to use its ability. ``choose`` holds the
    answers to the questions its script asks (name, value); ``ops`` an outcome the log writes
    (None when it writes none)."""

    card: str
    choose: tuple[tuple[str, Any], ...] = ()
    ops: tuple[Union[Op, Flip], ...] | None = None
    drawn: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """"3. Look ahead": "If the draw pile is empty, shuffle the discard pile to replace it."
    ``order`` is the new draw pile, top first; None while the shuffle is still to be drawn
    (a chance outcome: the simulator draws it), or, with ``unseen``, a shuffle at the table
    whose order nobody saw (ruling R12)."""

    order: tuple[str, ...] | None
    drawn: tuple[str, ...] = ()
    unseen: bool = False


@dataclass(frozen=True, slots=True)
class End:
    """"Goal": "The game ends when you can no longer pay the energy cost for a challenge."""


Action = Union[Travel, Pay, HandLimitDiscard, Ability, Reshuffle, End]


# The actions `parse_entry` reads most, made without the frozen dataclass's ``__init__`` (which
# sets each field through ``object.__setattr__``): each field set by its slot's own setter, in
# C. The same fields, so the same equality and hash; nothing else runs in ``__init__``.
_new = object.__new__
_TRAVEL = (Travel.__dict__["destination"].__set__, Travel.__dict__["payment"].__set__,
           Travel.__dict__["drawn"].__set__)
_PAY = (Pay.__dict__["payment"].__set__, Pay.__dict__["drawn"].__set__)
_PAYMENT = (Payment.__dict__["energy"].__set__, Payment.__dict__["discards"].__set__)
_ABILITY = (Ability.__dict__["card"].__set__, Ability.__dict__["choose"].__set__, Ability.__dict__["ops"].__set__,
            Ability.__dict__["drawn"].__set__)


def _travel(destination: str, payment: Payment | None, drawn: tuple[str, ...]) -> Travel:
    """``Travel(destination, payment, drawn)``."""
    action = _new(Travel)
    set_destination, set_payment, set_drawn = _TRAVEL
    set_destination(action, destination)
    set_payment(action, payment)
    set_drawn(action, drawn)
    return action


def _pay(payment: Payment, drawn: tuple[str, ...]) -> Pay:
    """``Pay(payment, drawn)``."""
    action = _new(Pay)
    set_payment, set_drawn = _PAY
    set_payment(action, payment)
    set_drawn(action, drawn)
    return action


def _paid(energy: tuple[tuple[str, int], ...], discards: tuple[str, ...]) -> Payment:
    """``Payment(energy, discards)``."""
    payment = _new(Payment)
    set_energy, set_discards = _PAYMENT
    set_energy(payment, energy)
    set_discards(payment, discards)
    return payment


def _ability(card: str, choose: tuple[tuple[str, Any], ...], ops: tuple[Union[Op, Flip], ...] | None,
             drawn: tuple[str, ...]) -> Ability:
    """``Ability(card, choose, ops, drawn)``."""
    action = _new(Ability)
    set_card, set_choose, set_ops, set_drawn = _ABILITY
    set_card(action, card)
    set_choose(action, choose)
    set_ops(action, ops)
    set_drawn(action, drawn)
    return action


# --- reading -------------------------------------------------------------------------------


def card_name(cards: CardData, raw: Any, ref: EntryRef, field: str) -> str:
    """The printed name of the card ``raw`` names (`LogFormatError` for anything else)."""
    if not isinstance(raw, str):
        raise _fail(ref, f"expected a card name, got {shown(raw)}", field)
    if raw in cards.sides:  # a location card's printed name (most names a log writes): itself
        return raw
    name = cards.resolve(raw)
    if name is None:
        raise _fail(ref, f"unknown card {shown(raw)}{did_you_mean(raw, cards.by_key)}", field)
    return name


def _names(cards: CardData, raw: Any, ref: EntryRef, field: str) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise _fail(ref, f"expected a list of card names, got {shown(raw)}", field)
    try:  # every name a location card's printed name (what `card_name` gives back as it is), asked in C
        if all(map(cards.sides.__contains__, raw)):
            return tuple(raw)
    except TypeError:  # an item that is no name (a list, a mapping): `card_name` says so
        pass
    return tuple([card_name(cards, r, ref, field) for r in raw])


def _payment(cards: CardData, entry: dict, ref: EntryRef) -> Payment:
    raw = entry.get(PAY, {})
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise _fail(ref, f"expected energy by colour, like {{red: 2}}, got {shown(raw)}", PAY)
    spent = {}
    for colour, n in raw.items():
        if colour not in tables.ENERGY_COLOURS:
            raise _fail(ref, f"unknown energy colour {shown(colour)} (energy is {', '.join(tables.ENERGY_COLOURS)}; "
                             f"a {tables.BLACK} challenge is paid with any of them)", PAY)
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise _fail(ref, f"{colour}: expected a number of energy, 1 or more, got {shown(n)}", PAY)
        spent[colour] = n
    energy = tuple([(c, spent[c]) for c in tables.ENERGY_COLOURS if c in spent])
    discards = _names(cards, entry[DISCARD], ref, DISCARD) if DISCARD in entry else ()
    return _paid(energy, discards)


def _ops(cards: CardData, raw: Any, ref: EntryRef) -> tuple[Union[Op, Flip], ...]:
    if not isinstance(raw, list):
        raise _fail(ref, "expected a list of operations", OPS)
    out: list[Union[Op, Flip]] = []
    for item in raw:
        if isinstance(item, dict) and FLIP in item:
            if set(item) != {FLIP}:
                raise _fail(ref, f"expected {{flip: CARD}}, got {shown(item)}", OPS)
            out.append(Flip(card_name(cards, item[FLIP], ref, OPS)))
            continue
        op = parse_ops([item], ref, set(ZONES))[0]
        if op.kind == "move":
            op = replace(op, item=card_name(cards, op.item, ref, OPS))
        elif op.counter not in COUNTERS:
            raise _fail(ref, f"unknown counter {shown(op.counter)} (counters: {', '.join(COUNTERS)})", OPS)
        out.append(op)
    return tuple(out)


def _choices(raw: Any, ref: EntryRef) -> tuple[tuple[str, Any], ...]:
    """``choose: {card: X}`` (answers by the name the ability asks them), or one plain answer."""
    if raw is None:
        return ()
    if isinstance(raw, dict):
        for name, value in raw.items():
            if not isinstance(name, str) or not _is_plain(value):
                raise _fail(ref, f"expected a choice: a card, a colour, a number or a list of cards, got {shown(value)}",
                            CHOOSE)
        return tuple((str(k), tuple(v) if isinstance(v, list) else v) for k, v in raw.items())
    if not _is_plain(raw):
        raise _fail(ref, f"expected {{NAME: CHOICE}} (like {{card: Frozen Ford}}), got {shown(raw)}", CHOOSE)
    return (("", tuple(raw) if isinstance(raw, list) else raw),)


def _is_plain(value: Any) -> bool:
    if isinstance(value, list):
        return len(value) <= 20 and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value)
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def parse_entry(cards: CardData, entry: Any, ref: EntryRef) -> Action:
    """The action ``entry`` records (`LogFormatError` when it is not an entry of this game)."""
    kind = _KIND_OF.get(frozenset(entry)) if isinstance(entry, dict) else None
    if kind is None:  # not an entry of this vocabulary (`entry_kind` says why), or one its table lacks
        kind = entry_kind(entry, KINDS, KEYS, ref, "{travel: CARD, pay: {red: 2}}")
    drawn = _names(cards, entry[DRAWN], ref, DRAWN) if DRAWN in entry else ()
    if kind == TRAVEL:
        destination = card_name(cards, entry[TRAVEL], ref, TRAVEL)
        compact = PAY in entry or DISCARD in entry
        return _travel(destination, _payment(cards, entry, ref) if compact else None, drawn)
    if kind == PAY:
        return _pay(_payment(cards, entry, ref), drawn)
    if kind == DISCARD:
        if isinstance(entry[DISCARD], list):
            raise _fail(ref, "a hand-limit discard names one card; the cards discarded to pay a challenge "
                             "go with the payment: {pay: {...}, discard: [...]}", DISCARD)
        return HandLimitDiscard(card_name(cards, entry[DISCARD], ref, DISCARD), drawn)
    if kind == ABILITY:
        ops = _ops(cards, entry[OPS], ref) if OPS in entry else None
        return _ability(card_name(cards, entry[ABILITY], ref, ABILITY), _choices(entry.get(CHOOSE), ref), ops, drawn)
    if kind == RESHUFFLE:
        if entry[RESHUFFLE] == SHUFFLED:
            return Reshuffle(None, drawn, unseen=True)
        if not isinstance(entry[RESHUFFLE], list):
            raise _fail(ref, f"expected the new draw pile, top first, or {shown(SHUFFLED)} (its order unseen), "
                             f"got {shown(entry[RESHUFFLE])}", RESHUFFLE)
        return Reshuffle(_names(cards, entry[RESHUFFLE], ref, RESHUFFLE), drawn)
    if entry[END] != CANNOT_PAY:
        raise _fail(ref, f"expected {shown(CANNOT_PAY)}, the only way the game ends early, got {shown(entry[END])}", END)
    return End()


# --- writing -------------------------------------------------------------------------------


def _op_entry(op: Union[Op, Flip]) -> dict[str, Any]:
    return {FLIP: op.card} if isinstance(op, Flip) else op.as_entry()


def to_entry(action: Action) -> dict[str, Any]:
    """The log entry that records ``action`` (the inverse of `parse_entry`)."""
    out = _to_entry(action)
    if getattr(action, "drawn", ()):
        out[DRAWN] = list(action.drawn)  # type: ignore[union-attr]
    return out


def _to_entry(action: Action) -> dict[str, Any]:
    if isinstance(action, Travel):
        out: dict[str, Any] = {TRAVEL: action.destination}
        if action.payment is not None:
            out.update(action.payment.as_entry())
        return out
    if isinstance(action, Pay):
        return action.payment.as_entry()
    if isinstance(action, HandLimitDiscard):
        return {DISCARD: action.card}
    if isinstance(action, Ability):
        out = {ABILITY: action.card}
        if action.choose:
            out[CHOOSE] = {k: list(v) if isinstance(v, tuple) else v for k, v in action.choose}
        if action.ops is not None:
            out[OPS] = [_op_entry(op) for op in action.ops]
        return out
    if isinstance(action, Reshuffle):
        if action.unseen:
            return {RESHUFFLE: SHUFFLED}
        assert action.order is not None, "a reshuffle's order is drawn before it is written"
        return {RESHUFFLE: list(action.order)}
    return {END: CANNOT_PAY}

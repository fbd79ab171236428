"""The Visions log vocabulary: what an entry says, in the rulebook's own words.

    - {player: Ana, start dream: "Time in the Burning Desert"}          # 1 - Play a Card, A
    - {player: Ben, continue dream: 1, card: "Music in the Icy Birches"}  # 1 - Play a Card, B
    - {player: Cleo, nightmare: "Flight in the Hidden Village", dream: 2,  # 1 - Play a Card, C
       steal from: Ana, stolen: "Time in the Icy Birches"}
    - {player: Ana, refill: ["Music in the Galactic Valley", "Time in the Hidden Village"]}
    - {player: Ben, skip: true}                                          # End of the Game

What the rules make happen by themselves is not written: the robbed player's draw (the top
card of the draw pile, ruling V2), the cards a reflection adds to the river, the river
refilled from the draw pile when it empties (ruling V6). When the setup fixes the draw pile's
order, the checker knows every card these bring. ``docs/logs/visions.md`` is the reference.

A log written at the table (readings V18-V22) knows no order, and writes what the table saw:

    - {player: Cleo, nightmare: face down, dream: 2, steal from: Ana}  # the card unseen, the steal too
    - {player: Ben, continue dream: 1, card: CARD, revealed: [CARD]}   # a reflection turned up CARD
    - {player: Ana, refill: [CARD, CARD], revealed: [CARD x 5]}       # the river refilled on the way
    - {player: Ana, show: [CARD, ...]}                                # cards of Ana's hand shown

`parse_entry` turns an entry into an action or raises `LogFormatError` (exit 2) for what is
not an entry of this vocabulary: an unknown key, a wrong type, an unknown card or player.
Whether the action is legal is `rules.check`'s question.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn, Union

from pnp.games.visions.models import MAX_DREAMS
from pnp.data.errors import shown
from rules_check.core.engine import EntryRef
from rules_check.core.errors import LogFormatError
from rules_check.names import did_you_mean

from .cards import HINT, CardData
from .state import VisionsState

# The entry keys, in the rulebook's words.
PLAYER = "player"
START = "start dream"
CONTINUE = "continue dream"
CARD = "card"
NIGHTMARE = "nightmare"
DREAM = "dream"
VICTIM = "steal from"
STOLEN = "stolen"
REFILL = "refill"
SKIP = "skip"
REVEALED = "revealed"  # the cards the entry turned up from the draw pile to the river, in order
SHOW = "show"
FACE_DOWN = "face down"  # a nightmare whose card the table did not see


@dataclass(frozen=True, slots=True)
class StartDream:
    """"A - Start a New Dream": ``card`` from the hand becomes the first card of a new dream."""

    player: str
    card: str
    revealed: tuple[str, ...] | None = None  # what its reflection turned up (None: not written)


@dataclass(frozen=True, slots=True)
class ContinueDream:
    """"B - Continue a Dream": ``card`` from the hand goes at the end of dream ``dream``."""

    player: str
    dream: int
    card: str
    revealed: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Nightmare:
    """"C - Play a Nightmare": ``card`` goes face down at the end of dream ``dream``; the player
    steals ``stolen`` from ``victim`` (both None when no other player has a card: ruling V10).
    In a table log ``card`` is None when the table did not see it (``nightmare: face down``) and
    ``stolen`` None when the stolen card was not shown (reading V20)."""

    player: str
    card: str | None
    dream: int
    victim: str | None
    stolen: str | None


@dataclass(frozen=True, slots=True)
class Refill:
    """"2 - Refill Your Hand to 3 Cards": the cards taken from the river, in order."""

    player: str
    cards: tuple[str, ...]
    revealed: tuple[str, ...] | None = None  # what the river's refills turned up (V6)


@dataclass(frozen=True, slots=True)
class Show:
    """Cards of a player's hand shown to the table (a log without orders: reading V21)."""

    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Skip:
    """"End of the Game": a player who can neither start nor continue a dream skips (V8)."""

    player: str


Action = Union[StartDream, ContinueDream, Nightmare, Refill, Skip, Show]
Play = (StartDream, ContinueDream, Nightmare)

# verb -> (required keys, optional keys)
_FORMS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    START: (frozenset({PLAYER, START}), frozenset({REVEALED})),
    CONTINUE: (frozenset({PLAYER, CONTINUE, CARD}), frozenset({REVEALED})),
    NIGHTMARE: (frozenset({PLAYER, NIGHTMARE, DREAM}), frozenset({VICTIM, STOLEN})),
    REFILL: (frozenset({PLAYER, REFILL}), frozenset({REVEALED})),
    SKIP: (frozenset({PLAYER, SKIP}), frozenset()),
    SHOW: (frozenset({PLAYER, SHOW}), frozenset()),
}
_VERBS = tuple(_FORMS)
# every well-formed key set -> its verb (the fast path: one dictionary look-up)
_VERB_OF_KEYS = {required: verb for verb, (required, _) in _FORMS.items()}
_VERB_OF_KEYS[_FORMS[NIGHTMARE][0] | {VICTIM, STOLEN}] = NIGHTMARE
_VERB_OF_KEYS[_FORMS[NIGHTMARE][0] | {VICTIM}] = NIGHTMARE  # the stolen card not shown (V20)
for _verb in (START, CONTINUE, REFILL):
    _VERB_OF_KEYS[_FORMS[_verb][0] | {REVEALED}] = _verb
_SHAPES = {
    START: '{player: NAME, start dream: CARD}',
    CONTINUE: '{player: NAME, continue dream: 1|2, card: CARD}',
    NIGHTMARE: '{player: NAME, nightmare: CARD, dream: 1|2, steal from: NAME, stolen: CARD}',
    REFILL: '{player: NAME, refill: [CARD, ...]}',
    SKIP: '{player: NAME, skip: true}',
    SHOW: '{player: NAME, show: [CARD, ...]}',
}
_EXPECTED = "an entry: " + " or ".join(_SHAPES.values())


def parse_entry(entry: Any, state: VisionsState, ref: EntryRef) -> Action:
    """The action ``entry`` records; `LogFormatError` when it is not a Visions entry."""
    if not isinstance(entry, dict):
        raise LogFormatError(ref.file, f"expected {_EXPECTED}", line=ref.line)
    verb = _VERB_OF_KEYS.get(frozenset(entry))
    if verb is None:
        _misshapen(entry, ref)
    player = _player(entry[PLAYER], state, ref)
    cards = state.cards
    if verb == CONTINUE:
        return ContinueDream(player, _dream(entry[CONTINUE], ref, CONTINUE), _card(entry[CARD], cards, ref, CARD),
                             _revealed(entry, cards, ref))
    if verb == START:
        return StartDream(player, _card(entry[START], cards, ref, START), _revealed(entry, cards, ref))
    if verb == NIGHTMARE:
        victim = stolen = None
        if VICTIM in entry:
            victim = _player(entry[VICTIM], state, ref, VICTIM)
            if STOLEN in entry:
                stolen = _card(entry[STOLEN], cards, ref, STOLEN)
        raw = entry[NIGHTMARE]
        card = None if isinstance(raw, str) and raw.strip().lower() == FACE_DOWN else \
            _card(raw, cards, ref, NIGHTMARE)
        return Nightmare(player, card, _dream(entry[DREAM], ref, DREAM), victim, stolen)
    if verb == REFILL:
        return Refill(player, _cards(entry, REFILL, cards, ref, "the list of cards taken from the river, in order"),
                      _revealed(entry, cards, ref))
    if verb == SHOW:
        return Show(player, _cards(entry, SHOW, cards, ref, "the list of the cards of the hand shown"))
    if entry[SKIP] is not True:
        raise LogFormatError(ref.file, f"expected true (a player who cannot play writes skip: true), "
                             f"got {shown(entry[SKIP])}", line=ref.line, field=SKIP)
    return Skip(player)


def _cards(entry: dict, key: str, cards: CardData, ref: EntryRef, expected: str) -> tuple[str, ...]:
    raw = entry[key]
    if not isinstance(raw, list):
        raise LogFormatError(ref.file, f"expected {expected}", line=ref.line, field=key)
    return tuple(_card(c, cards, ref, key) for c in raw)


def _revealed(entry: dict, cards: CardData, ref: EntryRef) -> tuple[str, ...] | None:
    if REVEALED not in entry:
        return None
    return _cards(entry, REVEALED, cards, ref, "the list of the cards turned up from the draw pile to the river, "
                  "in the order they were turned up")


def _misshapen(entry: dict, ref: EntryRef) -> NoReturn:
    """Raise the `LogFormatError` that says what is wrong with an entry's keys."""
    verbs = [v for v in _VERBS if v in entry]
    if len(verbs) != 1:
        what = "no action" if not verbs else "two actions (" + " and ".join(verbs) + ")"
        raise LogFormatError(ref.file, f"the entry has {what}; expected {_EXPECTED}", line=ref.line)
    verb = verbs[0]
    required, optional = _FORMS[verb]
    for key in entry:
        if key not in required and key not in optional:
            raise LogFormatError(ref.file, f"unknown key {shown(str(key))} in a {shown(verb)} entry; expected "
                                 f"{_SHAPES[verb]}", line=ref.line, field=str(key))
    missing = sorted(required - entry.keys()) or sorted(optional - entry.keys())
    raise LogFormatError(ref.file, f"is required but missing; expected {_SHAPES[verb]}", line=ref.line,
                         field=missing[0])


def _player(value: Any, state: VisionsState, ref: EntryRef, field: str = PLAYER) -> str:
    if isinstance(value, str) and value in state.players:
        return value
    raise LogFormatError(ref.file, f"unknown player {shown(value)} (the players: {', '.join(state.players)})",
                         line=ref.line, field=field)


def _dream(value: Any, ref: EntryRef, field: str) -> int:
    if type(value) is int and 1 <= value <= MAX_DREAMS:
        return value
    raise LogFormatError(ref.file, f"expected a dream's number, 1 or {MAX_DREAMS} (a player has {MAX_DREAMS} "
                         "dreams at most), "
                         f"got {shown(value)}", line=ref.line, field=field)


def _card(value: Any, cards: CardData, ref: EntryRef, field: str) -> str:
    if isinstance(value, str):
        printed = cards.resolve(value)
        if printed is not None:
            return printed
        raise LogFormatError(ref.file, f"unknown card {shown(value)}{did_you_mean(value, cards.by_key, frame=HINT)}",
                             line=ref.line, field=field)
    raise LogFormatError(ref.file, f"expected a card's name, got {shown(value)}", line=ref.line, field=field)


def to_entry(action: Action) -> dict[str, Any]:
    """The log entry that records ``action`` (the inverse of `parse_entry`)."""
    entry: dict[str, Any]
    if isinstance(action, StartDream):
        entry = {PLAYER: action.player, START: action.card}
    elif isinstance(action, ContinueDream):
        entry = {PLAYER: action.player, CONTINUE: action.dream, CARD: action.card}
    elif isinstance(action, Nightmare):
        entry = {PLAYER: action.player, NIGHTMARE: action.card if action.card is not None else FACE_DOWN,
                 DREAM: action.dream}
        if action.victim is not None:
            entry[VICTIM] = action.victim
            if action.stolen is not None:
                entry[STOLEN] = action.stolen
        return entry
    elif isinstance(action, Refill):
        entry = {PLAYER: action.player, REFILL: list(action.cards)}
    elif isinstance(action, Show):
        return {PLAYER: action.player, SHOW: list(action.cards)}
    else:
        return {PLAYER: action.player, SKIP: True}
    if action.revealed is not None:
        entry[REVEALED] = list(action.revealed)
    return entry

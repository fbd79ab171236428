"""The moves the rules allow on a Visions table state (issue 25: the table app records a game
played with the real cards; readings V18-V22).

A table state's draw pile, box and hands (those not written) hold unseen cards of the pile
``cards`` (``seen``). A move that plays or takes a card where unseen cards stand is offered once
for each card they can still be, as the table names it (``seen``'s pool: the 75 less every card
seen), never as an unseen item and never a card whose every copy is seen elsewhere:

* a dream started or continued: each seen card of the hand, and each card its unseen ones can
  be (only those that continue the dream, "1 - Play a Card, B");
* a card a reflection turns up from the draw pile to the river (V19): one move for each card it
  can be (``revealed: [CARD]``). Two cards turned up at once (a double match), or the five of an
  emptied river, would be hundreds or millions of orders: those moves are offered with the
  cards left out (V19: they stay unseen in the river, and an entry taking them names them);
* a nightmare: ``face down``, its steal without the stolen card (V20): the table sees neither;
* a refill: the cards taken from the river, an unseen one (not written when turned up) as each
  card it can be; the river refilled on the way is left out (its cards taken are named);
* a skip, judged by ``rules.check`` (V21); and, where the table cannot decide a skip or an echo's
  play without the hand (``seen.can_dream`` is None), the hand shown (``show:``): each hand it
  can be, its seen cards with every multiset its unseen cards can be.

The engine offers these for a table state (a full-information state has ``rules.candidates``).
`legal` is ``Engine.legal_actions`` for a table state, kept cheap (the recording page asks
after every entry): ``rules.check`` judges every move, except three kinds built legal by
construction from the pool of unseen cards, whose checks would cost a copy of the state each
(thousands of hands shown): a play naming the card turned up is judged once without it (the
card named is one the draw pile can hold, counted as `_reveals` does), a refill's cards are
taken as ``rules._refill`` takes them, and a hand shown is one its unseen cards can be.
tests/test_table_moves_visions.py holds every action `legal` offers to ``rules.check``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations_with_replacement
from typing import Iterator

from pnp.games.visions.models import MAX_DREAMS, RIVER_SIZE
from rules_check.core.errors import IllegalAction
from rules_check.core.zones import is_unseen, unseen_count

from . import seen
from .actions import Action, ContinueDream, Nightmare, Refill, Show, Skip, StartDream
from .dreams import DREAMS, can_continue
from .rules import check, refill_due
from .state import OVER, PLAY, REFILL, VisionsState


def pool(state: VisionsState) -> Counter[str]:
    """The cards the unseen cards of the game can still be (one pile for all: ``seen``)."""
    return +state.zones.unknown.get(seen.PILE, Counter())


def hand_cards(state: VisionsState, player: str) -> list[str]:
    """Each card ``player``'s hand is or could be holding, once: its seen cards, then the cards
    its unseen ones can be (in the box's order)."""
    hand = state.hand(player)
    out = dict.fromkeys(c for c in hand if not is_unseen(c))
    if unseen_count(hand):
        can = state.zones.possible(state.hand_zones[player])
        out.update(dict.fromkeys(c for c in state.cards.kinds if can[c] > 0))
    return list(out)


def _matches(state: VisionsState, player: str, dream: int, card: str) -> int:
    position = len(state.faces[(player, dream)])
    other = state.faces[(player, MAX_DREAMS + 1 - dream)]
    facing = other[position] if position < len(other) else None
    if facing is None:
        return 0
    kind = state.cards.kinds[card]
    return min((kind[0] == facing[0]) + (kind[1] == facing[1]), len(state.deck))


def _reveals(state: VisionsState, player: str, dream: int, card: str) -> Iterator[tuple[str, ...] | None]:
    """What a play of ``card`` on ``dream`` writes as turned up (V19): nothing when no unseen
    card is turned up; one card, each it can be; two, left out (see the module docstring)."""
    k = _matches(state, player, dream, card)
    if not k or not all(is_unseen(x) for x in state.deck[-k:]):
        yield None
        return
    if k > 1:
        yield None
        return
    can = pool(state)
    if card not in state.hand(player):  # the card played, named from an unseen card of the hand: one fewer
        can[card] -= 1
    for c in state.cards.kinds:
        if can[c] > 0:
            yield (c,)


def candidates(state: VisionsState) -> Iterator[Action]:
    """Every action worth considering on a table state (the module docstring)."""
    if state.phase == OVER:
        return
    player = state.current
    if state.phase == REFILL:
        yield from refills(state, player)
        return
    hand = hand_cards(state, player)
    started = state.dreams[player]
    if started < len(DREAMS):
        for card in hand:
            for revealed in _reveals(state, player, started + 1, card):
                yield StartDream(player, card, revealed)
    for d in DREAMS[:started]:
        for card in hand:
            if can_continue(state, player, d, card):
                for revealed in _reveals(state, player, d, card):
                    yield ContinueDream(player, d, card, revealed)
    if state.deck and started and state.hand(player):
        victims = [p for p in state.players if p != player and state.hand(p)] or [None]
        for d in DREAMS[:started]:
            for victim in victims:
                yield Nightmare(player, None, d, victim, None)
    if not state.made:
        yield Skip(player)
    if (state.phase == PLAY and unseen_count(state.hand(player))
            and (state.open_echo or (not state.deck and not state.made and seen.can_dream(state, player) is None))):
        yield from shows(state, player)


def shows(state: VisionsState, player: str) -> Iterator[Show]:
    """``player``'s whole hand shown (V21): its seen cards with each multiset of cards its unseen
    ones can be, sorted as the table view writes it."""
    hand = state.hand(player)
    known = [c for c in hand if not is_unseen(c)]
    can = state.zones.possible(state.hand_zones[player])
    kinds = [c for c in state.cards.kinds if can[c] > 0]
    for combo in combinations_with_replacement(kinds, unseen_count(hand)):
        counts = Counter(combo)
        if all(counts[c] <= can[c] for c in counts):
            yield Show(player, tuple(sorted(known + list(combo))))


def refills(state: VisionsState, player: str) -> Iterator[Refill]:
    """Every different set of cards a refill can take, an unseen card of the river (or of the
    draw pile, turned up when the river empties) as each card it can be; the cards turned up
    are left out (the module docstring). The cards come in the order they are taken: the whole
    river first when it empties, then the cards turned up."""
    deck = state.deck
    out: set[tuple[str, ...]] = set()
    for cards in _rounds(state, list(state.river), len(deck), refill_due(state, player), pool(state)):
        key = tuple(sorted(cards))
        if key not in out:
            out.add(key)
            yield Refill(player, cards)


def _rounds(state: VisionsState, river: list[str], left: int, due: int, can: Counter[str]) -> Iterator[tuple[str, ...]]:
    """The cards ``due`` takes from ``river`` (the draw pile holding ``left`` below), a round per
    refill of the river: fewer than it holds, any of them; else all, then the next round."""
    if due == 0 or not river:
        yield ()
        return
    known = [x for x in river if not is_unseen(x)]  # in the river's order, as the refill is written
    u = len(river) - len(known)
    if due >= len(river):  # the river empties: every card of it, then the cards turned up
        for named, rest in _named(state, u, can):
            k = min(RIVER_SIZE, left)
            nxt = state.deck[left - k:left][::-1]
            for more in _rounds(state, nxt, left - k, due - len(river), rest):
                yield tuple(known) + named + more
        return
    order = list(dict.fromkeys(known))
    for j in range(min(u, due) + 1):
        names = [named for named, _ in _named(state, j, can, rest=False)]
        for picked in _picks([(c, known.count(c)) for c in order], due - j):
            picked = _in_river_order(known, picked)
            for named in names:
                yield picked + named


def _in_river_order(river: list[str], picked: tuple[str, ...]) -> tuple[str, ...]:
    """``picked`` (cards of ``river``) in the order they lie there, each at its first places."""
    want = Counter(picked)
    out = []
    for x in river:
        if want[x] > 0:
            want[x] -= 1
            out.append(x)
    return tuple(out)


def _picks(items: list[tuple[str, int]], n: int) -> Iterator[tuple[str, ...]]:
    """Every multiset of ``n`` of the seen cards ``items`` ((card, copies), sorted)."""
    if n == 0:
        yield ()
        return
    if not items:
        return
    (card, have), rest = items[0], items[1:]
    for k in range(min(have, n), -1, -1):
        for more in _picks(rest, n - k):
            yield (card,) * k + more


def _named(state: VisionsState, n: int, can: Counter[str],
           rest: bool = True) -> Iterator[tuple[tuple[str, ...], Counter[str] | None]]:
    """Each multiset of ``n`` cards the unseen ones can be, with the pool left after it (when
    ``rest``: a Counter each, the costly part)."""
    kinds = [c for c in state.cards.kinds if can[c] > 0]
    for combo in combinations_with_replacement(kinds, n):
        if n > 1:
            counts = Counter(combo)
            if any(counts[c] > can[c] for c in counts):
                continue
        yield combo, ((can - Counter(combo) if n else can) if rest else None)


def legal(state: VisionsState) -> list[Action]:
    """The legal actions of a table state (the module docstring): `candidates` filtered."""
    out: list[Action] = []
    verdicts: dict[Action, bool] = {}
    for action in candidates(state):
        if isinstance(action, (Refill, Show)):
            out.append(action)  # built as the refill takes its cards, a hand as it can be
            continue
        if isinstance(action, (StartDream, ContinueDream)) and action.revealed is not None:
            base = replace(action, revealed=None)
            if base not in verdicts:
                verdicts[base] = _is_legal(state, base)
            if verdicts[base]:
                out.append(action)
            continue
        if _is_legal(state, action):
            out.append(action)
    return out


def _is_legal(state: VisionsState, action: Action) -> bool:
    try:
        check(state, action)
    except IllegalAction:
        return False
    return True

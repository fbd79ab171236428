"""What the greedy policy judges a state worth to a player (`Engine.value`), in each mode: the
score (the Collective Insight in So Long, My Love, where the result is shared), and what leads
to it: Feelings in stock pay for cards ("2. Feeling Cost"), Marks of Sol for Observations,
cards in hand are insight to come where holding them costs nothing (co-op, solo). The weights
are measured by bench/policies.py."""

from __future__ import annotations

from collections import Counter

from . import scoring
from .goals import goal_of, result
from .state import FEELINGS, MARK, SoLongState, field_of, hand, stock, tokens, vision_zone

W_READY = 1.0  # the solo greedy: what a locked Vision's unlocking needs, held
W_TOKEN, W_GUARD = 1.0, 2.0  # the solo greedy's weights
# So Long, My Love (co-op): a goal reached; the way to the Heartbreak's Collective Insight (its
# share reached); both at once, the win (the Heartbreak cards: "To win a game, you must reach the
# goal AND the Collective Insight value")
W_GOAL, W_NEED, W_BOTH = 10.0, 10.0, 20.0


def held(state: SoLongState, player: str) -> float:
    """The Feelings and Marks of Sol in ``player``'s stock."""
    stock_ = state.zones[f"stock:{player}"]
    return 0.3 * sum(1 for x in stock_ if x in FEELINGS) + 0.5 * stock_.count(MARK)


def multiplayer_value(state: SoLongState, player: str) -> float:
    """The player's points and what they hold."""
    return float(scoring.points(state, player)) + held(state, player)


def coop_value(state: SoLongState, player: str) -> float:
    """So Long, My Love: the Collective Insight; the goal reached (half as much for the share
    done of a goal that counts), the share of the Heartbreak's Collective Insight reached, and
    most of all both together."""
    insight = scoring.collective_insight(state)
    base = float(insight)
    found = result(state) if state.heartbreak else None
    reached = found is not None and found[0]
    base += W_GOAL if reached else W_GOAL / 2 * goal_progress(state)
    if state.heartbreak:  # "you must reach the goal AND the Collective Insight value"
        need = state.data.heartbreaks[state.heartbreak].collective_insight
        base += W_NEED * min(insight, need) / need + (W_BOTH if reached and insight >= need else 0)
    return base + held(state, player) + 0.3 * sum(potential(state, p) for p in state.players)


def solo_value(state: SoLongState, player: str) -> float:
    """The solo game: the score, every Vision unlocked (the win needs them all, SL20), the
    tokens that unlock them and the Marks of Sol that keep them from locking."""
    unlocked = sum(1 for v in state.clock if v not in state.locked)
    guarded = sum(1 for v in state.clock if v not in state.locked and MARK in state.zones[vision_zone(v)])
    base = float(scoring.points(state, player)) + 4 * unlocked + (10 if unlocked == len(state.clock) else 0)
    base += W_TOKEN * len(state.zones[tokens(player)]) + W_GUARD * guarded + (40 if state.ending_wins else 0)
    base += W_READY * ready_to_unlock(state, player)
    return base + held(state, player) + 0.3 * potential(state, player)


def goal_progress(state: SoLongState) -> float:
    """So Long, My Love: the share of a counted Heartbreak goal done so far (0 to 1), for the
    goals that count something (L'Uno chosen together twice, 6 Marks of Sol, 4 negative
    cards, the Letter's two cards, 3 cards in each field); 0 for the others."""
    goal = goal_of(state.data.heartbreaks[state.heartbreak].goal) if state.heartbreak else None
    key = getattr(goal, "key", None)
    if key == "l'uno twice":
        return min(state.luno_rounds, 2) / 2
    if key == "6 marks":
        return min(state.marks_gained, 6) / 6
    if key == "4 negative":
        return min(sum(1 for _, c in state.played if state.data.cards[c].karma == "negative"), 4) / 4
    if key == "the letter":
        played = {c for _, c in state.played}
        return sum(c in played for c in ("Every Name Remembered", "She Wasn't My Daughter")) / 2
    if key == "fields of 3":
        return sum(min(len(state.zones[field_of(p)]), 3) for p in state.players) / (3 * len(state.players))
    return 0.0


def ready_to_unlock(state: SoLongState, player: str) -> float:
    """For each locked Vision, what its unlocking needs that the player holds: its token, its
    affinity Feeling (half each; a Feeling counted for one Vision only)."""
    have = Counter(state.zones[stock(player)])
    mine = state.zones[tokens(player)]
    out = 0.0
    for v in state.clock:
        if v not in state.locked:
            continue
        if any(state.data.tokens.get(t, ("",))[0] == v for t in mine):
            out += 0.5
        aff = state.affinity(v)[:1]
        if aff and have[aff[0]] > 0:
            have[aff[0]] -= 1
            out += 0.5
    return out


def potential(state: SoLongState, player: str) -> float:
    """The insight the cards in ``player``'s hand may bring (the starting cards' glyph: 1)."""
    cards = state.data.cards
    return sum(max(cards[c].insight, 1) for c in state.zones[hand(player)] if c in cards)

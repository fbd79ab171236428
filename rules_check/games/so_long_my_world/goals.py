"""So Long, My Love: whether the Heartbreak card's goal is reached, computed from the game.

"To win a game, you must reach the goal AND the Collective Insight value" (Heartbreak Cards).
Each goal the effect language knows (`pnp.games.so_long_my_world.vocabulary.GOALS`) is a predicate over
what the log shows: the cards played and by whom, the Marks of Sol gained, the Visions chosen
each round, the fields and hands at the end (reading SL12). A goal written in other words (a
publisher's own card) is taken as the players declare it, and listed as unverified.
"""

from __future__ import annotations

from pnp.games.so_long_my_world.vocabulary import goal_of

from rules_check.core.zones import unseen_count

from .state import SoLongState, field_of, hand


def _karmas(state: SoLongState, player: str) -> set[str]:
    """The karmas of the cards ``player`` played, neutral aside."""
    return {state.data.cards[c].karma for p, c in state.played if p == player} - {"neutral"}


def result(state: SoLongState) -> tuple[bool, str] | None:
    """(reached, what the game shows) for this game's Heartbreak goal; None when unknown."""
    card = state.data.heartbreaks[state.heartbreak]  # type: ignore[index]
    goal = goal_of(card.goal)
    if goal is None:
        return None
    key = goal.key  # type: ignore[attr-defined]
    a, b = state.players
    negative = [c for _, c in state.played if state.data.cards[c].karma == "negative"]
    if key == "fields of 3":
        n = {p: len(state.zones[field_of(p)]) for p in state.players}
        return all(v >= 3 for v in n.values()), ", ".join(f"{p} has {v} in their field" for p, v in n.items())
    if key == "no negative":
        return not negative, f"cards with a negative karma played: {', '.join(negative) or 'none'}"
    if key == "one of each karma":
        ka, kb = _karmas(state, a), _karmas(state, b)
        ok = (ka <= {"positive"} and kb <= {"negative"}) or (ka <= {"negative"} and kb <= {"positive"})
        return ok, f"{a} played {' and '.join(sorted(ka)) or 'no'} karma, {b} {' and '.join(sorted(kb)) or 'no'}"
    if key == "6 marks":
        return state.marks_gained >= 6, f"{state.marks_gained} Marks of Sol gained"
    if key == "l'uno twice":
        return state.luno_rounds >= 2, f"both chose L'Uno in {state.luno_rounds} round(s)"
    if key == "the letter":
        played = {c for _, c in state.played}
        wanted = ("Every Name Remembered", "She Wasn't My Daughter")
        missing = [c for c in wanted if c not in played]
        return not missing, f"not played: {', '.join(missing)}" if missing else "both played"
    if key == "empty hands":
        held = {p: [c for c in state.zones[hand(p)] if c in state.data.cards] for p in state.players}
        hidden = {p: unseen_count(state.zones[hand(p)]) for p in state.players}  # a count is known (SL41)
        return not any(held.values()) and not any(hidden.values()), "; ".join(
            f"{p} holds {', '.join(cs + ([f'{hidden[p]} unseen'] if hidden[p] else [])) or 'nothing'}"
            for p, cs in held.items())
    if key == "4 negative":
        return len(negative) >= 4, f"{len(negative)} cards with a negative karma played"
    if key == "one karma each":
        ka, kb = _karmas(state, a), _karmas(state, b)
        return len(ka) <= 1 and len(kb) <= 1, (f"{a} played {' and '.join(sorted(ka)) or 'no'} karma, "
                                               f"{b} {' and '.join(sorted(kb)) or 'no'}")
    raise AssertionError(f"a goal with no predicate: {key}")

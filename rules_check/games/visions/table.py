"""The table view of a Visions log (rules_check/core/tableview.py; readings V18-V22).

From a full log (the draw pile's order, every hand, every card stolen) the log a scorekeeper
would have written of the same game:

* the setup gives the river alone (V18): the hands are in the players' hands, the draw pile
  face down, the cards returned to the box unseen;
* a card played face up (a dream started or continued) and the cards taken from the river are
  written as they are: the table sees them;
* the cards a reflection or an emptied river turns up from the draw pile are written with the
  entry that turns them up (``revealed:``, in order: V19);
* a nightmare is written ``face down``, and its steal without the stolen card (V20): the table
  sees neither; the robbed player's draw is not written;
* where a rule asks about the hand's unseen cards and the table cannot tell (a skip, an echo's
  extra play lost: V21), the player shows the hand (``show:``, every card of it) first;
* nothing at the end: the scores are of cards face up (V22).

Both logs are replayed side by side: the full one says what each card was, the table one what
the table knows; a ``show`` is written only where the table state cannot decide without it.
"""

from __future__ import annotations

from typing import Any

from rules_check.core.engine import EntryRef

from . import seen
from .actions import FACE_DOWN, NIGHTMARE, PLAYER, REVEALED, SHOW, DREAM, VICTIM, Nightmare, Skip
from .state import PLAY, VisionsState

REF = EntryRef("<table view>", 0, None)


def table_view(engine, log: dict[str, Any]) -> dict[str, Any]:
    players = list(log["players"])
    setup = log["setup"]
    full = engine.new_state(players, setup, "<simulation>", lambda path: None)
    table_setup = {"river": list(setup["river"])}
    table = engine.new_state(players, table_setup, "<table view>", lambda path: None)
    out: list[dict[str, Any]] = []

    def write(entry: dict[str, Any]) -> None:
        action = engine.parse(entry, table, REF)
        engine.check(table, action)  # a table view of a legal game is legal: else a bug here
        engine.apply(table, action)
        table.notes.clear()
        out.append(entry)

    for entry in log["log"]:
        action = engine.parse(entry, full, REF)
        if isinstance(action, Skip) and seen.can_dream(table, action.player) is None:
            write(_show(full, action.player))
        deck = list(full.deck)
        engine.apply(full, action)
        if isinstance(action, Nightmare):
            written: dict[str, Any] = {PLAYER: action.player, NIGHTMARE: FACE_DOWN, DREAM: action.dream}
            if action.victim is not None:
                written[VICTIM] = action.victim
        else:
            written = dict(entry)
            turned = len(deck) - len(full.deck)
            if turned:  # every card it took from the draw pile went to the river, face up
                written[REVEALED] = deck[len(deck) - turned:][::-1]
        write(written)
        if table.open_echo and not _is_echo_play_due(full, action.player):
            write(_show(full, action.player))  # the play was lost: the hand shows why
    return {**log, "setup": table_setup, "log": out}


def _is_echo_play_due(full: VisionsState, player: str) -> bool:
    """Whether the full game goes on with the echo's extra play (else it was lost, V17)."""
    return full.phase == PLAY and full.current == player and full.made > 0


def _show(full: VisionsState, player: str) -> dict[str, Any]:
    """``player`` shows the hand (reading V21): every card of it, the seen ones too."""
    return {PLAYER: player, SHOW: sorted(full.hand(player))}

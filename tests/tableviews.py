"""Replaying an example log with the engine's view of the table after every entry, for the
tests of each game's view (rules_check/games/GAME/view.py)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from rules_check.core.engine import EntryRef
from rules_check.core.errors import IllegalAction
from rules_check.core.logfile import read_log
from rules_check.core.view import View, ZonePanel
from rules_check.engines import engines

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "logs"
ENGINES = engines()


@dataclass
class Replay:
    views: list[View] = field(default_factory=list)  # [0]: after the setup; [n]: after entry n
    broken: tuple[int, int | None, str] | None = None  # (entry number, line, rule) of the first violation
    error: IllegalAction | None = None  # that violation
    before: View | None = None  # the table just before that entry
    states: list = field(default_factory=list)  # a copy of the state after each entry (when asked)


def replay(log_file: str | Path, keep_states: bool = False,
           snapshot: Callable[[Any], Any] | None = None) -> Replay:
    """``log_file`` (a name in examples/logs, or a path) replayed up to its first violation.
    With ``snapshot``, each view is checked to leave ``snapshot(state)`` as it was."""
    log = read_log(EXAMPLES / log_file if isinstance(log_file, str) else log_file, ENGINES)
    eng = ENGINES[log.game]
    state = eng.new_state(list(log.players), log.setup, log.file, log.setup_line)
    out = Replay(views=[eng.view(state)])
    for entry in log.entries:
        action = eng.parse(entry.data, state, EntryRef(log.file, entry.index, entry.line))
        try:
            eng.check(state, action)
        except IllegalAction as exc:
            out.broken, out.error = (entry.index + 1, entry.line, exc.rule), exc
            out.before = eng.view(state)
            break
        eng.apply(state, action)
        before = snapshot(state) if snapshot else None
        out.views.append(eng.view(state))
        if snapshot:
            assert snapshot(state) == before, f"the view after entry {entry.index + 1} changed the state"
        if keep_states:
            out.states.append(copy.deepcopy(state))
    return out


def panel(view: View, pid: str):
    """The panel ``pid`` of ``view`` (there is exactly one)."""
    found = [p for p in view.panels if p.id == pid]
    assert len(found) == 1, f"panel {pid!r}: {[p.id for p in view.panels]}"
    return found[0]


def zone(view: View, pid: str) -> list[str]:
    """The names of the cards in the zone panel ``pid``."""
    p = panel(view, pid)
    assert isinstance(p, ZonePanel)
    return [c.name for c in p.cards]

"""Playthroughs (OpenSpiel's playthrough files): one short seeded game per engine and mode, as
text, so a change to what an engine does shows as a diff of the golden file.

``python tests/playthroughs/make.py`` writes ``tests/playthroughs/GAME-MODE.txt`` for every engine
of `rules_check.engines.engines()`: mode ``full`` (a simulated game with every pile's order) and,
where the engine has a table view, ``table`` (the game as recorded at a table). Each file holds
the setup, then each entry of the log followed by the view's facts of the table it leaves (phase,
player to act, headline facts, scores). tests/test_conformance.py compares the files with what the
engines give now; after a change meant to alter play, run this script and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from rules_check.core.engine import Engine
from rules_check.core.simulate import play
from rules_check.engines import engines

HERE = Path(__file__).resolve().parent
NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"]
SEED = 7
POLICY = "random"


def modes(engine: Engine) -> list[str]:
    """The modes an engine has a playthrough for."""
    return ["full", "table"] if engine.has_table_view else ["full"]


def _facts(engine: Engine, state: Any) -> str:
    view = engine.view(state)
    parts = []
    if view.phase is not None:
        parts.append(f"phase={view.phase}")
    if view.active is not None:
        parts.append(f"active={view.active}")
    parts += [f"{f.label}={f.value}" for f in view.facts]
    parts.append("scores=" + json.dumps(view.scores, sort_keys=True, ensure_ascii=False))
    return "; ".join(parts)


def playthrough(engine: Engine, mode: str) -> str:
    """The text of one game: the fewest players the engine allows, seed `SEED`, policy `POLICY`."""
    players = NAMES[:engine.players[0]]
    lines: list[str] = []

    def watch(state: Any, action: Any) -> None:
        lines.append("   view: " + _facts(engine, state))

    log, state = play(engine, players, SEED, POLICY, watch=watch, table=(mode == "table"))
    # watch sees each state before its action and the end: line k is the table before entry k
    out = [f"# {engine.title} ({engine.game}), mode {mode}: {', '.join(players)}, seed {SEED}, "
           f"policy {POLICY}; written by tests/playthroughs/make.py",
           "setup: " + json.dumps(log["setup"], sort_keys=True, ensure_ascii=False),
           lines[0]]
    for i, entry in enumerate(log["log"]):
        out.append(f"{i + 1}. " + json.dumps(entry, sort_keys=True, ensure_ascii=False))
        out.append(lines[i + 1])
    out.append(f"over: {engine.is_over(state)}; winner: {json.dumps(engine.winner(state), ensure_ascii=False)}")
    return "\n".join(out) + "\n"


def path(game: str, mode: str) -> Path:
    return HERE / f"{game}-{mode}.txt"


def main() -> int:
    for game, engine in engines().items():
        for mode in modes(engine):
            path(game, mode).write_text(playthrough(engine, mode), encoding="utf-8")
            print(f"wrote {path(game, mode).relative_to(HERE.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

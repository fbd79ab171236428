"""Log adjudication speed: ``python bench/logs.py [--logs 200] [--game kartomantik] [--view full|table|both]``.

For each game with a rules engine: simulates LOGS games (2 to 5 players where the game
allows), writes them as files, then prints the logs adjudicated per second (reading with
line tracking + the replay) and the ratio of that time to the time the C YAML loader
(CSafeLoader) alone takes to load the same files. Aim: the rules cost less than 2x parsing.

``--view table`` measures the table views of the same games instead (the logs a scorekeeper
writes of a game played with real cards: no pile orders, unseen cards named as they are seen;
rules_check/core/tableview.py), ``both`` measures each; a game without a table view is measured
on its full logs only. Every log must be judged legal and complete, or the bench stops.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rules_check.core.adjudicate import adjudicate  # noqa: E402
from rules_check.core.logfile import read_log  # noqa: E402
from rules_check.core.simulate import simulate  # noqa: E402
from rules_check.core.tableview import table_view  # noqa: E402
from rules_check.engines import engines  # noqa: E402
from rules_check.logwriter import dump_log  # noqa: E402

NAMES = ["Ana", "Ben", "Cleo", "Dario", "Eva"]


def best_of(runs: int, items: list, *fns) -> list[float]:
    """For each of ``fns``: the sum over ``items`` of the least CPU time of ``runs`` calls on
    that item. Both sides of the ratio run in this one process, in turn on each item (one file
    read, then the same file judged), so both sample the same moments of the machine; and a
    burst of other work spoils the few items it falls on in one run, not a whole run of one
    side. (Timed a side at a time, whole runs each, the ratio of the same code moved by 3 to 8%
    between idle runs.) CPU time is what a shared machine inflates least; wall time more."""
    best = [[float("inf")] * len(items) for _ in fns]
    clock = time.process_time
    for _ in range(runs):
        for k, item in enumerate(items):
            for side, fn in zip(best, fns):
                start = clock()
                fn(item)
                took = clock() - start
                if took < side[k]:
                    side[k] = took
    return [sum(side) for side in best]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--logs", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    ap.add_argument("--view", choices=("full", "table", "both"), default="both",
                    help="the logs measured: as simulated (full), as the table saw them (table), or both")
    args = ap.parse_args()
    known = engines()
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    print(f"{'game':18} {'view':5} {'logs':>5} {'entries':>8} {'logs/s':>9} {'parse s':>8} "
          f"{'adjudicate s':>13} {'ratio':>6}")
    for game, engine in known.items():
        if args.game and game not in args.game:
            continue
        views = ["full", "table"] if args.view == "both" else [args.view]
        if not engine.has_table_view:
            views = ["full"]
        for view in views:
            measure(game, engine, known, view, args.logs, args.runs, loader)
    print("ratio: adjudication (reading with lines + rules) / CSafeLoader load; aim < 2x")


def measure(game: str, engine, known, view: str, logs: int, runs: int, loader) -> None:
    """Print one row: ``logs`` simulated games of ``game``, as written in ``view``."""
    low, high = engine.players
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        entries = 0
        for i in range(logs):
            n = low + i % (high - low + 1)
            log = simulate(engine, NAMES[:n], seed=i)
            if view == "table":
                log = table_view(engine, log)
            entries += len(log["log"])
            p = Path(tmp) / f"{game}-{i:04d}.yaml"
            p.write_text(dump_log(log))
            paths.append(p)

        def parse(p: Path) -> None:
            yaml.load(p.read_text(), Loader=loader)

        def judge(p: Path) -> None:
            report = adjudicate(read_log(p, known), engine)
            assert report.legal and report.complete, (p, report.violations)

        t_parse, t_judge = best_of(runs, paths, parse, judge)
        print(f"{game:18} {view:5} {len(paths):5d} {entries:8d} {len(paths) / t_judge:9.0f} {t_parse:8.3f} "
              f"{t_judge:13.3f} {t_judge / t_parse:5.2f}x")


if __name__ == "__main__":
    main()

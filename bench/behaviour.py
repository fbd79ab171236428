"""Behaviour before and after a refactor: ``python bench/behaviour.py snapshot OUT`` then, after
the change, ``python bench/behaviour.py snapshot OUT2`` and ``python bench/behaviour.py compare OUT
OUT2`` (exit 1 on any difference, naming each file that differs).

A snapshot holds what a user gets, as bytes:
- the JSON report (``pnp check log --format json``, read with ``--all``) of every example log in
  examples/logs/ and of ``--logs`` simulated games per game (2 to 5 players where the game allows;
  the full log and, where the game has one, its table view);
- the SHA-256 of every file ``pnp build`` writes for every bundled game (PDF, on A4; reportlab's
  invariant mode makes them byte-identical from run to run).
Issue 26 asks a restructured engine to leave all of it byte-identical.

While working on one game: ``snapshot OUT --game visions --no-build`` writes only that game's
part, and ``compare FULL OUT --subset`` compares only the files OUT holds.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from pnp.build import BuildOptions, build  # noqa: E402
from pnp.data.atomic import write_text_atomic  # noqa: E402
from pnp.games import GAMES  # noqa: E402
from rules_check.core.adjudicate import as_json, check_logs  # noqa: E402
from rules_check.core.simulate import simulate  # noqa: E402
from rules_check.core.tableview import table_view  # noqa: E402
from rules_check.engines import engines  # noqa: E402
from rules_check.logwriter import dump_log  # noqa: E402

NAMES = ["Ana", "Ben", "Cleo", "Dario", "Eva"]


def snapshot(out: Path, logs: int, games: list[str] | None = None, with_build: bool = True) -> int:
    known = {g: e for g, e in engines().items() if not games or g in games}
    reports = out / "reports"
    reports.mkdir(parents=True, exist_ok=True)
    n = 0
    for path in sorted((REPO / "examples" / "logs").glob("*.yaml")):
        if games and not any(f"game: {g}" in path.read_text(encoding="utf-8") for g in games):
            continue
        text = as_json(check_logs([path], known, True)).replace(str(path), f"examples/logs/{path.name}")
        write_text_atomic(reports / f"example-{path.stem}.json", text)  # the same from any checkout
        n += 1
    with tempfile.TemporaryDirectory() as tmp:
        for game, engine in known.items():
            low, high = engine.players
            for seed in range(logs):
                players = NAMES[: low + seed % (high - low + 1)]
                full = simulate(engine, players, seed)
                views = [("full", full)] + ([("table", table_view(engine, full))] if engine.has_table_view else [])
                for kind, log in views:
                    name = f"{game}-{kind}-{seed}"
                    path = Path(tmp) / f"{name}.yaml"
                    path.write_text(dump_log(log), encoding="utf-8")
                    text = as_json(check_logs([path], known, True)).replace(str(path), f"{name}.yaml")
                    write_text_atomic(reports / f"{name}.json", text)
                    n += 1
        lines = []
        if with_build:
            built = Path(tmp) / "built"
            build(list(GAMES), BuildOptions(out_dir=built, paper="a4"))
            lines = [f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.relative_to(built)}"
                     for p in sorted(built.rglob("*")) if p.is_file()]
            write_text_atomic(out / "builds.sha256", "\n".join(lines) + "\n")
    print(f"{out}: {n} reports, {len(lines)} built files")
    return 0


def compare(a: Path, b: Path, subset: bool = False) -> int:
    names = sorted(({p.relative_to(a) for p in a.rglob("*") if p.is_file()} if not subset else set()) |
                   {p.relative_to(b) for p in b.rglob("*") if p.is_file()})
    differ = [str(n) for n in names if not (a / n).is_file() or not (b / n).is_file()
              or (a / n).read_bytes() != (b / n).read_bytes()]
    for n in differ:
        print(f"differs: {n}")
    if not differ:
        print(f"identical: {len(names)} files")
    return 1 if differ else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    s = sub.add_parser("snapshot", help="write what users get into OUT")
    s.add_argument("out", type=Path)
    s.add_argument("--logs", type=int, default=50, help="simulated games per game")
    s.add_argument("--game", action="append", help="only this game's logs (repeatable)")
    s.add_argument("--no-build", action="store_true", help="leave out the PDFs")
    c = sub.add_parser("compare", help="compare two snapshots")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    c.add_argument("--subset", action="store_true", help="compare only the files B holds")
    args = ap.parse_args()
    if args.command == "snapshot":
        return snapshot(args.out, args.logs, args.game, not args.no_build)
    return compare(args.a, args.b, args.subset)


if __name__ == "__main__":
    sys.exit(main())

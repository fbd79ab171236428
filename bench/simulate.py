"""Many games in parallel: ``python bench/simulate.py [--games 1000] [--jobs 2] [--game relics]
[--policy random] [--no-dask]``.

Plays GAMES games of each game with one worker, then with JOBS local processes (``pnp simulate
--games N --jobs J``), then on a local Dask cluster of JOBS worker processes (``--cluster``, the
scheduler on 127.0.0.1), and prints each run's seconds, games per second and speed-up over one
worker, and whether its results (every game's seed, winner, scores and length, in order) are
the same as one worker's: they must be, or the bench stops. The Dask row counts the games only,
not the cluster's start.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rules_check.engines import engines  # noqa: E402
from rules_check.many import Task, batch_size, executor, game_seed, play_all  # noqa: E402

NAMES = ("Ana", "Ben", "Cleo", "Dario", "Eva")


def run(tasks: list[Task], jobs: int, cluster: str | None = None) -> tuple[float, list]:
    with executor(jobs, cluster) as pool:
        start = time.perf_counter()
        results = play_all(tasks, pool, batch_size(len(tasks), jobs))
        return time.perf_counter() - start, results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policy", default="random")
    ap.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    ap.add_argument("--no-dask", action="store_true", help="skip the local Dask cluster")
    args = ap.parse_args()
    cluster = None
    if not args.no_dask:
        from distributed import LocalCluster

        cluster = LocalCluster(n_workers=args.jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address=None)
    print(f"{'game':18} {'run':18} {'games':>6} {'seconds':>8} {'games/s':>8} {'speed-up':>8}  same results")
    try:
        for game, engine in engines().items():
            if args.game and game not in args.game:
                continue
            players = NAMES[:engine.players[0]]
            tasks = [Task(k, game, None, players, game_seed(args.seed, k), args.policy) for k in range(args.games)]
            base_s, base = run(tasks, 1)
            rows = [("--jobs 1", base_s, base), (f"--jobs {args.jobs}", *run(tasks, args.jobs))]
            if cluster is not None:
                rows.append((f"Dask, {args.jobs} workers", *run(tasks, args.jobs, cluster.scheduler_address)))
            for name, seconds, results in rows:
                same = results == base
                print(f"{game:18} {name:18} {len(results):6d} {seconds:8.2f} {len(results) / seconds:8.1f} "
                      f"{base_s / seconds:7.2f}x  {'yes' if same else 'NO'}")
                if not same:
                    raise SystemExit(f"{game}: {name} gave other results than one worker")
    finally:
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    main()

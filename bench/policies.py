"""How the simulator's policies play: ``python bench/policies.py [--games 200] [--game relics]``.

For each game with a rules engine and each policy (``pnp simulate --policy``), simulates GAMES
games and prints what a player of the game would look at: for the relics solo game the share
of games won, by difficulty, and the points; for the others the winner's mean margin, how
often the first player wins and the game length. Each log is also checked (it must be legal
and complete), and the seconds per game are printed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rules_check.core.adjudicate import adjudicate  # noqa: E402
from rules_check.core.logfile import log_in_memory as in_memory  # noqa: E402
from rules_check.core.simulate import POLICIES, simulate  # noqa: E402
from rules_check.engines import engines  # noqa: E402

NAMES = ["Ana", "Ben", "Cleo", "Dario", "Eva"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    args = ap.parse_args()
    for game, engine in engines().items():
        if args.game and game not in args.game:
            continue
        low, high = engine.players
        for policy in POLICIES:
            start = time.perf_counter()
            won: dict[str, list[bool]] = defaultdict(list)
            points, margins, lengths, first = [], [], [], 0
            for seed in range(args.games):
                players = NAMES[:low + seed % (high - low + 1)]
                log = simulate(engine, players, seed, policy)
                report = adjudicate(in_memory(log), engine)
                assert report.legal and report.complete, (game, policy, seed, report.violations)
                lengths.append(len(log["log"]))
                mode = log["setup"].get("mode") if isinstance(log["setup"], dict) else None
                if len(players) == 1 or mode == "co-op":  # one result for all: won or lost
                    key = log["setup"].get("difficulty") or mode or "-"
                    won[key].append(report.winner is not None)
                    points.append(sum(report.scores.values()))
                else:
                    ranked = sorted(report.scores.values(), reverse=True)
                    margins.append(ranked[0] - ranked[1])
                    first += report.winner == players[0]
            per_game = (time.perf_counter() - start) / args.games
            parts = []
            if won:
                rates = ", ".join(f"{d} {sum(w)}/{len(w)} ({100 * sum(w) / len(w):.0f}%)" for d, w in sorted(won.items()))
                parts.append(f"won (solo or co-op): {rates}, mean points {statistics.mean(points):.1f}")
            if margins:
                parts.append(f"first player wins {100 * first / len(margins):.0f}% of {len(margins)}, winner's mean "
                             f"margin {statistics.mean(margins):.1f}")
            print(f"{game:18} {policy:7} {'; '.join(parts)}; {statistics.mean(lengths):.0f} entries; "
                  f"{per_game:.3f} s/game")


if __name__ == "__main__":
    main()

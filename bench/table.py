"""The table app's answer to a move: ``python bench/table.py [--moves 150] [--game relics]``.

For each game: starts ``pnp table``'s server (uvicorn, 127.0.0.1, a free port) on a temporary
folder, starts a game as the page does, then records moves one by one, each picked at random
among those the server offers, and prints how long the server took to answer each (the whole
round trip a tap costs: the entry judged with the log so far, saved whole, the table drawn and
the next legal moves listed). Aim: under 100 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rules_check.engines import engines  # noqa: E402
from rules_check.table.server import Running  # noqa: E402

PLAYERS = {"kartomantik": ["Ana", "Ben"], "visions": ["Ana", "Ben", "Cleo"], "so-long-my-world": ["Ana", "Ben", "Cleo"],
           "relics": ["Ana"]}


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=150, help="moves recorded per game (fewer if the game ends)")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    known = engines()
    print(f"{'game':18} {'moves':>5} {'median ms':>10} {'p95 ms':>7} {'worst ms':>9} {'log entries':>12}")
    for game, players in PLAYERS.items():
        if args.game and game not in args.game:
            continue
        rng = random.Random(args.seed)
        with tempfile.TemporaryDirectory() as tmp, Running(Path(tmp), known) as url:
            post(f"{url}/api/new", {"game": game, "players": players, "name": "bench"})
            with urllib.request.urlopen(f"{url}/api/games/bench.yaml") as r:
                snap = json.loads(r.read())
            times = []
            for _ in range(args.moves):
                if snap["over"] or not snap["moves"]:
                    break
                move = rng.choice(snap["moves"])["entry"]
                start = time.perf_counter()
                snap = post(f"{url}/api/games/bench.yaml/entries", {"entry": move})
                times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"{game:18} {len(times):5d} {statistics.median(times):10.0f} {p95:7.0f} {times[-1]:9.0f} "
              f"{len(snap['entries']):12d}")
    print("each: one tap's round trip (judge the log so far, save it, draw the table, list the moves); aim < 100 ms")


if __name__ == "__main__":
    main()

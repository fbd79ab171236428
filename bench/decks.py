"""Decklist validation speed: ``python bench/decks.py [--files 1000]``.

Prints decklists validated per second in-process (parse + every check, against the bundled
pool) and the wall time of ``pnp check deck`` over a folder of 1,000 files. Aim: over 2,000
decklists a second in-process.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rules_check import check_deck, load_pool, parse_text  # noqa: E402


def make_decks(n: int, seed: int = 7) -> list[str]:
    """``n`` decklist texts from the bundled pool: most legal, some with mistakes."""
    pool = load_pool()
    manifestations = [c.name for c in pool.cards.values() if c.type == "manifestation"]
    wills = [c.name for c in pool.cards.values() if c.type == "will"]
    rng = random.Random(seed)
    decks = []
    for i in range(n):
        names = rng.sample(manifestations, 20) + rng.sample(wills, 10)
        if i % 10 == 0:
            names.append(names[0])  # a duplicate
        if i % 17 == 0:
            names[3] = names[3][:-1] + "x"  # a misspelling
        side = rng.sample(manifestations, 4)
        decks.append(f"Player: P{i}\n" + "\n".join(f"1 {n}" for n in names) + "\nSideboard:\n"
                     + "\n".join(side) + "\n")
    return decks


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=1000)
    args = ap.parse_args()
    pool = load_pool()
    texts = make_decks(args.files)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        legal = sum(check_deck(parse_text(t, f"deck{i}.txt"), pool).legal for i, t in enumerate(texts))
        best = min(best, time.perf_counter() - start)
    print(f"in-process: {len(texts)} decklists in {best:.3f} s = {len(texts) / best:,.0f} decklists/s "
          f"({legal} legal; aim: over 2,000/s)")
    with tempfile.TemporaryDirectory() as tmp:
        for i, t in enumerate(texts):
            (Path(tmp) / f"deck{i:04d}.txt").write_text(t)
        pnp = Path(sys.executable).with_name("pnp")
        cmd = [str(pnp) if pnp.exists() else "pnp", "check", "deck", tmp, "--format", "json"]
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.perf_counter() - start
        print(f"CLI: pnp check deck over {len(texts)} files: {wall:.2f} s wall (exit {proc.returncode})")


if __name__ == "__main__":
    main()

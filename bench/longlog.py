"""Long logs: ``python bench/longlog.py [--entries 200000]``.

Writes a Kartomantik log whose entry 57 breaks a rule, followed by ENTRIES more entries,
and prints how long the verdict takes and the peak memory Python allocates for it
(tracemalloc), streamed (each entry read when the replay reaches it) and read the whole way
first (as before rules_check/core/logstream.py). Aim: memory flat in the log's length.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rules_check.core import logfile  # noqa: E402
from rules_check.core.adjudicate import adjudicate  # noqa: E402
from rules_check.engines import engines  # noqa: E402


def measure(read) -> tuple[float, float, int]:
    """Seconds (untraced), peak MB (a second run under tracemalloc), the verdict's entry."""
    start = time.perf_counter()
    report = read()
    took = time.perf_counter() - start
    tracemalloc.start()
    read()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return took, peak / 1e6, report.violations[0].entry


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=200_000)
    args = parser.parse_args()
    src = (REPO / "examples" / "logs" / "kartomantik-illegal-priority.yaml").read_text().rstrip("\n").split("\n")
    last = [line for line in src if line.startswith("  - ")][-1]
    known = engines()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.yaml"
        path.write_text("\n".join(src + [last] * args.entries) + "\n")
        text = path.read_text()
        size = len(text.encode()) / 1e6
        engine = known["kartomantik"]
        streamed = measure(lambda: adjudicate(logfile.parse_log(text, "long.yaml", known), engine))
        whole = measure(lambda: adjudicate(logfile._parse(text, text, "long.yaml", known, None), engine))
    print(f"{args.entries} entries after the violation, {size:.1f} MB of YAML")
    for name, (took, peak, entry) in (("streamed", streamed), ("whole file", whole)):
        print(f"  {name:10}  {took:6.2f} s  peak {peak:7.1f} MB  verdict at entry {entry}")


if __name__ == "__main__":
    main()

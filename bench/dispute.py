"""The dispute report's pages: ``python bench/dispute.py [--seeds 3] [--screenshots DIR]``.

For each game, simulates games (the most players the game allows, several seeds), writes
each log's page with ``pnp check log --html`` and prints, per game: entries, the
milliseconds the engine's views of the table add to the replay per entry (the timeline
against the plain verdict, in this process, best of three), page size, the size projected
to 500 entries (the issue's bound: under 1 MB), the seconds ``pnp check log --html`` takes
(a process, start-up included), and the seconds Chromium takes from opening the file to the
table drawn (`body[data-ready]`), best of three (the issue's bound: under a second). Needs Chromium
(.ci/system-packages) and Playwright (the test extra).

``--screenshots DIR`` also writes a screenshot of each game's illegal example, opened at its
violating entry, into DIR (the README's are docs/img/dispute-GAME.png).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rules_check.core.adjudicate import adjudicate  # noqa: E402
from rules_check.core.logfile import read_log  # noqa: E402
from rules_check.dispute import timeline  # noqa: E402
from rules_check.engines import engines  # noqa: E402

PNP = [sys.executable, "-m", "pnp"]
GAMES = {"kartomantik": 2, "so-long-my-world": 5, "visions": 5, "relics": 1}
EXAMPLES = {"kartomantik": "kartomantik-illegal-priority.yaml",
            "so-long-my-world": "so-long-my-world-illegal-two-drains.yaml",
            "visions": "visions-illegal-skip.yaml", "relics": "relics-illegal-energy-first.yaml"}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run", "--disable-sync", "--disable-quic"]


def run(*args: str) -> float:
    started = time.perf_counter()
    subprocess.run([*PNP, *args], check=False, capture_output=True, cwd=REPO)
    return time.perf_counter() - started


def view_ms(log_path: Path) -> float:
    """Milliseconds per entry the views add: the timeline's replay against the verdict's."""
    known = engines()

    def best(fn) -> float:
        times = []
        for _ in range(3):
            log = read_log(log_path, known)
            started = time.perf_counter()
            fn(log, known[log.game])
            times.append(time.perf_counter() - started)
        return min(times)

    log = read_log(log_path, known)
    return (best(timeline) - best(adjudicate)) / max(1, len(log.entries)) * 1000


def opened(page, url: str) -> float:
    best = float("inf")
    for _ in range(3):
        page.goto("about:blank")
        started = time.perf_counter()
        page.goto(url)
        page.wait_for_selector("body[data-ready=true]", timeout=30_000)
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--screenshots", type=Path)
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        sys.exit("no Chromium: bash .ci/system-packages")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        print(f"{'game':18} {'entries':>7} {'view ms':>8} {'page KB':>8} {'500 entries KB':>15} {'write s':>8} "
              f"{'open s':>7}")
        for game, players in GAMES.items():
            for seed in range(1, options.seeds + 1):
                log, html = Path(tmp) / f"{game}-{seed}.yaml", Path(tmp) / f"{game}-{seed}.html"
                run("simulate", game, "--players", str(players), "--seed", str(seed), "--out", str(log))
                entries = sum(1 for line in log.read_text().splitlines() if line.startswith("  - "))
                seconds = run("check", "log", str(log), "--html", str(html))
                size = html.stat().st_size
                print(f"{game:18} {entries:7} {view_ms(log):8.2f} {size / 1000:8.0f} "
                      f"{size / entries * 500 / 1000:15.0f} {seconds:8.2f} {opened(page, html.as_uri()):7.3f}")
        if options.screenshots:
            options.screenshots.mkdir(parents=True, exist_ok=True)
            for game, example in EXAMPLES.items():
                html = Path(tmp) / f"example-{game}.html"
                run("check", "log", str(REPO / "examples" / "logs" / example), "--html", str(html))
                page.set_viewport_size({"width": 1500, "height": 1000})
                opened(page, html.as_uri())
                shot = options.screenshots / f"dispute-{game}.png"
                page.screenshot(path=str(shot))
                print(f"screenshot: {shot}")
        browser.close()


if __name__ == "__main__":
    main()

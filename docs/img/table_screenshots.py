"""The screenshots of docs/table.md, taken from the real server in Debian's Chromium:
``python docs/img/table_screenshots.py`` (writes docs/img/table-phone.png, table-desktop.png,
review-phone.png). A game of Visions is recorded move by move, the moves picked with a fixed
seed, as tests/test_table_app.py records one."""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from playwright.sync_api import sync_playwright  # noqa: E402
from conftest import CHROMIUM_ARGS as ARGS, chromium  # noqa: E402
from test_table_app import new_game, ready, tap_a_move  # noqa: E402

from rules_check.engines import engines  # noqa: E402
from rules_check.table.server import Running  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, Running(Path(tmp), engines()) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=ARGS)
        new_game(url, "kartomantik", ["Ana", "Ben"], "club-night")
        phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                    device_scale_factor=2).new_page()
        phone.goto(url + "/games/club-night.yaml")
        ready(phone)
        rng = random.Random(4)
        for _ in range(14):
            tap_a_move(phone, rng)
        group = phone.locator("#moves details").last
        if group.get_attribute("open") is None:
            group.locator("summary").click()
        phone.screenshot(path=str(HERE / "table-phone.png"))
        desktop = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
        desktop.goto(url + "/games/club-night.yaml")
        ready(desktop)
        desktop.locator("#panels [data-card]").first.click()
        desktop.wait_for_selector("#card-detail[open]", state="attached")
        desktop.screenshot(path=str(HERE / "table-desktop.png"))
        phone.goto(url + "/review/club-night.yaml")
        phone.wait_for_selector("#entries li", state="attached")
        phone.wait_for_timeout(500)
        phone.screenshot(path=str(HERE / "review-phone.png"))
        browser.close()


if __name__ == "__main__":
    main()

"""The dispute report in a real browser: Debian's Chromium (installed by .ci/system-packages),
driven by Playwright. Each game's illegal example opens at its violating entry; the test reads
from the DOM what is drawn there (the highlighted entry, the rule, a zone's cards, the scores,
the moves allowed instead), steps with the keyboard and a link, and prints the page."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "examples" / "logs"
runner = CliRunner()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    yield context.new_page()
    context.close()


def report(tmp_path: Path, log: str) -> Path:
    out = tmp_path / (Path(log).stem + ".html")
    r = runner.invoke(app, ["check", "log", str(LOGS / log), "--html", str(out)])
    assert r.exit_code == 1, r.output  # each example breaks a rule
    return out


def open_page(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=10_000)


def names(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "els => els.map(e => e.getAttribute('data-name'))")


def selected(page) -> str:
    return page.eval_on_selector("#entries li.selected", "e => e.id")


# game: (log, violating entry, its line, rule, {selector of cards: their names}, scores as the head shows them)
CASES = {
    "kartomantik": ("kartomantik-illegal-priority.yaml", 57, 126, "Kartomantik 2.2 (Priority)", {
        "#panel-ana-hand .card": ["Scorched Pride", "The Silence After", "Gathering Circle"],
        "#panel-stack .card": ["Ana/Empty Throne"],
        "#panel-ben-interzone .slot[data-index='0'] .card": ["Furnace Heart"],
    }, "Ana 70 Ben 102"),
    "so-long-my-world": ("so-long-my-world-illegal-two-drains.yaml", 22, 126,
                         "So Long, My World: 4. Vision Phase, 2. Drain", {
                             "#panel-clock .slot[data-label='Special Person'] .card": ["Teal"],
                             "#panel-clock .slot[data-label='Slaughter'] .card": ["Purple"],
                             "#panel-teal-vision .card": ["Special Person"],
                         }, "Teal -6 Yellow -6 Purple -6 Green -6"),
    "visions": ("visions-illegal-skip.yaml", 47, 70, "Visions: End of the Game (ruling V8)", {
        "#panel-river .slot[data-index='0'] .card": ["Flight in the Icy Birches"],
        "#panel-ben-hand .card": ["Dreamcatcher in the Hidden Village", "Music in the Icy Birches",
                                  "Music in the Burning Desert"],
    }, "Ana 13 Ben 15 Cleo 3"),
    "relics": ("relics-illegal-energy-first.yaml", 1, 28, "relics: Turn Sequence 2, Challenge", {
        "#panel-hand .card": ["Old Watchtower", "Cliffside Path"],
        "#panel-location .card": ["Frozen Ford"],
    }, "Ana 0"),
}


@pytest.mark.parametrize("game", CASES)
def test_the_page_opens_at_the_violating_entry(tmp_path, page, game):
    log, entry, line, rule, zones, scores = CASES[game]
    out = report(tmp_path, log)
    open_page(page, out.as_uri())
    assert selected(page) == f"entry-{entry}"  # the page opens at the first rule broken
    page.keyboard.press("Home")
    assert selected(page) == "entry-0" and page.locator("#broken").count() == 0
    page.keyboard.press("n")  # stepped to again from the setup: the next rule broken
    assert selected(page) == f"entry-{entry}"
    assert "violation" in page.get_attribute(f"#entry-{entry}", "class")
    assert page.inner_text(f"#entry-{entry} .ln") == str(line)
    assert page.inner_text("#where") == f"The table just before entry {entry} (line {line})"  # as --state says
    assert page.inner_text("#broken .rule") == f"[{rule}]"
    assert page.inner_text("#verdict .status") == "ILLEGAL"
    for selector, cards in zones.items():
        assert names(page, f"#board {selector}") == cards, selector
    assert " ".join(page.inner_text("#head .scores").split()) == f"scores: {scores}"
    assert page.locator("#broken .legal li").count() >= 1  # what could have been played instead
    page.screenshot(path=str(tmp_path / "shot.png"))
    assert (tmp_path / "shot.png").stat().st_size > 20_000  # a picture of the table, not a blank page


def test_the_moves_allowed_are_the_engines(tmp_path, page):
    open_page(page, report(tmp_path, "kartomantik-illegal-priority.yaml").as_uri())
    assert page.eval_on_selector_all("#broken .legal li code", "els => els.map(e => e.textContent)") == [
        "{pass: Ben}"]


def test_keys_and_links_step_through_the_entries(tmp_path, page):
    out = report(tmp_path, "visions-illegal-skip.yaml")
    open_page(page, out.as_uri())
    page.keyboard.press("ArrowUp")
    assert selected(page) == "entry-46"
    assert page.evaluate("location.hash") == "#entry-46"
    assert page.locator("#broken").count() == 0  # a legal entry: no violation box
    assert page.inner_text("#where") == "The table after entry 46 (line 69)"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # past the violation: the replay stopped there
    assert selected(page) == "entry-48"
    assert "not checked" in page.inner_text("#board .notice")
    assert page.inner_text("#where") == "The table just before entry 47 (line 70)"  # the last one replayed
    page.keyboard.press("Home")
    assert selected(page) == "entry-0" and page.inner_text("#where") == "The table after the setup"
    page.keyboard.press("n")  # the next rule broken
    assert selected(page) == "entry-47"
    page.click("#entry-3 a")
    assert selected(page) == "entry-3"
    assert names(page, "#board #panel-river .card") != []
    open_page(page, out.as_uri() + "#entry-5")  # a link to an entry
    assert selected(page) == "entry-5" and page.inner_text("#where") == "The table after entry 5 (line 28)"


def test_the_index_links_each_page(tmp_path, page):
    out = tmp_path / "reports"
    r = runner.invoke(app, ["check", "log", str(LOGS / "relics-won.yaml"), str(LOGS / "relics-illegal-end.yaml"),
                            "--html", str(out)])
    assert r.exit_code == 1
    page.goto((out / "index.html").as_uri())
    assert page.locator("#logs tbody tr").count() == 2
    page.click("text=relics-illegal-end.yaml")
    page.wait_for_selector("body[data-ready=true]")
    assert page.url.endswith("relics-illegal-end.html")
    assert page.locator("#entries li.violation").count() == 1


def test_printing_gives_each_chosen_entry_a_page(tmp_path, page):
    open_page(page, report(tmp_path, "relics-illegal-energy-first.yaml").as_uri())
    pdf = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True)))  # the selected entry (the violation): one page
    text = pdf.pages[0].extract_text()
    assert len(pdf.pages) == 1 and "The table just before entry 1 (line 28)" in text
    assert "Turn Sequence 2, Challenge" in text
    page.check("#print-every")
    pdf = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True)))
    heads = [p.extract_text() for p in pdf.pages]
    assert len(pdf.pages) == 2  # the setup and the one entry, a page each
    assert "The table after the setup" in heads[0] and "The table just before entry 1 (line 28)" in heads[1]


def test_a_hostile_player_name_is_text_not_markup(tmp_path, page):
    """Logs come from strangers: a player named like an HTML element is shown as its text
    everywhere (entries, verdict, panels, scores) and runs nothing."""
    name = "<img src=x onerror=document.body.dataset.pwned=1>"
    log = tmp_path / "hostile.yaml"
    log.write_text((LOGS / "visions-illegal-skip.yaml").read_text().replace("Ana", name))
    out = tmp_path / "hostile.html"
    r = runner.invoke(app, ["check", "log", str(log), "--html", str(out)])
    assert r.exit_code == 1, r.output
    open_page(page, out.as_uri())
    for key in ("Home", "End", "n"):
        page.keyboard.press(key)
    assert page.locator("img").count() == 0
    assert page.evaluate("document.body.dataset.pwned") is None
    assert name in page.inner_text("#head .scores")
    assert page.locator(f"#board .group[data-owner='{name}']").count() == 1


def test_with_all_an_entry_applied_as_written_shows_both_tables(tmp_path, page):
    out = tmp_path / "two.html"
    r = runner.invoke(app, ["check", "log", str(LOGS / "kartomantik-illegal-two-violations.yaml"), "--all",
                            "--html", str(out)])
    assert r.exit_code == 1
    open_page(page, out.as_uri())
    assert selected(page) == "entry-8" and page.locator("#entries li.violation").count() == 2
    # as --state N --all: the table after the entry (skipped: the same as before it)
    assert page.inner_text("#which") == "The table below: the table after entry 8 (line 77), entry skipped."
    assert "the same table" in page.inner_text("#broken label")
    page.keyboard.press("n")
    assert selected(page) == "entry-29"
    after = page.inner_html("#board .group[data-owner='Ben']")
    page.uncheck("#show-after")  # the table just before it
    assert page.inner_text("#which") == "The table below: the table just before entry 29 (line 98)."
    assert page.inner_html("#board .group[data-owner='Ben']") != after
    page.check("#show-after")
    page.keyboard.press("ArrowDown")  # a legal entry after it is drawn as replayed
    assert selected(page) == "entry-30" and page.locator("#broken").count() == 0

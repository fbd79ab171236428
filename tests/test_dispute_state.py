"""``pnp check log FILE --state N``: the table after entry N, as text and as JSON (the
dispute report's data, for tools), and the report pages written by ``--html`` measured
without a browser (size, what they hold). The browser test is tests/test_dispute_page.py."""

from __future__ import annotations

import base64
import gzip
import json
import re
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from pnp.cli import app
from rules_check.dispute import StateRow, state_schema

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "examples" / "logs"
runner = CliRunner()


def state(log: str, n: int, *extra: str):
    r = runner.invoke(app, ["check", "log", str(LOGS / log), "--state", str(n), "--format", "json", *extra])
    return r, (json.loads(r.stdout) if r.stdout.strip().startswith("{") else None)


def panel(row: dict, pid: str) -> dict:
    return next(p for p in row["view"]["panels"] if p["id"] == pid)


def test_the_setup_of_a_relics_game():
    r, row = state("relics-illegal-energy-first.yaml", 0)
    assert r.exit_code == 1, r.output  # the log's verdict: a rule is broken at entry 1
    jsonschema.validate(row, state_schema())
    assert StateRow.model_validate(row).entry == 0
    assert (row["version"], row["game"], row["status"], row["line"]) == (1, "relics", "legal", 8)
    assert [c["name"] for c in panel(row, "hand")["cards"]] == ["Old Watchtower", "Cliffside Path"]
    assert {v["label"]: v["value"] for v in panel(row, "energy")["values"]} == {"red": 2, "blue": 2, "green": 2}
    assert panel(row, "draw")["hidden"] == 8 and panel(row, "draw")["cards"] == []


def test_the_violating_entry_shows_the_table_before_it_and_the_moves_allowed():
    r, row = state("kartomantik-illegal-priority.yaml", 57)
    assert r.exit_code == 1
    assert (row["status"], row["line"]) == ("violation", 126)
    assert row["violations"] == [{"line": 126, "entry": 57, "rule": "Kartomantik 2.2 (Priority)",
                                  "message": "Ben has priority, not Ana"}]
    assert row["legal_moves"] == ["{pass: Ben}"]
    assert row["view"]["active"] == "Ben"
    assert [c["name"] for c in panel(row, "stack")["cards"]] == ["Ana/Empty Throne"]
    assert [s["cards"][0]["name"] if s["cards"] else None for s in panel(row, "ben-interzone")["slots"]] == [
        "Furnace Heart", "Mimic Shell", None]


def test_an_entry_after_the_violation_is_not_replayed_unless_all():
    r, row = state("kartomantik-illegal-two-violations.yaml", 999)
    assert r.exit_code == 2 and "--state: entry 999: the log has" in r.output
    first = runner.invoke(app, ["check", "log", str(LOGS / "kartomantik-illegal-two-violations.yaml"),
                                "--format", "json"])
    bad = json.loads(first.stdout)[0]["violations"][0]["entry"]
    r, row = state("kartomantik-illegal-two-violations.yaml", bad + 1)
    assert r.exit_code == 1 and row["status"] == "not replayed" and row["view"] is None
    r, row = state("kartomantik-illegal-two-violations.yaml", bad + 1, "--all")
    assert r.exit_code == 1 and row["status"] in ("legal", "violation") and row["view"] is not None


def test_the_text_form_lists_the_panels():
    r = runner.invoke(app, ["check", "log", str(LOGS / "visions-illegal-skip.yaml"), "--state", "47"])
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    # the strict replay stops before the violating entry: the table is the one just before it
    assert lines[0].endswith("visions: the table just before entry 47 (line 70): violation")
    assert any(line.startswith("  River:") for line in lines)
    assert "    1: Flight in the Icy Birches" in lines


def test_state_takes_one_log():
    r = runner.invoke(app, ["check", "log", str(LOGS / "relics-legal.yaml"), str(LOGS / "relics-won.yaml"),
                            "--state", "1"])
    assert r.exit_code == 2 and "--state: the table of one log; got 2 logs" in r.output


def test_the_schema_is_published():
    r = runner.invoke(app, ["schema", "report-state"])
    assert r.exit_code == 0
    schema = json.loads(r.stdout)
    assert schema["title"] == "pnp check log FILE --state N --format json"
    assert set(schema["properties"]) == {"version", "file", "game", "entry", "line", "status", "table", "outcome",
                                         "violations", "legal_moves", "view"}


def test_the_json_says_which_table_it_is():
    """Strict: the table just before the violating entry; with --all the one after it, applied
    as written (or skipped), and the text's first line says the same."""
    r, row = state("kartomantik-illegal-two-violations.yaml", 29, "--all")
    assert (row["status"], row["table"], row["outcome"]) == ("violation", "after", "applied as written")
    jsonschema.validate(row, state_schema())
    r, row = state("kartomantik-illegal-two-violations.yaml", 8, "--all")
    assert (row["table"], row["outcome"]) == ("after", "entry skipped")
    r, row = state("kartomantik-illegal-two-violations.yaml", 8)
    assert (row["status"], row["table"], row["outcome"]) == ("violation", "before", None)
    r, row = state("kartomantik-illegal-two-violations.yaml", 7)
    assert (row["status"], row["table"]) == ("legal", "after")
    r, row = state("kartomantik-illegal-two-violations.yaml", 9)
    assert (row["status"], row["table"], row["view"]) == ("not replayed", None, None)
    text = runner.invoke(app, ["check", "log", str(LOGS / "kartomantik-illegal-two-violations.yaml"), "--state",
                               "29", "--all"]).stdout.splitlines()[0]
    assert text.endswith("kartomantik: the table after entry 29 (line 98), applied as written: violation")
    text = runner.invoke(app, ["check", "log", str(LOGS / "kartomantik-illegal-two-violations.yaml"), "--state",
                               "8"]).stdout.splitlines()[0]
    assert text.endswith("kartomantik: the table just before entry 8 (line 77): violation")


# --- the pages, read as files ---------------------------------------------------------------------

def page_data(html: str) -> dict:
    packed = re.search(r'<script type="application/octet-stream" id="report-data"[^>]*>([^<]*)</script>', html)
    return json.loads(gzip.decompress(base64.b64decode(packed.group(1))))


def test_a_page_holds_every_entry_and_a_table_for_each_replayed_one(tmp_path):
    out = tmp_path / "report.html"
    r = runner.invoke(app, ["check", "log", str(LOGS / "visions-illegal-skip.yaml"), "--html", str(out)])
    assert r.exit_code == 1  # the verdict's exit code, the report beside it
    html = out.read_text()
    assert "<script src" not in html and "<link" not in html and "http://" not in html.replace(
        "http://www.w3.org/2000/svg", "")  # self-contained: nothing fetched
    data = page_data(html)
    entries = re.findall(r'<li id="entry-(\d+)" class="entry ([^"]*)"', html)
    assert len(entries) == len(data["steps"]) == 63  # the setup and 62 entries
    assert entries[47] == ("47", "violation")
    assert data["start"] == 47 and data["steps"][47]["violations"][0]["rule"] == "Visions: End of the Game (ruling V8)"
    assert all(s["panels"] for s in data["steps"][:48])  # every entry up to the violation was replayed
    assert all(e[1] == "not-replayed" for e in entries[48:])  # the strict replay stops there
    assert not any(s["panels"] for s in data["steps"][48:])


@pytest.mark.parametrize("game", ["kartomantik", "so-long-my-world", "visions", "relics"])
def test_a_long_simulated_game_makes_a_small_page(tmp_path, game):
    """Under 1 MB for 500 entries: the longest simulated games are 150 to 290 entries; their
    pages' packed tables per entry, times 500, and the part of a page that does not grow with
    the log (style, scripts, the details of the cards shown: at most a game's card list) stay
    under a megabyte."""
    log = tmp_path / "sim.yaml"
    players = {"kartomantik": 2, "so-long-my-world": 5, "visions": 5, "relics": 1}[game]
    seed = "4" if game == "kartomantik" else "1"  # long games: 287, 261, 155 and 54 entries
    assert runner.invoke(app, ["simulate", game, "--players", str(players), "--seed", seed, "--out",
                               str(log)]).exit_code == 0
    out = tmp_path / "sim.html"
    r = runner.invoke(app, ["check", "log", str(log), "--html", str(out)])
    assert r.exit_code == 0, r.output
    html = out.read_text()
    entries = len(page_data(html)["steps"]) - 1
    packed = len(re.search(r'id="report-data"[^>]*>([^<]*)</script>', html).group(1))
    fixed = len(html) - packed
    assert fixed < 150_000 and fixed + packed / entries * 500 < 1_000_000, (fixed, packed, entries)


def test_several_logs_get_a_page_each_and_an_index(tmp_path):
    out = tmp_path / "reports"
    bad = tmp_path / "logs" / "broken.yaml"
    bad.parent.mkdir()
    bad.write_text("game: visions\nplayers: [Ana]\n")
    for name in ("relics-legal.yaml", "visions-illegal-skip.yaml"):
        (tmp_path / "logs" / name).write_bytes((LOGS / name).read_bytes())
    r = runner.invoke(app, ["check", "log", str(tmp_path / "logs"), "--html", str(out)])
    assert r.exit_code == 2  # one log cannot be used
    assert sorted(p.name for p in out.iterdir()) == ["index.html", "relics-legal.html", "visions-illegal-skip.html"]
    index = (out / "index.html").read_text()
    assert index.count('<tr class="') == 3
    assert '<a href="relics-legal.html">' in index and '<tr class="unusable">' in index
    r = runner.invoke(app, ["check", "log", str(LOGS / "relics-legal.yaml"), str(LOGS / "relics-won.yaml"),
                            "--html", str(tmp_path / "file.html")])
    assert sorted(p.name for p in (tmp_path / "file.html").iterdir()) == ["index.html", "relics-legal.html",
                                                                         "relics-won.html"]


def test_several_logs_into_a_file_is_refused(tmp_path):
    taken = tmp_path / "taken.html"
    taken.write_text("mine")
    r = runner.invoke(app, ["check", "log", str(LOGS / "relics-legal.yaml"), str(LOGS / "relics-won.yaml"),
                            "--html", str(taken)])
    assert r.exit_code == 2 and "--html: several logs get a page each and an index: name a folder" in r.output
    assert taken.read_text() == "mine"


def test_state_and_html_together_are_refused(tmp_path):
    r = runner.invoke(app, ["check", "log", str(LOGS / "relics-legal.yaml"), "--state", "1", "--html",
                            str(tmp_path / "r.html")])
    assert r.exit_code == 2 and "--state prints the table after one entry, --html draws every entry" in r.output
    assert not (tmp_path / "r.html").exists()


def test_an_unusable_log_gets_no_page_and_says_so(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: visions\nplayers: [Ana]\n")
    r = runner.invoke(app, ["check", "log", str(bad), "--html", str(tmp_path / "r.html")])
    assert r.exit_code == 2 and f"--html: no report written to {tmp_path / 'r.html'}: the log cannot be used" in r.output
    assert not (tmp_path / "r.html").exists()


def test_a_log_too_long_to_draw_gets_no_page_but_its_verdict(tmp_path, monkeypatch):
    """A page holds the table after each entry; a log of more entries than a page draws (5,000;
    a log may hold 2,000,000) gets its verdict and a warning naming --state, and no page."""
    import rules_check.dispute

    monkeypatch.setattr(rules_check.dispute, "MAX_PAGE_ENTRIES", 20)
    out = tmp_path / "r.html"
    r = runner.invoke(app, ["check", "log", str(LOGS / "relics-won.yaml"), "--html", str(out)])
    assert r.exit_code == 0, r.output  # the verdict stands: legal
    assert "relics-won.yaml: relics: legal, complete" in r.stdout
    assert "--html: 58 entries, over the 20 a page draws; no page for it" in r.output
    assert not out.exists()
    r = runner.invoke(app, ["check", "log", str(LOGS / "relics-won.yaml"), str(LOGS / "relics-illegal-end.yaml"),
                            "--html", str(tmp_path / "many")])
    index = (tmp_path / "many" / "index.html").read_text()
    assert "relics-won.yaml (too long to draw: no page)" in index
    assert sorted(p.name for p in (tmp_path / "many").iterdir()) == ["index.html", "relics-illegal-end.html"]

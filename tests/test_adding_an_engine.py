"""docs/adding-an-engine.md kept true: its code blocks, as they stand, written out as the package
``nim_cards``, registered through the ``pnp.games`` entry point the page gives (as an installed
distribution would list it), and then everything the page promises: ``pnp check log`` (text,
JSON, a violation with its line), ``pnp simulate``, ``--html``, ``--state`` and the conformance
suite. Nothing outside this file and the page is touched to add the game."""

from __future__ import annotations

import base64
import gzip
import json
import re
import sys
from importlib import metadata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.games import installed
from rules_check import engines as registry
from rules_check.conformance import conformance_problems

PAGE = Path(__file__).resolve().parent.parent / "docs" / "adding-an-engine.md"
runner = CliRunner()


def blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def package_files(lang: str = "python") -> dict[str, str]:
    """The page's blocks that open with ``# nim_cards/FILE``: path -> text."""
    out = {}
    for block in blocks(lang):
        first = block.splitlines()[0]
        if first.startswith("# nim_cards/"):
            out[first[2:]] = block
    return out


def entry_points() -> dict[str, str]:
    """The entry points of the page's ``pyproject.toml`` table (read as text: Python 3.10 has no tomllib)."""
    [toml] = blocks("toml")
    lines = toml.strip().splitlines()
    assert lines[0] == f'[project.entry-points."{registry.ENTRY_POINT_GROUP}"]'
    return dict(re.fullmatch(r'(\w+) = "([\w.:]+)"', line).groups() for line in lines[1:])


@pytest.fixture
def nim(tmp_path, monkeypatch):
    """The page's package on sys.path and its entry point installed; the registry read afresh."""
    forget_package()
    for name, text in {**package_files(), **package_files("yaml")}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    eps = metadata.EntryPoints(metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP)
                               for name, value in entry_points().items())
    real = metadata.entry_points
    monkeypatch.setattr(metadata, "entry_points",
                        lambda **kw: eps if kw.get("group") == registry.ENTRY_POINT_GROUP else real(**kw))
    registry.engines.cache_clear()
    installed.forget()
    yield registry.engines()["nim"]
    monkeypatch.undo()
    registry.engines.cache_clear()
    installed.forget()
    forget_package()


def forget_package() -> None:
    """No ``nim_cards`` of another test (tests/test_registry.py has a one-file one) stays imported."""
    for module in [m for m in sys.modules if m == "nim_cards" or m.startswith("nim_cards.")]:
        del sys.modules[module]


def the_log() -> str:
    [log] = [b for b in blocks("yaml") if b.startswith("game: nim")]
    return log


def test_the_page_holds_the_seven_files_it_promises():
    assert sorted(package_files()) == sorted(f"nim_cards/{m}.py" for m in
                                             ("__init__", "state", "setup", "actions", "rules", "scoring", "engine"))
    assert entry_points() == {"nim": "nim_cards"}
    assert sorted(package_files("yaml")) == ["nim_cards/cards/nim/game.yaml", "nim_cards/cards/nim/stones.yaml",
                                             "nim_cards/layouts/nim.yaml"]


def test_its_log_is_judged(nim, tmp_path):
    log = tmp_path / "nim.yaml"
    log.write_text(the_log(), encoding="utf-8")
    r = runner.invoke(app, ["check", "log", str(log), "--format", "json"])
    assert r.exit_code == 0, r.output
    [report] = json.loads(r.stdout)
    assert (report["game"], report["legal"], report["complete"], report["winner"]) == ("nim", True, True, "Ana")
    assert report["scores"] == {"Ana": 1, "Ben": 0}
    text = runner.invoke(app, ["check", "log", str(log)])
    assert text.exit_code == 0 and "nim.yaml: nim: legal, complete" in text.output


def test_a_broken_rule_is_named_with_its_section_and_line(nim, tmp_path):
    log = tmp_path / "nim.yaml"
    log.write_text(the_log().replace("{player: Ben, take: 3}", "{player: Ben, take: 4}"), encoding="utf-8")
    r = runner.invoke(app, ["check", "log", str(log), "--format", "json"])
    assert r.exit_code == 1
    [violation] = json.loads(r.stdout)[0]["violations"]
    assert violation["entry"] == 2 and violation["line"] == 6
    assert violation["rule"] == "Nim with cards 2. Taking"
    assert violation["message"] == "4 cards cannot be taken (4 left in the row)"
    text = runner.invoke(app, ["check", "log", str(log)])
    assert "Nim with cards 2. Taking" in text.output and "4 cards cannot be taken" in text.output
    log.write_text(the_log().replace("setup: {row: 5}", "setup: {rows: 5}"), encoding="utf-8")
    bad = runner.invoke(app, ["check", "log", str(log)])
    assert bad.exit_code == 2 and "Traceback" not in bad.output
    assert "nim.yaml:3: setup.rows: unknown key 'rows'" in bad.output and "(did you mean 'row'?)" in bad.output


def test_it_is_simulated_and_the_game_judged_legal(nim, tmp_path):
    out = tmp_path / "sim.yaml"
    r = runner.invoke(app, ["simulate", "nim", "--seed", "3", "--players", "3", "--out", str(out)])
    assert r.exit_code == 0, r.output
    judged = runner.invoke(app, ["check", "log", str(out), "--format", "json"])
    [report] = json.loads(judged.stdout)
    assert judged.exit_code == 0 and report["legal"] and report["complete"]
    assert len(report["scores"]) == 3 and sum(report["scores"].values()) == 1


def test_the_dispute_page_and_the_table_after_an_entry(nim, tmp_path):
    log = tmp_path / "nim.yaml"
    log.write_text(the_log(), encoding="utf-8")
    html = tmp_path / "nim.html"
    r = runner.invoke(app, ["check", "log", str(log), "--html", str(html)])
    assert r.exit_code == 0, r.output
    page = html.read_text(encoding="utf-8")
    assert "<title>nim.yaml: legal, complete (nim)</title>" in page
    packed = re.search(r'<script type="application/octet-stream" id="report-data"[^>]*>([^<]*)</script>', page)
    steps = json.loads(gzip.decompress(base64.b64decode(packed.group(1))))["steps"]
    assert [s["line"] for s in steps] == [3, 5, 6, 7]  # the setup and each entry, with its line
    assert steps[2]["changed"] == [["taken-ben", -1, f"stone {n}"] for n in (4, 3, 2)]
    assert steps[3]["head"]["scores"] == {"Ana": 1, "Ben": 0}
    r = runner.invoke(app, ["check", "log", str(log), "--state", "2", "--format", "json"])
    assert r.exit_code == 0, r.output
    row = json.loads(r.stdout)
    panels = {p["id"]: [c["name"] for c in p["cards"]] for p in row["view"]["panels"]}
    assert panels["row"] == ["stone 1"]  # 5 cards, 1 and 3 taken
    assert len(panels["taken-ana"]) == 1 and len(panels["taken-ben"]) == 3
    text = runner.invoke(app, ["check", "log", str(log), "--state", "2"])
    assert text.exit_code == 0 and "nim: the table after entry 2" in text.stdout


@pytest.mark.parametrize("players", [2, 4])
def test_it_passes_the_conformance_suite(nim, players):
    names = ["Ana", "Ben", "Cleo", "Dan"][:players]
    for seed in (0, 1, 2):
        assert conformance_problems(nim, names, seed) == []


def test_the_conformance_suite_can_fail(nim, monkeypatch):
    """A broken round trip is caught: the suite is not a check that cannot fail."""
    import nim_cards.actions as actions

    monkeypatch.setattr(actions, "to_entry", lambda state, a: {"player": a.player, "take": a.cards + 1})
    problems = conformance_problems(nim, ["Ana", "Ben"], 0)
    assert problems and "parse(to_entry(a)) != a" in problems[0]


def test_the_installed_game_prints_with_its_own_cards_and_templates(nim, tmp_path):
    """``pnp build nim`` finds the package's CARDS and LAYOUTS: 15 poker cards (63 x 88 mm),
    each with its back, no --cards or --layouts given."""
    from pypdf import PdfReader

    r = runner.invoke(app, ["build", "nim", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [f"{tmp_path / 'nim.pdf'}  (4 pages, 15 cards)"]
    pages = PdfReader(tmp_path / "nim.pdf").pages
    text = [page.extract_text() for page in pages]
    assert [round(float(x) * 25.4 / 72) for x in pages[0].mediabox[2:]] == [210, 297]  # A4
    assert [t.count("Stone") for t in text] == [9, 0, 6, 0]  # 9 a sheet, fronts then backs
    assert [t.count("Nim\n") + t.endswith("Nim") for t in text[1::2]] == [9, 6]
    assert "Whoever takes the last card wins." in " ".join(text[0].split())


def test_a_game_of_ones_own_is_judged_by_the_engine_its_game_yaml_names(nim, tmp_path):
    cards = tmp_path / "cards"
    (cards / "nim-deluxe").mkdir(parents=True)
    game_yaml = cards / "nim-deluxe" / "game.yaml"
    game_yaml.write_text("id: nim-deluxe\ntitle: Nim Deluxe\nengine: nim\n", encoding="utf-8")
    log = tmp_path / "deluxe.yaml"
    log.write_text(the_log().replace("game: nim", "game: nim-deluxe"), encoding="utf-8")
    r = runner.invoke(app, ["check", "log", str(log), "--cards", str(cards), "--format", "json"])
    assert r.exit_code == 0, r.output
    [report] = json.loads(r.stdout)
    assert (report["game"], report["legal"], report["winner"]) == ("nim-deluxe", True, "Ana")
    bad = runner.invoke(app, ["check", "log", str(log), "--format", "json"])
    assert bad.exit_code == 2 and "unknown game 'nim-deluxe'" in bad.output  # without its card folder
    sim = tmp_path / "sim.yaml"
    r = runner.invoke(app, ["simulate", "nim-deluxe", "--cards", str(cards), "--seed", "4", "--out", str(sim)])
    assert r.exit_code == 0, r.output
    assert sim.read_text(encoding="utf-8").count("game: nim-deluxe\n") == 1
    r = runner.invoke(app, ["check", "log", str(sim), "--cards", str(cards)])
    assert r.exit_code == 0 and "sim.yaml: nim-deluxe: legal, complete" in r.output
    game_yaml.write_text("id: nim-deluxe\ntitle: Nim Deluxe\nengine: chess\n", encoding="utf-8")
    for command in (["check", "log", str(log), "--cards", str(cards)], ["build", "nim-deluxe", "--cards", str(cards),
                                                                         "--out", str(tmp_path / "out")]):
        r = runner.invoke(app, command)
        assert r.exit_code == 2 and "Traceback" not in r.output, r.output
        assert f"{game_yaml}:3: engine: no rules engine 'chess' (known: so-long-my-world, visions, kartomantik, " \
               "relics, nim;" in " ".join(r.output.split()).replace(f"{game_yaml}: 3", f"{game_yaml}:3")

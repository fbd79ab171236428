"""pnp schema cards|layout: JSON Schemas an editor uses; every bundled file validates against
its own, and a mistake a model refuses is refused by the schema too."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import yaml
from typer.testing import CliRunner

from pnp.cli import app

REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()


def schema(kind: str) -> dict:
    r = runner.invoke(app, ["schema", kind])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_every_bundled_layout_file_fits_the_layout_schema():
    s = schema("layout")
    for path in sorted((REPO / "layouts").glob("*.yaml")):
        jsonschema.validate(yaml.safe_load(path.read_text()), s)
    bad = {"templates": {"x": {"size": [63, 88], "elements": {"t": {"type": "text", "box": [4, 4, 10, 5],
                                                                   "sise": 9}}}}}
    try:
        jsonschema.validate(bad, s)
    except jsonschema.ValidationError as exc:
        assert "sise" in exc.message
    else:
        raise AssertionError("a misspelt element property passed the schema")


def test_every_bundled_card_file_fits_the_cards_schema():
    s = schema("cards")
    checked = 0
    for path in sorted((REPO / "cards").glob("*/*.yaml")):
        data = yaml.safe_load(path.read_text())
        if "components" not in data:
            continue  # Kartomantik's pool (docs/decklists.md form) and a solo campaign's Paths are not component files
        jsonschema.validate(data, s)
        checked += 1
    assert checked >= 14  # every component file of the bundled games
    try:
        jsonschema.validate({"game": "moonwell", "components": [{"component": "spell card", "kind": "cards",
                                                                  "items": [{"name": "A"}]}]}, s)
    except jsonschema.ValidationError as exc:
        assert "cards" in exc.message
    else:
        raise AssertionError("an unknown kind passed the schema")


def test_check_reports_fit_the_schemas_pnp_publishes(tmp_path):
    """What `pnp check deck|log --format json` prints, for every example (legal, illegal and
    unusable files together), validates against `pnp schema report-deck|report-log`."""
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "not-a-log.yaml").write_text("game: [\n")
    for kind, command, inputs in (
            ("report-deck", "deck", [REPO / "examples" / "decks", tmp_path / "empty.txt"]),
            ("report-log", "log", [REPO / "examples" / "logs", tmp_path / "not-a-log.yaml"])):
        published = schema(kind)
        jsonschema.Draft202012Validator.check_schema(published)
        r = runner.invoke(app, ["check", command, *map(str, inputs), "--format", "json"])
        assert r.exit_code == 2, r.output  # an unusable file among them
        rows = json.loads(r.stdout)
        assert len(rows) == len([p for p in inputs[0].iterdir() if p.is_file()]) + 1
        jsonschema.Draft202012Validator(published).validate(rows)
        assert {row["version"] for row in rows} == {1}
        assert len({tuple(row) for row in rows}) == 1  # one shape: the same keys on every row

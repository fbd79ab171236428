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
            continue  # Kartomantik's pool (SPEC.md form) and a solo campaign's Paths are not component files
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

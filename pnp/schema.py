"""``pnp schema cards|layout``: JSON Schemas generated from the models that validate card
files and layout files, for an editor to complete and check them as they are typed
(docs/make-your-own-game.md shows VS Code's YAML extension using them)."""

from __future__ import annotations

from typing import Any

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def cards_schema() -> dict[str, Any]:
    """A card file (``cards/GAME/*.yaml``): its game, its components and their items."""
    from .data.components import ComponentFile

    schema = ComponentFile.model_json_schema()
    schema["title"] = "pnp card file"
    schema["$schema"] = DRAFT
    return schema


def layout_schema() -> dict[str, Any]:
    """A layout file: fonts, symbols and templates. A template may be partial (what it adds to
    the one it ``extends``), so no template field is required; ``abstract`` marks one only for
    others to extend."""
    from .layout.model import LayoutFile, Template

    template = Template.model_json_schema()
    defs = template.pop("$defs", {})
    template.pop("required", None)
    for key in ("name", "file"):
        template["properties"].pop(key, None)
    element = template["properties"]["elements"]["additionalProperties"]
    # in a template that extends another: null removes an inherited element, and a mapping
    # without `type` changes some properties of one; an element with `type` is checked whole
    template["properties"]["elements"]["additionalProperties"] = {"anyOf": [
        {"type": "null"}, element, {"type": "object", "not": {"required": ["type"]}}]}
    template["properties"]["extends"] = {"type": "string", "description": "the template this one builds on"}
    template["properties"]["abstract"] = {"type": "boolean", "description": "only for others to extend"}
    template["title"] = "template"
    layout = LayoutFile.model_json_schema()
    defs.update(layout.pop("$defs", {}))
    defs["Template"] = template
    layout["properties"]["templates"] = {"type": "object", "additionalProperties": {"$ref": "#/$defs/Template"},
                                         "description": "template name -> template"}
    layout["$defs"] = defs
    layout["title"] = "pnp layout file"
    layout["$schema"] = DRAFT
    return layout


def report_deck_schema() -> dict:
    from rules_check.deckreport import json_schema

    return json_schema()


def report_log_schema() -> dict:
    from rules_check.core.adjudicate import json_schema

    return json_schema()


def report_state_schema() -> dict[str, Any]:
    """``pnp check log FILE --state N --format json``: the table after one entry."""
    from rules_check.dispute import state_schema

    return state_schema()


SCHEMAS = {"cards": cards_schema, "layout": layout_schema, "report-deck": report_deck_schema,
           "report-log": report_log_schema, "report-state": report_state_schema}

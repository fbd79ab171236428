"""Issue 15, "Unbounded numbers in card data and layouts": every number field of every model
(found by walking the pydantic models, so that a field added later is covered without a word
here), given NaN, infinities, 1e300, -1e308 and a 100-digit integer, stops `pnp build` with
exit 2 and a message naming the file, the line and the field, in well under 10 s; and the
cases the issue names, one by one, with their exact messages."""

from __future__ import annotations

import copy
import functools
import time
import types
import typing
from pathlib import Path
from typing import Any, Iterator, Literal, Union, get_args, get_origin

import pytest
import yaml
from pydantic import BaseModel
from typer.testing import CliRunner

from moonwell import GAME
from pnp.cli import app
from pnp.data.components import Component, ComponentFile, Item
from pnp.games import GAMES, GameFile
from pnp.games.kartomantik import models as kartomantik
from pnp.data.paths import bundled
from pnp.layout import model as lm

runner = CliRunner()
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

HOSTILE = {"nan": float("nan"), "inf": float("inf"), "-inf": float("-inf"), "1e300": 1e300, "-1e308": -1e308,
           "100 digits": int("7" * 100)}
# a guard against hangs, not a speed test (bench/ measures speed): what is refused is refused at a
# count, before the work; a build that must run (193 pages) takes seconds, more on a loaded machine
SECONDS = 30.0

# --- a game of one's own, to build with hostile layouts and cards ------------------------------

CARDS = {"game": "moonwell", "components": [{
    "component": "spell card", "kind": "card", "layout": "moonwell-spell",
    "back": {"layout": "moonwell-back", "label": "Moonwell"},
    "items": [{"name": "Moon Tide", "text": "Everyone draws 1 card.", "cost": {"hope": 2}, "power": 3}]}]}
LAYOUTS = {"templates": {
    "moonwell-spell": {"extends": "poker", "elements": {
        "name": {"type": "text", "field": "name", "box": [5, 5, 53, 8], "size": 9}}},
    "moonwell-back": {"extends": "poker", "elements": {
        "label": {"type": "text", "field": "label", "box": [5, 40, 53, 10], "size": 12}}}}}


def build(tmp: Path, cards: dict[str, Any] | str | None = None, layouts: dict[str, Any] | str | None = None,
          game: str = "moonwell", cards_dir: Path | None = None, game_file: str = GAME):
    """`pnp build GAME` over folders made in ``tmp``; returns the result and its seconds."""
    if cards_dir is None:
        cards_dir = tmp / "cards"
        (cards_dir / "moonwell").mkdir(parents=True, exist_ok=True)
        (cards_dir / "moonwell" / "game.yaml").write_text(game_file)
        write(cards_dir / "moonwell" / "spells.yaml", cards if cards is not None else CARDS)
    folder = tmp / "layouts"
    folder.mkdir(exist_ok=True)
    write(folder / "moonwell.yaml", layouts if layouts is not None else LAYOUTS)
    started = time.perf_counter()
    r = runner.invoke(app, ["build", game, "--cards", str(cards_dir), "--layouts", str(folder),
                            "--out", str(tmp / "out")])
    return r, time.perf_counter() - started


def write(path: Path, data: Any) -> Path:
    path.write_text(data if isinstance(data, str) else yaml.dump(data, Dumper=Dumper, sort_keys=False,
                                                                 allow_unicode=True), encoding="utf-8")
    return path


def refused(r, seconds: float, file: Path, field: str, literal: str | None = None) -> str:
    """Assert exit 2 with a message ``FILE:LINE: FIELD: ...`` whose line holds ``field`` or
    the hostile value (``literal``); returns the message."""
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and seconds < SECONDS, (seconds, r.output)
    lines = file.read_text(encoding="utf-8").splitlines()
    for message in r.output.splitlines():
        head = f"pnp: {file}:" if message.startswith("pnp: ") else f"{file}:"
        if not message.startswith(head):
            continue
        line, _, rest = message[len(head):].partition(": ")
        if line.isdigit() and rest.startswith(f"{field}: "):
            text = lines[int(line) - 1]
            assert f"{field}:" in text or (literal is not None and literal in text), (message, text)
            return message
    raise AssertionError(f"no message naming {file}, a line and {field!r}:\n{r.output}")


# --- the number fields of the models, found by walking them ----------------------------------

Step = tuple  # ("key", name) | ("at", i, n) a tuple's place | ("item",) | ("value", key) | ("key-of",)


def _literal_key(ann: Any) -> Any:
    """A key a mapping of ``ann`` keys accepts (the first literal, or a plain text)."""
    for a in _plain(ann):
        if get_origin(a) is Literal:
            return get_args(a)[0]
        if a is int:
            return 1
    return "k"


def _plain(ann: Any) -> list[Any]:
    """The branches of ``ann``, Annotated and unions taken apart."""
    if get_origin(ann) is typing.Annotated:
        return _plain(get_args(ann)[0])
    if get_origin(ann) in (Union, types.UnionType):
        return [b for a in get_args(ann) for b in _plain(a)]
    return [ann]


def number_paths(ann: Any, seen: frozenset = frozenset()) -> Iterator[tuple[Step, ...]]:
    """Every path from a value of type ``ann`` to a number inside it."""
    for a in _plain(ann):
        origin = get_origin(a)
        if a in (int, float) or (origin is Literal and all(type(v) is int for v in get_args(a))):
            yield ()
        elif origin is list:
            for rest in number_paths(get_args(a)[0], seen):
                yield (("item",), *rest)
        elif origin is tuple:
            args = get_args(a)
            for i, inner in enumerate(args):
                for rest in number_paths(inner, seen):
                    yield (("at", i, len(args)), *rest)
        elif origin is dict:
            key, value = get_args(a)
            if list(number_paths(key, seen)):
                yield (("key-of",),)
            for rest in number_paths(value, seen):
                yield (("value", _literal_key(key)), *rest)
        elif isinstance(a, type) and issubclass(a, BaseModel) and a not in seen:
            yield from model_paths(a, seen | {a})


def model_paths(model: type[BaseModel], seen: frozenset = frozenset()) -> Iterator[tuple[Step, ...]]:
    for name, info in model.model_fields.items():
        for rest in number_paths(info.annotation, seen | {model}):
            yield (("key", name), *rest)


def inject(data: Any, path: tuple[Step, ...], value: Any) -> tuple[Any, str]:
    """``data`` with ``value`` at ``path`` (kept as it is around it, made where missing), and
    the field a message names (the last key on the way)."""
    field = ""
    if not path:
        return value, field
    step, rest = path[0], path[1:]
    if step[0] == "key":
        data = dict(data) if isinstance(data, dict) else {}
        data[step[1]], inner = inject(data.get(step[1]), rest, value)
        return data, inner or step[1]
    if step[0] == "at":
        _, i, n = step
        data = list(data) if isinstance(data, list) and len(data) == n else [5] * n
        data[i], inner = inject(data[i], rest, value)
        return data, inner
    if step[0] == "item":
        data = list(data) if isinstance(data, list) and data else [None]
        data[0], inner = inject(data[0], rest, value)
        return data, inner
    if step[0] == "value":
        data = dict(data) if isinstance(data, dict) and data else {step[1]: None}
        key = next(iter(data))
        data[key], inner = inject(data[key], rest, value)
        return data, inner or (key if isinstance(key, str) else "")
    assert step[0] == "key-of"
    return {value: "x"}, field


def _element_models() -> list[type[BaseModel]]:
    return [get_args(a)[0] if get_origin(a) is typing.Annotated else a for a in _plain(lm.Element)]


# the required properties of each element type, besides type and box (a value it accepts)
REQUIRED = {"table": "kartomantik.dominance", "symbol": "hope"}


def _layout_cases() -> Iterator[tuple[str, dict[str, Any], str, tuple[Step, ...]]]:
    """(id, the hostile template's spec without the number, the field's key, path)."""
    for model in _element_models():
        kind = model.model_fields["type"].annotation.__args__[0]
        base: dict[str, Any] = {"type": kind, "box": [5, 5, 10, 10]}
        base.update({n: REQUIRED.get(n, "power") for n, f in model.model_fields.items()
                     if f.is_required() and n not in base})
        for path in model_paths(model):
            yield f"{model.__name__}.{path[0][1]}{''.join(f'[{s[1]}]' for s in path[1:] if s[0] == 'at')}", base, \
                "element", path
    for path in model_paths(lm.Template):
        if path[0] == ("key", "elements"):
            continue  # the elements' own fields: above, one element type at a time
        yield f"Template.{path[0][1]}{''.join(f'[{s[1]}]' for s in path[1:] if s[0] == 'at')}", {}, "template", path
    for model in (lm.SymbolStyle, lm.LayoutFile, lm.Binding, lm.ColourBinding):
        assert not list(model_paths(model)), f"{model.__name__} has number fields: give it a host here"


LAYOUT_CASES = list(_layout_cases())


def _card_cases() -> Iterator[tuple[str, str, str | None, type[BaseModel], tuple[Step, ...]]]:
    """(id, game, component (None: the pool, or the game file), model, path)."""
    for path in model_paths(Item):
        yield f"Item.{path[0][1]}", "moonwell", "spell card", Item, path
    for model in (Component, ComponentFile):
        assert [p[:1] for p in model_paths(model)] in ([], [(("key", "items"),)], [(("key", "components"),)]), model
    for path in model_paths(GameFile):
        yield f"GameFile.{path[0][1]}[{path[1][1]}]", "moonwell", None, GameFile, path
    for game, spec in GAMES.items():
        for component, model in spec.item_models.items():
            for path in model_paths(model):
                yield f"{game}/{component}/{'.'.join(str(s[1]) for s in path if s[0] == 'key')}", game, component, \
                    model, path
    for path in model_paths(kartomantik.PoolCard):
        yield f"kartomantik/pool/{'.'.join(str(s[1]) for s in path if s[0] == 'key')}", "kartomantik", None, \
            kartomantik.PoolCard, path


CARD_CASES = list(_card_cases())


def test_the_walk_finds_the_number_fields():
    """The walk sees the fields the issue names (and so the others like them)."""
    ids = {case[0] for case in LAYOUT_CASES} | {case[0] for case in CARD_CASES}
    for expected in ("TextElement.size", "TextElement.box[0]", "IconsElement.repeat", "TrackerElement.max",
                     "RectElement.radius", "LineElement.dash", "WheelElement.node", "Template.size[1]",
                     "DialElement.marks", "Item.count", "GameFile.players[1]", "kartomantik/pool/power",
                     "kartomantik/pool/tribute.amount", "so-long-my-world/remnant card/cost",
                     "visions/reflection card/back.track", "relics/location card/top_left.amount"):
        assert expected in ids, expected
    assert len(LAYOUT_CASES) >= 50 and len(CARD_CASES) >= 40


@pytest.mark.parametrize("hostile", list(HOSTILE), ids=list(HOSTILE))
@pytest.mark.parametrize("case", LAYOUT_CASES, ids=[c[0] for c in LAYOUT_CASES])
def test_a_hostile_number_in_a_layout_is_refused(tmp_path, case, hostile):
    _, base, where, path = case
    layouts = copy.deepcopy(LAYOUTS)
    if where == "element":
        element, field = inject(base, path, HOSTILE[hostile])
        layouts["templates"]["hostile"] = {"size": [63, 88], "elements": {"x": element}}
    else:
        template, field = inject({"size": [63, 88]}, path, HOSTILE[hostile])
        layouts["templates"]["hostile"] = template
    r, seconds = build(tmp_path, layouts=layouts)
    file = tmp_path / "layouts" / "moonwell.yaml"
    message = refused(r, seconds, file, field, yaml.safe_dump(HOSTILE[hostile]).splitlines()[0].strip(" .-"))
    assert "(template 'hostile')" in message


@functools.cache
def _bundled(game: str) -> dict[str, Any]:
    """A bundled game's card files, parsed (file name -> data)."""
    return {p.name: yaml.load(p.read_text(encoding="utf-8"), Loader=Loader)
            for p in sorted(bundled("cards").joinpath(game).glob("*.yaml"))}


def _bundled_host(tmp: Path, game: str, component: str | None) -> tuple[Path, Path, Any, Any]:
    """A card folder holding the bundled file of ``game`` that defines ``component`` (None: the
    pool), its path there, its data, and its items (the error is found in that file: the game's
    other files are not needed)."""
    for name, data in _bundled(game).items():
        data = copy.deepcopy(data)
        items = data.get("cards") if component is None else next(
            (c["items"] for c in data.get("components") or [] if c.get("component") == component), None)
        if items is not None:
            (tmp / "cards" / game).mkdir(parents=True)
            return tmp / "cards", tmp / "cards" / game / name, data, items
    raise AssertionError((game, component))


@pytest.mark.parametrize("hostile", list(HOSTILE), ids=list(HOSTILE))
@pytest.mark.parametrize("case", CARD_CASES, ids=[c[0] for c in CARD_CASES])
def test_a_hostile_number_in_card_data_is_refused(tmp_path, case, hostile):
    _, game, component, model, path = case
    value = HOSTILE[hostile]
    literal = yaml.safe_dump(value).splitlines()[0].strip(" .-")
    if model is GameFile:
        game_file, field = inject(yaml.safe_load(GAME), path, value)
        r, seconds = build(tmp_path, game_file=yaml.safe_dump(game_file))
        refused(r, seconds, tmp_path / "cards" / "moonwell" / "game.yaml", field, literal)
        return
    if game == "moonwell":
        cards = copy.deepcopy(CARDS)
        items = cards["components"][0]["items"]
        items[0], field = inject(items[0], path, value)
        r, seconds = build(tmp_path, cards=cards)
        refused(r, seconds, tmp_path / "cards" / "moonwell" / "spells.yaml", field, literal)
        return
    cards_dir, file, data, items = _bundled_host(tmp_path, game, component)
    # the item the path best fits: the first whose data already holds the path's first key
    first = path[0][1]
    i = next((k for k, item in enumerate(items) if item.get(first) is not None), 0)
    items[i], field = inject(items[i], path, value)
    write(file, data)
    r, seconds = build(tmp_path, game=game, cards_dir=cards_dir)
    refused(r, seconds, file, field, literal)


# --- the cases the issue names, one by one -------------------------------------------------------

def flow(value: Any) -> str:
    return yaml.safe_dump(value, default_flow_style=True, width=10 ** 8, allow_unicode=True).strip()


def with_element(element: dict[str, Any]) -> str:
    """The layouts with an element ``x`` on the card's front, written on line 6."""
    return ("templates:\n"
            "  moonwell-spell:\n"
            "    extends: poker\n"
            "    elements:\n"
            "      name: {type: text, field: name, box: [5, 5, 53, 8], size: 9}\n"
            f"      x: {flow(element)}\n"
            "  moonwell-back:\n"
            "    extends: poker\n"
            "    elements:\n"
            "      label: {type: text, field: label, box: [5, 40, 53, 10], size: 12}\n")


def with_item(**fields: Any) -> str:
    """The cards with one item (its fields changed by ``fields``), written on line 7."""
    item = {**CARDS["components"][0]["items"][0], **fields}
    return ("game: moonwell\n"
            "components:\n"
            "  - component: spell card\n"
            "    kind: card\n"
            "    layout: moonwell-spell\n"
            "    back: {layout: moonwell-back, label: Moonwell}\n"
            f"    items: [{flow(item)}]\n")


def error(tmp: Path, cards=None, layouts=None) -> str:
    r, seconds = build(tmp, cards=cards, layouts=layouts)
    assert r.exit_code == 2 and "Traceback" not in r.output and seconds < SECONDS, (seconds, r.output)
    return r.output.strip().replace(str(tmp) + "/", "")


CARD = "cards/moonwell/spells.yaml:7"
ELEMENT = "(moonwell/spell card/Moon Tide (front), layout 'moonwell-spell' element 'x')"
LAYOUT = "layouts/moonwell.yaml:6"


@pytest.mark.parametrize("fields, element, expected", [
    ({"cost": {"hope": 1000000000}}, {"type": "icons", "field": "cost", "box": [5, 20, 50, 6]},
     f"{CARD}: hope: expected a number from -1,000,000 to 1,000,000 (a card prints no more), "
     "got a number of 10 digits"),
    ({"cost": {"hope": 1000}}, {"type": "icons", "field": "cost", "box": [5, 20, 50, 6]},
     f"{CARD}: hope: expected a number of hope symbols from 0 to 100, got 1000 {ELEMENT}"),
    ({"cost": {"hope": "two"}}, {"type": "icons", "field": "cost", "box": [5, 20, 50, 6]},
     f"{CARD}: hope: expected a number of hope symbols from 0 to 100, got \"two\" {ELEMENT}"),
    ({"power": 100000000}, {"type": "icons", "symbol": "hope", "repeat": "power", "box": [5, 20, 50, 6]},
     f"{CARD}: power: expected a number from -1,000,000 to 1,000,000 (a card prints no more), "
     "got a number of 9 digits"),
    ({"power": 101}, {"type": "icons", "symbol": "hope", "repeat": "power", "box": [5, 20, 50, 6]},
     f"{CARD}: power: power is the number of symbols to draw: expected a whole number from 0 "
     f"to 100, got 101 {ELEMENT}"),
    ({"tracks": ["red"], "top": 10000000}, {"type": "tracker", "field": "tracks", "max": "top", "box": [5, 20, 50, 6]},
     f"{CARD}: top: expected a number from -1,000,000 to 1,000,000 (a card prints no more), "
     "got a number of 8 digits"),
    ({"tracks": ["red"], "top": 500}, {"type": "tracker", "field": "tracks", "max": "top", "box": [5, 20, 50, 6]},
     f"{CARD}: top: top is a tracker's top value: expected a whole number from 1 to 100, got "
     f"500 {ELEMENT}"),
    ({"spaces": list(range(150))}, {"type": "track", "field": "spaces", "box": [5, 20, 50, 6]},
     f"{CARD}: spaces: 150 spaces, over the limit of 100 for a track {ELEMENT}"),
    ({"name": "x" * 1_000_000}, {"type": "rect", "box": [5, 20, 50, 6]},
     f'{CARD}: name: string should have at most 200 characters, got "{"x" * 80}…"'),
    ({"flavour": "y" * 5001}, {"type": "rect", "box": [5, 20, 50, 6]},
     f"{CARD}: flavour: 5001 characters, over the limit of 5000 for a text on a card"),
    ({"count": float("nan")}, {"type": "rect", "box": [5, 20, 50, 6]},
     f"{CARD}: count: expected a finite number, got nan"),
    ({"stats": {"speed": [1, float("nan")]}}, {"type": "rect", "box": [5, 20, 50, 6]},
     f"{CARD}: speed: expected a finite number, got nan"),
    ({"power": "three"}, {"type": "text", "field": "power", "format": "{:d}", "box": [5, 20, 50, 6]},
     f"{CARD}: power: the layout's format '{{:d}}' prints a whole number, not \"three\" "
     f"(moonwell/spell card/Moon Tide (front), layout 'moonwell-spell' element 'x' at {LAYOUT})"),
    ({"power": "three"}, {"type": "text", "text": {"field": "power", "format": "{:.2f} gold"}, "box": [5, 20, 50, 6]},
     f"{CARD}: power: the layout's format '{{:.2f}} gold' prints a number, not \"three\" "
     f"(moonwell/spell card/Moon Tide (front), layout 'moonwell-spell' element 'x' at {LAYOUT})"),
    ({"tint": "blue-ish"}, {"type": "rect", "fill": {"field": "tint"}, "box": [5, 20, 50, 6]},
     f"{CARD}: tint: expected a colour like \"#1b1b1b\" or \"cmyk(0, 20, 40, 10)\", got "
     f"\"blue-ish\" {ELEMENT}"),
], ids=["cost 1e9", "cost 1000", "cost text", "power 1e8", "power 101", "tracker max 1e7", "tracker max 500",
        "track 150", "name 1 MB", "text 5001", "count nan", "nested nan", "format d", "bound format", "colour"])
def test_card_values_the_issue_names(tmp_path, fields, element, expected):
    assert error(tmp_path, with_item(**fields), with_element(element)) == f"pnp: {expected}"


@pytest.mark.parametrize("element, expected", [
    ({"type": "tracker", "field": "tracks", "max": 10000000, "box": [5, 20, 50, 6]},
     "max: input should be less than or equal to 100, got 10000000"),
    ({"type": "icons", "symbol": "hope", "repeat": 1000000, "box": [5, 20, 50, 6]},
     "repeat: input should be less than or equal to 100, got 1000000"),
    ({"type": "text", "field": "name", "size": 1e300, "box": [5, 20, 50, 6]},
     "size: input should be less than or equal to 200, got 1e+300"),
    ({"type": "text", "field": "name", "size": float("inf"), "box": [5, 20, 50, 6]},
     "size: expected a finite number, got inf"),
    ({"type": "text", "field": "name", "min_size": float("nan"), "box": [5, 20, 50, 6]},
     "min_size: expected a finite number, got nan"),
    ({"type": "text", "field": "name", "format": "{:>999999999}", "box": [5, 20, 50, 6]},
     "format: a format's width is at most 64 characters, got 999999999 in '{:>999999999}'"),
    ({"type": "text", "field": "name", "format": "{:.100f}", "box": [5, 20, 50, 6]},
     "format: a format's precision is at most 15 digits, got 100 in '{:.100f}'"),
    ({"type": "text", "field": "name", "format": "{:{}}", "box": [5, 20, 50, 6]},
     "format: {:{}} is not a format spec Python knows (like {:>3} or {:.2f}), in '{:{}}'"),
    ({"type": "rect", "stroke": "#000000", "stroke_width": float("inf"), "box": [5, 20, 50, 6]},
     "stroke_width: expected a finite number, got inf"),
    ({"type": "rect", "fill": "#000000", "radius": -1e308, "box": [5, 20, 50, 6]},
     "radius: input should be greater than or equal to 0, got -1e+308"),
    ({"type": "wheel", "table": "kartomantik.dominance", "node": 1e300, "box": [5, 20, 50, 50]},
     "node: input should be less than or equal to 200, got 1e+300"),
    ({"type": "rect", "fill": "#000000", "box": [float("nan"), 20, 50, 6]},
     "box: expected a finite number, got nan"),
    ({"type": "line", "dash": [0, 0], "box": [5, 20, 50, 0]},
     "dash: input should be greater than or equal to 0.05, got 0"),
    ({"type": "slot", "dash": [1, 1, 1, 1, 1, 1, 1, 1, 1], "box": [5, 20, 50, 20]},
     "dash: expected at most 8 entries, got 9"),
    ({"type": "text", "text": {"field": "name", "default": float("nan")}, "box": [5, 20, 50, 6]},
     "default: expected a finite number, got nan"),
], ids=["tracker max", "repeat", "size 1e300", "size inf", "min_size nan", "format width", "format precision",
        "format nested", "stroke inf", "radius", "node", "box nan", "dash zeros", "dash long", "default nan"])
def test_layout_values_the_issue_names(tmp_path, element, expected):
    cards = with_item(tracks=["red"])
    assert error(tmp_path, cards, with_element(element)) == f"pnp: {LAYOUT}: {expected} (template 'moonwell-spell')"


def test_extends_that_is_not_a_name(tmp_path):
    layouts = copy.deepcopy(LAYOUTS)
    layouts["templates"]["moonwell-spell"]["extends"] = ["poker"]
    assert error(tmp_path, layouts=layouts) == ("pnp: layouts/moonwell.yaml:4: extends: expected the name of one "
                                                "template to build on, got ['poker'] (template 'moonwell-spell')")


@pytest.mark.parametrize("elements, expected", [
    ([1, 2], "elements: expected a mapping of element names to elements, got [1, 2]"),
    ({"x": 5}, "x: expected an element (a mapping with `type`, `box`...) or null to remove an inherited one, got 5"),
])
def test_elements_that_are_not_elements(tmp_path, elements, expected):
    """An abstract template is never validated whole, but it is merged into others: its
    elements must be a mapping of elements (the merge of a list was a traceback)."""
    layouts = copy.deepcopy(LAYOUTS)
    layouts["templates"]["base"] = {"abstract": True, "extends": "poker", "elements": elements}
    layouts["templates"]["moonwell-spell"]["extends"] = "base"
    assert expected in error(tmp_path, layouts=layouts)


@pytest.mark.parametrize("order", ["deepest first", "deepest last"])
def test_a_chain_of_3000_extends_is_refused(tmp_path, order):
    """Whichever order the templates are written in (the one resolved first is the deepest, or
    each one's base is already resolved), a chain longer than MAX_EXTENDS is refused at the
    line of the `extends` that goes past it."""
    layouts = copy.deepcopy(LAYOUTS)
    names = [f"t{i}" for i in range(3000)]
    chain = {name: {"abstract": True, "extends": names[i + 1] if i + 1 < len(names) else "poker"}
             for i, name in enumerate(names)}
    if order == "deepest last":
        chain = dict(reversed(list(chain.items())))
    layouts["templates"] = {**chain, **layouts["templates"]}
    message = error(tmp_path, layouts=layouts)
    assert message.startswith("pnp: layouts/moonwell.yaml:") and ": extends: a chain of more than 32 templates, " \
        "each extending the next" in message and message.endswith("; refused")
    line = int(message.split(":")[2])
    text = (tmp_path / "layouts" / "moonwell.yaml").read_text().splitlines()
    assert text[line - 1].strip().startswith("extends: t")


def test_a_chain_of_32_extends_builds(tmp_path):
    layouts = copy.deepcopy(LAYOUTS)
    chain = {f"t{i}": {"abstract": True, "extends": f"t{i + 1}"} for i in range(lm.MAX_EXTENDS - 2)}
    chain[f"t{lm.MAX_EXTENDS - 2}"] = {"abstract": True, "extends": "poker"}
    layouts["templates"]["moonwell-spell"]["extends"] = "t0"  # moonwell-spell, t0 ... t30, poker: 33
    layouts["templates"].update(chain)
    r, _ = build(tmp_path, layouts=layouts)
    assert r.exit_code == 2 and "a chain of more than 32 templates" in r.output
    layouts["templates"]["moonwell-spell"]["extends"] = "t1"  # 32 templates
    r, _ = build(tmp_path, layouts=layouts)
    assert r.exit_code == 0, r.output


def test_an_inherited_value_is_named_where_it_is_written(tmp_path):
    """A bad number in a base template is reported at its own line (and file), not at the
    template that extends it."""
    layouts = copy.deepcopy(LAYOUTS)
    layouts["templates"]["base"] = {"abstract": True, "extends": "poker", "elements": {
        "frame": {"type": "rect", "box": [1, 1, 61, 86], "stroke": "#000000", "stroke_width": 0.5}}}
    layouts["templates"]["moonwell-spell"]["extends"] = "base"
    layouts["templates"]["moonwell-spell"]["elements"]["frame"] = {"stroke_width": 50}
    message = error(tmp_path, layouts=layouts)
    text = (tmp_path / "layouts" / "moonwell.yaml").read_text().splitlines()
    line = int(message.split(":")[2])
    assert text[line - 1].strip() == "stroke_width: 50" and message.endswith(
        "stroke_width: input should be less than or equal to 20, got 50 (template 'moonwell-spell')")
    layouts["templates"]["moonwell-spell"]["elements"]["frame"] = {"fill": "#ffffff"}
    layouts["templates"]["base"]["elements"]["frame"]["radius"] = float("nan")
    message = error(tmp_path, layouts=layouts)
    line = int(message.split(":")[2])
    assert text and (tmp_path / "layouts" / "moonwell.yaml").read_text().splitlines()[line - 1].strip() == \
        "radius: .nan" and "radius: expected a finite number, got nan (template 'moonwell-spell')" in message


def test_a_long_text_is_fitted_by_bisection(tmp_path):
    """A text of the most characters a card's value holds, in a small box, from 200 pt down to
    a hundredth of a point: a bisection answers at once (a step at a time took 800 layouts)."""
    r, seconds = build(tmp_path, with_item(text=" ".join(["word"] * 1000)), with_element(
        {"type": "text", "field": "text", "box": [5, 20, 20, 5], "size": 200, "min_size": 0.01, "wrap": True}))
    assert r.exit_code == 0 and seconds < SECONDS, r.output


def test_what_a_component_prints_is_bounded(tmp_path):
    """Counts within their range may still add up past what a build finishes in seconds: a
    component's pieces together, a file's, a board's pages."""
    items = [{"name": f"Spell {i}", "text": "t", "count": 1000} for i in range(11)]
    cards = copy.deepcopy(CARDS)
    cards["components"][0]["items"] = items
    assert error(tmp_path, cards) == ("pnp: cards/moonwell/spells.yaml:10: items: the items print 11,000 cards "
                                      "together, over the limit of 10,000 for one component")
    tokens = {"component": "marker", "kind": "token", "layout": "moonwell-back", "items": [
        {"name": "Marker", "count": 1000}, {"name": "Marker 2", "count": 1000}, {"name": "Marker 3"}]}
    cards["components"] = [{**CARDS["components"][0]}, tokens]
    assert error(tmp_path, cards) == ("pnp: cards/moonwell/spells.yaml:19: items: the items print 2,001 tokens "
                                      "together, over the limit of 2,000 for one component")
    cards["components"][1] = {"component": "mat", "kind": "board", "layout": "mat", "items": [
        {"name": "Mat", "count": 101}]}
    assert error(tmp_path, cards) == ("pnp: cards/moonwell/spells.yaml:20: count: a board component prints at most "
                                      "100 pieces, got a count of 101")


def test_the_pages_of_the_boards_are_bounded(tmp_path):
    """A 2 x 2 m board tiles over 96 A4 pages: a hundred of them (9,601 pages, 44 s) are refused
    at the count, before any is drawn."""
    cards = copy.deepcopy(CARDS)
    cards["components"].append({"component": "mat", "kind": "board", "layout": "mat", "items": [
        {"name": "Mat", "count": 100}]})
    layouts = copy.deepcopy(LAYOUTS)
    layouts["templates"]["mat"] = {"size": [2000, 2000], "elements": {
        "ground": {"type": "rect", "box": [0, 0, 2000, 2000], "fill": "#aabbcc"}}}
    assert error(tmp_path, cards, layouts) == (
        "pnp: cards/moonwell/spells.yaml:20: count: mat 'Mat': the boards print 9,601 pages so far (100 copies of "
        "96 pages on a4 paper), over the limit of 1,000")
    cards["components"][1]["items"][0]["count"] = 2
    r, seconds = build(tmp_path, cards, layouts)
    assert r.exit_code == 0 and "(193 pages, 2 boards)" in r.output and seconds < SECONDS, r.output


def test_a_template_too_small_to_cut_out_is_refused(tmp_path):
    """A card of a thousandth of a millimetre tiled a sheet with billions of places (a hang)."""
    layouts = copy.deepcopy(LAYOUTS)
    layouts["templates"]["moonwell-spell"] = {"size": [63, 0.001], "bleed": 0, "safe": 0}
    assert error(tmp_path, layouts=layouts) == (
        "pnp: layouts/moonwell.yaml:5: size: a template's side is at least 5 mm (a piece one can cut out), got 0.001 "
        "(template 'moonwell-spell')")


def test_a_pool_card_prints_within_the_limits_of_any_card(tmp_path):
    """Kartomantik's pool has its own form; what a card of it prints (a keyword, a text) is
    held to the limits of any card's data, at the line of the pool."""
    cards_dir, file, data, cards = _bundled_host(tmp_path, "kartomantik", None)
    cards[3]["keywords"] = ["x" * 5001]
    write(file, data)
    r, seconds = build(tmp_path, game="kartomantik", cards_dir=cards_dir)
    message = refused(r, seconds, file, "keywords", "x" * 5001)  # the line of the keyword
    assert message.endswith("keywords: 5001 characters, over the limit of 5000 for a text on a card")


def test_a_mapping_mixing_number_and_text_keys_builds(tmp_path):
    """A card's data may hold a mapping with number and text keys (So Long, My World's
    ``hour_marks: {1: ..., 12: ...}`` with a text key added); identical faces are still drawn
    once, and ``1`` and ``"1"`` stay two keys (the fuzzer found the build crashing here). The
    layout prints a field of the mapping, so the mapping is part of what makes a face."""
    cards = copy.deepcopy(CARDS)
    cards["components"][0]["items"] = [
        {"name": "Moon Tide", "text": "x", "marks": {1: "one", "1": "text one", "dusk": "d"}},
        {"name": "Moon Tide", "text": "x", "marks": {1: "one", "1": "text one", "dusk": "d"}},
        {"name": "Moon Tide", "text": "x", "marks": {1: "one", "1": "other", "dusk": "d"}}]
    layouts = copy.deepcopy(LAYOUTS)
    layouts["templates"]["moonwell-spell"]["elements"]["dusk"] = {
        "type": "text", "field": "marks.dusk", "box": [5, 20, 53, 8], "size": 9}
    r, seconds = build(tmp_path, cards, layouts)
    assert r.exit_code == 0, r.output
    from pypdf import PdfReader
    pdf = tmp_path / "out" / "moonwell.pdf"
    forms = [name for page in PdfReader(pdf).pages
             for name in (page["/Resources"].get("/XObject") or {}) if ".Face" in str(name)]
    assert len(set(forms)) == 3, forms  # two faces of the spells (one drawn twice) and the back


def test_a_card_larger_than_the_paper_names_its_template(tmp_path):
    """A template may be as large as a board (1000 mm), but a card must fit the sheet it is
    imposed on: the refusal names the layout file and the line of its size."""
    layouts = copy.deepcopy(LAYOUTS)
    for name in ("moonwell-spell", "moonwell-back"):
        layouts["templates"][name]["size"] = [500, 500]
    assert error(tmp_path, layouts=layouts) == (
        "pnp: layouts/moonwell.yaml:15: size: a 500 x 500 mm card with 3 mm bleed does not fit on a4 paper "
        "(template 'moonwell-spell', component 'spell card')")


def test_a_back_of_another_size_names_the_card_file(tmp_path):
    layouts = copy.deepcopy(LAYOUTS)
    layouts["templates"]["moonwell-back"]["size"] = [70, 120]
    assert error(tmp_path, layouts=layouts) == (
        "pnp: cards/moonwell/spells.yaml:7: back: component 'spell card': back template 'moonwell-back' "
        "(70 x 120 mm) is not the size of front template 'moonwell-spell' (63 x 88 mm)")


def test_what_a_game_prints_is_bounded_across_its_files(tmp_path):
    """Each file within its limit, three files of 10,000 cards add up past a game's 20,000:
    refused at the file that goes over, before anything is drawn."""
    cards = copy.deepcopy(CARDS)
    cards["components"][0]["items"] = [{"name": f"Spell {i}", "text": "t", "count": 1000} for i in range(10)]
    (tmp_path / "cards" / "moonwell").mkdir(parents=True)
    for k in (2, 3):
        many = copy.deepcopy(cards)
        many["components"][0]["component"] = f"spell card {k}"
        write(tmp_path / "cards" / "moonwell" / f"spells{k}.yaml", many)
    r, seconds = build(tmp_path, cards)
    assert r.exit_code == 2 and seconds < SECONDS, r.output
    assert r.output.strip().replace(str(tmp_path) + "/", "") == (
        "pnp: cards/moonwell/spells3.yaml:1: the game's card files print 30,000 pieces together up to this one, "
        "over the limit of 20,000 for one game")


def test_the_card_files_of_a_game_are_bounded(tmp_path):
    folder = tmp_path / "cards" / "moonwell"
    folder.mkdir(parents=True)
    for i in range(501):
        (folder / f"f{i:03}.yaml").write_text("game: moonwell\n")
    r, seconds = build(tmp_path)
    assert r.exit_code == 2 and seconds < SECONDS, r.output
    assert r.output.strip().replace(str(tmp_path) + "/", "") == (
        "pnp: cards/moonwell: 502 card files, over the limit of 500 for one game")

"""Load a game's component files (``cards/GAME/*.yaml``) into validated `Component`s."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .assets import art_path
from .components import Component, ComponentFile, Item
from .errors import MAX_QUOTED_PATH, InputError, InputErrors, shown
from pnp.games import GAME_FILE, GAMES, Game, card_folder, game_spec
from pnp.games.kartomantik import models as kartomantik
from .paths import inside
from .validate import errors_from, validate
from .yamlsafe import Located, check_regular, load_yaml

MAX_CARD_FILE_BYTES = 4 * 1024 * 1024
# a game's folder: its card files, and the pieces they print together (each file holds at
# most components.MAX_PRINTED; many files must not add up past what a build finishes)
MAX_CARD_FILES = 500
MAX_PRINTED_GAME = 20_000


@dataclass
class GameData:
    """Everything ``cards/GAME/`` holds for one game."""

    game: str
    folder: Path
    spec: Game | None = None  # the game (a bundled one, or a publisher's game.yaml)
    components: list[Component] = field(default_factory=list)
    # file -> whether it is sample data (values not printed in the rulebook)
    sample_files: dict[str, bool] = field(default_factory=dict)
    # component name -> the file that defines it (for messages and the base of image paths)
    files: dict[str, Path] = field(default_factory=dict)

    def component(self, name: str) -> Component:
        for c in self.components:
            if c.component == name:
                return c
        raise KeyError(name)

    def counts(self) -> dict[str, int]:
        """Component name -> number printed (``pnp list``)."""
        return {c.component: c.count for c in self.components}


def _check_items(game: str, file_: ComponentFile, doc: Located) -> list[InputError]:
    models = GAMES[game].item_models if game in GAMES else {}  # a publisher's game: generic items
    errors: list[InputError] = []
    for ci, comp in enumerate(file_.components):
        model = models.get(comp.component)
        if model is None:
            continue
        for ii in range(len(comp.items)):
            raw = doc.data["components"][ci]["items"][ii]
            try:
                card = model.model_validate(raw)
            except ValidationError as exc:
                errors.extend(errors_from(exc, doc, ("components", ci, "items", ii)))
                continue
            _print_from_script(comp.items[ii], card)
    return errors


def _print_from_script(item: Item, card: object) -> None:
    """A card whose effect is a script prints the script's text (docs/effects.md): the
    validated model says which printed fields that sets, on the front and on the back."""
    printed = getattr(card, "printed_fields", None)
    if printed is None:
        return
    front, back = printed()
    for key, value in front.items():
        setattr(item, key, value)
    if back and item.back is not None:
        item.back.update(back)


def _items_from_spreadsheets(path: Path, doc: Located) -> None:
    """A component's ``items_from: FILE.csv``: its items read from the spreadsheet beside the
    YAML (pnp.data.spreadsheet), in place of ``items``."""
    from .spreadsheet import read_items

    comps = doc.data.get("components")
    if not isinstance(comps, list):
        return
    for i, comp in enumerate(comps):
        if not isinstance(comp, dict) or "items_from" not in comp:
            continue
        name = comp["items_from"]
        at = doc.line_of(("components", i, "items_from"))
        if not isinstance(name, str) or not name.lower().endswith((".csv", ".xlsx")):
            raise InputError(path, f"expected a .csv (or .xlsx) file beside this one, got {shown(name)}", line=at,
                             field="items_from")
        quoted = shown(name, MAX_QUOTED_PATH)
        if "items" in comp:
            raise InputError(path, "give `items` or `items_from`, not both", line=at, field="items_from")
        source = inside(path.parent, name)
        if source is None:
            raise InputError(path, f"{quoted} is outside the card folder", line=at, field="items_from")
        if not source.exists():
            raise InputError(path, f"no spreadsheet {quoted} beside this file", line=at, field="items_from")
        try:
            check_regular(source, "spreadsheet")
        except InputError as exc:  # a FIFO or a device: refused as what it is, at the line naming it
            raise InputError(path, f"{quoted}: {exc.message}", line=at, field="items_from") from None
        comp["items"] = read_items(source, Item)


def _art_inside(path: Path, doc: Located) -> None:
    """Every ``image:`` of the file (an item's, a back's, a spreadsheet row's) names a file
    inside the card folder or an ``--assets`` folder (pnp.data.assets), checked before any
    image is opened; else an error naming the file, the line and the field."""
    def walk(value: object, at: tuple[Any, ...]) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "image" and inner and not isinstance(inner, (dict, list, bool)):
                    check(inner, (*at, key))
                else:
                    walk(inner, (*at, key))
        elif isinstance(value, list):
            for i, inner in enumerate(value):
                walk(inner, (*at, i))

    def check(image: object, at: tuple[Any, ...]) -> None:
        try:
            art_path(path.parent, image)
        except InputError as exc:
            from_sheet = "" if at in doc.lines else " (a row of the component's items_from spreadsheet)"
            raise InputError(path, exc.message + from_sheet, line=doc.line_of(at), field="image") from None

    walk(doc.data, ())


def load_file(path: Path, game: str | None = None) -> tuple[list[Component], bool, str]:
    """Validate one component file; returns its components, sample flag and game id."""
    doc = load_yaml(path, max_bytes=MAX_CARD_FILE_BYTES, what="card file")
    if not isinstance(doc.data, dict):
        raise InputError(path, "expected a mapping with `game:` and `components:` (or `cards:`)", line=1)
    declared = doc.data.get("game")
    if game is not None and declared != game:
        raise InputError(path, f"expected `game: {game}` (the folder's game), got {shown(declared)}",
                         line=doc.line_of(("game",)), field="game")
    spec = GAMES.get(str(declared))
    for reader in spec.file_readers if spec else ():  # a game's own file forms (its registry entry)
        got = reader(doc)
        if got is not None:
            _art_inside(path, doc)
            return got[0], got[1], str(declared)
    _items_from_spreadsheets(path, doc)
    _art_inside(path, doc)
    parsed = validate(ComponentFile, doc)
    errors = _check_items(parsed.game, parsed, doc)
    if errors:
        raise errors[0] if len(errors) == 1 else InputErrors(errors)
    return parsed.components, parsed.sample, parsed.game


def load_game(cards_dir: Path, game: str) -> GameData:
    """Load every ``*.yaml`` file of ``cards_dir/game`` (in name order), or of the card folder
    the package installing ``game`` ships."""
    folder = card_folder(cards_dir, game)
    spec = game_spec(cards_dir, game)
    if not folder.is_dir():
        raise InputError(folder, f"no card folder for {shown(game)} (expected {folder}/ with YAML files)")
    files = [f for f in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")) if f.name != GAME_FILE]
    if not files:
        raise InputError(folder, "no .yaml card files in this folder")
    if len(files) > MAX_CARD_FILES:
        raise InputError(folder, f"{len(files):,} card files, over the limit of {MAX_CARD_FILES} for one game")
    data = GameData(game=game, folder=folder, spec=spec)
    printed = 0
    for path in files:
        components, sample, _ = load_file(path, game)
        printed += sum(comp.count for comp in components)
        if printed > MAX_PRINTED_GAME:
            raise InputError(path, f"the game's card files print {printed:,} pieces together up to this one, over "
                                   f"the limit of {MAX_PRINTED_GAME:,} for one game", line=1)
        data.sample_files[str(path)] = sample
        for comp in components:
            if comp.component in data.files:
                raise InputError(path, f"component {shown(comp.component)} is already defined in "
                                 f"{data.files[comp.component]}")
            data.files[comp.component] = path
            data.components.append(comp)
    data.components.sort(key=lambda c: spec.order(c.component))  # the rulebook's order
    for name, check in spec.set_checks.items():
        if name in data.files:
            problems = check(data.component(name))
            if problems:
                raise InputErrors([InputError(data.files[name], f"{name}: {p}") for p in problems])
    return data


def load_pool(path: Path) -> list[kartomantik.PoolCard]:
    """A Kartomantik pool file (``--pool``), validated, in the form docs/decklists.md gives ("The card pool")."""
    doc = load_yaml(path, max_bytes=MAX_CARD_FILE_BYTES, what="card pool")
    return validate(kartomantik.PoolFile, doc).cards

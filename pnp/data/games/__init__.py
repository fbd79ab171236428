"""The registry of games: id, title, and the models that validate each component's items.

The printing side's specs only: which game has a rules engine is the checker's to say.

An explicit dict rather than registration by import side effect (STYLE.md, OpenSpiel).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any, Callable

from pydantic import BaseModel, ConfigDict, Field

from ..errors import InputError
from . import kartomantik, relics, so_long_my_world, visions


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    rulebook: str
    players: tuple[int, int]
    # component name -> pydantic model of its items (the game's own fields)
    item_models: dict[str, type[BaseModel]] = field(default_factory=dict)
    # the rulebook's component list with its numbers, in its order (empty: no fixed list)
    component_counts: dict[str, int] = field(default_factory=dict)
    # checks across a whole component (the relics' numbers and relic halves): component
    # name -> function of the component returning what is wrong with it
    set_checks: dict[str, Callable[[Any], list[str]]] = field(default_factory=dict)

    # the order components are listed and printed in, where it is not the counts' order
    component_order: tuple[str, ...] = ()
    # readers of the game's own file forms (a pool, a campaign), tried before the component
    # form: each returns (components, sample) or None for a file not of its form
    file_readers: tuple[Callable[[Any], tuple[list, bool] | None], ...] = ()

    def order(self, component: str) -> int:
        """Position of a component in the rulebook's list (unlisted ones come last)."""
        names = list(self.component_order or self.component_counts)
        return names.index(component) if component in names else len(names)


GAMES: dict[str, Game] = {
    "so-long-my-world": Game("so-long-my-world", "So Long, My World", "rules/so-long-my-world.txt", (1, 5),
                             so_long_my_world.ITEM_MODELS, so_long_my_world.COMPONENT_COUNTS,
                             file_readers=(so_long_my_world.campaign_file,)),
    "visions": Game("visions", "Visions", "rules/visions.txt", (2, 5), visions.ITEM_MODELS,
                    visions.COMPONENT_COUNTS),
    # the pool's size is the publisher's; 1.2 names the two card types, 1.3 the zones a mat shows
    "kartomantik": Game("kartomantik", "Kartomantik", "rules/kartomantik.txt", (2, 2),
                        component_order=("manifestation card", "will card", "playmat"),
                        file_readers=(kartomantik.pool_components,)),
    "relics": Game("relics", "Relics (18-card solo game)", "rules/relics.txt", (1, 1), relics.ITEM_MODELS,
                   relics.COMPONENT_COUNTS,
                   {"location card": lambda comp: relics.deck_problems(relics.location_cards(comp))}),
}


# --- a publisher's own game ---------------------------------------------------------------------

GAME_FILE = "game.yaml"  # in a game's card folder: what makes a folder of YAML a game
GAME_ID = r"^[a-z0-9][a-z0-9-]{0,39}$"


class GameFile(BaseModel):
    """``game.yaml``: a game of one's own (its cards are generic items: name, count, text,
    image, and any field a layout prints)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=GAME_ID)
    title: str = Field(min_length=1, max_length=80)
    players: tuple[Annotated[int, Field(ge=1, le=99)], Annotated[int, Field(ge=1, le=99)]] = (1, 8)
    rulebook: str | None = None


def game_spec(cards_dir: Path, game: str) -> Game:
    """The game whose cards are ``cards_dir/game``: a bundled game (its stricter models), or one
    a ``game.yaml`` there declares. A ``game.yaml`` beside a bundled game's cards may retitle it."""
    from ..validate import validate
    from ..yamlsafe import load_yaml

    folder = Path(cards_dir) / game
    path = folder / GAME_FILE
    if path.exists() or path.is_symlink():  # a folder, a FIFO or a broken link: refused by the reader
        doc = load_yaml(path, max_bytes=64 * 1024, what="game file")
        spec = validate(GameFile, doc)
        if spec.id != game:
            raise InputError(path, f"expected `id: {game}` (the name of the folder holding the cards), got "
                                   f"{spec.id!r}", line=doc.line_of(("id",)), field="id")
        if game in GAMES:
            return replace(GAMES[game], title=spec.title)
        return Game(spec.id, spec.title, spec.rulebook or "", spec.players)
    if game in GAMES:
        return GAMES[game]
    raise InputError(None, f"unknown game {game!r} (known: {', '.join(_known(cards_dir))}; a game of "
                           f"your own is a folder {folder} holding a {GAME_FILE} with its id and title, and its "
                           f"card files)")


def _known(cards_dir: Path) -> list[str]:
    try:
        return games_in(cards_dir)
    except InputError:
        return ["none"]


def games_in(cards_dir: Path) -> list[str]:
    """The games a card folder holds: the bundled ones it has cards for, in their order, then
    the folders with a ``game.yaml``, by name; `InputError` when it holds none."""
    folder = Path(cards_dir)
    bundled = [g for g in GAMES if (folder / g).is_dir()]
    own = sorted(p.name for p in folder.iterdir() if p.is_dir() and (p / GAME_FILE).is_file()
                 and p.name not in GAMES) if folder.is_dir() else []
    if not bundled + own:
        raise InputError(folder, f"no card folder of a game here (a folder named after a bundled game, "
                                 f"{', '.join(GAMES)}, or any folder holding a {GAME_FILE})")
    return bundled + own

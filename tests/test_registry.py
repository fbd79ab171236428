"""The engine registry: the checker's ``ENGINES`` of classes, and engines an installed package adds
through the entry-point group ``pnp.games`` (here a package written to a temporary folder and
an entry point made up for it, as an installed distribution would list it)."""

from __future__ import annotations

import json
import textwrap
from importlib import metadata

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from pnp.cli import app
from pnp.games import GAMES
from pnp.games import installed as installed_games
from rules_check import engines as registry
from rules_check.core.engine import Engine
from rules_check.games.kartomantik.engine import KartomantikEngine
from rules_check.games.relics.engine import RelicsEngine
from rules_check.games.so_long_my_world.engine import SoLongEngine
from rules_check.games.visions.engine import VisionsEngine

NIM = '''
from dataclasses import dataclass

from rules_check.core.engine import BaseState, Engine
from rules_check.core.errors import IllegalAction, LogFormatError


@dataclass
class Take:
    player: str
    stones: int


@dataclass
class NimState(BaseState):
    left: int = 0
    turn: int = 0
    last: str | None = None


class NimEngine(Engine):
    """Players take 1 to 3 stones in turn; whoever takes the last one wins."""

    game = "nim"
    title = "Nim"
    players = (2, 2)

    def new_state(self, players, setup, file, line_of):
        if not isinstance(setup, dict) or not isinstance(setup.get("stones"), int):
            raise LogFormatError(file, "expected {stones: N}", line=line_of(()), field="setup")
        return NimState(players=players, left=setup["stones"])

    def random_setup(self, players, rng):
        return {"stones": rng.randint(5, 12)}

    def parse(self, entry, state, ref):
        if not isinstance(entry, dict) or set(entry) != {"player", "take"}:
            raise LogFormatError(ref.file, "expected {player: NAME, take: N}", line=ref.line)
        return Take(str(entry["player"]), int(entry["take"]))

    def to_entry(self, state, action):
        return {"player": action.player, "take": action.stones}

    def candidates(self, state):
        for n in (1, 2, 3):
            yield Take(state.players[state.turn % 2], n)

    def check(self, state, action):
        if action.player != state.players[state.turn % 2]:
            raise IllegalAction("Nim: 1. Turns", f"it is not {action.player}'s turn")
        if not 1 <= action.stones <= min(3, state.left):
            raise IllegalAction("Nim: 2. Taking", f"{action.stones} stones cannot be taken ({state.left} left)")

    def apply(self, state, action):
        state.left -= action.stones
        state.turn += 1
        state.last = action.player

    def is_over(self, state):
        return state.left == 0

    def scores(self, state):
        return {p: int(p == state.last and state.left == 0) for p in state.players}
'''

LEGAL = """game: nim
players: [Ana, Ben]
setup: {stones: 5}
log:
  - {player: Ana, take: 1}
  - {player: Ben, take: 3}
  - {player: Ana, take: 1}
"""


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """Install entry points of ``pnp.games`` (name -> "module:object"), the package ``nim_cards``
    importable; the registry is read afresh before and after."""
    (tmp_path / "nim_cards.py").write_text(textwrap.dedent(NIM))
    monkeypatch.syspath_prepend(str(tmp_path))
    real = metadata.entry_points

    def install(**points: str) -> None:
        eps = metadata.EntryPoints(metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP)
                                   for name, value in points.items())

        def entry_points(**params):
            if params.get("group") == registry.ENTRY_POINT_GROUP:
                return eps
            return real(**params)

        monkeypatch.setattr(metadata, "entry_points", entry_points)
        registry.engines.cache_clear()
        installed_games.forget()

    registry.engines.cache_clear()
    yield install
    monkeypatch.undo()
    registry.engines.cache_clear()
    installed_games.forget()


def check(*args: str):
    return CliRunner().invoke(app, ["check", "log", *args])


def test_engines_holds_the_four_games_as_classes():
    assert registry.ENGINES == {"so-long-my-world": SoLongEngine, "visions": VisionsEngine,
                                "kartomantik": KartomantikEngine, "relics": RelicsEngine}
    found = registry.engines()
    assert list(found) == list(registry.ENGINES)
    for game, engine in found.items():
        assert type(engine) is registry.ENGINES[game] and engine.game == game
        assert engine.players == GAMES[game].players  # the printing side's spec agrees


def test_the_printing_side_does_not_name_the_checker():
    from dataclasses import fields

    import pnp.games as specs
    import pnp.games.spec as spec

    # a game names its engine by game id only (a publisher's game.yaml `engine:`), never by module
    assert "engine" in {f.name for f in fields(specs.Game)}
    assert all(game.engine is None for game in specs.GAMES.values())
    with pytest.raises(ValidationError):
        specs.GameFile(id="moonwell", title="Moonwell", engine="nim_cards.engine:NimEngine")
    for module in (specs, spec):
        with open(module.__file__, encoding="utf-8") as f:
            assert "rules_check" not in f.read()


def test_an_installed_engine_is_registered_and_its_logs_are_judged(installed, tmp_path):
    installed(nim="nim_cards:NimEngine")
    found = registry.engines()
    assert list(found) == [*registry.ENGINES, "nim"]
    assert isinstance(found["nim"], Engine) and found["nim"].title == "Nim"

    log = tmp_path / "nim.yaml"
    log.write_text(LEGAL)
    r = check(str(log), "--format", "json")
    assert r.exit_code == 0, r.output
    [report] = json.loads(r.stdout)
    assert (report["game"], report["legal"], report["complete"]) == ("nim", True, True)
    assert report["winner"] == "Ana" and report["scores"] == {"Ana": 1, "Ben": 0}
    text = check(str(log))
    assert text.exit_code == 0
    assert "nim.yaml: nim: legal, complete" in text.output and "winner: Ana" in text.output

    log.write_text(LEGAL.replace("{player: Ben, take: 3}", "{player: Ben, take: 4}"))
    bad = check(str(log))
    assert bad.exit_code == 1
    assert "Nim: 2. Taking" in bad.output and "4 stones cannot be taken (4 left)" in bad.output


def test_an_installed_engine_is_simulated_and_its_game_found_legal(installed, tmp_path):
    installed(nim="nim_cards:NimEngine")
    out = tmp_path / "sim.yaml"
    r = CliRunner().invoke(app, ["simulate", "nim", "--seed", "3", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_text().startswith("# ") and "game: nim" in out.read_text()
    judged = check(str(out), "--format", "json")
    assert judged.exit_code == 0, judged.output
    [report] = json.loads(judged.stdout)
    assert report["legal"] and report["complete"] and report["winner"] in report["scores"]


@pytest.mark.parametrize("value, why", [
    ("no_such_package.engine:NimEngine", "cannot be loaded (ModuleNotFoundError: No module named 'no_such_package')"),
    ("nim_cards:Take", "not a subclass of rules_check.core.engine.Engine"),
    ("nim_cards:Missing", "cannot be loaded (AttributeError"),
])
def test_a_broken_entry_point_is_named_with_exit_2(installed, tmp_path, value, why):
    installed(nim=value)
    log = tmp_path / "nim.yaml"
    log.write_text(LEGAL)
    r = check(str(log))
    assert r.exit_code == 2
    assert f"pnp: entry point 'nim' = '{value}' in group pnp.games" in r.output
    assert why in r.output
    assert "Traceback" not in r.output
    assert isinstance(r.exception, SystemExit)  # typer's exit, not an error raised through


def test_an_entry_point_cannot_take_a_bundled_games_id(installed):
    installed(relics="nim_cards:NimEngine")
    with pytest.raises(registry.EngineLoadError, match="'relics' is a bundled game's id"):
        registry.engines()


def test_an_engine_must_be_registered_under_its_own_game_id(installed):
    installed(stones="nim_cards:NimEngine")
    r = CliRunner().invoke(app, ["simulate", "stones"])
    assert r.exit_code == 2
    assert "entry point 'stones'" in r.output and "its engine's game is 'nim', not 'stones'" in r.output

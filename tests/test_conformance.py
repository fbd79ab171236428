"""The conformance suite every rules engine gets (issue 26; OpenSpiel's random_sim_test and
playthroughs): parametrised over `rules_check.engines.engines()`, so an engine added to the
registry (or through the ``pnp.games`` entry point) is tested without touching this file.

On simulated games (a few seeds, every player count the engine allows, and games recorded at the
table where the engine has a table view), at every state met:

* every action of ``legal_actions`` passes ``check``, and ``parse(to_entry(state, a))`` gives the
  action back (its chance part, if any, first drawn with ``sample_chance``); a state with many
  legal actions is sampled (``ROUND_TRIPS`` of them);
* ``copy_state`` is independent: the action played, applied to a copy, leaves the original's view;
* ``view`` validates as the `View` model and every panel draws (rules_check/dispute/svg.py).

The whole game is judged by ``adjudicate``: legal and complete, and so is its table view. A
playthrough golden file per game and mode (tests/playthroughs/GAME-MODE.txt, written by
``python tests/playthroughs/make.py``) is compared, a difference shown as a unified diff.
"""

from __future__ import annotations

import difflib
import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest

from rules_check.core.adjudicate import adjudicate
from rules_check.core.engine import Engine, EntryRef
from rules_check.core.errors import IllegalAction
from rules_check.core.logfile import log_in_memory
from rules_check.core.simulate import play
from rules_check.core.tableview import table_view
from rules_check.core.view import View
from rules_check.dispute.svg import draw
from rules_check.engines import engines

ENGINES = engines()
NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]
SEEDS = (0, 1)
# the heavy games (a table of 4 or more recorded at the table: So Long, My World's take seconds
# each, most of it in legal_actions) play the first seed only, to keep the suite near a minute
HEAVY_PLAYERS = 4
ROUND_TRIPS = 10  # legal actions round-tripped at a state (a sample when there are more)
REF = EntryRef("<conformance>", 0, None)

_spec = importlib.util.spec_from_file_location("playthroughs_make", Path(__file__).parent / "playthroughs" / "make.py")
make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make)


def _cases() -> list:
    out = []
    for game, engine in ENGINES.items():
        low, high = engine.players
        for n in range(low, high + 1):
            for table in ((False, True) if engine.has_table_view else (False,)):
                out.append(pytest.param(game, n, table, id=f"{game}-{n}p-{'table' if table else 'full'}"))
    return out


class Conformance:
    """The watcher of a simulated game: checks each state met, and keeps what went wrong."""

    def __init__(self, engine: Engine, seed: int):
        self.engine, self.rng = engine, random.Random(seed)
        self.problems: list[str] = []
        self.states = 0
        self.round_trips = 0

    def fail(self, what: str) -> None:
        if len(self.problems) < 10:
            self.problems.append(f"state {self.states}: {what}")

    def view(self, state: Any) -> dict:
        view = self.engine.view(state)
        dumped = view.model_dump(mode="json")
        View.model_validate(dumped)  # the strict model: a field no page knows is an error
        for panel in view.panels:
            svg = draw(panel, state.players)
            if not svg.startswith("<svg") or not svg.rstrip().endswith("</svg>"):
                self.fail(f"panel {panel.id!r} draws no <svg> element: {svg[:80]!r}")
        return dumped

    def __call__(self, state: Any, action: Any) -> None:
        engine = self.engine
        self.states += 1
        before = self.view(state)
        if action is None:  # the end of the game
            return
        legal = engine.legal_actions(state)
        sample = legal if len(legal) <= ROUND_TRIPS else self.rng.sample(legal, ROUND_TRIPS)
        for a in sample:
            try:
                engine.check(state, a)
            except IllegalAction as exc:
                self.fail(f"legal action {a!r} fails check: {exc.rule}: {exc.message}")
                continue
            drawn = engine.sample_chance(state, a, random.Random(self.rng.getrandbits(32)))
            entry = engine.to_entry(state, drawn)
            try:
                back = engine.parse(entry, state, REF)
            except Exception as exc:  # the report names the entry that does not read back
                self.fail(f"to_entry gives {entry!r}, which parse rejects: {type(exc).__name__}: {exc}")
                continue
            self.round_trips += 1
            if back != drawn:
                self.fail(f"parse(to_entry(a)) != a: {drawn!r} -> {entry!r} -> {back!r}")
        trial = engine.copy_state(state)
        engine.apply(trial, action)
        if self.view(state) != before:
            self.fail(f"applying {action!r} to a copy_state changed the original's view")


def _judged(engine: Engine, log: dict, what: str) -> None:
    report = adjudicate(log_in_memory(log), engine)
    broken = [f"entry {v.entry}: {v.rule}: {v.message}" for v in report.violations]
    assert not broken, f"{what} judged illegal: {broken[:3]}"
    assert report.complete, f"{what} judged incomplete after {report.entries} entries"
    assert report.entries == len(log["log"]), f"{what}: {report.entries} of {len(log['log'])} entries replayed"


@pytest.mark.parametrize("game,n,table", _cases())
def test_simulated_games_conform(game, n, table):
    engine = ENGINES[game]
    players = NAMES[:n]
    for seed in SEEDS[:1] if table and n >= HEAVY_PLAYERS else SEEDS:
        watch = Conformance(engine, seed)
        log, state = play(engine, players, seed, "random", watch=watch, table=table)
        where = f"{game}, {n} players, seed {seed}, {'table' if table else 'full'}"
        assert not watch.problems, f"{where}:\n" + "\n".join(watch.problems)
        assert engine.is_over(state), f"{where}: the simulated game did not end"
        assert watch.states == len(log["log"]) + 1 and watch.round_trips > 0
        _judged(engine, log, f"{where}: the simulated log")
        if engine.has_table_view and not table:
            _judged(engine, table_view(engine, log), f"{where}: its table view")


def _playthroughs() -> list:
    return [pytest.param(game, mode, id=f"{game}-{mode}")
            for game, engine in ENGINES.items() for mode in make.modes(engine)]


@pytest.mark.parametrize("game,mode", _playthroughs())
def test_playthrough_matches_its_golden_file(game, mode):
    golden = make.path(game, mode)
    assert golden.exists(), f"no playthrough {golden.name}: run python tests/playthroughs/make.py"
    want = golden.read_text(encoding="utf-8")
    got = make.playthrough(ENGINES[game], mode)
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(keepends=True), got.splitlines(keepends=True),
                                            f"{golden.name} (golden)", f"{golden.name} (now)", n=2))
        pytest.fail(f"{game} {mode} plays differently from {golden.name} (if meant, run "
                    f"python tests/playthroughs/make.py and review):\n{diff[:6000]}", pytrace=False)


def test_conformance_covers_every_engine():
    """Every registered engine has cases here, and a playthrough for each of its modes on disk."""
    cases = {p.values[0] for p in _cases()}
    assert cases == set(ENGINES)
    files = {p.name for p in make.HERE.glob("*.txt")}
    assert files == {make.path(g, m).name for g, e in ENGINES.items() for m in make.modes(e)}


GREEDY_SEED = 5
MOST_ENTRIES = 400  # the longest game here (a random Kartomantik game of 2 players) takes about 260


class _TooLong(Exception):
    pass


def _greedy_table_cases() -> list:
    out = []
    for game, engine in ENGINES.items():
        if not engine.has_table_view:
            continue
        marks = []
        out.append(pytest.param(game, id=f"{game}-greedy-table", marks=marks))
    return out


@pytest.mark.parametrize("game", _greedy_table_cases())
def test_greedy_games_at_the_table_end(game):
    """A greedy game recorded at the table, of the fewest players, ends within `MOST_ENTRIES`
    entries and is judged legal and complete (greedy reaches states random play rarely does)."""
    engine = ENGINES[game]
    seen: list = []

    def watch(state, action):
        if action is not None:
            seen.append(engine.to_entry(state, action))
        if len(seen) > MOST_ENTRIES:
            raise _TooLong(f"{game}: no end after {MOST_ENTRIES} entries; the last: {seen[-3:]}")

    log, state = play(engine, NAMES[:engine.players[0]], GREEDY_SEED, "greedy", watch=watch, table=True)
    assert engine.is_over(state)
    _judged(engine, log, f"{game}: a greedy game at the table")

"""The conformance suite every rules engine gets (issue 26; OpenSpiel's random_sim_test and
playthroughs): parametrised over `rules_check.engines.engines()`, so an engine added to the
registry (or through the ``pnp.games`` entry point) is tested without touching this file.

On simulated games (a few seeds, every player count the engine allows, and games recorded at the
table where the engine has a table view), the checks of `rules_check.conformance` (each action
round-trips and passes check, copies are independent, views draw, the game is judged legal and
complete). A playthrough golden file per game and mode (tests/playthroughs/GAME-MODE.txt, written by
``python tests/playthroughs/make.py``) is compared, a difference shown as a unified diff.
"""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest

from rules_check.conformance import conformance_problems, judged
from rules_check.core.simulate import play
from rules_check.engines import engines

ENGINES = engines()
NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]
SEEDS = (0, 1)
# the heavy games (a table of 4 or more recorded at the table: So Long, My World's take seconds
# each, most of it in legal_actions) play the first seed only, to keep the suite near a minute
HEAVY_PLAYERS = 4

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


@pytest.mark.parametrize("game,n,table", _cases())
def test_simulated_games_conform(game, n, table):
    engine = ENGINES[game]
    problems = []
    for seed in SEEDS[:1] if table and n >= HEAVY_PLAYERS else SEEDS:
        problems += conformance_problems(engine, NAMES[:n], seed, table)
    assert not problems, "\n".join(problems)


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
    problems = judged(engine, log, f"{game}: a greedy game at the table")
    assert not problems, "\n".join(problems)

"""``pnp simulate``: the same seed writes the same log in any process (no dependence on the
hash seed that orders Python's sets), and the log it writes is judged legal and complete.

The runs are forked from this process (tests/forkrun.py: the command as ``python -m pnp`` runs
it, without an interpreter's start-up each time), but for the hash seed's: a new interpreter."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from forkrun import run_pnp
from rules_check.engines import engines


def succeeds(*args: object) -> None:
    done = run_pnp(args)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("game", sorted(engines()))
def test_same_seed_same_log_in_any_process(tmp_path, game):
    low, high = engines()[game].players
    players = str(min(high, max(low, 3)))
    texts = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"{hash_seed}.yaml"
        subprocess.run([sys.executable, "-m", "pnp", "simulate", game, "--players", players, "--seed", "5",
                        "--out", str(out)], check=True, capture_output=True,
                       env={**os.environ, "PYTHONHASHSEED": hash_seed})
        texts.append(out.read_text())
    assert texts[0] == texts[1]
    checked = run_pnp(["check", "log", tmp_path / "1.yaml", "--format", "json"])
    report = json.loads(checked.stdout)[0]
    assert checked.returncode == 0 and report["legal"] and report["complete"]


@pytest.mark.parametrize("game", sorted(engines()))
def test_greedy_policy_writes_a_legal_log_of_its_own(tmp_path, game):
    """``--policy greedy`` plays other moves than random from the same seed, says so in the
    log's header (so the log can be replayed), and is judged legal and complete."""
    low, _high = engines()[game].players
    logs = {}
    for policy in ("random", "greedy"):
        out = tmp_path / f"{policy}.yaml"
        succeeds("simulate", game, "--players", low, "--seed", "3", "--policy", policy, "--out", out)
        logs[policy] = out.read_text()
    assert logs["greedy"] != logs["random"]
    assert "--policy greedy" in logs["greedy"].splitlines()[0]
    assert "--policy" not in logs["random"].splitlines()[0]
    checked = run_pnp(["check", "log", tmp_path / "greedy.yaml", "--format", "json"])
    report = json.loads(checked.stdout)[0]
    assert checked.returncode == 0 and report["legal"] and report["complete"]


def test_an_unknown_policy_is_refused_naming_the_option():
    done = run_pnp(["simulate", "relics", "--policy", "smart"])
    assert done.returncode == 2
    assert "--policy" in done.stderr and "smart" in done.stderr


@pytest.mark.parametrize("game", sorted(engines()))
def test_the_table_view_is_judged_legal(tmp_path, game):
    """``--view table``: the log a scorekeeper at the table would have written (no pile orders),
    said so in the header, and judged legal and complete with the full log's scores."""
    low, high = engines()[game].players
    players = str(min(high, max(low, 3)))
    reports = {}
    for view in ("full", "table"):
        out = tmp_path / f"{view}.yaml"
        succeeds("simulate", game, "--players", players, "--seed", "4", "--view", view, "--out", out)
        checked = run_pnp(["check", "log", out, "--format", "json"])
        assert checked.returncode == 0, checked.stdout
        reports[view] = json.loads(checked.stdout)[0]
    assert "--view table" in (tmp_path / "table.yaml").read_text().splitlines()[0]
    assert (tmp_path / "table.yaml").read_text() != (tmp_path / "full.yaml").read_text()
    table, full = reports["table"], reports["full"]
    assert table["legal"] and table["complete"] and table["undecided"] == []
    assert (table["scores"], table["winner"]) == (full["scores"], full["winner"])


def test_no_table_view_is_passed_off_for_a_game_without_one(monkeypatch):
    """An engine that has no table view yet (a new game's) is refused ``--view table``: a log that
    still writes its pile orders is not what a table saw."""
    from typer.testing import CliRunner

    from pnp.cli import app

    engine = engines()["relics"]
    monkeypatch.setattr(type(engine), "has_table_view", False)
    done = CliRunner().invoke(app, ["simulate", "relics", "--view", "table"])
    assert done.exit_code == 2 and done.stdout == ""
    others = ", ".join(g for g in engines() if g != "relics")
    assert done.stderr == f"pnp: --view table: there is no table view of relics logs yet (there is of: {others})\n"

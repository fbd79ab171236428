"""``pnp list``: every component of the rulebooks' component lists, in their numbers."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.games import GAMES

runner = CliRunner()


@pytest.fixture(scope="module")
def listing() -> dict:
    result = runner.invoke(app, ["list", "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_json_has_every_game(listing):
    assert list(listing) == list(GAMES)


@pytest.mark.parametrize("game", [g for g in GAMES if GAMES[g].component_counts])
def test_counts_are_the_rulebooks(listing, game):
    assert listing[game] == GAMES[game].component_counts


def test_spec_examples(listing):
    slmw = listing["so-long-my-world"]
    assert slmw["remnant card"] == 68 and slmw["feeling token"] == 60
    assert slmw["vision token"] == 47 and slmw["player screen"] == 5 and slmw["clock board"] == 1
    assert listing["visions"] == {"dream fragment card": 75, "reflection card": 5, "player aid card": 5, "cube": 5}
    assert sum(listing["relics"].values()) == 18


def test_kartomantik_pool_is_printed_once_per_card(listing):
    k = listing["kartomantik"]
    assert list(k) == ["manifestation card", "will card", "reference card", "playmat"]
    assert k["manifestation card"] + k["will card"] >= 60
    assert k["playmat"] == 2 and k["reference card"] == 2  # one per player


def test_text_listing():
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0
    assert "So Long, My World (so-long-my-world)" in result.output
    assert "  68  remnant card" in result.output


def test_bad_cards_folder_exits_2(tmp_path):
    result = runner.invoke(app, ["list", "--cards", str(tmp_path)])
    assert result.exit_code == 2
    assert "no card folder" in result.output

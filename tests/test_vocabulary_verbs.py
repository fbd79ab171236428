"""Each game's effect vocabulary (the words its cards' scripts may use, ``pnp.games.GAME.vocabulary``)
and its engine's verbs (``rules_check.games.GAME.verbs.VERBS``) are the same set: a word a card
may print has a verb that runs it, or is one of the words the game's rules read themselves
(``RULE_WORDS``, declared beside ``VERBS``), and no verb runs a word no card may print. Found by
the one-home-per-game layout (issue 26), so a new scripted game is held to it with no line here."""

from __future__ import annotations

import importlib

import pytest

from rules_check.engines import ENGINES


def _package(game: str) -> str:
    return game.replace("-", "_")


def _scripted() -> list[str]:
    out = []
    for game in ENGINES:
        try:
            importlib.import_module(f"pnp.games.{_package(game)}.vocabulary")
        except ModuleNotFoundError:
            continue
        out.append(game)
    return out


def test_the_scripted_games_are_found():
    assert set(_scripted()) == {"kartomantik", "so-long-my-world", "relics"}  # Visions' cards have no scripts


@pytest.mark.parametrize("game", _scripted())
def test_vocabulary_words_and_engine_verbs_are_the_same_set(game):
    words = set(importlib.import_module(f"pnp.games.{_package(game)}.vocabulary").VOCABULARY.verbs)
    verbs = importlib.import_module(f"rules_check.games.{_package(game)}.verbs")
    ran = set(verbs.VERBS)
    # beside VERBS: in verbs.py, or in the module of a verbs/ package that holds the table
    home = importlib.import_module(verbs.__name__ + ".table") if hasattr(verbs, "__path__") else verbs
    read = set(getattr(home, "RULE_WORDS", ()))
    assert not ran & read, f"{game}: words both run as verbs and read by the rules: {sorted(ran & read)}"
    assert sorted(words - ran - read) == [], f"{game}: words a card may print that nothing runs"
    assert sorted((ran | read) - words) == [], f"{game}: verbs for words no card may print"

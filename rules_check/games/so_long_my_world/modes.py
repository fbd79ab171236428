"""Which rules a game plays by, read from its state: the mode its setup chose (setup.py) names
the multiplayer and co-op game (main_game.py) or the Solo/Campaign Mode (solo.py). This module
is the engine's `Rules`: each call goes to the state's own."""

from __future__ import annotations

from types import ModuleType
from typing import Any, Iterable

from . import main_game, solo
from .state import COOP, MULTIPLAYER, SOLO, SoLongState

PLAYS_BY: dict[str, ModuleType] = {MULTIPLAYER: main_game, COOP: main_game, SOLO: solo}


def of(state: SoLongState) -> Any:
    """The module ``state``'s game plays by."""
    return PLAYS_BY[state.mode]


# (each below looks the module up itself rather than through `of`: one call fewer for every entry)


def candidates(state: SoLongState) -> Iterable[Any]:
    return PLAYS_BY[state.mode].candidates(state)


def check(state: SoLongState, action: Any) -> None:
    PLAYS_BY[state.mode].check(state, action)


def apply(state: SoLongState, action: Any) -> None:
    PLAYS_BY[state.mode].apply(state, action)

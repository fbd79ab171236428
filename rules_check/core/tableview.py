"""The table view of a log: what a scorekeeper at the table would have written of the same game.

A simulated game's log (rules_check/core/simulate.py) knows everything: each deck's shuffled
order, each new order after a shuffle. Nobody at a table knows them (issue 24). `table_view`
turns a full log into the log of the same game as the table saw it: the setup without orders,
shuffles without orders, and every entry naming only what was seen (a card played, a hand
shown), plus the cards the rules needed to see (an effect that reveals the top of a deck) and
those turned up at the end to count the scores. Each engine says how (its ``table_view(log)``
hook, with ``has_table_view`` true: each of the four games has one, in
``rules_check/games/GAME/table.py``); for an engine without one (a new game's) there is no table
view, and ``pnp simulate --view table`` refuses rather than pass a log with orders off as one.

The checker judges a table view as it judges any log: legal when some order of the unseen piles
makes every entry legal (rules_check/core/zones.py). A table view of a legal game is legal, with
the same scores where the table view decides them.
"""

from __future__ import annotations

import copy
from typing import Any

from .engine import Engine

VIEWS = ("full", "table")


def table_view(engine: Engine[Any, Any], log: dict[str, Any]) -> dict[str, Any]:
    """The table view of the full log ``log`` ({game, players, setup, log}); a new dict."""
    return engine.table_view(copy.deepcopy(log))

"""Reading a game log (SPEC.md, "Game logs") with the line of every entry.

    game: visions
    players: [Ana, Ben, Cleo]
    setup: {...}
    log:
      - {...}

Logs come from both sides of a dispute, so the reading is as guarded as for card files:
safe YAML only, a size cap, alias bombs and binary data refused (`pnp.data.yamlsafe`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.data.errors import InputError
from pnp.data.yamlsafe import Located, load_yaml

MAX_LOG_BYTES = 8 * 1024 * 1024
MAX_LOG_NODES = 2_000_000
KEYS = {"game", "players", "setup", "log"}


@dataclass
class Entry:
    index: int
    line: int | None
    data: Any


@dataclass
class GameLog:
    file: str
    game: str
    players: list[str]
    setup: Any
    entries: list[Entry]
    doc: Located

    def setup_line(self, path: tuple = ()) -> int | None:
        return self.doc.line_of(("setup",) + tuple(path))


def read_log(path: str | Path, games: dict[str, Any]) -> GameLog:
    """The log in ``path``; `InputError` (exit 2) for anything that is not a game log."""
    doc = load_yaml(path, max_bytes=MAX_LOG_BYTES, max_nodes=MAX_LOG_NODES, what="game log")
    file = str(path)
    data = doc.data
    if not isinstance(data, dict):
        raise InputError(file, "expected a game log: a mapping with game, players, setup and log", line=1)
    unknown = sorted(set(map(str, data)) - KEYS)
    if unknown:
        raise InputError(file, f"unknown key {unknown[0]!r} (a log has {', '.join(sorted(KEYS))})",
                         line=doc.line_of((unknown[0],)), field=unknown[0])
    for key in ("game", "players", "setup", "log"):
        if key not in data:
            raise InputError(file, "is required but missing", line=1, field=key)
    game = data["game"]
    if not isinstance(game, str) or game not in games:
        raise InputError(file, f"unknown game {game!r} (known: {', '.join(games)})",
                         line=doc.line_of(("game",)), field="game")
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise InputError(file, "expected a list of player names", line=doc.line_of(("players",)), field="players")
    if len(set(players)) != len(players):
        raise InputError(file, "a player is named twice", line=doc.line_of(("players",)), field="players")
    low, high = games[game].players
    if not low <= len(players) <= high:
        raise InputError(file, f"{game} is played by {games[game].player_range()}, got {len(players)}",
                         line=doc.line_of(("players",)), field="players")
    log = data["log"]
    if log is None:
        log = []
    if not isinstance(log, list):
        raise InputError(file, "expected a list of entries", line=doc.line_of(("log",)), field="log")
    entries = [Entry(i, doc.line_of(("log", i)), e) for i, e in enumerate(log)]
    return GameLog(file, game, players, data["setup"], entries, doc)


def log_in_memory(log: dict[str, Any], file: str = "<simulated>") -> GameLog:
    """A log held as data (a simulated game, a test's) as the checker reads it, without the
    YAML round trip: entry i stands on line i + 1; the setup has no lines."""
    entries = [Entry(i, i + 1, e) for i, e in enumerate(log["log"])]
    return GameLog(file, log["game"], list(log["players"]), log["setup"], entries, Located(None, file, {}))

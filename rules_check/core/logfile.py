"""Reading a game log (docs/logs/README.md, "The file") with the line of every entry.

    game: visions
    players: [Ana, Ben, Cleo]
    event: Spring Open          # optional match metadata, as PGN headers give a chess game:
    round: 3                    # event, round, date, table and notes
    setup: {...}
    log:
      - {...}

Logs come from both sides of a dispute, so the reading is as guarded as for card files:
safe YAML only, a size cap, alias bombs and binary data refused (`pnp.data.yamlsafe`). A log
can also come from standard input (`read_log_stream`), with the same limits.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterator

import yaml

from pnp.data.errors import InputError, shown
from pnp.data.names import normalise
from pnp.data.text import nfc, player_name_problem
from pnp.data.yamlsafe import (Located, NotADate, build_node, build_value, compose_yaml_text, load_yaml_text,
                               read_stream_text, read_text)

from .logflow import FlowLog, read_entry_lines
from .logstream import Entry, StreamedEntries, outline

MAX_LOG_BYTES = 8 * 1024 * 1024
MAX_LOG_NODES = 2_000_000
# characters: a log up to this is read in one pass (fast: one parser started, no outline); a
# longer one streams its entries. A game of a few hundred entries is 10 to 100 kB.
STREAM_ABOVE = 1_000_000
REQUIRED = ("game", "players", "setup", "log")
METADATA = ("event", "round", "date", "table", "notes")  # optional, checked for type only
KEYS = set(REQUIRED) | set(METADATA)
STDIN = "-"  # the file name of a log read from standard input, in reports too

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class Metadata:
    """Where and when the game was played: free text and numbers the checker only shows
    (nothing of it changes the verdict). ``date`` is ISO, YYYY-MM-DD."""

    event: str | None = None
    round: int | str | None = None
    date: str | None = None
    table: int | str | None = None
    notes: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in METADATA}


@dataclass
class GameLog:
    file: str
    game: str
    players: list[str]
    setup: Any
    entries: list[Entry] | StreamedEntries | NodeEntries  # built as the replay reaches them
    doc: Located
    metadata: Metadata = field(default_factory=Metadata)

    def setup_line(self, path: tuple[Any, ...] = ()) -> int | None:
        return self.doc.line_of(("setup",) + tuple(path))


def read_log(path: str | Path, games: dict[str, Any]) -> GameLog:
    """The log in ``path``; `InputError` (exit 2) for anything that is not a game log."""
    file = str(path)
    return parse_log(read_text(path, max_bytes=MAX_LOG_BYTES, what="game log"), file, games)


def read_log_stream(stream: BinaryIO, games: dict[str, Any], file: str = STDIN) -> GameLog:
    """One log read from a byte stream (standard input), with a file's limits: at most
    MAX_LOG_BYTES, no binary data, UTF-8."""
    return parse_log(read_stream_text(stream, file, MAX_LOG_BYTES, "game log"), file, games)


def parse_log(text: str, file: str, games: dict[str, Any]) -> GameLog:
    """The log written in ``text`` (``file`` names it in messages): read in one pass, every
    entry with its line, when it is at most `STREAM_ABOVE` characters (a game of a few hundred
    entries is 10 to 100 kB); a longer one has its entries read one at a time as the replay
    reaches them (rules_check/core/logstream.py: its memory stays flat), the rest at once.
    The text is read in NFC (`pnp.data.text.nfc`): a name typed in either Unicode form is one name."""
    text = nfc(text)
    if len(text) <= STREAM_ABOVE:
        return _parse_one_pass(text, file, games)
    shape = outline(text)
    if shape is None:
        return _parse(text, text, file, games, None)
    return _parse(shape.header, text, file, games, shape)


class NodeEntries:
    """The log's entries of a document composed in one pass, each built when it is reached (as
    a streamed log's are: an entry past the one that decides the game is never built, so the
    two ways of reading give the same verdict; an entry that does not build is the error of
    that entry, at its line)."""

    def __init__(self, nodes: list[Any], file: str) -> None:
        self.nodes, self.file = nodes, file

    def __len__(self) -> int:
        return len(self.nodes)

    def __getitem__(self, i: int) -> Entry:
        if not 0 <= i < len(self.nodes):
            raise IndexError(i)
        node = self.nodes[i]
        return Entry(i, node.start_mark.line + 1, build_value(node, self.file, ("log", i), MAX_LOG_NODES))

    def __iter__(self) -> Iterator[Entry]:
        for i in range(len(self.nodes)):
            yield self[i]


def _parse_one_pass(text: str, file: str, games: dict[str, Any]) -> GameLog:
    """The log composed in one pass of the C parser; its header built at once, its entries as
    the replay reaches them (`NodeEntries`). A document that is not a mapping with a list under
    ``log`` is read the whole way, which names what is wrong. Entries written one to a line in
    the log writer's shape are read from their lines (`read_entry_lines`), and only the rest
    of the file is composed."""
    flow = read_entry_lines(text)
    if flow is not None:
        header = _flow_header(flow, file)
        if header is not None:
            doc = _dated(lambda: build_node(header, file, (), MAX_LOG_NODES), file)
            doc.lines[("log",)] = flow.first  # a block list starts at its first item
            return _checked(doc, file, games, flow.entries)
    root = compose_yaml_text(text, file, MAX_LOG_NODES)
    log_at = None
    if isinstance(root, yaml.MappingNode):
        keys = [k.value if isinstance(k, yaml.ScalarNode) else None for k, _ in root.value]
        if keys.count("log") == 1 and "<<" not in keys:
            log_at = keys.index("log")
    if root is None or log_at is None or not isinstance(root.value[log_at][1], yaml.SequenceNode):
        return _parse(text, text, file, games, None)
    key, log_node = root.value[log_at]
    # the header built with the log's list empty: its entries wait for the replay
    root.value[log_at] = (key, yaml.SequenceNode(log_node.tag, [], log_node.start_mark, log_node.end_mark))
    try:
        doc = _dated(lambda: build_node(root, file, (), MAX_LOG_NODES), file)
    finally:
        root.value[log_at] = (key, log_node)
    return _checked(doc, file, games, NodeEntries(log_node.value, file))


def _flow_header(flow: FlowLog, file: str) -> yaml.Node | None:
    """The composed rest of a log whose entries were read from their lines: None (read the
    whole way) unless it composes and is a mapping whose one ``log`` is the empty list written
    in place of the entries (else those lines were not the log's: inside a quoted text, say)."""
    try:
        root = compose_yaml_text(flow.header, file, MAX_LOG_NODES)
    except InputError:
        return None  # the whole file's reading gives the error where it is
    if not isinstance(root, yaml.MappingNode):
        return None
    logs = [value for key, value in root.value
            if isinstance(key, yaml.ScalarNode) and key.value in ("log", "<<")]
    if len(logs) != 1 or not isinstance(logs[0], yaml.SequenceNode) or logs[0].value \
            or (logs[0].start_mark.line, logs[0].start_mark.column) != (flow.line, len("log: ")):
        return None
    return root


def _parse(header: str, text: str, file: str, games: dict[str, Any], shape: Any) -> GameLog:
    """``header``: the text read at once (the whole file, or the file with the log's entries
    blanked out when ``shape`` outlines where they are)."""
    doc = _dated(lambda: load_yaml_text(header, file, max_nodes=MAX_LOG_NODES), file)
    entries = None
    if shape is not None:
        entries = StreamedEntries(text, file, shape, MAX_LOG_NODES,
                                  lambda: _parse(text, text, file, games, None).entries)  # type: ignore[arg-type, return-value]
    return _checked(doc, file, games, entries)


def _dated(read: Callable[[], Located], file: str) -> Located:
    """``read()``, an unquoted 2024-13-45 at the log's ``date`` said as what a date is written as."""
    try:
        return read()
    except NotADate as exc:
        if exc.path != ("date",):
            raise
        raise InputError(file, f"expected a date as YYYY-MM-DD, got {shown(exc.value)} ({exc.problem})", line=exc.line,
                         field="date") from None


def _checked(doc: Located, file: str, games: dict[str, Any],
             entries: list[Entry] | StreamedEntries | NodeEntries | None) -> GameLog:
    """The log of a read document: its keys, game, players and metadata checked; ``entries``:
    read as the replay reaches them (None: the document's own, built already)."""
    data = doc.data
    if not isinstance(data, dict):
        raise InputError(file, "expected a game log: a mapping with game, players, setup and log", line=1)
    unknown = sorted(set(map(str, data)) - KEYS)
    if unknown:
        raise InputError(file, f"unknown key {shown(unknown[0])} (a log has {', '.join(REQUIRED)}, and may have "
                               f"{', '.join(METADATA)})", line=doc.line_of((unknown[0],)), field=unknown[0])
    for key in REQUIRED:
        if key not in data:
            raise InputError(file, "is required but missing", line=1, field=key)
    game = data["game"]
    if not isinstance(game, str) or game not in games:
        raise InputError(file, f"unknown game {shown(game)} (known: {', '.join(games)})",
                         line=doc.line_of(("game",)), field="game")
    players = read_players(data["players"], file, doc.line_of)
    low, high = games[game].players
    if not low <= len(players) <= high:
        raise InputError(file, f"{game} is played by {games[game].player_range()}, got {len(players)}",
                         line=doc.line_of(("players",)), field="players")
    metadata = read_metadata(data, file, lambda key: doc.line_of((key,)))
    log = data["log"]
    if log is None:
        log = []
    if not isinstance(log, list):
        raise InputError(file, "expected a list of entries", line=doc.line_of(("log",)), field="log")
    read: list[Entry] | StreamedEntries | NodeEntries = (
        entries if entries is not None else [Entry(i, doc.line_of(("log", i)), e) for i, e in enumerate(log)])
    return GameLog(file, game, players, data["setup"], read, doc, metadata)


def read_players(players: Any, file: str, line_of: Callable[[tuple[Any, ...]], int | None]) -> list[str]:
    """The log's ``players:``, a list of names each of which can name a player
    (`pnp.data.text.player_name_problem`: at most 64 characters, no / or :, no control or
    format character), no two the same name as names are compared (`normalise`: "Ana" and
    "ana" would be two players no reader tells apart). Every key of the checker, every score
    and every page is keyed by these names: one that cannot be is refused here, at its line."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise InputError(file, "expected a list of player names", line=line_of(("players",)), field="players")
    seen: dict[str, str] = {}
    for i, name in enumerate(players):
        problem = player_name_problem(name)
        if problem is not None:
            raise InputError(file, f"player {i + 1}: {problem}", line=line_of(("players", i)) or line_of(("players",)),
                             field="players")
        key = normalise(name)
        if key in seen:
            same = "" if seen[key] == name else f" (as {seen[key]!r}: names match whatever their case, spaces and form)"
            raise InputError(file, f"a player is named twice: {name!r}{same}", line=line_of(("players", i))
                             or line_of(("players",)), field="players")
        seen[key] = name
    return players


def read_metadata(data: dict[str, Any], file: str,
                  line_of: Callable[[str], int | None] = lambda key: None) -> Metadata:
    """The match metadata of a log's top level, each key checked for its type only: ``event``
    and ``notes`` text, ``round`` and ``table`` a number or text, ``date`` a date (a YAML
    date, or text written YYYY-MM-DD). An empty value is an absent one."""
    found: dict[str, Any] = {}
    for key in METADATA:
        value = data.get(key)
        if value is None:
            continue
        if key in ("event", "notes"):
            if not isinstance(value, str):
                quote = isinstance(value, (int, float, datetime.date)) and not isinstance(value, bool)
                hint = f": write it in quotes (\"{value}\")" if quote else ""
                raise InputError(file, f"expected text, got {_kind(value)}{hint}", line=line_of(key), field=key)
        elif key in ("round", "table"):
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise InputError(file, f"expected a number or text, got {_kind(value)}", line=line_of(key), field=key)
        else:
            value = _iso_date(value, file, line_of(key))
        found[key] = value
    return Metadata(**found)


def _iso_date(value: Any, file: str, line: int | None) -> str:
    if isinstance(value, datetime.datetime):
        raise InputError(file, f"expected a date as YYYY-MM-DD, got a date and time ({value.isoformat(' ')}); "
                               "write the time in the notes", line=line, field="date")
    if isinstance(value, datetime.date):
        return value.isoformat()
    if not isinstance(value, str):
        raise InputError(file, f"expected a date as YYYY-MM-DD, got {_kind(value)}", line=line, field="date")
    text = value.strip()
    if not _ISO_DATE.fullmatch(text):
        raise InputError(file, f"expected a date as YYYY-MM-DD, got {shown(value)}", line=line, field="date")
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError as exc:
        raise InputError(file, f"expected a date as YYYY-MM-DD, got {shown(value)} ({exc})", line=line,
                         field="date") from None


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()} (yes or no)"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, datetime.date):
        return f"the date {value.isoformat()}"
    return repr(value)


def log_in_memory(log: dict[str, Any], file: str = "<simulated>") -> GameLog:
    """A log held as data (a simulated game, a test's) as the checker reads it, without the
    YAML round trip: entry i stands on line i + 1; the setup has no lines."""
    entries = [Entry(i, i + 1, e) for i, e in enumerate(log["log"])]
    return GameLog(file, log["game"], list(log["players"]), log["setup"], entries, Located(None, file, {}),
                   read_metadata(log, file))

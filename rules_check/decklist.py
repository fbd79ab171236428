"""Reading decklists as players write them and as their tools export them (docs/decklists.md, "The two forms").

Text: one card a line, an optional count before the name (``1 Oppress``, ``1x Oppress``,
``1 x Oppress``) or after it (``Oppress x1``), ``#`` comments (whole lines or after a
name), blank lines ignored, a ``Sideboard`` line (optionally with a colon) or ``SB:`` before
a card for the sideboard, an optional ``Player: NAME`` line. YAML:
``{player: NAME, deck: [names], sideboard: [names]}``.

What deck tools export is read too: section headers with or without a count
(``Deck``, ``Creatures (21)``, ``Wills (9)``, ``Manifestations: 21``, ``Sideboard (6)``,
``Wills:``) and a set code with an optional collector number after the name
(``1 Spite (KTM) 12``, ``1x Spite [KTM] 12``), which is dropped: the pool has no sets.

Every line is classified: a line that is not understood is kept with its number and why,
and reported as an ``unreadable-line`` error; nothing is dropped silently. A file without a
single card (empty, only comments or headers, or nothing but unreadable lines) is not a
0-card deck but an unusable file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from pydantic import BaseModel, ConfigDict, Field

from pnp.data.errors import InputError, shown
from pnp.data.text import nfc, player_name_problem
from pnp.data.validate import validate
from pnp.data.yamlsafe import MAX_DIGITS, load_yaml_text, read_stream_text, read_text

MAX_DECKLIST_BYTES = 64 * 1024
MAX_COUNT = 99
STDIN = "-"  # the file name of a decklist read from standard input, in reports too

_COMMENT = re.compile(r"(^|\s)#.*$")
_COUNT_FIRST = re.compile(r"^(\d+)\s*[xX×]?\s+(\S.*)$")
_COUNT_LAST = re.compile(r"^(\S.*?)\s+[xX×](\d+)$")
_SB_PREFIX = re.compile(r"^sb\s*:\s*(\S.*)$", re.IGNORECASE)
_PLAYER = re.compile(r"^player\s*:\s*(\S.*)$", re.IGNORECASE)
# a header: a title, then a count as "(21)" or ": 21", then an optional colon
_COUNTED_HEADER = re.compile(r"^(?P<title>[^\W\d_][^():#\[\]]*?)\s*(?:\(\s*(?P<a>\d+)\s*\)|:\s*(?P<b>\d+))\s*:?$")
# a header without a count: one of the words below, or any title ending in a colon
_HEADER = re.compile(r"^(?P<title>[^\W\d_][^():#\[\]]*?)\s*(?P<colon>:?)$")
_SIDEBOARD_TITLES = {"sideboard", "side board", "sb"}
_MAIN_TITLES = {"deck", "main", "main deck", "maindeck"}
_SECTION_WORDS = _SIDEBOARD_TITLES | _MAIN_TITLES | {
    "manifestation", "manifestations", "will", "wills", "creature", "creatures", "spell", "spells"}
# what an exporter writes after the name: "(KTM) 12", "[KTM] 12", "(KTM)", "[KTM:12]"
_SET_CODE = re.compile(r"\s+[(\[]\s*[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*\s*(?::\s*[\w-]+\s*)?[)\]]"
                       r"(?:\s+[\w-]*\d[\w-]*)?(?:\s+\*[A-Za-z]\*)?$")


@dataclass(frozen=True)
class Entry:
    """One line of a list: ``count`` copies of ``name`` (as written) at ``line``."""

    name: str
    count: int
    line: int | None


@dataclass(frozen=True)
class Header:
    """A section header that states a count (``Creatures (21)``) and the cards listed under
    it, up to the next header."""

    title: str
    line: int
    stated: int
    listed: int


@dataclass
class Decklist:
    file: str
    player: str | None
    deck: list[Entry] = field(default_factory=list)
    sideboard: list[Entry] = field(default_factory=list)
    # lines not understood: (line, text, why)
    unreadable: list[tuple[int, str, str]] = field(default_factory=list)
    headers: list[Header] = field(default_factory=list)

    @property
    def deck_size(self) -> int:
        return sum(e.count for e in self.deck)

    @property
    def sideboard_size(self) -> int:
        return sum(e.count for e in self.sideboard)


def _number(digits: str) -> int | None:
    """A count as written, or None past MAX_DIGITS digits (Python reads no int of more than
    4,300, and no count needs more than a few)."""
    return int(digits) if len(digits) <= MAX_DIGITS else None


def _entry(text: str, line: int | None) -> Entry | str:
    """An entry, or why the text is not one."""
    m = _COUNT_FIRST.match(text) or None
    name, written = text, "1"
    if m:
        written, name = m.group(1), m.group(2).strip()
    else:
        m = _COUNT_LAST.match(text)
        if m:
            name, written = m.group(1).strip(), m.group(2)
    count = _number(written)
    if count is None:
        return f"a count of {len(written)} digits is not a deck (numbers have at most {MAX_DIGITS} digits)"
    name = _SET_CODE.sub("", name).strip()
    if not re.search(r"[^\W\d_]", name) or re.fullmatch(r"\d+\s*[xX×]", name):
        return "expected a card name (with an optional count like `1 Oppress`)"
    if name.endswith(":"):
        return "expected a card name, not a heading with a count before it"
    if count < 1:
        return f"a count of {count}: leave the card out instead"
    if count > MAX_COUNT:
        return f"a count of {count} is not a deck"
    return Entry(name, count, line)


def _header(line: str) -> tuple[str, int | None] | None:
    """(title, stated count or None) when the line is a section header."""
    m = _COUNTED_HEADER.match(line)
    if m:
        return " ".join(m.group("title").split()), _number(m.group("a") or m.group("b"))
    m = _HEADER.match(line)
    if m:
        title = " ".join(m.group("title").split())
        if m.group("colon") or title.casefold() in _SECTION_WORDS:
            return title, None
    return None


def parse_text(text: str, file: str) -> Decklist:
    """A text decklist; the player is a ``Player:`` line's, else the file's name (none for
    standard input)."""
    deck = Decklist(file=file, player=None if file == STDIN else Path(file).stem)
    if not text.strip():
        raise NoCard(file, "empty: expected a decklist, one card a line (like `1 Oppress`)", player=deck.player)
    section = deck.deck
    counted: list[Header] = []  # the open header that stated a count, if any

    def close() -> None:
        if counted:
            deck.headers.append(counted.pop())

    for number, raw in enumerate(text.splitlines(), start=1):
        line = _COMMENT.sub("", raw).strip()
        if not line:
            continue
        m = _PLAYER.match(line)
        if m:
            deck.player = _player_name(m.group(1).strip(), file, number)
            continue
        header = _header(line)
        if header is not None:
            title, stated = header
            close()
            if title.casefold() in _SIDEBOARD_TITLES:
                section = deck.sideboard
            elif title.casefold() in _MAIN_TITLES:
                section = deck.deck
            if stated is not None:
                counted.append(Header(title, number, stated, 0))
            continue
        target = section
        m = _SB_PREFIX.match(line)
        if m:
            line, target = m.group(1).strip(), deck.sideboard
        entry = _entry(line, number)
        if isinstance(entry, str):
            deck.unreadable.append((number, raw.strip(), entry))
            continue
        target.append(entry)
        if counted:
            h = counted[0]
            counted[0] = Header(h.title, h.line, h.stated, h.listed + entry.count)
    close()
    _require_a_card(deck)
    return deck


def _player_name(name: str, file: str, line: int | None, field: str | None = None) -> str:
    """A player's name as a list writes it (a ``Player:`` line, a YAML ``player:``), refused
    at its line when it cannot name a player (`pnp.data.text.player_name_problem`): the
    same rule as a game log's players, whose decklists these are."""
    problem = player_name_problem(name)
    if problem is not None:
        where = "" if field else "Player: "
        raise InputError(file, where + problem, line=line, field=field)
    return name


class NoCard(InputError):
    """A list without a single card: unusable, but its player (a ``Player:`` line, else the
    file's name) is known, so a desk can still tell whose list it is."""

    def __init__(self, file: str, message: str, line: int | None = None, player: str | None = None) -> None:
        super().__init__(file, message, line=line)
        self.player = player


def _require_a_card(deck: Decklist) -> None:
    """A list without one card is not a 0-card deck: nothing in it can be checked."""
    if deck.deck or deck.sideboard:
        return
    if not deck.unreadable:
        raise NoCard(deck.file, "no card, only comments, headers or blank lines: expected a decklist, one card a "
                                "line (like `1 Oppress`)", player=deck.player)
    line, text, why = deck.unreadable[0]
    others = len(deck.unreadable) - 1
    more = f" (and {others} other line{'s' * (others != 1)} not understood)" if others else ""
    raise NoCard(deck.file, f"no card: line {line} not understood: {shown(text)}: {why}{more}", line=line or None,
                 player=deck.player)


class _YamlDecklist(BaseModel):
    model_config = ConfigDict(extra="forbid")

    player: str = Field(min_length=1)
    deck: list[str]
    sideboard: list[str] = Field(default_factory=list)
    event: str | None = None
    date: str | None = None


def parse_yaml(text: str, file: str) -> Decklist:
    """A YAML decklist (``player``, ``deck``, optional ``sideboard``)."""
    doc = load_yaml_text(text, file, max_nodes=10_000)
    if doc.data is None:
        raise InputError(file, "empty: expected a decklist with `player:`, `deck:` and `sideboard:`")
    if not isinstance(doc.data, dict):
        raise InputError(file, "expected a mapping with `player:`, `deck:` and `sideboard:`", line=1)
    if "date" in doc.data and doc.data["date"] is not None:
        doc.data["date"] = str(doc.data["date"])
    parsed = validate(_YamlDecklist, doc)
    deck = Decklist(file=file, player=_player_name(parsed.player, file, doc.line_of(("player",)), "player"))
    for key, names, target in (("deck", parsed.deck, deck.deck), ("sideboard", parsed.sideboard, deck.sideboard)):
        for i, name in enumerate(names):
            line = doc.line_of((key, i))
            entry = _entry(name.strip(), line)
            if isinstance(entry, str):
                deck.unreadable.append((line or 0, name, entry))
            else:
                target.append(entry)
    if deck.unreadable and not (deck.deck or deck.sideboard):
        _require_a_card(deck)
    return deck


def _looks_like_yaml(text: str) -> bool:
    """Whether text of unknown form (standard input) is the YAML form: a mapping with a
    ``deck:`` or ``player:`` key. Anything else, unparsable YAML included, is read as text."""
    try:
        doc = load_yaml_text(text, STDIN, max_nodes=10_000)
    except InputError:
        return False
    return isinstance(doc.data, dict) and ("deck" in doc.data or "player" in doc.data)


def parse_decklist(text: str, file: str, yaml: bool | None = None) -> Decklist:
    """A decklist in either form: YAML when ``yaml`` says so, else guessed from the text. The
    text is read in NFC (`pnp.data.text.nfc`), so a name is the same whichever Unicode form it
    was typed in."""
    text = nfc(text)
    if yaml is None:
        yaml = _looks_like_yaml(text)
    return parse_yaml(text, file) if yaml else parse_text(text, file)


def read_decklist(path: str | Path) -> Decklist:
    """Read a decklist file: YAML by its ending (.yaml, .yml), text otherwise."""
    p = Path(path)
    text = read_text(p, max_bytes=MAX_DECKLIST_BYTES, what="decklist")
    return parse_decklist(text, str(p), yaml=p.suffix.lower() in (".yaml", ".yml"))


def read_decklist_stream(stream: BinaryIO, file: str = STDIN) -> Decklist:
    """Read one decklist from a byte stream (standard input), with a file's limits: at most
    64 KB, no binary data, UTF-8; YAML when it is the YAML form, text otherwise."""
    return parse_decklist(read_stream_text(stream, file, MAX_DECKLIST_BYTES, "decklist"), file)

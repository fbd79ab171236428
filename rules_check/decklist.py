"""Reading decklists as players write them (SPEC.md, "Decklists").

Text: one card a line, an optional count before the name (``1 Oppress``, ``1x Oppress``,
``1 x Oppress``) or after it (``Oppress x1``), ``#`` comments (whole lines or after a
name), blank lines ignored, a ``Sideboard`` line (optionally with a colon) or ``SB:`` before
a card for the sideboard, an optional ``Player: NAME`` line. YAML:
``{player: NAME, deck: [names], sideboard: [names]}``.

Every line is classified: a line that is not understood is kept with its number and why,
and reported as an ``unreadable-line`` error; nothing is dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from pnp.data.errors import InputError
from pnp.data.validate import validate
from pnp.data.yamlsafe import load_yaml_text, read_text

MAX_DECKLIST_BYTES = 64 * 1024
MAX_COUNT = 99

_COMMENT = re.compile(r"(^|\s)#.*$")
_COUNT_FIRST = re.compile(r"^(\d+)\s*[xX×]?\s+(\S.*)$")
_COUNT_LAST = re.compile(r"^(\S.*?)\s+[xX×](\d+)$")
_SIDEBOARD = re.compile(r"^(sideboard|side board|sb)\s*:?$", re.IGNORECASE)
_MAIN = re.compile(r"^(deck|main|main deck|maindeck)\s*:?$", re.IGNORECASE)
_SB_PREFIX = re.compile(r"^sb\s*:\s*(\S.*)$", re.IGNORECASE)
_PLAYER = re.compile(r"^player\s*:\s*(\S.*)$", re.IGNORECASE)


@dataclass(frozen=True)
class Entry:
    """One line of a list: ``count`` copies of ``name`` (as written) at ``line``."""

    name: str
    count: int
    line: int | None


@dataclass
class Decklist:
    file: str
    player: str
    deck: list[Entry] = field(default_factory=list)
    sideboard: list[Entry] = field(default_factory=list)
    # lines not understood: (line, text, why)
    unreadable: list[tuple[int, str, str]] = field(default_factory=list)

    @property
    def deck_size(self) -> int:
        return sum(e.count for e in self.deck)

    @property
    def sideboard_size(self) -> int:
        return sum(e.count for e in self.sideboard)


def _entry(text: str, line: int | None) -> Entry | str:
    """An entry, or why the text is not one."""
    m = _COUNT_FIRST.match(text) or None
    name, count = text, 1
    if m:
        count, name = int(m.group(1)), m.group(2).strip()
    else:
        m = _COUNT_LAST.match(text)
        if m:
            name, count = m.group(1).strip(), int(m.group(2))
    if not re.search(r"[^\W\d_]", name) or re.fullmatch(r"\d+\s*[xX×]", name):
        return "expected a card name (with an optional count like `1 Oppress`)"
    if name.endswith(":"):
        return "a heading that is not `Sideboard`: expected a card name"
    if count < 1:
        return f"a count of {count}: leave the card out instead"
    if count > MAX_COUNT:
        return f"a count of {count} is not a deck"
    return Entry(name, count, line)


def parse_text(text: str, file: str) -> Decklist:
    """A text decklist; the player is a ``Player:`` line's, else the file's name."""
    deck = Decklist(file=file, player=Path(file).stem)
    section = deck.deck
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _COMMENT.sub("", raw).strip()
        if not line:
            continue
        if _SIDEBOARD.match(line):
            section = deck.sideboard
            continue
        if _MAIN.match(line):
            section = deck.deck
            continue
        m = _PLAYER.match(line)
        if m:
            deck.player = m.group(1).strip()
            continue
        target = section
        m = _SB_PREFIX.match(line)
        if m:
            line, target = m.group(1).strip(), deck.sideboard
        entry = _entry(line, number)
        if isinstance(entry, str):
            deck.unreadable.append((number, raw.strip(), entry))
        else:
            target.append(entry)
    return deck


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
    if not isinstance(doc.data, dict):
        raise InputError(file, "expected a mapping with `player:`, `deck:` and `sideboard:`", line=1)
    if "date" in doc.data and doc.data["date"] is not None:
        doc.data["date"] = str(doc.data["date"])
    parsed = validate(_YamlDecklist, doc)
    deck = Decklist(file=file, player=parsed.player)
    for key, names, target in (("deck", parsed.deck, deck.deck), ("sideboard", parsed.sideboard, deck.sideboard)):
        for i, name in enumerate(names):
            line = doc.line_of((key, i))
            entry = _entry(name.strip(), line)
            if isinstance(entry, str):
                deck.unreadable.append((line or 0, name, entry))
            else:
                target.append(entry)
    return deck


def read_decklist(path: str | Path) -> Decklist:
    """Read a decklist file: YAML by its ending (.yaml, .yml), text otherwise."""
    p = Path(path)
    text = read_text(p, max_bytes=MAX_DECKLIST_BYTES, what="decklist")
    if p.suffix.lower() in (".yaml", ".yml"):
        return parse_yaml(text, str(p))
    return parse_text(text, str(p))

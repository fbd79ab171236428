"""A log's entries read from their lines, in the shape the log writer gives them, without the
YAML composer (issue 29: reading is half of what checking a log costs).

The writer (rules_check/logwriter.py), the table app and most hand-kept logs put one entry
per line, as a flow mapping under a top-level ``log:``::

    log:
      - {play: Desperate Measure, player: Ben, tribute: [Wrathborn], target: Ben/Mirror Strategist}
      - {pass: Ana}

The C composer makes a node, two marks and a Python call (the tag resolver) per value; here one
regular expression splits a line into its tokens and a short loop builds the value. It reads
only a strict subset of YAML, and reads it as YAML does:

* a line is ``<indent>- {...}``, every entry at the same indent (at least one space), between
  the ``log:`` line and the next line at column 0 (blank lines are skipped);
* values are flow mappings ``{key: value, ...}`` (a colon then a space), flow lists
  ``[a, b]``, single-quoted text (``'Gar Fild, the Malleable'``, ``''`` for a quote; no
  control character, tab or line break) and plain scalars made of letters, digits, spaces and
  ``' / . - + ( ) ! ;``, beginning with a letter, a digit, ``.``, ``+`` or ``~``; no double
  quotes, comments, tabs, anchors, aliases, tags, ``?``, ``:`` or ``#`` inside a plain
  scalar, no trailing comma, no empty value, no key written twice;
* a plain scalar's tag is the safe loader's own (`pnp.data.yamlsafe.plain_tag`, the same
  resolver and cache): text is kept, a plain decimal whole number becomes an int, true/false
  and null words their values. A scalar of any other tag (``1.5``, ``0x1F``, a date) or a key
  that is not text is outside the subset.

Anything outside it, on any line, and the whole log is read by the composer as before
(`read_entry_lines` returns None), which gives every error at its line: this reader never
makes an error of its own, so the two ways give the same entries or the same message. The
rest of the file (game, players, setup, metadata) is still composed, from the text with the
entries' lines blanked out (same line numbers), and the caller checks that its ``log`` is the
empty list written in place of the entries (`FlowLog.line`), else it reads the whole way.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Callable

from pnp.data.yamlsafe import MAX_DIGITS, plain_tag, tagged_first_characters

from .logstream import Entry

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"

_LOG_LINE = re.compile(r"^log:[ ]*$", re.MULTILINE)
_ENTRY = re.compile(r"( +)- (\{.*\})[ ]*")
# the tokens rewritten as JSON (`_token_json`): a plain scalar, a single-quoted one, a colon
# with no space after it, and any character that is none of these nor a bracket, a comma, a
# space or a colon (brackets, commas, spaces and ": " are the same in JSON)
_TOKEN = re.compile(r"([\w.+~][\w '/.+\-()!;]*)"
                    r"|'((?:[^\x00-\x1f\x7f-\x9f'\u2028\u2029\ufeff\ufffe\uffff]|'')*)'|(:(?! )|[^{}\[\], :])")
# the first characters of a plain scalar the resolver may give another tag than text
_TAGGED_FIRST = tagged_first_characters()
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
# YAML 1.1's words for true and false, as the resolver matches them (any other case is text)
_BOOLS = {"yes": True, "no": False, "true": True, "false": False, "on": True, "off": False}


@dataclass
class FlowLog:
    """The entries read from their lines, and the file with those lines blanked out."""

    header: str  # the text with ``log: []`` at the log's line and the entries' lines empty
    line: int  # the 0-based line of ``log: []`` in ``header``
    first: int  # the 1-based line of the first entry, where the composer's list starts
    entries: list[Entry]


def read_entry_lines(text: str) -> FlowLog | None:
    """The log's entries when every one of them is a line of the subset above, else None."""
    found = _LOG_LINE.search(text)
    if found is None or _LOG_LINE.search(text, found.end()) is not None or "\r" in text:
        return None
    start = found.end() + 1  # the first entry's line
    head = text[:found.start()]
    line0 = head.count("\n")  # the 0-based line of `log:`
    rest = text[start:] if start <= len(text) else ""
    lines = rest.split("\n")
    entries: list[Entry] = []
    indent: str | None = None
    end = len(lines)
    first = 0
    value_of = _Lines().value
    entry_line = _ENTRY.fullmatch
    # the first entry's indent and "- {": a later line that starts so and ends with "}" (then
    # spaces) is an entry as _ENTRY reads it, told by str methods at a third of the regex's cost
    prefix: str | None = None
    for n, line in enumerate(lines):
        if prefix is not None and line.startswith(prefix) and (stripped := line.rstrip(" "))[-1] == "}":
            body = stripped[len(prefix) - 1:]
        else:
            match = entry_line(line)
            if match is None:
                if not line.strip(" "):  # a blank line
                    continue
                if line[0] != " " and line[0] not in "#-\t":  # the next key at column 0: the log ends
                    end = n
                    break
                return None  # anything else (a comment, an entry at column 0...): the composer reads it
            line_indent, body = match.groups()
            if indent is None:
                indent, first = line_indent, n
                prefix = indent + "- {"
            elif line_indent != indent:
                return None
        value = value_of(body)
        if value is None:
            return None
        entries.append(Entry(len(entries), line0 + 2 + n, value))
    if not entries:  # `log:` with nothing under it is null, which the composer reads as such
        return None
    header = head + "log: []\n" + "\n" * end + "\n".join(lines[end:])
    return FlowLog(header, line0, line0 + 2 + first, entries)


class _Outside(Exception):
    """A token outside the subset: the composer reads the log."""


class _Lines:
    """The entries of one log, each line rewritten as JSON once: a log repeats most of its lines
    (``{pass: Ana}``) and says the same few names and numbers thousands of times, so the JSON of
    each line and of each token is kept while the log is read, and of each piece of a line
    from one log to the next (each of up to `_KEPT` characters: a long one costs its own
    reading only)."""

    def __init__(self) -> None:
        self.lines: dict[str, str] = {}  # an entry's text -> its JSON
        self.tokens: dict[str, str] = {}  # a token's text -> its JSON
        self.flat: dict[str, dict[str, Any]] = {}  # an entry's text -> its mapping of scalars only
        self.pieces = _PIECES_SEEN  # a piece's text (`rewrite`) -> its JSON, kept across logs

    def value(self, text: str) -> dict[str, Any] | None:
        """The flow mapping ``text`` as the safe loader builds it, or None outside the subset.

        Each scalar is rewritten as the JSON of its value, and the C JSON parser checks the
        brackets, commas and colons and builds the lists and mappings (afresh for each entry):
        what YAML and JSON write alike once the scalars are quoted (no trailing comma, no empty
        value, no key without a value). A character of neither stops the rewrite (`_Outside`).
        A line seen before whose mapping holds only scalars (``{pass: Ana}``, two entries in
        three of a Kartomantik log) is a copy of the mapping it gave then: each entry has a
        mapping of its own, as the loader gives it."""
        flat = self.flat.get(text)
        if flat is not None:
            return flat.copy()
        json_text = self.lines.get(text)
        try:
            if json_text is None:
                json_text = self.rewrite(text)
                if len(text) <= _KEPT:
                    self.lines[text] = json_text
            value, end = _scan(json_text, 0)
        except (_Outside, StopIteration, ValueError, RecursionError):
            return None
        if end != len(json_text) or not isinstance(value, dict):
            return None
        # a mapping of scalars only: its JSON opens no list and no mapping but itself (told in C;
        # a quoted text holding a bracket is taken for more, and read again each time: no harm)
        if len(text) <= _KEPT and "[" not in json_text and json_text.count("{") == 1:
            self.flat[text] = value.copy()  # (its own copy: the caller's mapping is the caller's)
        return value

    def rewrite(self, text: str) -> str:
        """``text`` as JSON. Without a quote, the line is cut at its brackets, commas and
        colons (each followed by a space: a colon without one is a scalar's, read token by
        token), and each piece looked up (a piece seen before costs a dictionary look-up, not a
        call; the spaces after a colon go with the next piece, which drops them); with a quote,
        token by token (a quoted text may hold a comma)."""
        if "'" in text or "\0" in text or text.count(":") != text.count(": "):  # (a colon with no space)
            return _TOKEN.sub(self.token, text)
        known, piece_json = self.pieces.get, self.piece
        cut = (text.replace("{", "\0{\0").replace("}", "\0}\0").replace("[", "\0[\0").replace("]", "\0]\0")
               .replace(",", "\0,\0").replace(": ", "\0:\0"))  # (str.replace and split run in C)
        return "".join([got if (got := known(piece)) is not None else piece_json(piece)
                        for piece in cut.split("\0")])

    def piece(self, piece: str) -> str:
        """The JSON of a piece of a line without quotes: a bracket, a comma, a colon and its
        spaces, or what lies between them (a plain scalar and the spaces around it, or only spaces)."""
        if piece in "{}[],":  # (and "")
            json_text = piece
        elif piece[0] == ":":
            json_text = ":"
        else:
            scalar = piece.strip(" ")
            if not scalar:
                json_text = ""
            else:
                match = _TOKEN.fullmatch(scalar)
                if match is None or match.lastindex != 1:
                    raise _Outside
                json_text = _token_json(match)
        if len(piece) <= _KEPT:
            if len(self.pieces) >= _PIECES_KEPT:
                self.pieces.clear()
            self.pieces[piece] = json_text
        return json_text

    def token(self, match: re.Match[str]) -> str:
        try:
            return self.tokens[match.group()]
        except KeyError:
            pass
        json_text = _token_json(match)
        if len(json_text) <= _KEPT:
            self.tokens[match.group()] = json_text
        return json_text


_KEPT = 400
# The pieces' JSON is kept from one log to the next (at most this many, then forgotten at once),
# as the YAML reader keeps each scalar's tag (pnp.data.yamlsafe): the logs of one event say the
# same names, and a piece's JSON depends on its text only.
_PIECES_KEPT = 20_000
_PIECES_SEEN: dict[str, str] = {}


def _token_json(match: re.Match[str]) -> str:
    kind = match.lastindex
    if kind == 1:  # a plain scalar: its tag as the resolver gives it
        plain = match.group(1).rstrip(" ")
        if plain[0] in _TAGGED_FIRST:
            tag = plain_tag(plain)
            if tag != _STR:
                if tag == _INT and plain.isdigit() and plain.isascii() and len(plain) <= MAX_DIGITS \
                        and (plain[0] != "0" or plain == "0"):  # decimal: 010 is octal
                    return plain
                if tag == _BOOL:
                    return "true" if _BOOLS[plain.lower()] else "false"
                if tag == _NULL:
                    return "null"
                raise _Outside
        return '"' + plain + '"'  # no quote, backslash or control character can be in it
    if kind == 2:  # 'single-quoted': text, a quote written twice
        return json.dumps(match.group(2).replace("''", "'"), ensure_ascii=False)
    raise _Outside


def _mapping(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Outside  # a key written twice: the composer names it
    return out


# the C scanner of one JSON value (what json.loads runs, without its Python wrapper per call)
_scan: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder(
    object_pairs_hook=_mapping).scan_once  # type: ignore[attr-defined]

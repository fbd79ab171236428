"""Text from strangers on its way to a reader (docs/limits.md, "Names and text").

Decklists, game logs, card files and file names are written by other people, and what pnp
prints or writes of them reaches a terminal, a spreadsheet or a judge's eyes. Each way out
has one helper here, used by every printer and writer of that kind:

- `printable`: a line of a text report (the terminal). Control characters (C0, DEL, C1) and
  the invisible ones that change how text around them is shown (format characters such as the
  bidi overrides and isolates, line and paragraph separators) are escaped as Python writes
  them (``\\x1b``, ``\\n``, ``\\u202e``), so an escape sequence in a log's notes cannot move the
  cursor and overwrite a verdict, and a newline in a file name cannot break a table.
- `player_name_problem`: what a name must be to name a player (length, characters).
- `csv_cell`: a cell of a CSV file pnp writes, neutralised when a spreadsheet would run it
  as a formula (OWASP, "CSV Injection").
- `nfc`: the one Unicode form text is read in (see its note).

Nothing here imports the checker or the drawing, so both sides use it.
"""

from __future__ import annotations

import unicodedata
from typing import Any

# --- Unicode forms ---------------------------------------------------------------------------------
#
# Text read from a decklist or a game log is put in NFC (canonical composition) as it is read:
# "José" typed as one character é and as e + a combining accent (as macOS names files) are then
# the same text, so a registered player and their submission, or a log's `players:` and its
# entries, match whichever way each was typed. NFC, not NFKC, for the text itself: it only joins
# what is canonically the same (what a reader sees does not change), while NFKC would rewrite
# what was written (a superscript ², a ligature, full-width letters). The looser comparison of
# names (`pnp.data.names.normalise`: case, spaces, quotes) also folds compatibility forms (NFKC),
# since two names that differ only there are the same name to a person.


def nfc(text: str) -> str:
    """``text`` in Unicode's NFC form (unchanged, and not copied, when it already is: ASCII is)."""
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


# --- the terminal ------------------------------------------------------------------------------------

# Categories of the characters no report prints as they are: control (C0, DEL, C1), format
# (bidi overrides and isolates, zero-width joiners, soft hyphen, byte order mark, tag characters),
# line and paragraph separators, and surrogates (a YAML "\ud800" is one: no terminal can print it).
ESCAPED = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
_SHORT = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(ch: str) -> str:
    code = ord(ch)
    if ch in _SHORT:
        return _SHORT[ch]
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: object) -> str:
    """``text`` as one line of a text report: every control, format, line or paragraph
    separator character written as its escape (``\\x1b``, ``\\n``, ``\\u202e``), everything
    else as it is (accents, CJK, emoji). A newline is escaped too: a report made of several
    lines passes each line through here (`printable_lines`)."""
    s = str(text)
    if s.isprintable():  # the common case, in C: no character of the classes above (nor a Zs but space)
        return s
    return "".join(_escape(ch) if unicodedata.category(ch) in ESCAPED else ch for ch in s)


def printable_lines(text: str) -> str:
    """A report of several lines: each line through `printable`, the line breaks kept."""
    return "\n".join(printable(line) for line in text.split("\n"))


# --- player names ------------------------------------------------------------------------------------

MAX_PLAYER_NAME = 64  # characters: a full name with a team or a nickname; the table app's page asks 40
# The checker names a player's cards OWNER/Card ("Ana/Oppress") and their piles PILE:OWNER
# ("hand:Ana"): a name holding either would be read as two.
NAME_SEPARATORS = "/:"


def player_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a player, or None: more than `MAX_PLAYER_NAME` characters,
    empty, a space at either end, a separator the checker keys a player's cards and piles by,
    or a character of `ESCAPED` (a control or format character: a right-to-left override makes
    "Ben" of another name on the page). The message quotes at most 40 characters of the name."""
    if len(name) > MAX_PLAYER_NAME:
        return f"a player's name has at most {MAX_PLAYER_NAME} characters, got {len(name):,}: {_quoted(name)}"
    if not name.strip():
        return "a player's name is some text, got an empty one"
    if name != name.strip():  # an entry's "player: Ana " is read as Ana: the names would differ
        return f"a player's name does not begin or end with a space, got {_quoted(name)}"
    for ch in name:
        if ch in NAME_SEPARATORS:
            return (f"a player's name cannot hold {ch!r} (the checker names a player's cards OWNER/Card and "
                    f"piles PILE:OWNER), got {_quoted(name)}")
        if unicodedata.category(ch) in ESCAPED:
            what = unicodedata.name(ch, "a control character")
            return (f"a player's name cannot hold U+{ord(ch):04X} ({what}): control and format characters "
                    f"change how a name is shown, got {_quoted(name)}")
    return None


def _quoted(name: str, limit: int = 40) -> str:
    """The name as a message quotes it: in quotes, its control and format characters escaped
    (``repr`` does that), at most ``limit`` characters and then "…"."""
    return repr(name) if len(name) <= limit else repr(name[:limit]) + "…"


# --- spreadsheets ------------------------------------------------------------------------------------

# A cell a spreadsheet reads as a formula (OWASP, "CSV Injection"): Excel and LibreOffice run a
# cell starting with = + - @, and one starting with a tab or a carriage return after trimming it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """``value`` as a cell of a CSV file pnp writes: text that a spreadsheet would run as a
    formula (``=HYPERLINK(...)``, ``@SUM(A1)``, ``+1+1``, ``-2+3``) gets a single quote in
    front, as OWASP advises, so it is shown as the text it is; numbers and other text as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_row(row: dict[str, Any]) -> dict[str, Any]:
    """Every cell of ``row`` through `csv_cell` (for ``csv.DictWriter.writerow``)."""
    return {key: csv_cell(value) for key, value in row.items()}

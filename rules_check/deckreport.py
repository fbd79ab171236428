"""The tournament desk: many decklists checked at once, matched to their registered lists,
and the verdicts printed (docs/decklists.md).

A file that cannot be used (binary, too large, empty, not a decklist) gets a row of its own
with the reason, and the batch goes on: an organiser sees every problem of every file in one
run. Every row has one shape, `DeckRow`, whatever happened to the file: the JSON report is
made from these models and `json_schema` publishes their schema.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import BinaryIO, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from pnp.data.errors import InputError, InputErrors
from pnp.data.text import printable

from .deckcheck import DeckReport, Problem, check_deck, registration_problems
from .decklist import STDIN, Decklist, NoCard, read_decklist, read_decklist_stream
from .names import normalise
from .pool import Pool

DECK_SUFFIXES = (".txt", ".dek", ".deck", ".yaml", ".yml", ".list")
REPORT_VERSION = 1

Code = Literal["deck-size", "points", "duplicate", "unknown-card", "sideboard-size", "not-in-registration",
               "unreadable-line", "will-count", "tribute-unpayable", "no-manifestation", "sideboard-duplicate",
               "header-count", "unusable"]
Status = Literal["legal", "illegal", "unusable", "not registered", "registration unusable", "no submission"]
STATUSES: tuple[str, ...] = Status.__args__  # type: ignore[attr-defined]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ProblemRow(_Strict):
    """One problem: its stable code, a plain message, the line of the file it is in (of the
    registered file for a registration error) and the card it is about."""

    code: Code
    message: str
    line: int | None
    card: str | None


class SwapRow(_Strict):
    """A card of the registered deck taken out (``out``) and one put in (``in``); a side is
    null when more cards came in than went out, or the other way round."""

    out: str | None
    in_: str | None = Field(alias="in")


class DeckRow(_Strict):
    """One submitted decklist, or one registered player without a submission. Every key is
    on every row; a key that does not apply is null (or an empty list)."""

    version: Literal[1] = Field(description="The shape of this row; it changes only with a new number.")
    file: str | None = Field(description='The submitted file ("-" for standard input); null: no submission.')
    player: str | None
    status: Status
    usable: bool | None = Field(description="The submitted file could be read; null: no submission.")
    legal: bool | None = Field(description="No error in the deck nor in its registration; null: no submission.")
    cards: int | None
    points: int | None
    fingerprint: str | None
    errors: list[ProblemRow]
    warnings: list[ProblemRow]
    registered: str | None = Field(description="The registered list matched to this player, if any.")
    registration_errors: list[ProblemRow] = Field(
        description="Problems of the registered list itself; their lines are that file's.")
    swaps: list[SwapRow]


_ROWS = TypeAdapter(list[DeckRow])


def json_schema() -> dict:
    """The JSON Schema of ``pnp check deck --format json`` (an array of `DeckRow`)."""
    schema = _ROWS.json_schema(mode="serialization")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "pnp check deck --format json", **schema}


def _problem(p: Problem) -> ProblemRow:
    return ProblemRow(code=p.code, message=p.message, line=p.line, card=p.card)


def _unusable(exc: InputError | InputErrors) -> list[ProblemRow]:
    errors = exc.errors if isinstance(exc, InputErrors) else [exc]
    return [ProblemRow(code="unusable", message=str(e), line=e.line, card=None) for e in errors]


def _row(file: str | None, player: str | None, status: str, report: DeckReport | None = None,
         errors: list[ProblemRow] | None = None, registered: str | None = None,
         registration_errors: list[ProblemRow] | None = None) -> DeckRow:
    r = report
    return DeckRow.model_validate({
        "version": REPORT_VERSION, "file": file, "player": player, "status": status,
        "usable": None if file is None else r is not None,
        "legal": None if file is None else status == "legal",
        "cards": r.cards if r else None, "points": r.points if r else None,
        "fingerprint": r.fingerprint if r else None,
        "errors": (errors or []) + ([_problem(p) for p in r.errors] if r else []),
        "warnings": [_problem(p) for p in r.warnings] if r else [],
        "registered": registered,
        "registration_errors": (registration_errors or []) + ([_problem(p) for p in r.registration_errors]
                                                               if r else []),
        "swaps": [{"out": s.out, "in": s.into} for s in r.swaps] if r else []})


def expand(paths: list[Path]) -> list[Path]:
    """Files as given; a folder stands for its decklist files (by ending), in name order. A
    FIFO or a device named like a decklist is kept, so that its row says what it is (a list
    left out without a word would be a player left out)."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(f for f in p.iterdir() if not f.is_dir() and f.suffix.lower() in DECK_SUFFIXES))
        else:
            out.append(p)
    return out


_Read = Decklist | InputError | InputErrors


def _read(path: Path, stdin: BinaryIO | None) -> _Read:
    try:
        if str(path) == STDIN:
            return read_decklist_stream(stdin if stdin is not None else sys.stdin.buffer)
        return read_decklist(path)
    except (InputError, InputErrors) as exc:
        return exc


def _player(read: _Read) -> str | None:
    """The player of a list, also of one without a card (its ``Player:`` line or file name)."""
    return read.player if isinstance(read, (Decklist, NoCard)) else None


def _file(path: Path) -> str:
    return STDIN if str(path) == STDIN else str(path)


def check_files(paths: list[Path], pool: Pool, registered: Path | None = None,
                stdin: BinaryIO | None = None) -> list[DeckRow]:
    """A row per decklist of ``paths`` (``-``: one read from ``stdin``). With ``registered``
    a file, every deck is checked against it; a folder, each deck against its player's
    registered list, and each registered player without a submission gets a row too.

    Raises `InputError` when ``registered`` is a folder without a decklist file."""
    submitted = [(_file(p), _read(p, stdin)) for p in expand(paths)]
    if registered is None:
        return [_checked(file, read, pool) for file, read in submitted]
    if not registered.is_dir():
        reg = (str(registered), _read(registered, stdin))
        return [_checked(file, read, pool, [reg]) for file, read in submitted]

    regs = [(str(p), _read(p, stdin)) for p in expand([registered])]
    if not regs:
        raise InputError(registered, "no registered list in this folder (files ending .txt, .dek, .deck, .list, "
                                     ".yaml or .yml)")
    by_player: dict[str, list[int]] = {}
    by_stem: dict[str, list[int]] = {}
    for i, (file, read) in enumerate(regs):
        if _player(read):
            by_player.setdefault(normalise(_player(read)), []).append(i)
        by_stem.setdefault(normalise(Path(file).stem), []).append(i)

    rows: list[DeckRow] = []
    used: set[int] = set()
    for file, read in submitted:
        player = _player(read)
        found = by_player.get(normalise(player), []) if player else []
        if not found and file != STDIN:
            found = by_stem.get(normalise(Path(file).stem), [])
        used.update(found)
        if not found:
            rows.append(_not_registered(file, read, pool, registered))
        else:
            rows.append(_checked(file, read, pool, [regs[i] for i in found]))
    for i, (file, read) in enumerate(regs):
        if i not in used:
            rows.append(_no_submission(file, read, pool))
    return rows


def _checked(file: str, read: _Read, pool: Pool, regs: list[tuple[str, _Read]] | None = None) -> DeckRow:
    """The row of a submitted list, checked against its registered list when ``regs`` holds
    one; two registered lists for one player are a registration that cannot be used."""
    reg_file = regs[0][0] if regs else None
    reg_errors: list[ProblemRow] = []
    reg: Decklist | None = None
    if regs and len(regs) > 1:
        names = ", ".join(f for f, _ in regs)
        reg_errors = [ProblemRow(code="unusable", card=None, line=None,
                                 message=f"{len(regs)} registered lists match this player: {names}; keep one")]
        reg_file = None
    elif regs:
        found = regs[0][1]
        if isinstance(found, Decklist):
            reg = found
        else:
            reg_errors = _unusable(found)
    if not isinstance(read, Decklist):
        return _row(file, _player(read), "unusable", errors=_unusable(read), registered=reg_file,
                    registration_errors=reg_errors)
    report = check_deck(read, pool, reg)
    status = "registration unusable" if reg_errors else "legal" if report.legal else "illegal"
    return _row(file, read.player, status, report, registered=reg_file, registration_errors=reg_errors)


def _not_registered(file: str, read: _Read, pool: Pool, folder: Path) -> DeckRow:
    if not isinstance(read, Decklist):
        return _row(file, _player(read), "unusable", errors=_unusable(read))
    stem = "" if file == STDIN else f" nor a file named {Path(file).stem}.*"
    who = f"player {read.player}" if read.player else "this list (it names no player)"
    missing = ProblemRow(code="not-in-registration", card=None, line=None,
                         message=f"no registered list for {who} in {folder}{stem}")
    return _row(file, read.player, "not registered", check_deck(read, pool), errors=[missing])


def _no_submission(file: str, read: _Read, pool: Pool) -> DeckRow:
    """A registered list no submitted list matched: its player's row, with the problems of
    the registered file itself."""
    if not isinstance(read, Decklist):
        return _row(None, _player(read), "registration unusable", registered=file,
                    registration_errors=_unusable(read))
    errors = [_problem(p) for p in registration_problems(read, pool)]
    return _row(None, read.player, "no submission", registered=file, registration_errors=errors)


def exit_code(rows: list[DeckRow]) -> int:
    """2 if a file (submitted or registered) could not be used, else 1 if a deck or a
    registered list breaks a rule, else 0. A registered player without a submission alone
    changes nothing."""
    if any(r.status in ("unusable", "registration unusable") for r in rows):
        return 2
    return 1 if any(r.errors or r.registration_errors for r in rows) else 0


def as_json(rows: list[DeckRow]) -> str:
    return json.dumps(_ROWS.dump_python(rows, mode="json", by_alias=True), indent=2, ensure_ascii=False)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _problems(r: DeckRow) -> str:
    if r.file is None and not r.registration_errors:
        return "-"
    text = _plural(len(r.errors) + len(r.registration_errors), "error")
    return text + (f", {_plural(len(r.warnings), 'warning')}" if r.warnings else "")


def _swaps(r: DeckRow) -> str:
    return ", ".join(f"{s.out or 'nothing'} -> {s.in_ or 'nothing'}" for s in r.swaps) or "-"


def _dash(value: object) -> str:
    return "-" if value is None else str(value)


def table(rows: list[DeckRow], by_player: bool) -> tuple[list[str], list[list[str]]]:
    """The headers and cells of the text table: a row per file, or with registered lists
    (``by_player``) a row per player with their status and swaps."""
    if by_player:
        headers = ["player", "file", "registered", "status", "cards", "points", "problems", "swaps"]
        return headers, [[_dash(r.player), _dash(r.file), _dash(r.registered), r.status, _dash(r.cards),
                          _dash(r.points), _problems(r), _swaps(r)] for r in rows]
    headers = ["file", "player", "legal", "cards", "points", "problems", "fingerprint"]
    legal = {"legal": "yes", "illegal": "NO", "unusable": "unusable"}
    return headers, [[_dash(r.file), _dash(r.player), legal[r.status], _dash(r.cards), _dash(r.points),
                      _problems(r), _dash(r.fingerprint)] for r in rows]


def _located(file: str | None, p: ProblemRow, kind: str) -> str:
    """``FILE:LINE: KIND CODE: message``; an unusable file's message, which names its file
    and line already, is not prefixed twice."""
    where = f"{file}:{p.line}" if p.line else f"{file}"
    message = p.message
    for prefix in (f"{where}: ", f"{file}: "):
        if message.startswith(prefix):
            message = message[len(prefix):]
            break
    return f"{where}: {kind} {p.code}: {message}"


def details(rows: list[DeckRow]) -> list[str]:
    """Every problem of every row, one a line, located in its file."""
    lines = []
    for r in rows:
        lines += [_located(r.file, p, "error") for p in r.errors]
        lines += [_located(r.registered or r.file, p, "error") for p in r.registration_errors]
        lines += [_located(r.file, p, "warning") for p in r.warnings]
    return lines


def total(rows: list[DeckRow], by_player: bool) -> str:
    """``4 decklists: 3 legal, 1 illegal``, or ``20 players: ...`` with registered lists."""
    counts = {s: sum(1 for r in rows if r.status == s) for s in STATUSES}
    noun = "player" if by_player else "decklist"
    text = f"{_plural(len(rows), noun)}: {counts['legal']} legal, {counts['illegal']} illegal"
    return text + "".join(f", {counts[s]} {s}" for s in STATUSES[2:] if counts[s])


def print_text(rows: list[DeckRow], by_player: bool) -> None:
    """The table, then every problem, then the total, through the CLI's console (rich on a
    terminal, plain columns in a pipe). Every cell and line is text of the files (names of
    files, players and cards): its control characters are printed escaped (`printable`), so an
    escape sequence cannot rewrite a verdict and a newline cannot break a row."""
    from pnp import console

    headers, cells = table(rows, by_player)
    console.table(headers, cells)  # escapes every cell with `printable` too
    printer = console.out()
    lines = [printable(line) for line in details(rows)]
    if lines:
        printer.print("\n" + "\n".join(lines), markup=False, emoji=False, highlight=False)
    printer.print("\n" + printable(total(rows, by_player)), markup=False, emoji=False, highlight=False)

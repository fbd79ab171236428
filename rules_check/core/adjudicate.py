"""Replaying a log against its game's rules: the verdict a judge needs.

Strict reading (the default): the replay stops at the first entry that breaks a rule; the
result (scores, winner) is as of the last legal entry, with ``complete: false``. After every
entry the core checks that no card or token appeared from nowhere or vanished (the rule of
conservation, rules_check/core/zones.py).

Reading every violation (``all_violations``, ``pnp check log --all``; python-chess keeps
reading a game after an error and collects them in ``game.errors``): after a violation the
entry is applied as written when the engine can apply it (it changes the state without
losing or forging a piece), and skipped otherwise; the replay goes on with the next entry.
It stops when the state cannot be followed any further: the game has ended, an entry cannot
be read against the state the earlier violations left, or several entries in a row break a
rule (the log and the replay no longer agree). The scores and the winner stay those of the
strict reading: as of the last legal entry before the first violation.

Not decided by the log (issue 24: a game played with real cards, whose shuffled piles nobody
knows): an entry is legal when some order of the unknown piles makes it legal; when the rules
then ask a question the log does not answer (a compulsory mulligan with a hand not shown, a
deck's cards at the end), the engine's optional hook ``undecided(state, action)`` (called
after each entry applied, and with ``action`` None at the end) gives (rule, message) pairs,
reported as ``undecided``: neither a violation nor a verdict. An engine's optional hook
``after_end(state, action)`` lets an entry follow the end of the game (cards shown then). A card
named where no order can put it is an `IllegalAction` raised while the entry is applied: a
violation like any other.

Reports are dataclasses while the replay runs (cheap) and pydantic models (`LogRow`) when
printed as JSON: one shape for every row, published by `json_schema`.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, BinaryIO, Callable, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter

from pnp.data.errors import InputError, InputErrors, bounded
from pnp.data.text import printable

from .engine import Engine, EntryRef
from .entries import NOTE, without_note
from .errors import IllegalAction
from .logfile import STDIN, GameLog, Metadata, read_log, read_log_stream
from .zones import CONSERVATION, conservation

REPORT_VERSION = 1
INTERNAL = "internal error of the checker"
MAX_IN_A_ROW = 3  # --all: this many entries in a row breaking a rule stop the replay
APPLIED = "applied as written"
SKIPPED = "entry skipped"


@dataclass
class Violation:
    line: int | None
    entry: int | None  # 1-based entry number; None for the setup
    rule: str
    message: str
    # --all: what the replay did with the entry (APPLIED or SKIPPED); None in the strict reading
    outcome: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"line": self.line, "entry": self.entry, "rule": self.rule, "message": self.message}


@dataclass
class Stop:
    """Where the --all replay gave up following the log, why, and how many entries it left."""

    line: int | None
    entry: int
    reason: str
    left: int


@dataclass
class LogReport:
    file: str
    game: str
    complete: bool
    violations: list[Violation] = field(default_factory=list)
    unverified: list[dict[str, Any]] = field(default_factory=list)
    undecided: list[dict[str, Any]] = field(default_factory=list)  # {line, entry, rule, message}
    scores: dict[str, int] = field(default_factory=dict)
    winner: str | list[str] | None = None
    entries: int = 0  # how many entries were replayed legally
    metadata: Metadata = field(default_factory=Metadata)
    all_violations: bool = False  # read with --all
    stopped: Stop | None = None  # --all: where the replay stopped before the end of the log

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def usable(self) -> bool:
        return True

    def as_json(self) -> dict[str, Any]:
        return row(self).model_dump(mode="json")


@dataclass
class Problem:
    """Why a file is not a log: a stable code, the message as printed, the line if known."""

    code: str
    message: str
    line: int | None


@dataclass
class UnusableLog:
    """A file that is not a game log (exit 2); ``game`` and ``metadata`` when it was read that far."""

    file: str
    reason: str
    errors: list[Problem] = field(default_factory=list)
    game: str | None = None
    metadata: Metadata = field(default_factory=Metadata)

    @property
    def usable(self) -> bool:
        return False

    def as_json(self) -> dict[str, Any]:
        return row(self).model_dump(mode="json")


# --- the replay --------------------------------------------------------------------------------


class Watch:
    """What a replay shows a watcher (the dispute report, ``--state N``): the table after the
    setup, after each entry it applies, and before each entry that breaks a rule. The
    default watches nothing; a watcher reads the state and never changes it."""

    def setup(self, state: Any) -> None:
        """The state the setup describes (not called when the setup breaks a rule)."""

    def broken(self, entry: Any, state: Any, violation: Violation) -> None:
        """``entry`` breaks a rule; ``state`` is the table just before it."""

    def after(self, entry: Any, state: Any) -> None:
        """The table after ``entry`` (legal, or with --all applied as written or skipped)."""


# an `EntryRef` made per entry without the named tuple's ``__new__`` written in Python
_entry_ref: Callable[[type[EntryRef], tuple[str, int, int | None]], EntryRef] = tuple.__new__


def adjudicate(log: GameLog, engine: Engine[Any, Any], all_violations: bool = False,
               watch: Watch | None = None) -> LogReport:
    """The verdict on ``log``; with ``all_violations`` every violation the replay can reach
    (module docstring), else the first one. ``watch`` is shown the table as the replay goes."""
    replay = Replay(log, engine, all_violations, watch)
    for entry in log.entries:
        if not replay.feed(entry):
            break
    return replay.verdict(len(log.entries))


class Replay:
    """A replay that can be fed one entry at a time and asked for its verdict at any point: the
    table app (rules_check/table/session.py) judges each entry recorded on the state it keeps,
    instead of the whole log again. `adjudicate` feeds it a log's entries in order; the verdict
    is the same whichever way the entries came."""

    def __init__(self, log: GameLog, engine: Engine[Any, Any], all_violations: bool = False, watch: Watch | None = None):
        self.log, self.engine, self.all_violations = log, engine, all_violations
        self.watch = watch or Watch()
        self.report = LogReport(log.file, log.game, complete=False, metadata=log.metadata,
                                all_violations=all_violations)
        self.result: tuple[dict[str, int], str | list[str] | None] | None = None  # as of the first violation
        self.in_a_row = 0
        self.fed = 0  # entries given, judged or not
        self.halt: tuple[Any, str] | None = None  # (entry, reason): where the replay stopped
        self.state: Any = None
        try:
            self.state = engine.new_state(list(log.players), log.setup, log.file, log.setup_line)
        except IllegalAction as exc:
            self.report.violations.append(Violation(log.setup_line(exc.path or ()), None, exc.rule,
                                                    f"setup: {exc.message}"))
            return
        self.watch.setup(self.state)
        self.inventory = self.state.zones.snapshot()
        # the engine's rules called without the engine's forwarding method (once per entry each),
        # and the hooks an engine or a watch leaves as they are skipped
        rules: Any = getattr(engine, "rules", None)
        self._check: Callable[[Any, Any], None] = engine.check
        self._apply: Callable[[Any, Any], None] = engine.apply
        if rules is not None and type(engine).check is Engine.check and type(engine).apply is Engine.apply:
            self._check, self._apply = rules.check, rules.apply
        self._unverified: Callable[[Any, Any], list[str]] | None = (
            None if type(engine).unverified is Engine.unverified else engine.unverified)
        self._undecided = None if type(engine).undecided is Engine.undecided else engine.undecided
        self._watching = type(self.watch).after is not Watch.after

    @property
    def going(self) -> bool:
        """Whether the next entry will be judged (the setup is legal and the replay has not stopped)."""
        return self.state is not None and self.halt is None

    def _stop(self, entry: Any, reason: str) -> bool:
        self.halt = (entry, reason)
        return False

    def _note(self, entry: Any, notes: list[tuple[str, str]], into: list[dict[str, Any]] | None = None) -> None:
        """``notes``, what the engine leaves undecided after ``entry`` (None: the end), into the
        report's list (or ``into``: a verdict's copy)."""
        out = self.report.undecided if into is None else into
        for rule, message in notes:
            out.append({"line": entry.line if entry is not None else None,
                        "entry": entry.index + 1 if entry is not None else None, "rule": rule, "message": message})

    def feed(self, entry: Any) -> bool:
        """Judge ``entry`` (the next of the log); False when the replay stops here (every later
        entry is then left unjudged, as the report's ``stopped`` says)."""
        self.fed += 1
        state = self.state
        if state is None or self.halt is not None:
            return False
        engine, report = self.engine, self.report
        number = entry.index + 1
        ref = _entry_ref(EntryRef, (self.log.file, entry.index, entry.line))
        data = entry.data
        if isinstance(data, dict) and NOTE in data:  # a note is the core's: no engine reads it
            data = without_note(data, ref)
        try:
            over = engine.is_over(state)
            if over:
                try:
                    over = not engine.after_end(state, engine.parse(data, state, ref))
                except InputError:
                    pass
            if over:
                report.violations.append(Violation(entry.line, number, f"{engine.title}: the end of the game",
                                                   "an entry after the game ended"))
                return self._stop(entry, "the game has ended")
            try:
                action = engine.parse(data, state, ref)
            except InputError as exc:
                if not report.violations:
                    raise
                return self._stop(entry, "it cannot be read against the state the earlier violations left "
                                         f"({exc.message})")
            try:
                self._check(state, action)
            except IllegalAction as exc:
                return self._broken(entry, number, state, action, exc)
            self.in_a_row = 0
            notes = self._unverified(state, action) if self._unverified is not None else ()
            try:
                self._apply(state, action)
            except IllegalAction as exc:  # a card named where no order of the unseen piles puts it
                report.violations.append(Violation(entry.line, number, exc.rule, exc.message))
                if self.result is None:
                    self.result = engine.scores(state), engine.winner(state)
                return self._stop(entry, "a card is named where it cannot be: the state cannot be followed")
        except Exception as exc:
            if not report.violations:  # not a log entry, or a bug of the checker: check_logs reports it
                raise
            # --all: an engine is built for legal states; this one came from an illegal entry
            return self._stop(entry, f"the replay cannot follow the state the earlier violations left "
                                     f"({type(exc).__name__})")
        lost = conservation(self.inventory, state.zones)  # cheap when nothing changed
        if lost:
            report.violations.append(Violation(entry.line, number, CONSERVATION, lost))
            return self._stop(entry, "a card or token is lost or forged: the state cannot be trusted")
        for text in notes:
            report.unverified.append({"line": entry.line, "entry": number, "message": text})
        if self._undecided is not None:
            undecided = self._undecided(state, action)
            if undecided:  # (most entries leave nothing open)
                self._note(entry, undecided)
        report.entries += 1
        if self._watching:
            self.watch.after(entry, state)
        return True

    def _broken(self, entry: Any, number: int, state: Any, action: Any, exc: IllegalAction) -> bool:
        """``entry`` breaks a rule: reported; the replay stops there, or with ``all_violations``
        goes on from the entry applied as written or skipped (`_apply_anyway`)."""
        engine = self.engine
        violation = Violation(entry.line, number, exc.rule, exc.message)
        self.report.violations.append(violation)
        self.watch.broken(entry, state, violation)
        if self.result is None:
            self.result = engine.scores(state), engine.winner(state)
        if not self.all_violations:
            return self._stop(entry, "")
        self.in_a_row += 1
        if self.in_a_row >= MAX_IN_A_ROW:
            return self._stop(entry, f"{self.in_a_row} entries in a row break a rule: the log and the "
                                     "replay no longer agree on the state")
        self.state, violation.outcome = _apply_anyway(engine, state, action, self.inventory)
        self.watch.after(entry, self.state)
        return True

    def verdict(self, total: int | None = None) -> LogReport:
        """The report as of the entries fed so far (a copy: the replay can go on); ``total``: how
        many entries the log holds, when the replay stopped before being fed them all."""
        import copy

        r = self.report
        out = copy.copy(r)
        out.violations, out.unverified, out.undecided = list(r.violations), list(r.unverified), list(r.undecided)
        if self.state is None:
            return out
        if self.halt is not None:
            entry, reason = self.halt
            left = (self.fed if total is None else total) - entry.index - 1
            if self.all_violations and left and reason:
                out.stopped = Stop(entry.line, entry.index + 1, reason, left)
        out.complete = not r.violations and self.engine.is_over(self.state)
        if out.complete:
            self._note(None, self.engine.undecided(self.state, None), out.undecided)
        out.scores, out.winner = (self.result if self.result is not None
                                  else (self.engine.scores(self.state), self.engine.winner(self.state)))
        return out


def _apply_anyway(engine: Engine[Any, Any], state: Any, action: Any, inventory: Any) -> tuple[Any, str]:
    """--all: ``action`` broke a rule; applied to a copy of the state, it is kept when the
    engine could apply it without losing or forging a piece, else the entry is skipped."""
    trial = engine.copy_state(state)
    try:
        engine.apply(trial, action)
    except Exception:
        return state, SKIPPED
    if conservation(inventory, trial.zones) is not None:  # brings `inventory` up to date only when None
        return state, SKIPPED
    return trial, APPLIED


# --- many files ---------------------------------------------------------------------------------


def check_logs(paths: list[Path], engines: dict[str, Engine[Any, Any]], all_violations: bool = False,
               stdin: BinaryIO | None = None,
               judge: Callable[[GameLog, Engine[Any, Any], bool], LogReport] | None = None) -> list[LogReport | UnusableLog]:
    """A report per file of ``paths`` (``-``: one log read from ``stdin``, standard input by
    default); a file that is not a log gets an `UnusableLog` and the others are still checked.
    ``judge(log, engine, all_violations)`` replays a log in place of `adjudicate` (the dispute
    report's, which keeps the table after every entry)."""
    judge = judge or adjudicate
    out: list[LogReport | UnusableLog] = []
    for path in paths:
        file = STDIN if str(path) == STDIN else str(path)
        log: GameLog | None = None
        try:
            if file == STDIN:
                log = read_log_stream(stdin if stdin is not None else sys.stdin.buffer, engines)
            else:
                log = read_log(path, engines)
            out.append(judge(log, engines[log.game], all_violations))
        except InputErrors as exc:
            out.append(_unusable(file, log, [Problem("unusable", str(e), e.line) for e in exc.errors]))
        except InputError as exc:
            out.append(_unusable(file, log, [Problem("unusable", str(exc), exc.line)]))
        except Exception as exc:  # a checker bug must not cost the judge the other files
            message = (f"{file}: {INTERNAL} ({type(exc).__name__}: {bounded(str(exc), 500)}); please report this "
                       "log to the pnp developers")
            out.append(_unusable(file, log, [Problem("internal-error", message, None)]))
    return out


def _unusable(file: str, log: GameLog | None, errors: list[Problem]) -> UnusableLog:
    reason = "; ".join(e.message for e in errors)
    if log is None:
        return UnusableLog(file, reason, errors)
    return UnusableLog(file, reason, errors, log.game, log.metadata)


def exit_code(results: list[LogReport | UnusableLog]) -> int:
    if any(isinstance(r, UnusableLog) for r in results):
        return 2
    return 1 if any(isinstance(r, LogReport) and r.violations for r in results) else 0


# --- JSON: one shape for every row ----------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MetadataRow(_Strict):
    """The match metadata of the log's top level; null where the log does not give it."""

    event: Optional[str]
    round: Union[int, str, None]
    date: Optional[Annotated[str, StringConstraints(pattern=r"^\d{4}-\d{2}-\d{2}$")]] = Field(
        description="YYYY-MM-DD")
    table: Union[int, str, None]
    notes: Optional[str]


class ViolationRow(_Strict):
    """A rule broken: the line of the log file, the entry's number (null: the setup), the
    rulebook section and a plain message."""

    line: Optional[int]
    entry: Optional[int] = Field(description="1-based number of the entry; null for the setup.")
    rule: str
    message: str


class UnverifiedRow(_Strict):
    """What an entry's plain operations did that no card script confirms (docs/logs/README.md, "Card effects")."""

    line: Optional[int]
    entry: int
    message: str


class UndecidedRow(_Strict):
    """A question the log does not answer (a game played with real cards, whose shuffled piles
    nobody knows): accepted because some order of the unseen cards allows it, decided by none.
    ``entry`` null: the end of the log (a score that depends on cards never shown)."""

    line: Optional[int]
    entry: Optional[int]
    rule: str
    message: str


class ErrorRow(_Strict):
    """Why the file is not a log (the same shape as the deck report's errors)."""

    code: Literal["unusable", "internal-error"] = Field(
        description="unusable: not a game log (bad YAML, a wrong type, an unknown card or entry ...); "
                    "internal-error: the checker failed on this file (please report it).")
    message: str = Field(description="As printed: FILE:LINE: FIELD: what was expected.")
    line: Optional[int]


class LogRow(_Strict):
    """One log file. Every key is on every row, null (or empty) where it does not apply."""

    version: Literal[1] = Field(description="The shape of this row; it changes only with a new number.")
    file: str = Field(description='The file as given ("-" for standard input).')
    game: Optional[str] = Field(description="The game id; null when the file could not be read as a log.")
    usable: bool = Field(description="The file is a game log (false: see errors; exit code 2).")
    legal: bool = Field(description="Usable and no rule broken.")
    complete: bool = Field(description="Legal and the game reached its end.")
    metadata: MetadataRow
    violations: list[ViolationRow] = Field(description="The first violation; every one with --all.")
    unverified: list[UnverifiedRow]
    undecided: list[UndecidedRow] = Field(description="What the log does not decide: conditions over cards it "
                                                      "never shows, accepted because some order of the unseen "
                                                      "cards allows them.")
    scores: dict[str, int] = Field(description="Each player's score by the rulebook's scoring, as of the end "
                                               "of the game or of the last legal entry.")
    winner: Union[str, list[str], None] = Field(
        description="As of the same moment: a name, a list of names for a tie, or null (none: a cooperative "
                    "or solo game lost, or no score yet); decided only when complete.")
    entries: int = Field(description="How many entries were applied legally.")
    errors: list[ErrorRow] = Field(description="Empty for a usable log.")


_ROWS = TypeAdapter(list[LogRow])


def json_schema() -> dict[str, Any]:
    """The JSON Schema of ``pnp check log --format json`` (an array of `LogRow`)."""
    schema = _ROWS.json_schema(mode="serialization")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "pnp check log --format json",
            **schema}


def row(r: LogReport | UnusableLog) -> LogRow:
    common = {"version": REPORT_VERSION, "file": r.file, "game": r.game, "metadata": r.metadata.as_json()}
    if isinstance(r, UnusableLog):
        return LogRow.model_validate({
            **common, "usable": False, "legal": False, "complete": False, "violations": [], "unverified": [],
            "undecided": [], "scores": {}, "winner": None, "entries": 0,
            "errors": [{"code": e.code, "message": e.message, "line": e.line} for e in r.errors]})
    return LogRow.model_validate({
        **common, "usable": True, "legal": r.legal, "complete": r.complete,
        "violations": [v.as_json() for v in r.violations], "unverified": r.unverified,
        "undecided": r.undecided, "scores": r.scores, "winner": r.winner, "entries": r.entries, "errors": []})


def as_json(results: list[LogReport | UnusableLog]) -> str:
    return json.dumps([row(r).model_dump(mode="json") for r in results], indent=2, ensure_ascii=False)


# --- text ------------------------------------------------------------------------------------------


def _count(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


def _metadata_line(m: Metadata) -> str | None:
    parts = [f"{key}: {' '.join(str(value).split())}" for key, value in m.as_json().items() if value is not None]
    return "  " + "; ".join(parts) if parts else None


def _verdict(r: LogReport) -> str:
    done = _count(r.entries, "legal entry", "legal entries")
    if r.legal:
        return "legal, complete" if r.complete else f"legal, incomplete (the log stops after {done})"
    if r.violations[0].entry is None:
        return "ILLEGAL, incomplete (stopped at the setup)"
    if r.all_violations:
        return f"ILLEGAL, {_count(len(r.violations), 'violation')}, incomplete ({done})"
    return f"ILLEGAL, incomplete (stopped after {done})"


def _names(names: list[str]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def result_line(r: LogReport) -> str:
    """The scores and the winner in words (the text report's last line, the dispute page's verdict)."""
    scores = ", ".join(f"{p} {s}" for p, s in r.scores.items())
    if r.complete:
        w = r.winner
        winner = "none" if w is None else w if isinstance(w, str) else f"{_names(w)} (tie)"
        return f"scores: {scores or 'none'}; winner: {winner}"
    if r.violations and r.violations[0].entry is None:
        why = "the setup breaks a rule"
    elif r.violations:
        why = "the log breaks a rule"
    else:
        why = "the log stops before the end of the game"
    if not scores:
        return f"no scores; no winner is decided ({why})"
    return f"scores as of the last legal entry: {scores}; no winner is decided ({why})"


def as_text(results: list[LogReport | UnusableLog]) -> str:
    lines = []
    for r in results:
        if isinstance(r, UnusableLog):
            lines.append(f"{r.file}: cannot be used: {r.reason}")
            continue
        lines.append(f"{r.file}: {r.game}: {_verdict(r)}")
        meta = _metadata_line(r.metadata)
        if meta:
            lines.append(meta)
        for v in r.violations:
            where = f"line {v.line}" if v.line else "setup"
            entry = f", entry {v.entry}" if v.entry else ""
            outcome = f" ({v.outcome})" if v.outcome else ""
            lines.append(f"  {where}{entry}: [{v.rule}] {v.message}{outcome}")
        if r.stopped:
            s = r.stopped
            where = f"line {s.line}, entry {s.entry}" if s.line else f"entry {s.entry}"
            lines.append(f"  {where}: checking stopped: {s.reason}; {_count(s.left, 'later entry', 'later entries')} "
                         "not checked")
        for u in r.unverified:
            lines.append(f"  line {u['line']}, entry {u['entry']}: unverified: {u['message']}")
        for u in r.undecided:
            where = f"line {u['line']}, entry {u['entry']}" if u["entry"] else "end of the log"
            lines.append(f"  {where}: not decided by the log: [{u['rule']}] {u['message']}")
        lines.append("  " + result_line(r))
    # every line holds text of the log (notes, names, file names): its control characters are
    # printed escaped, so an escape sequence cannot move the cursor and rewrite a verdict
    return "\n".join(printable(line) for line in lines)

"""Replaying a log against its game's rules: the verdict a judge needs.

Strict reading: the replay stops at the first entry that breaks a rule; the result (scores,
winner) is as of the last legal entry, with ``complete: false``. Every problem found in that
entry is listed. After every entry the core checks that no card or token appeared from
nowhere or vanished (SPEC.md principle 1).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.data.errors import InputError, InputErrors

from .engine import Engine, EntryRef
from .errors import IllegalAction
from .logfile import GameLog, read_log
from .zones import CONSERVATION, conservation


@dataclass
class Violation:
    line: int | None
    entry: int | None  # 1-based entry number; None for the setup
    rule: str
    message: str

    def as_json(self) -> dict[str, Any]:
        return {"line": self.line, "entry": self.entry, "rule": self.rule, "message": self.message}


@dataclass
class LogReport:
    file: str
    game: str
    complete: bool
    violations: list[Violation] = field(default_factory=list)
    unverified: list[dict[str, Any]] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    winner: str | list[str] | None = None
    entries: int = 0  # how many entries were replayed legally

    @property
    def legal(self) -> bool:
        return not self.violations

    def as_json(self) -> dict[str, Any]:
        return {"file": self.file, "game": self.game, "legal": self.legal, "complete": self.complete,
                "violations": [v.as_json() for v in self.violations], "unverified": self.unverified,
                "scores": self.scores, "winner": self.winner}


INTERNAL = "internal error of the checker"


@dataclass
class UnusableLog:
    """A file that is not a game log (exit 2)."""

    file: str
    reason: str

    def as_json(self) -> dict[str, Any]:
        return {"file": self.file, "game": None, "legal": False, "complete": False, "usable": False,
                "violations": [], "unverified": [], "scores": {}, "winner": None, "error": self.reason}


def adjudicate(log: GameLog, engine: Engine) -> LogReport:
    report = LogReport(log.file, log.game, complete=False)

    def line_of(path: tuple) -> int | None:
        return log.setup_line(path)

    try:
        state = engine.new_state(list(log.players), log.setup, log.file, line_of)
    except IllegalAction as exc:
        report.violations.append(Violation(log.setup_line(exc.path or ()), None, exc.rule, f"setup: {exc.message}"))
        return report
    inventory = state.zones.snapshot()
    for entry in log.entries:
        ref = EntryRef(log.file, entry.index, entry.line)
        if engine.is_over(state):
            report.violations.append(Violation(entry.line, entry.index + 1, f"{engine.title}: the end of the game",
                                               "an entry after the game ended"))
            break
        action = engine.parse(entry.data, state, ref)
        try:
            engine.check(state, action)
        except IllegalAction as exc:
            report.violations.append(Violation(entry.line, entry.index + 1, exc.rule, exc.message))
            break
        notes = engine.unverified(state, action)
        engine.apply(state, action)
        lost = conservation(inventory, state.zones)  # cheap when nothing changed
        if lost:
            report.violations.append(Violation(entry.line, entry.index + 1, CONSERVATION, lost))
            break
        for note in notes:
            report.unverified.append({"line": entry.line, "entry": entry.index + 1, "message": note})
        report.entries += 1
    report.complete = not report.violations and engine.is_over(state)
    report.scores = engine.scores(state)
    report.winner = engine.winner(state)
    return report


def check_logs(paths: list[Path], engines: dict[str, Engine]) -> list[LogReport | UnusableLog]:
    out: list[LogReport | UnusableLog] = []
    for path in paths:
        try:
            log = read_log(path, engines)
            out.append(adjudicate(log, engines[log.game]))
        except InputErrors as exc:
            out.append(UnusableLog(str(path), "; ".join(str(e) for e in exc.errors)))
        except InputError as exc:
            out.append(UnusableLog(str(path), str(exc)))
        except Exception as exc:  # a checker bug must not cost the judge the other files
            out.append(UnusableLog(str(path), f"{INTERNAL} ({type(exc).__name__}: {exc}); please report "
                                              f"this log to the pnp developers"))
    return out


def exit_code(results: list[LogReport | UnusableLog]) -> int:
    if any(isinstance(r, UnusableLog) for r in results):
        return 2
    return 1 if any(r.violations for r in results) else 0


def as_json(results: list[LogReport | UnusableLog]) -> str:
    return json.dumps([r.as_json() for r in results], indent=2, ensure_ascii=False)


def as_text(results: list[LogReport | UnusableLog]) -> str:
    lines = []
    for r in results:
        if isinstance(r, UnusableLog):
            lines.append(f"{r.file}: cannot be used: {r.reason}")
            continue
        verdict = "legal" if r.legal else "ILLEGAL"
        state = "complete" if r.complete else f"incomplete (stopped after {r.entries} legal entries)"
        lines.append(f"{r.file}: {r.game}: {verdict}, {state}")
        for v in r.violations:
            where = f"line {v.line}" if v.line else "setup"
            entry = f", entry {v.entry}" if v.entry else ""
            lines.append(f"  {where}{entry}: [{v.rule}] {v.message}")
        for u in r.unverified:
            lines.append(f"  line {u['line']}, entry {u['entry']}: unverified: {u['message']}")
        scores = ", ".join(f"{p} {s}" for p, s in r.scores.items())
        winner = r.winner if isinstance(r.winner, str) or r.winner is None else " and ".join(r.winner) + " (tie)"
        lines.append(f"  scores: {scores or '-'}; winner: {winner if winner is not None else 'none'}")
    return "\n".join(lines)

"""A log replayed with the table after every entry: what the dispute report draws and what
``pnp check log FILE --state N`` prints.

The replay is the checker's own (`rules_check.core.adjudicate.adjudicate`, strict or
``--all``); a `Watch` takes the engine's `View` of the state after the setup and after each
entry, and at an entry that breaks a rule the table just before it and the moves the rules
allowed there (the engine's ``legal_actions``, written as the log writes entries), so the
reader sees what could have been played instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from rules_check.core.adjudicate import LogReport, Violation, Watch, adjudicate
from rules_check.core.engine import Engine
from rules_check.core.logfile import GameLog
from rules_check.core.view import View

MAX_LEGAL = 40  # moves listed at a violation ("and N more" beyond)
NOT_REPLAYED = "not replayed"

_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@dataclass
class Step:
    """An entry of the log (``number`` 0: the setup) and the table after it."""

    number: int
    line: int | None
    text: str  # the entry as the log writes it, on one line
    view: View | None = None  # after the entry; None: the replay did not reach it
    violations: list[Violation] = field(default_factory=list)
    before: View | None = None  # the table just before an entry that breaks a rule
    legal: list[str] = field(default_factory=list)  # the moves the rules allowed instead
    legal_more: int = 0  # legal moves beyond those listed
    applied: bool = False  # the table is the one after the entry (legal, or with --all applied or skipped)
    words: list[str] = field(default_factory=list)  # the entry's words (card names among them: its targets)

    @property
    def status(self) -> str:
        if self.violations:
            return "violation"
        return "legal" if self.view is not None else NOT_REPLAYED

    @property
    def table(self) -> str | None:
        """Which table `view` is: "after" the entry, "before" it (a rule broken, read strictly)
        or None (not replayed)."""
        if self.view is None:
            return None
        return "after" if self.applied or not self.violations else "before"


@dataclass
class Timeline:
    log: GameLog
    report: LogReport
    steps: list[Step]  # steps[0] is the setup
    unread: str | None = None  # why the list of entries stops early (an entry that cannot be read)
    engine: Engine | None = None  # the game's engine (the page asks it for the cards' details)
    colours: dict[str, str] = field(default_factory=dict)  # a player's colour, where the game gives one


def words(data: Any) -> list[str]:
    """Every word an entry writes (its values, nested), once each, in order."""
    out: list[str] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)
        elif isinstance(x, str) and x not in out:
            out.append(x)
            if "/" in x:  # Kartomantik writes a card as OWNER/NAME
                out.append(x.split("/", 1)[1])

    walk(data)
    return out


def one_line(data: Any) -> str:
    """An entry as YAML on one line (``{player: Ana, play: Moon Tide}``)."""
    try:
        text = yaml.dump(data, Dumper=_Dumper, default_flow_style=True, width=10**9, allow_unicode=True,
                         sort_keys=False)
    except yaml.YAMLError:
        text = repr(data)
    return text.strip().removesuffix("...").strip()


def legal_moves(engine: Engine, state: Any) -> tuple[list[str], int]:
    """The moves the rules allow in ``state``, as log entries (at most MAX_LEGAL), and how
    many more there are."""
    moves: list[str] = []
    seen: set[str] = set()
    for action in engine.legal_actions(state):
        try:
            text = one_line(engine.to_entry(state, action))
        except Exception:  # an action whose random part is drawn later (a chance node): not an entry yet
            continue
        if text not in seen:
            seen.add(text)
            moves.append(text)
    return moves[:MAX_LEGAL], max(0, len(moves) - MAX_LEGAL)


class _Recorder(Watch):
    def __init__(self, engine: Engine, steps: dict[int, Step], only: int | None) -> None:
        self.engine, self.steps, self.only = engine, steps, only
        self.colours: dict[str, str] = {}

    def _wanted(self, number: int) -> bool:
        return self.only is None or number == self.only

    def _step(self, entry: Any) -> Step | None:
        """The step of ``entry``, made when first met; None for an entry not wanted (``only``
        another one: nothing of it is kept, its text is never written)."""
        number = entry.index + 1
        if not self._wanted(number):
            return None
        step = self.steps.get(number)
        if step is None:
            step = self.steps[number] = Step(number, entry.line, one_line(entry.data), words=words(entry.data))
        return step

    def setup(self, state: Any) -> None:
        colours = getattr(state, "colours", None)  # So Long, My World: each player's vision tokens
        if isinstance(colours, dict):
            self.colours.update({str(k): str(v) for k, v in colours.items()})
        if self._wanted(0):
            self.steps[0].view = self.engine.view(state)
            self.steps[0].applied = True

    def broken(self, entry: Any, state: Any, violation: Violation) -> None:
        step = self._step(entry)
        if step is not None:
            step.before = self.engine.view(state)
            step.view = step.before  # strict reading: the entry is not applied; --all replaces it
            step.legal, step.legal_more = legal_moves(self.engine, state)

    def after(self, entry: Any, state: Any) -> None:
        step = self._step(entry)
        if step is not None:
            step.view = self.engine.view(state)
            step.applied = True


def timeline(log: GameLog, engine: Engine, all_violations: bool = False, only: int | None = None) -> Timeline:
    """``log`` replayed with the table after each entry; ``only``: the steps of the setup and
    of that entry alone (0: the setup), with the table after it (``--state N``): the replay
    is the verdict's, and no other entry is written out or read again."""
    steps: dict[int, Step] = {0: Step(0, log.setup_line(), "setup")}
    recorder = _Recorder(engine, steps, only)
    report = adjudicate(log, engine, all_violations, recorder)
    unread = None
    wanted = range(len(log.entries)) if only is None else [only - 1] if only else []
    try:  # every entry is listed (or the one wanted), also those after the replay stopped
        for i in wanted:
            if i + 1 not in steps:
                entry = log.entries[i]
                steps[i + 1] = Step(i + 1, entry.line, one_line(entry.data), words=words(entry.data))
    except Exception as exc:  # an entry past the violation that cannot be read: the list stops there
        unread = str(exc)
    for v in report.violations:
        if (v.entry or 0) in steps:
            steps[v.entry or 0].violations.append(v)
    return Timeline(log, report, [steps[n] for n in sorted(steps)], unread, engine, recorder.colours)

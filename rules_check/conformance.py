"""The conformance checks every rules engine gets (issue 26; OpenSpiel's ``random_sim_test``):
what tests/test_conformance.py runs over every registered engine, and what the author of a new
engine runs on theirs (docs/adding-an-engine.md).

On a simulated game, at every state met:

* every action of ``legal_actions`` passes ``check``, and ``parse(to_entry(state, a))`` gives the
  action back (its chance part, if any, first drawn with ``sample_chance``); a state with many
  legal actions is sampled (``ROUND_TRIPS`` of them);
* ``copy_state`` is independent: the action played, applied to a copy, leaves the original's view;
* ``view`` validates as the `View` model and every panel draws (rules_check/dispute/svg.py).

Then the whole game is judged by ``adjudicate``: legal and complete, and so is its table view
where the engine has one. Each function returns the problems found, in words; none: it conforms.
"""

from __future__ import annotations

import random
from typing import Any

from rules_check.core.adjudicate import adjudicate
from rules_check.core.engine import Engine, EntryRef
from rules_check.core.errors import IllegalAction
from rules_check.core.logfile import log_in_memory
from rules_check.core.simulate import play
from rules_check.core.tableview import table_view
from rules_check.core.view import View
from rules_check.dispute.svg import draw

ROUND_TRIPS = 10  # legal actions round-tripped at a state (a sample when there are more)
MOST_PROBLEMS = 10  # problems kept of one game (the first ones tell)
REF = EntryRef("<conformance>", 0, None)


class Conformance:
    """The watcher of a simulated game: checks each state met, and keeps what went wrong."""

    def __init__(self, engine: Engine[Any, Any], seed: int):
        self.engine, self.rng = engine, random.Random(seed)
        self.problems: list[str] = []
        self.states = 0
        self.round_trips = 0

    def fail(self, what: str) -> None:
        if len(self.problems) < MOST_PROBLEMS:
            self.problems.append(f"state {self.states}: {what}")

    def view(self, state: Any) -> dict[str, Any]:
        view = self.engine.view(state)
        dumped = view.model_dump(mode="json")
        View.model_validate(dumped)  # the strict model: a field no page knows is an error
        for panel in view.panels:
            svg = draw(panel, state.players)
            if not svg.startswith("<svg") or not svg.rstrip().endswith("</svg>"):
                self.fail(f"panel {panel.id!r} draws no <svg> element: {svg[:80]!r}")
        return dumped

    def __call__(self, state: Any, action: Any) -> None:
        engine = self.engine
        self.states += 1
        before = self.view(state)
        if action is None:  # the end of the game
            return
        legal = engine.legal_actions(state)
        sample = legal if len(legal) <= ROUND_TRIPS else self.rng.sample(legal, ROUND_TRIPS)
        for a in sample:
            try:
                engine.check(state, a)
            except IllegalAction as exc:
                self.fail(f"legal action {a!r} fails check: {exc.rule}: {exc.message}")
                continue
            drawn = engine.sample_chance(state, a, random.Random(self.rng.getrandbits(32)))
            entry = engine.to_entry(state, drawn)
            try:
                back = engine.parse(entry, state, REF)
            except Exception as exc:  # the report names the entry that does not read back
                self.fail(f"to_entry gives {entry!r}, which parse rejects: {type(exc).__name__}: {exc}")
                continue
            self.round_trips += 1
            if back != drawn:
                self.fail(f"parse(to_entry(a)) != a: {drawn!r} -> {entry!r} -> {back!r}")
        trial = engine.copy_state(state)
        engine.apply(trial, action)
        if self.view(state) != before:
            self.fail(f"applying {action!r} to a copy_state changed the original's view")


def judged(engine: Engine[Any, Any], log: dict[str, Any], what: str) -> list[str]:
    """What is wrong with ``log`` as ``adjudicate`` judges it: it should be legal, complete and
    replayed to its last entry."""
    report = adjudicate(log_in_memory(log), engine)
    problems = [f"{what} judged illegal: entry {v.entry}: {v.rule}: {v.message}" for v in report.violations[:3]]
    if not report.complete:
        problems.append(f"{what} judged incomplete after {report.entries} entries")
    if report.entries != len(log["log"]):
        problems.append(f"{what}: {report.entries} of {len(log['log'])} entries replayed")
    return problems


def conformance_problems(engine: Engine[Any, Any], players: list[str], seed: int, table: bool = False,
                         policy: str = "random") -> list[str]:
    """Everything this module checks, on one game of ``players`` simulated with ``seed`` (recorded
    at the table when ``table``); an empty list when the engine conforms."""
    where = f"{engine.game}, {len(players)} players, seed {seed}, {'table' if table else 'full'}"
    watch = Conformance(engine, seed)
    log, state = play(engine, players, seed, policy, watch=watch, table=table)
    problems = [f"{where}: {p}" for p in watch.problems]
    if not engine.is_over(state):
        problems.append(f"{where}: the simulated game did not end")
    if watch.states != len(log["log"]) + 1:
        problems.append(f"{where}: {watch.states} states seen for {len(log['log'])} entries")
    if watch.round_trips == 0:
        problems.append(f"{where}: no legal action was ever round-tripped through to_entry and parse")
    problems += judged(engine, log, f"{where}: the simulated log")
    if engine.has_table_view and not table:
        problems += judged(engine, table_view(engine, log), f"{where}: its table view")
    return problems

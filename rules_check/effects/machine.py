"""One interpreter for every game's scripts: an ability compiled to a short program, run step
by step, stopping where a player must choose.

The machine knows the language's structure (steps in order, ``if``, ``may``, ``otherwise``,
remembered steps); a game's `World` knows its verbs and conditions. A step that needs a
choice asks for it with a `Request` (who chooses, among which answers); the answer comes
from the entry that made the ability happen (a relics ability's ``choose:``) or from a later
``choose`` entry, so an ability can wait across entries. Everything the machine keeps is in a
`Frame` of plain data (a program counter, the answers, what earlier steps bound), so a state
can be copied and the wait resumed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Protocol

from pnp.effects.language import Ability, Step
from pnp.effects.phrases import Phrase
from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction

RUN, IF_NOT, MAY, IF_DONE, REMEMBER = "run", "if not", "may", "if done", "remember"


@dataclass(frozen=True)
class Instruction:
    op: str  # run | if not (condition) | may | if done (skip `otherwise`) | remember
    step: Step | None = None
    condition: Phrase | None = None
    to: int = 0  # where a jump lands


_PROGRAMS: dict[int, tuple[Ability, tuple[Instruction, ...]]] = {}
# at most this many programs kept, then forgotten at once: the cards' abilities are a few hundred,
# but an engine may make abilities as a game goes (Kartomantik's remembered steps, 3.2 "Memory" of
# Effects), and a batch of logs or the table app's server runs for as long as it is given
_MAX_PROGRAMS = 4096


def program(ability: Ability) -> tuple[Instruction, ...]:
    """The ability's steps as instructions (compiled once per ability)."""
    cached = _PROGRAMS.get(id(ability))
    if cached is not None and cached[0] is ability:
        return cached[1]
    code: list[Instruction] = []
    _compile(ability.steps, code)
    out = tuple(code)
    if len(_PROGRAMS) >= _MAX_PROGRAMS:
        _PROGRAMS.clear()
    _PROGRAMS[id(ability)] = (ability, out)
    return out


def _compile(steps: Iterable[Step], code: list[Instruction]) -> None:
    for step in steps:
        if step.when is not None:
            code.append(Instruction(REMEMBER, step))
            continue
        jumps: list[int] = []
        if step.condition is not None:
            jumps.append(len(code))
            code.append(Instruction(IF_NOT, step, step.condition))
        if step.may:
            jumps.append(len(code))
            code.append(Instruction(MAY, step))
        code.append(Instruction(RUN, step))
        if step.otherwise:
            jumps.append(len(code))
            code.append(Instruction(IF_DONE, step))
            _compile(step.otherwise, code)
        end = len(code)
        for at in jumps:
            code[at] = Instruction(code[at].op, code[at].step, code[at].condition, end)


@dataclass
class Request:
    """A choice the rules ask of a player: ``name`` (the key a log uses for it), who chooses,
    every legal answer (``options``, canonical values), how a logged answer is read into a
    canonical value (``read``, raising `IllegalAction`) and written back (``write``)."""

    name: str
    chooser: str
    options: list[Any]
    what: str  # for messages: "a card from your hand to put at the bottom of your deck"
    read: Callable[[Any], Any] = lambda raw: raw
    write: Callable[[Any], Any] = lambda value: value

    def answer(self, raw: Any, rule: str) -> Any:
        try:
            value = self.read(raw)
        except IllegalAction as exc:
            raise IllegalAction(rule, f"{self.chooser} chooses {self.what}: {exc.message}; the legal choices: "
                                      f"{self.shown()}") from None
        if value not in self.options:
            raise IllegalAction(rule, f"{self.chooser} chooses {self.what}: {shown(self.write(value))} is not one of "
                                      f"the legal choices ({self.shown()})")
        return value

    def shown(self) -> str:
        shown = ", ".join(str(self.write(o)) for o in self.options[:12])
        more = f" and {len(self.options) - 12} more" if len(self.options) > 12 else ""
        return (shown or "none") + more


@dataclass(init=False)
class Frame:
    """An ability under way: whose it is, where its program stands, what it has bound."""

    source: str  # the card (item) whose ability it is
    ability: Ability
    controller: str
    pc: int = 0
    bindings: dict[str, Any] = field(default_factory=dict)  # target(s), chosen, looked at, chained ...
    answers: dict[str, Any] = field(default_factory=dict)  # of the step at `pc`
    done: bool = True  # whether the last step was done in full (for `otherwise`)
    outcome: list[Any] = field(default_factory=list)  # what it did, as operations (for a written outcome)
    # the choice it waits for from another player's entry (a world with an `answerer`), if any
    waiting: Request | None = None
    # whether its verbs note what it did in ``outcome``: an engine that reads the outcome only to
    # compare it with one a log wrote (Kartomantik, reading K33) makes the frame of an item the log
    # wrote none for without it, and no operation is built to be thrown away
    records: bool = True

    def __init__(self, source: str, ability: Ability, controller: str, pc: int = 0,
                 bindings: dict[str, Any] | None = None, answers: dict[str, Any] | None = None, done: bool = True,
                 outcome: list[Any] | None = None, waiting: Request | None = None, records: bool = True) -> None:
        """The dataclass's ``__init__``, written out: a frame is made for every ability used and
        every trial run of one, and the generated one calls a factory for each of the three
        fields left out (here a literal; None, never passed, stands for "left out")."""
        self.source = source
        self.ability = ability
        self.controller = controller
        self.pc = pc
        self.bindings = {} if bindings is None else bindings
        self.answers = {} if answers is None else answers
        self.done = done
        self.outcome = [] if outcome is None else outcome
        self.waiting = waiting
        self.records = records

    def copy(self) -> "Frame":
        return Frame(self.source, self.ability, self.controller, self.pc, dict(self.bindings), dict(self.answers),
                     self.done, list(self.outcome), self.waiting, self.records)


class Verb:
    """A game's implementation of one verb of its vocabulary, the one base every game's verbs
    subclass (Forge's one class per effect). A verb with no choice to make overrides ``run``
    only; ``world`` is the game's `World`."""

    def request(self, world: Any, frame: Frame, step: Step) -> Request | None:
        """The next choice this step needs, given ``frame.answers`` so far (None: none left)."""
        return None

    def acts_on(self, world: Any, frame: Frame, step: Step) -> bool:
        """Whether the step has anything to act on now (False: its "you may" is not asked, where
        the game's `World.may` asks this)."""
        return True

    def run(self, world: Any, frame: Frame, step: Step) -> bool:
        """Do the step with ``frame.answers``; True when it was done in full."""
        raise NotImplementedError(type(self).__name__)


class World(Protocol):
    verbs: dict[str, Verb]
    rule: str  # cited for an answer that is not a legal choice

    def test(self, frame: Frame, condition: Phrase) -> bool: ...

    def remember(self, frame: Frame, step: Step) -> None: ...

    def may(self, frame: Frame, step: Step) -> Request | None:
        """The "you may" question of ``step``; None when the step has nothing to act on (the
        choice cannot matter: it is not asked and the step does not happen)."""


def run(world: World, frame: Frame, supply: dict[str, Any] | None = None) -> Request | None:
    """Run ``frame`` until it ends (None) or needs an answer ``supply`` does not hold (that
    `Request`). Answers used are taken out of ``supply``."""
    code = program(frame.ability)
    supply = supply if supply is not None else {}
    end = len(code)  # (a program is a tuple: its length is asked once)
    while frame.pc < end:
        ins = code[frame.pc]
        op = ins.op
        if op != RUN:  # (most instructions run a step: the other kinds are told apart only here)
            if op == IF_NOT:
                frame.pc = frame.pc + 1 if world.test(frame, ins.condition) else ins.to  # type: ignore[arg-type]
                continue
            if op == IF_DONE:
                frame.pc = ins.to if frame.done else frame.pc + 1
                continue
            if op == REMEMBER:
                world.remember(frame, ins.step)  # type: ignore[arg-type]
                frame.pc += 1
                continue
            assert op == MAY and ins.step is not None
            request = world.may(frame, ins.step)
            if request is None:  # nothing to act on: a choice that cannot matter is not asked, the step skipped
                frame.pc = ins.to
                continue
            if not _answer(frame, request, supply, world.rule):
                return request
            chosen = frame.answers.pop(request.name)
            frame.pc = frame.pc + 1 if chosen else ins.to
            continue
        step = ins.step
        assert step is not None
        verb = world.verbs[step.verb]
        request = verb.request(world, frame, step)
        while request is not None:
            if not _answerable(world, request) or not _answer(frame, request, supply, world.rule):
                return request
            request = verb.request(world, frame, step)
        frame.done = verb.run(world, frame, step)
        frame.answers = {}
        frame.pc += 1
    return None


def answer_sets(start: Callable[[], tuple[World, Frame]], written: bool = True) -> list[dict[str, Any]]:
    """Every combination of answers a script can run with (a simulator's whole legal set): the
    questions in the order the script asks them, each with every option, as a log writes it
    (``written``) or as its canonical value. ``start`` gives a fresh world and frame to try on.
    A question for another player than the world's `answerer` ends the set: it is theirs to
    answer, in an entry of their own."""
    out: list[dict[str, Any]] = []

    def explore(answers: dict[str, Any]) -> None:
        world, frame = start()
        request = run(world, frame, dict(answers))
        if request is None or not _answerable(world, request):
            out.append(answers)
            return
        if request.name in answers:  # asked again after its answer was used: a second question of that name
            raise AssertionError(f"{request.name!r} is asked twice in one script run: name each question apart")
        for option in request.options:
            explore({**answers, request.name: request.write(option) if written else option})

    explore({})
    return out


def _answerable(world: World, request: Request) -> bool:
    """Whether the entry being read may answer ``request``: any question, unless the world
    names who writes it (``answerer``) and the question is another player's ("each player
    ... of their choice": each answers in an entry of their own)."""
    answerer = getattr(world, "answerer", None)
    return answerer is None or request.chooser == answerer


def _answer(frame: Frame, request: Request, supply: dict[str, Any], rule: str) -> bool:
    if request.name in frame.answers:
        return True
    if request.name not in supply:
        return False
    frame.answers[request.name] = request.answer(supply.pop(request.name), rule)
    return True


def leftover(supply: dict[str, Any], what: str, rule: str) -> None:
    """Answers given that no step asked for are a violation (a choice the card does not offer)."""
    if supply:
        name = next(iter(supply))
        raise IllegalAction(rule, f"{what} asks no choice {shown(name)} (or not at this point)")

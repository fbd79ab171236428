"""Running a script: a card played, an event, a Vision's effect, a waiting choice resumed, and
the answers a script may be given (what the moves offer)."""

from __future__ import annotations

from typing import Any

from pnp.effects.language import EFFECT, Ability
from rules_check.core.errors import IllegalAction
from rules_check.core.ops import Op
from rules_check.effects import Frame, Request, answer_sets, describe, leftover, mismatch, run

from ..state import COOP, MULTIPLAYER, SOLO, SoLongState
from .table import VERBS
from .world import RULE_EVENT, SoloWorld, SWorld


WORLDS: dict[str, type[SWorld]] = {MULTIPLAYER: SWorld, COOP: SWorld, SOLO: SoloWorld}  # by the state's mode


def _world(state: SoLongState, answerer: str | None = None) -> SWorld:
    """The table the state's mode plays on, with this game's verbs."""
    return WORLDS[state.mode](state, VERBS, answerer)


def run_script(state: SoLongState, source: str, what: str, script: Any, controller: str, answers: dict[str, Any],
               rule: str, bindings: dict[str, Any] | None = None, shortcuts: tuple[str, ...] = (),
               answerer: str | None = None, written: tuple[Op, ...] | None = None) -> Frame:
    """Run ``source``'s script (a card's, an event's, a Vision's: ``what`` names it with its text) for
    ``controller`` with the entry's answers; `IllegalAction` for a choice left out (naming it
    and the legal ones), one not legal, or one no step asks. ``shortcuts``: the choices an entry
    writes as keys of its own (``to``, ``take``) rather than in ``choose``. A question for
    another player than ``answerer`` (who writes the entry; the controller by default) waits
    for their entry: the frame is returned with it in ``waiting``. An entry that writes the
    outcome as operations (``written``; ``()``: "nothing", None: no outcome written, reading
    SL37) and no choices is read as the choices that give it."""
    assert script is not None
    bindings = dict(bindings or {})
    effect = script.effect  # (a property that lists the script's abilities of its kind: read once)
    if effect is None:  # a continuous card: nothing happens when it is played (continuous.py)
        leftover(dict(answers), what, rule)
        return Frame(source, Ability(EFFECT, ()), controller)
    answerer = answerer or controller
    if written is not None and not answers:
        found = _answers_giving(state, source, script, controller, bindings, written)
        if found is not None:
            answers, answerer = found, None  # every choice is in the outcome written
    frame = Frame(source, effect, controller, bindings=bindings)
    return _go(state, frame, answerer, answers, rule, what, shortcuts, written)


def _go(state: SoLongState, frame: Frame, answerer: str | None, answers: dict[str, Any], rule: str, what: str,
        shortcuts: tuple[str, ...] = (), written: tuple[Op, ...] | None = None) -> Frame:
    """Run ``frame`` on the table with the answers ``answerer``'s entry writes: a question for
    another player leaves it waiting (``frame.waiting``); one of the answerer's left out, or an
    answer no step asked, is a violation."""
    world = _world(state, answerer)
    world.defaults = True
    world.rule = rule
    world.written = written or ()
    world.record = written is not None  # the outcome listed only to compare with the one written
    supply = dict(answers)
    world.supply = supply
    frame.waiting = None
    request = run(world, frame, supply)
    if request is not None and answerer is not None and request.chooser != answerer:
        frame.waiting = request
    elif request is not None:
        key = request.name if request.name in shortcuts else f"choose: {{{request.name}: ...}}"
        if written is not None and not answers:  # an outcome written that no choice gives (reading SL37)
            raise IllegalAction(rule, f"{what} asks {request.chooser} {request.what}, and no choice does what the "
                                      f"entry writes ({describe(written)}): write the choice, {key} (the choices: "
                                      f"{request.shown()})")
        raise IllegalAction(rule, f"{what} asks {request.chooser} {request.what}: write it in the entry, {key} (the "
                                  f"choices: {request.shown()})")
    leftover(supply, what, rule)
    return frame


def _answers_giving(state: SoLongState, source: str, script: Any, controller: str, bindings: dict[str, Any],
                    written: tuple[Op, ...]) -> dict[str, Any] | None:
    """The choices with which the script does what ``written`` says (None: no choices do)."""
    def start() -> tuple[SWorld, Frame]:
        world = _world(state.copy())
        world.written = written or ()
        world.record = True
        return world, Frame(source, script.effect, controller, bindings=dict(bindings))

    for answers in answer_sets(start):
        world, frame = start()
        if run(world, frame, dict(answers)) is None and not mismatch(written, frame.outcome):
            return answers
    return None


def resume(state: SoLongState, frame: Frame, player: str, answers: dict[str, Any], rule: str, what: str) -> Frame:
    """Go on with an effect waiting for ``player``'s choice (``{player: P, choose: {...}}``)."""
    return _go(state, frame, player, answers, rule, what)


def answers_to_wait(state: SoLongState) -> list[dict[str, Any]]:
    """Every set of answers the player an effect waits for can write in their entry (all the
    questions of their part: World's Edge Pub's discard and draw, Error Code's discard and
    return): the simulator's whole legal set of that entry."""
    assert state.waiting is not None and state.waiting.frame.waiting is not None
    chooser = state.waiting.frame.waiting.chooser

    def start() -> tuple[SWorld, Frame]:
        trial = state.copy()
        frame = trial.waiting.frame  # type: ignore[union-attr]
        frame.waiting = None
        return _world(trial, chooser), frame

    return answer_sets(start)


def play_card(state: SoLongState, player: str, card: str, answers: dict[str, Any], rule: str,
              written: tuple[Op, ...] | None = None) -> Frame:
    c = state.data.cards[card]
    return run_script(state, card, f"{card} (\"{c.text}\")", c.script, player, answers, rule, shortcuts=("to", "take"),
                      written=written)


def answers_of(state: SoLongState, player: str, card: str) -> list[dict[str, Any]]:
    """Every set of answers ``card`` can be played with now: the simulator's whole legal set."""
    return answers_for(state, player, card, state.data.cards[card].script)


def answers_for(state: SoLongState, player: str, source: str, script: Any,
                bindings: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every set of answers ``source``'s script (a card, a Vision) can run with now, as far as
    ``player`` answers them (other players answer in entries of their own)."""
    if script is None or script.effect is None:
        return [{}]
    return answer_sets(lambda: (_world(state.copy(), player), Frame(source, script.effect, player,
                                                                    bindings=dict(bindings or {}))))


def run_event(state: SoLongState, event: str, controller: str, answers: dict[str, Any] | None = None,
              rule: str = RULE_EVENT, ignore: tuple[str, ...] = (), written: tuple[Op, ...] | None = None) -> Frame:
    """An event's effect: in the Event Phase for the First Player (a Reboot's spares the players
    in ``ignore``, who paid a Mark of Sol), or, for an event naming a Vision, in the Vision Phase
    for the player there resolving it (ruling SL2). The choices are the entry's ``choose``."""
    e = state.data.events[event]
    return run_script(state, event, f"{event} (\"{e.text}\")", e.script, controller, answers or {}, rule,
                      {"ignore": tuple(ignore)}, written=written)


def first_question(state: SoLongState, player: str, source: str, script: Any) -> Request | None:
    """The first question ``source``'s script asks ``player`` on this table, a choice with a
    single option included (None: it asks nothing)."""
    if script is None or script.effect is None:
        return None
    world = _world(state.copy(), player)
    world.ask_all = True
    return run(world, Frame(source, script.effect, player), {})


def run_vision(state: SoLongState, vision: str, player: str, answers: dict[str, Any], rule: str,
               written: tuple[Op, ...] | None = None) -> Frame:
    """A Vision's effect ("4. Vision Phase, 1. Vision's Effect") from its script."""
    v = state.data.visions[vision]
    return run_script(state, vision, f"{vision}'s effect (\"{v.text}\")", v.script, player, answers, rule,
                      written=written)

"""Using a card's ability ("Card Abilities"): its script run on the effect machine.

"You may discard a card from your hand at any time to use its ability." The card leaves the
hand, its script runs (`verbs.RWorld`), then it lies on the discard pile (ruling R9). The
choices the entry writes (``choose:``) answer the questions the script asks; a question left
unanswered, an answer no step asked for, or an outcome written (``ops``) that is not the
script's is a violation. A side with no script (card data without one) is plain operations,
listed as unverified (docs/logs/README.md, "Card effects").

`uses` lists every way to use a card (each combination of answers: the whole legal set for the
simulator; on a table state `answers`, with the cards an "arrange" looks at named); `variants`
tries an ability that draws the unseen top card of the draw pile once per card it could be
(ruling R13). Ruling R6's search over them is ``search``.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from rules_check.core.errors import IllegalAction
from rules_check.core.zones import is_unseen
from rules_check.effects import Frame, answer_sets, describe, leftover, mismatch, run
from rules_check.effects.machine import RUN, Verb, program

from . import seen
from .actions import Ability
from .rulebook import RULE_ABILITIES
from .state import DISCARD, DRAW, HAND, RelicsState
from .verbs import VERBS, Gain, MoveEnergy, RWorld, Waiting

def script_of(state: RelicsState, card: str):
    return state.side(card).script


def use(state: RelicsState, action: Ability, record: bool = True) -> Frame | None:
    """Use the ability of ``action.card`` (in the hand): the card leaves the hand, the script
    runs with the entry's answers, the card goes to the discard pile. Returns the frame (its
    outcome, listed when ``record``: what `check_outcome` compares), or None for a side with
    no script; raises `IllegalAction` for a missing or unasked choice."""
    card = action.card
    effect = state.effect(card)
    zones = state.zones
    zones.take(card, HAND)
    if effect is None:
        zones.put(card, DISCARD)
        return None
    frame = Frame(card, effect, state.players[0])
    supply = dict(action.choose)
    if zones.unknown and "arrange" in state.verbs(card):  # the cards it looks at named by its order (R12)
        for step in effect.walk():
            order = supply.get("order", supply.get(""))
            if step.verb == "arrange" and isinstance(order, (list, tuple)):
                seen.name_looked_at(state, order, step.value)
    blank = supply.pop("", None)
    world = RWorld(state, record)
    request = run(world, frame, supply)
    if request is not None and blank is not None:
        supply[request.name] = blank
        blank = None
        request = run(world, frame, supply)
    if request is not None:
        raise IllegalAction(RULE_ABILITIES, f"{_what(state, card)} asks {request.what}: write it in the entry, "
                                            f"choose: {{{request.name}: ...}} (the choices: {request.shown()})")
    if blank is not None:
        supply[""] = blank
    if supply:  # answers no step asked for (the message is built only then: this runs in every search)
        _unasked(state, card, supply)
    zones.put(card, DISCARD)  # after its effect (ruling R9)
    return frame


def _unasked(state: RelicsState, card: str, supply: dict[str, Any]) -> None:
    """The answers ``supply`` holds, which no step of ``card``'s ability asked for: a violation."""
    leftover({k or "(one answer)": v for k, v in supply.items()}, _what(state, card), RULE_ABILITIES)


def check_unasked(state: RelicsState, action: Ability) -> None:
    """What `use` finds of the answers ``action`` gives to an ability whose run asks nothing
    (`is_counters_only`): each is one no step asked for (the one plain answer listed last)."""
    if action.choose:
        supply = dict(action.choose)
        blank = supply.pop("", None)
        if blank is not None:
            supply[""] = blank
        _unasked(state, action.card, supply)


def _what(state: RelicsState, card: str) -> str:
    return f"{card}'s ability (\"{state.side(card).ability}\")"


def check_outcome(frame: Frame | None, action: Ability, state: RelicsState) -> None:
    """An outcome the entry writes must be the script's (docs/logs/README.md, "Card effects")."""
    if frame is not None and action.ops is not None and mismatch(action.ops, frame.outcome):
        raise IllegalAction(RULE_ABILITIES, f"{action.card}'s ability (\"{state.side(action.card).ability}\") does: "
                                            f"{describe(frame.outcome)}; the entry writes: {describe(action.ops)}")


def uses(state: RelicsState, card: str, skip: set[str] = frozenset()) -> list[tuple[tuple[str, Any], ...]]:
    """Every combination of answers the ability of ``card`` can be used with."""
    effect = state.effect(card)
    if effect is None:
        return [()]
    if skip and not skip.isdisjoint(state.verbs(card)):
        return []
    if _is_choice_free(effect) and card in state.zones[HAND]:
        return [()]  # what `answer_sets` finds for it, without running it (most abilities: "gain", "discount")
    lone = lone_move_energy(effect)
    if lone is not None and card in state.zones[HAND]:  # the same, read off the tracker ("move energy")
        return MoveEnergy.answer_sets(state.counters, lone)

    def start() -> tuple[RWorld, Frame]:
        trial = state.copy()
        trial.zones.take(card, HAND)
        return RWorld(trial, record=False), Frame(card, effect, state.players[0])

    return [tuple(answers.items()) for answers in answer_sets(start, written=False)]


# the verbs that never ask a question: their `Verb.request` is the base one, which asks none
PLAIN_VERBS = frozenset(name for name, verb in VERBS.items() if type(verb).request is Verb.request)


def _is_choice_free(effect: Any) -> bool:
    """Whether a run of ``effect`` can ask no question, whatever the state: each instruction of
    its program runs a step (no condition, no "you may", nothing remembered) of a plain verb.
    `answer_sets` of it is then the one empty set of answers (`uses` skips the trial run).
    Worked out once per effect (the searches ask it of every card at every step)."""
    return _is_every_step_of(effect, PLAIN_VERBS, _CHOICE_FREE)


def _is_every_step_of(effect: Any, verbs: frozenset[str], known: dict[int, tuple[Any, bool]]) -> bool:
    """Whether each instruction of ``effect``'s program runs a step (no condition, no "you
    may", nothing remembered) of one of ``verbs``: worked out once per effect, kept in ``known``."""
    kept = known.get(id(effect))
    if kept is not None and kept[0] is effect:
        return kept[1]
    every = all(ins.op == RUN and ins.step is not None and ins.step.verb in verbs for ins in program(effect))
    known[id(effect)] = (effect, every)
    return every


_CHOICE_FREE: dict[int, tuple[Any, bool]] = {}  # id(effect) -> (the effect, `_is_choice_free` of it)


def lone_move_energy(effect: Any) -> Any:
    """The step of ``effect`` when its program is that one step, run as it stands, of "move
    energy" (every such ability of the card data): its answers are `MoveEnergy.answer_sets`,
    without a run on a copy of the table for each. Else None. Worked out once per effect."""
    known = _LONE.get(id(effect))
    if known is not None and known[0] is effect:
        return known[1]
    code = program(effect)
    step = code[0].step if len(code) == 1 and code[0].op == RUN else None
    lone = step if step is not None and type(VERBS.get(step.verb)) is MoveEnergy else None
    _LONE[id(effect)] = (effect, lone)
    return lone


_LONE: dict[int, tuple[Any, Any]] = {}  # id(effect) -> (the effect, `lone_move_energy` of it)


# the verbs whose step asks nothing and changes only the tracker's counters ("gain", what waits
# for the next challenge): the zones and the sides are left as they are
COUNTER_VERBS = frozenset(name for name, verb in VERBS.items() if type(verb) in (Gain, Waiting))


def is_counters_only(effect: Any) -> bool:
    """Whether a run of ``effect`` asks no question and changes nothing but the tracker's
    counters, whatever the state: each instruction of its program runs a step (no condition,
    no "you may", nothing remembered) of a `COUNTER_VERBS` verb. Such a run cannot fail, so
    ``rules.check_ability`` tries it on no copy (the apply runs it). Worked out once per effect."""
    return effect is not None and _is_every_step_of(effect, COUNTER_VERBS, _COUNTERS_ONLY)


_COUNTERS_ONLY: dict[int, tuple[Any, bool]] = {}  # id(effect) -> (the effect, `is_counters_only` of it)


def answers(state: RelicsState, card: str) -> list[tuple[tuple[str, object], ...]]:
    """The answers ``card``'s ability can be used with on a table state (``rules.candidates``):
    an "arrange" over unseen top cards answers with each order of cards they can be (R12: its
    ``order`` names them), found by naming them on a copy, one set of cards at a time (the
    ability's own choices are every order of them); any other ability as `uses`."""
    effect = state.effect(card)
    steps = [s for s in effect.walk() if s.verb == "arrange"] if effect is not None else []
    draw = state.zones[DRAW]
    n = min(max((s.value for s in steps), default=0), len(draw))
    top = list(reversed(draw[len(draw) - n:])) if n else []
    if not any(is_unseen(x) for x in top):
        return uses(state, card)
    hidden = [i for i, x in enumerate(top) if is_unseen(x)]
    out: dict[tuple, None] = {}
    for cards in itertools.combinations(seen.could_be(state), len(hidden)):
        named = list(top)
        for i, c in zip(hidden, cards):
            named[i] = c
        trial = state.copy()
        seen.name_top(trial, named, RULE_ABILITIES)
        out.update(dict.fromkeys(uses(trial, card)))
    return list(out)


def can_draw_unseen_top(state: RelicsState, ability: Ability) -> bool:
    """Whether ``ability`` (of a card in hand) would take the unseen top card of the draw pile:
    a "draw", or a "replace" with a card to replace (tried on a copy)."""
    if not seen.is_top_unseen(state) or not is_drawing(state, ability.card):
        return False
    trial = state.copy()
    try:
        use(trial, ability, record=False)
    except IllegalAction:
        return False
    return len(trial.zones[DRAW]) < len(state.zones[DRAW])  # else nothing to replace: the pile untouched


def is_drawing(state: RelicsState, card: str) -> bool:
    """Whether the ability of ``card`` has a step that takes the top card of the draw pile."""
    return not seen.DRAWING_VERBS.isdisjoint(state.verbs(card))


def variants(state: RelicsState, ability: Ability) -> list[Ability]:
    """``ability`` as the search of ruling R13 tries it: an ability that takes the unseen top card
    of the draw pile, once for each card that card could be (SOME order)."""
    if ability.drawn or not can_draw_unseen_top(state, ability):
        return [ability]
    return [replace(ability, drawn=(card,)) for card in seen.could_be(state)]

"""The effect machine's compiled programs (rules_check/effects/machine.py): each ability compiled
once, and the kept programs bounded however many abilities a long run makes."""

from __future__ import annotations

from pnp.effects.language import Ability, Step
from rules_check.effects import machine
from rules_check.effects.machine import RUN, program


def an_ability(n: int) -> Ability:
    return Ability("triggered", (Step("draw", n, {}),), index=-1)


def test_an_ability_is_compiled_once() -> None:
    ability = an_ability(1)
    code = program(ability)
    assert [ins.op for ins in code] == [RUN] and code[0].step is ability.steps[0]
    assert program(ability) is code


def test_abilities_made_as_games_go_do_not_grow_the_programs_kept() -> None:
    """An engine makes abilities during a game (Kartomantik's remembered steps); a batch of logs or
    the table app's server makes them without end: the programs kept stay within their bound."""
    made = [an_ability(n) for n in range(machine._MAX_PROGRAMS + 50)]
    for ability in made:
        program(ability)
    assert len(machine._PROGRAMS) <= machine._MAX_PROGRAMS
    assert [ins.step for ins in program(made[0])] == [made[0].steps[0]]  # forgotten, then compiled again

"""The cards as they stand now: their abilities, their power with every modifier and static
effect, and what a target phrase can name.

3.1 Passive: static effects "are always active as long as the card remains on the field (or
in the zone they specify)"; they are worked out here whenever a power is needed, never
written in a log. 3.2 Modifiers: a card that "loses its effects" has none; one that "has that
card's effects" has them too. 3.2 Targets: a target is valid when it fits its phrase, both
when the effect is put on the Stack and when it resolves.
"""

from __future__ import annotations

from typing import Iterable

from pnp.effects.kartomantik import Group, Ref, Target
from pnp.effects.language import STATIC, TRIGGERED, Ability

from .state import CONFRONTATION, STACK, STALEMATE, KState, owner_of, zone

PLACED = (CONFRONTATION, STALEMATE)  # where manifestations keep their modifiers, besides the Interzones


def abilities(state: KState, it: str) -> list[Ability]:
    """The abilities ``it`` has now: none when it lost its effects, its own and any it was
    given ("it has that card's effects") otherwise."""
    if it in state.muted:
        return []
    card = state.card(it)
    own = list(card.script.abilities) if card.script is not None else []
    for name in state.granted.get(it, ()):
        other = state.pool.get(name)  # type: ignore[union-attr]
        if other is not None and other.script is not None:
            own += other.script.abilities
    return own


def of_kind(state: KState, it: str, kind: str) -> list[Ability]:
    return [a for a in abilities(state, it) if a.kind == kind]


def effect_ability(state: KState, it: str) -> Ability | None:
    """A Will's effect when it resolves (its ability with no trigger, cost or state)."""
    card = state.card(it)
    return card.script.effect if card.script is not None else None


def field_cards(state: KState) -> list[str]:
    """Every card on the Cartomantic Field (1.3.6): the Confrontation Zone, the Interzones and
    the played Persistent Wills."""
    out = list(state.zones[CONFRONTATION])
    for p in state.players:
        out += state.zones[zone("interzone", p)]
        out += state.zones[zone("field", p)]
    return out


def manifestations_in_play(state: KState) -> list[str]:
    """Manifestations whose power counts or is kept: the Confrontation Zone, the Interzones and
    the Stalemate Zone (3.2 Modifiers)."""
    out = list(state.zones[CONFRONTATION]) + list(state.zones[STALEMATE])
    for p in state.players:
        out += state.zones[zone("interzone", p)]
    return out


# --- static effects (3.1 Passive) ------------------------------------------------------------


def state_holds(state: KState, source: str, key: str) -> bool:
    """Whether a static ability's ``while:`` holds for ``source`` now."""
    if key == "always":
        return True
    me = state.controller(source)
    if key == "in the confrontation zone":
        return source in state.zones[CONFRONTATION]
    if key == "in your interzone":
        return source in state.zones[zone("interzone", me)]
    if key == "on the field":
        return state.on_field(source)
    if key == "only one":
        mine = [it for it in state.zones[CONFRONTATION] if state.controller(it) == me]
        return mine == [source]
    raise ValueError(f"unknown state {key!r}")


def active_statics(state: KState) -> Iterable[tuple[str, Ability]]:
    """(source, ability) for every static ability in effect now."""
    for source in field_cards(state):
        for ability in abilities(state, source):
            if ability.kind == STATIC and state_holds(state, source, ability.condition.key):  # type: ignore[union-attr]
                yield source, ability


def in_group(state: KState, group: Group, it: str, source: str, controller: str, chosen: object = None,
             where: str | None = None) -> bool:
    """Whether manifestation ``it`` is one of ``group`` for an ability of ``source``."""
    if not state.is_manifestation(it):
        return False
    owner = state.controller(it)
    if group.whose == "you" and owner != controller or group.whose == "opponent" and owner == controller:
        return False
    if group.other and it == source:
        return False
    if group.temperament is not None:
        wanted = chosen if group.temperament == "chosen" else group.temperament
        if state.temperament(it) != wanted:
            return False
    if group.base_power is not None and state.base_power(it) != group.base_power:
        return False
    if group.in_support and it not in state.support:
        return False
    zone_key = where if group.zone == "there" else group.zone
    return in_zone(state, it, zone_key, "any", controller)


def in_zone(state: KState, it: str, key: str | None, whose: str, controller: str) -> bool:
    """Whether ``it`` is in the zone a phrase names (None: where manifestations are in play)."""
    if key is None:
        return it in manifestations_in_play(state)
    players = {"any": state.players, "you": [controller], "opponent": [state.other(controller)],
               "owner": [owner_of(it)]}[whose]
    if key == "field":
        if it in state.zones[CONFRONTATION]:
            return True
        return any(it in state.zones[zone(k, p)] for p in players for k in ("interzone", "field"))
    if key in (CONFRONTATION, STALEMATE, STACK):
        return it in state.zones[key]
    return any(it in state.zones[zone(key, p)] for p in players)


def powers(state: KState) -> dict[str, int]:
    """The power of every manifestation in play (3.2 "Power vs Base Power": base power plus
    every modifier), static effects included."""
    out = {}
    for it in manifestations_in_play(state):
        out[it] = state.base_power(it) + state.counters.get(f"power.{it}", 0) + state.counters.get(f"turn.{it}", 0)
    for source, ability in active_statics(state):
        controller = state.controller(source)
        where = CONFRONTATION if ability.condition.key in ("in the confrontation zone", "only one") else None  # type: ignore[union-attr]
        for step in ability.steps:
            if step.verb != "power":
                continue
            subject = step.get("of")
            amount = step.value if isinstance(step.value, int) else state.base_power(source)
            if step.get("for each") is not None:  # "for each other manifestation you control there"
                amount *= sum(1 for it in state.zones[CONFRONTATION]
                              if it != source and state.controller(it) == controller)
            if subject is None or isinstance(subject, Ref):
                if source in out:
                    out[source] += amount
                continue
            assert isinstance(subject, Group)
            for it in out:
                if in_group(state, subject, it, source, controller, where=where):
                    if step.get("while in") is not None and it not in state.zones[CONFRONTATION]:
                        continue
                    out[it] += amount
    return out


def power(state: KState, it: str) -> int:
    found = powers(state).get(it)
    if found is not None:
        return found
    return state.base_power(it) + state.counters.get(f"power.{it}", 0) + state.counters.get(f"turn.{it}", 0)


def total_power(state: KState, p: str, table: dict[str, int] | None = None) -> int:
    """4.2.3: the sum of the power of the manifestations P controls in the Confrontation Zone."""
    table = powers(state) if table is None else table
    return sum(table[it] for it in state.zones[CONFRONTATION] if state.controller(it) == p)


def restricted(state: KState, it: str, what: str) -> bool:
    """3.2 The Golden Rule: a static "cannot" of the card itself (Red Verdict's "It cannot be
    used to pay a Tribute"), in effect wherever the card is."""
    for ability in abilities(state, it):
        if ability.kind == STATIC and state_holds(state, it, ability.condition.key):  # type: ignore[union-attr]
            if any(s.verb == "cannot" and s.value.key == what for s in ability.steps):
                return True
    return False


def keeps_essence(state: KState, p: str) -> bool:
    """2.1 Excess Essence "not used by the end of the turn ... is lost", unless a static effect
    of P's says it is not (The Bridge of Tongues)."""
    for source, ability in active_statics(state):
        if state.controller(source) == p and any(s.verb == "keep" for s in ability.steps):
            return True
    return False


def triggered(state: KState, it: str, keys: Iterable[str]) -> list[Ability]:
    keys = set(keys)
    return [a for a in abilities(state, it) if a.kind == TRIGGERED and a.trigger.key in keys]  # type: ignore[union-attr]


# --- targets (3.2 Targets) -------------------------------------------------------------------


def target_candidates(state: KState, spec: Target, controller: str, source: str,
                      table: dict[str, int] | None = None) -> list[str]:
    """Every card that fits a target phrase for an ability of ``source`` controlled by ``controller``."""
    if spec.kind == "manifestation":
        pool = manifestations_in_play(state) + [it for p in state.players for it in state.zones[zone("limbo", p)]]
        found = [it for it in pool if state.is_manifestation(it)
                 and in_zone(state, it, spec.zone, spec.whose, controller)]
    else:  # a Will: on the Stack (a card, not a copy), or a Persistent Will on the field
        if spec.zone == STACK:
            found = [i.card for i in state.items if i.is_card and i.card != source
                     and not state.is_manifestation(i.card)]
        else:
            found = [it for p in state.players for it in state.zones[zone("field", p)]]
        kind = spec.kind.split()[0] if " " in spec.kind else None
        if kind is not None:
            found = [it for it in found if state.card(it).will == kind]
    if spec.you_control:
        found = [it for it in found if state.controller(it) == controller]
    if spec.entered_in_support:
        found = [it for it in found if it in state.support]
    if spec.tribute_max is not None:
        found = [it for it in found if (state.card(it).tribute.amount if state.card(it).tribute else 0)
                 <= spec.tribute_max]
    if spec.base_power_max is not None:
        found = [it for it in found if state.base_power(it) <= spec.base_power_max]
    if spec.power_max is not None or spec.highest:
        table = powers(state) if table is None else table
        if spec.power_max is not None:
            found = [it for it in found if table.get(it, state.base_power(it)) <= spec.power_max]
        if spec.highest:
            on_field = [table[it] for it in state.field_manifestations() if it in table]
            top = max(on_field) if on_field else None
            found = [it for it in found if table.get(it) == top]
    return list(dict.fromkeys(found))


def target_choices(state: KState, spec: Target, controller: str, source: str) -> list[tuple[str, ...]]:
    """Every legal declaration of ``spec``'s targets (distinct cards, in the order found)."""
    from itertools import combinations

    found = target_candidates(state, spec, controller, source)
    return [tuple(c) for c in combinations(found, spec.count)]


def targets_valid(state: KState, spec: Target, controller: str, source: str, targets: tuple[str, ...]) -> bool:
    if len(targets) != spec.count or len(set(targets)) != len(targets):
        return False
    found = set(target_candidates(state, spec, controller, source))
    return all(t in found for t in targets)

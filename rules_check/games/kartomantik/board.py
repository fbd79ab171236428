"""The cards as they stand now: their abilities, their power with every modifier and static
effect, and what a target phrase can name.

3.1 Passive: static effects "are always active as long as the card remains on the field (or
in the zone they specify)"; they are worked out here whenever a power is needed, never
written in a log. 3.2 Modifiers: a card that "loses its effects" has none; one that "has that
card's effects" has them too. 3.2 Targets: a target is valid when it fits its phrase, both
when the effect is put on the Stack and when it resolves.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from pnp.games.kartomantik.models import PoolCard
from pnp.games.kartomantik.vocabulary import Group, Ref, Target
from pnp.effects.language import ACTIVATED, STATIC, TRIGGERED, Ability
from rules_check.core.zones import is_unseen

from .state import CONFRONTATION, STACK, STALEMATE, KState, owner_of, zone

PLACED = (CONFRONTATION, STALEMATE)  # where manifestations keep their modifiers, besides the Interzones


def abilities(state: KState, it: str) -> Sequence[Ability]:
    """The abilities ``it`` has now: none when it lost its effects, its own and any it was
    given ("it has that card's effects") otherwise."""
    return of_kind(state, it, None)


def of_kind(state: KState, it: str, kind: str | None) -> Sequence[Ability]:
    """``it``'s abilities of one kind now (None: of every kind). A hot path: a card with no
    given effects answers from its script's grouping, without building a list."""
    if it in state.muted:
        return ()
    script = state.card(it).script
    own: Sequence[Ability] = () if script is None else script.abilities if kind is None else script.kinds.get(kind, ())
    given = state.granted.get(it)
    if not given:
        return own
    out = list(own)
    for name in given:
        other = state.pool.get(name)  # type: ignore[union-attr]
        if other is not None and other.script is not None:
            out += other.script.abilities if kind is None else other.script.kinds.get(kind, ())
    return out


def effect_ability(state: KState, it: str) -> Ability | None:
    """A Will's effect when it resolves (its ability with no trigger, cost or state)."""
    card = state.card(it)
    return card.script.effect if card.script is not None else None


def field_cards(state: KState) -> list[str]:
    """Every card on the Cartomantic Field (1.3.6): the Confrontation Zone, the Interzones and
    the played Persistent Wills."""
    z = state.zones.zones
    out: list[str] = []
    for name in state.field_zones:
        out += z[name]
    return out


def manifestations_in_play(state: KState) -> list[str]:
    """Manifestations whose power counts or is kept: the Confrontation Zone, the Interzones and
    the Stalemate Zone (3.2 Modifiers)."""
    z = state.zones.zones
    out: list[str] = []
    for name in state.in_play_zones:
        out += z[name]
    return out


# --- static effects (3.1 Passive) ------------------------------------------------------------


def is_while_met(state: KState, source: str, key: str) -> bool:
    """Whether a static ability's ``while:`` holds for ``source`` now."""
    if key == "always":
        return True
    if key == "in the confrontation zone":
        return source in state.zones.zones[CONFRONTATION]
    if key == "on the field":
        return state.is_on_field(source)
    me = state.controller(source)  # (asked only by the states below, that name "you")
    if key == "in your interzone":
        return source in state.zones[zone("interzone", me)]
    if key == "only one":
        mine = [it for it in state.zones.zones[CONFRONTATION] if state.controller(it) == me]
        return mine == [source]
    raise ValueError(f"unknown state {key!r}")


def active_statics(state: KState) -> Iterable[tuple[str, Ability]]:
    """(source, ability) for every static ability in effect now."""
    for source, ability in _statics_on_field(state):
        key = ability.condition.key  # type: ignore[union-attr]
        # a card `_statics_on_field` names is on the field: "on the field" holds, not asked again
        if key == "on the field" or is_while_met(state, source, key):
            yield source, ability


def _statics_on_field(state: KState) -> Iterable[tuple[str, Ability]]:
    """(source, ability) for every static ability of a card on the field, in effect or not. A
    card given no effects has a static ability only if its own script has one: the cards of the
    game whose script has one are read once (`_read_game_cards`), and the others skipped unread."""
    if state.trigger_keys is None:
        _read_game_cards(state)
    granted, card, having = state.granted, state.card, state.static_cards
    if not granted and not having:
        return  # no card of this game has a static ability, and none was given one
    z = state.zones.zones
    for name in state.field_zones:  # (`field_cards`, each zone read in place: no list made)
        for source in z[name]:
            if source in granted:
                statics = of_kind(state, source, STATIC)
            else:  # the usual case, inlined: most cards have no static ability
                if source not in having or source in state.muted:
                    continue
                statics = card(source).script.kinds[STATIC]  # type: ignore[union-attr]
            for ability in statics:
                yield source, ability


def is_in_group(state: KState, group: Group, it: str, source: str, controller: str, chosen: object = None,
             where: str | None = None) -> bool:
    """Whether manifestation ``it`` is one of ``group`` for an ability of ``source``."""
    return bool(group_members(state, group, (it,), source, controller, chosen, where))


def group_members(state: KState, group: Group, items: Iterable[str], source: str, controller: str,
                  chosen: object = None, where: str | None = None) -> list[str]:
    """Those of ``items`` that are manifestations of ``group`` for an ability of ``source``, in
    their order: the group read once for all of them (`powers` asks of every manifestation in
    play), and each card looked up once for its type, temperament and base power."""
    whose, other, temperament, base_power = group.whose, group.other, group.temperament, group.base_power
    wanted = chosen if temperament == "chosen" else temperament
    support = state.support if group.in_support else None
    zone_key = where if group.zone == "there" else group.zone
    cards, card, temperaments = state._cards, state.card, state.temperaments
    out = []
    for it in items:
        c = cards.get(it) or card(it)  # (`card`'s lookup, inline)
        if c.type != "manifestation":
            continue
        if whose != "any":  # (the controller, asked only of a group that names one)
            owner = state.controller(it)
            if whose == "you" and owner != controller or whose == "opponent" and owner == controller:
                continue
        if other and it == source:
            continue
        if temperament is not None and (temperaments.get(it) or c.temperament) != wanted:  # (`KState.temperament`)
            continue
        if base_power is not None and (c.power or 0) != base_power:  # (`KState.base_power`)
            continue
        if support is not None and it not in support:
            continue
        if is_in_zone(state, it, zone_key, "any", controller):
            out.append(it)
    return out


def is_in_zone(state: KState, it: str, key: str | None, whose: str, controller: str) -> bool:
    """Whether ``it`` is in the zone a phrase names (None: where manifestations are in play)."""
    z = state.zones.zones
    if key is None:
        for name in state.in_play_zones:  # (a plain loop, no generator: `powers` asks of every card in play)
            if it in z[name]:
                return True
        return False
    if key in (CONFRONTATION, STALEMATE, STACK):
        return it in z[key]
    if key == "field":
        if it in z[CONFRONTATION]:
            return True
        return any(it in z[n] for n in _whose(state, "interzone", whose, controller, it)) \
            or any(it in z[n] for n in _whose(state, "field", whose, controller, it))
    return any(it in z[n] for n in _whose(state, key, whose, controller, it))


def _whose(state: KState, kind: str, whose: str, controller: str, it: str) -> tuple[str, ...]:
    """The zones of ``kind`` a phrase's owner word names: any player's, yours, the opponent's,
    the card's owner's."""
    if whose == "any":
        return state.own(kind)
    player = controller if whose == "you" else state.other(controller) if whose == "opponent" else owner_of(it)
    return (zone(kind, player),)


def powers(state: KState, zones: tuple[str, ...] | None = None) -> dict[str, int]:
    """The power of every manifestation in play (3.2 "Power vs Base Power": base power plus
    every modifier), static effects included; ``zones``: only those of the manifestations in
    these zones (who would win asks only the Confrontation Zone's: a card's power never depends
    on another's, only on where the cards are)."""
    z = state.zones.zones
    cards, card = state._cards, state.card
    out = {}
    for name in state.in_play_zones if zones is None else zones:
        for it in z[name]:
            out[it] = (cards.get(it) or card(it)).power or 0  # (`card`'s lookup, inline)
    for key, amount in state.counters.items():  # the modifiers (a few counters): read once, not per card
        if key.startswith(MODIFIERS):
            it = key.partition(".")[2]
            if it in out:
                out[it] += amount
    if state.trigger_keys is None:
        _read_game_cards(state)
    if not state.granted and not state.static_cards:
        return out  # no card of this game has a static ability, and none was given one
    for source, ability in active_statics(state):
        controller = state.controller(source)
        where = CONFRONTATION if ability.condition.key in ("in the confrontation zone", "only one") else None  # type: ignore[union-attr]
        for step in ability.steps:
            if step.verb != "power":
                continue
            options = step.options  # (`Step.get`, inline: read once per step, not per card)
            subject = options.get("of")
            amount = step.value if isinstance(step.value, int) else state.base_power(source)
            if options.get("for each") is not None:  # "for each other manifestation you control there"
                amount *= sum(1 for it in z[CONFRONTATION]
                              if it != source and state.controller(it) == controller)
            if subject is None or isinstance(subject, Ref):
                if source in out:
                    out[source] += amount
                continue
            assert isinstance(subject, Group)
            there = z[CONFRONTATION] if options.get("while in") is not None else None
            for it in group_members(state, subject, out, source, controller, where=where):
                if there is None or it in there:
                    out[it] += amount
    return out


def is_surely_alive(state: KState) -> bool:
    """Whether every manifestation in play surely has power above 0 (ruling K3), found without
    working out every static effect: its own power and modifiers, less the most that the
    negative static effects on the field could take. A fast path for the sweep after every
    item; when it cannot tell, the caller works out `powers`."""
    z = state.zones.zones
    if state.trigger_keys is None:
        _read_game_cards(state)
    if state.granted:
        could_take = _could_take_granted(state, z)
    else:  # (a game with no static effect that lowers a power, most of them: none to look for)
        could_take = _could_take(state, z) if state.lowering else 0
    modified: dict[str, int] = {}  # each card's modifiers together (a few counters: read once)
    for key, amount in state.counters.items():
        if amount and key.startswith(MODIFIERS):
            it = key.partition(".")[2]
            modified[it] = modified.get(it, 0) + amount
    # a bound first, reading only the cards with modifiers (the usual answer): a card whose
    # modifiers add up to 0 or more (or that has none) has at least the game's weakest base
    # power; one with less, its own base power less them
    lowest = state.weakest
    for it, amount in modified.items():
        if amount < 0:
            weaker = state.base_power(it) + amount
            if weaker < lowest:
                lowest = weaker
    if lowest > could_take:
        return True
    # else each manifestation in play, its power before static effects (could_take is 0 or more)
    cards, card = state._cards, state.card
    for name in state.in_play_zones:
        for it in z[name]:
            c = cards.get(it) or card(it)
            if c.type == "manifestation" and (c.power or 0) + modified.get(it, 0) <= could_take:
                return False
    return True


def _could_take(state: KState, z: dict[str, list[str]]) -> int:
    """The most the static effects on the field that lower a power could take from one card, in
    effect or not (an upper bound: `is_surely_alive`), for a game whose cards were read
    (`_read_game_cards`) and none given another's effects."""
    could_take = 0
    muted, names = state.muted, state.field_zones
    for it, fixed, for_each in state.lowering:  # (a card or two)
        if it not in muted:
            for name in names:  # (`KState.is_on_field`, inline: asked after every item)
                if it in z[name]:
                    could_take += fixed + for_each * len(z[CONFRONTATION])
                    break
    return could_take


def _could_take_granted(state: KState, z: dict[str, list[str]]) -> int:
    """`_could_take` once a card was given another's effects (3.2): any card may have any
    effect, so every static effect of every card on the field is looked at."""
    could_take = 0
    for _source, ability in _statics_on_field(state):  # in effect or not: an upper bound
        for step in ability.steps:
            if _is_lowering(step):
                times = len(z[CONFRONTATION]) if step.get("for each") is not None else 1
                could_take += -step.value * times
    return could_take


MODIFIERS = ("power.", "turn.")  # the counters of a card's power (state.py)


def power(state: KState, it: str) -> int:
    found = powers(state).get(it)
    if found is not None:
        return found
    return state.base_power(it) + state.counters.get(f"power.{it}", 0) + state.counters.get(f"turn.{it}", 0)


def total_power(state: KState, p: str, table: dict[str, int] | None = None) -> int:
    """4.2.3: the sum of the power of the manifestations P controls in the Confrontation Zone."""
    table = powers(state) if table is None else table
    return sum(table[it] for it in state.zones[CONFRONTATION] if state.controller(it) == p)


def is_restricted(state: KState, it: str, what: str) -> bool:
    """3.2 The Golden Rule: a static "cannot" of the card itself (Red Verdict's "It cannot be
    used to pay a Tribute"), in effect wherever the card is."""
    _read_game_cards(state)
    if it not in state.static_cards and it not in state.granted:
        return False  # (most cards: no static ability of its own, and none given)
    for ability in of_kind(state, it, STATIC):
        if is_while_met(state, it, ability.condition.key):  # type: ignore[union-attr]
            if any(s.verb == "cannot" and s.value.key == what for s in ability.steps):
                return True
    return False


def can_keep_essence(state: KState, p: str) -> bool:
    """2.1 Excess Essence "not used by the end of the turn ... is lost", unless a static effect
    of P's says it is not (The Bridge of Tongues)."""
    for source, ability in active_statics(state):
        if state.controller(source) == p and any(s.verb == "keep" for s in ability.steps):
            return True
    return False


def _is_lowering(step) -> bool:
    """A static step that lowers a power (Sorrow's Weight: ``power: -1``)."""
    return step.verb == "power" and isinstance(step.value, int) and step.value < 0


def _read_game_cards(state: KState) -> None:
    """The trigger keys of every card of this game (each with the cards that have it), its cards
    that are manifestations, its cards with a static ability, and those with a static effect that
    lowers a power (with the most those effects take: `is_surely_alive`), read once: no card
    enters a game after its setup (the conservation rule, docs/logs/README.md), and a card's
    script never changes (what a card gains or loses is in ``granted`` and ``muted``, which the
    readers look at first)."""
    if state.trigger_keys is not None:
        return
    keys: dict[str, set[str]] = {}
    weakest = None  # the lowest base power of the game's manifestations
    manifestations = []
    lowering = []
    statics = []
    everything = [x for items in state.zones.zones.values() for x in items if not is_unseen(x)]
    present = set(everything)  # (a set: a list searched for each card of each pile is 30 x 60 compares)
    everything += [x for pile in state.zones.unknown.values() for x in pile if x not in present]  # reading K39
    facts_of: dict[str, _Facts] = {}
    for it in everything:  # (each copy counts in `lowering`; a card's copies read once)
        facts = facts_of.get(it)
        if facts is None:
            card = state.card(it)
            facts = facts_of[it] = _card_facts(card)
            if card.type == "manifestation":
                manifestations.append(it)
                if weakest is None or (card.power or 0) < weakest:
                    weakest = card.power or 0
        trigger_keys, is_static, takes, _ = facts
        for key in trigger_keys:
            keys.setdefault(key, set()).add(it)
        if is_static:
            statics.append(it)
        if takes is not None:
            lowering.append((it, *takes))
    state.trigger_keys = {key: frozenset(holders) for key, holders in keys.items()}
    state.lowering, state.static_cards = tuple(lowering), frozenset(statics)
    state.weakest = 0 if weakest is None else weakest
    state.manifestations = frozenset(manifestations)


# what the rules read of a pool card (`_card_facts`), by the card (its identity: a pool's cards
# never change), for every game with the same pool; bounded (emptied when full)
_Facts = tuple[tuple[str, ...], bool, tuple[int, int] | None, bool]
_FACTS: dict[int, tuple[PoolCard, _Facts]] = {}
_MAX_FACTS = 4096


def _card_facts(card: PoolCard) -> _Facts:
    """A card's trigger keys, whether it has a static ability, the most its static effects that
    lower a power take (a fixed amount, and an amount per card in the Confrontation Zone; None
    when it has none), and whether it has Support (``PoolCard.support``, which reads its keywords
    anew each time)."""
    known = _FACTS.get(id(card))
    if known is not None and known[0] is card:
        return known[1]
    script = card.script
    facts: _Facts = ((), False, None, card.support)
    if script is not None:
        steps = [step for a in script.kinds.get(STATIC, ()) for step in a.steps if _is_lowering(step)]
        takes = (sum(-s.value for s in steps if s.get("for each") is None),
                 sum(-s.value for s in steps if s.get("for each") is not None)) if steps else None
        facts = (tuple(script.triggers), bool(script.kinds.get(STATIC)), takes, card.support)
    if len(_FACTS) >= _MAX_FACTS:
        _FACTS.clear()
    _FACTS[id(card)] = (card, facts)
    return facts


def has_support(card: PoolCard) -> bool:
    """3.1 "Support and Chain": whether ``card`` has the keyword, read once per pool card."""
    return _card_facts(card)[3]


def manifestation_items(state: KState) -> frozenset[str]:
    """This game's cards (items, seen or not) that are manifestations: `is_manifestation` of each,
    read once (`_read_game_cards`: a game's cards and their types never change)."""
    if state.trigger_keys is None:
        _read_game_cards(state)
    return state.manifestations


def can_trigger(state: KState, key: str) -> bool:
    """Whether any card of this game could have a trigger ``key`` (False: no need to look at
    every card on the field for it); a card given another's effects (3.2) could have any."""
    if state.granted:
        return True
    _read_game_cards(state)
    return key in state.trigger_keys  # type: ignore[operator]


def holders(state: KState, key: str) -> frozenset[str] | None:
    """The cards of this game whose own script has a trigger ``key`` (an empty set: none has);
    None when a card was given another's effects (3.2), so that any card could have it. A
    card not among them has no such trigger: the trigger's readers skip it unread."""
    if state.granted:
        return None
    _read_game_cards(state)
    return state.trigger_keys.get(key, frozenset())  # type: ignore[union-attr]


def triggered(state: KState, it: str, keys: Iterable[str]) -> Sequence[Ability]:
    """``it``'s triggered abilities now whose trigger is one of ``keys``."""
    if it not in state.granted:  # the usual case: straight from the script's grouping
        script = (state._cards.get(it) or state.card(it)).script  # (`card`'s lookup, inline)
        if script is None or it in state.muted:
            return ()
        found: tuple[Ability, ...] = ()
        for key in keys:
            found += script.triggers.get(key, ())
        return tuple(a for a in script.abilities if a in found) if len(found) > 1 else found
    keys = set(keys)
    return [a for a in of_kind(state, it, TRIGGERED) if a.trigger.key in keys]  # type: ignore[union-attr]


# --- targets (3.2 Targets) -------------------------------------------------------------------


def target_candidates(state: KState, spec: Target, controller: str, source: str,
                      table: dict[str, int] | None = None, among: tuple[str, ...] | None = None) -> list[str]:
    """Every card that fits a target phrase for an ability of ``source`` controlled by ``controller``;
    ``among``: only those of these cards (`can_target`: each test below is of one card, so the
    others need not be asked)."""
    if spec.kind == "manifestation":  # in play (3.2 Modifiers) or in a Limbo
        found = _manifestation_places(state, spec.zone, spec.whose, controller)
        if among is not None:
            found = [it for it in found if it in among]
        found = [it for it in found if state.is_manifestation(it)]
    else:  # a Will: on the Stack (a card, not a copy), or a Persistent Will on the field
        if spec.zone == STACK:
            found = [i.card for i in state.items if i.is_card and i.card != source
                     and not state.is_manifestation(i.card)]
        else:
            found = [it for p in state.players for it in state.zones[zone("field", p)]]
        if among is not None:
            found = [it for it in found if it in among]
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


def _manifestation_places(state: KState, key: str | None, whose: str, controller: str) -> list[str]:
    """The cards in the zones a manifestation target phrase names, in table order; only where
    a manifestation can be targeted (in play or in a Limbo: not a hand or a deck)."""
    z = state.zones.zones
    if key is None:
        return manifestations_in_play(state)
    if key in (CONFRONTATION, STALEMATE):
        return list(z[key])
    kinds = ("interzone",) if key == "field" else (key,) if key in ("interzone", "limbo") else ()
    out = list(z[CONFRONTATION]) if key == "field" else []
    for kind in kinds:
        if whose == "owner":  # "its owner's Limbo": each card in its own owner's zone
            for p in state.players:
                out += [it for it in z[zone(kind, p)] if owner_of(it) == p]
        else:
            for name in _whose(state, kind, whose, controller, ""):
                out += z[name]
    return out


def target_choices(state: KState, spec: Target, controller: str, source: str) -> list[tuple[str, ...]]:
    """Every legal declaration of ``spec``'s targets (distinct cards, in the order found)."""
    from itertools import combinations

    found = target_candidates(state, spec, controller, source)
    return [tuple(c) for c in combinations(found, spec.count)]


def has_targets(state: KState, spec: Target, controller: str, source: str) -> bool:
    """Whether ``spec`` has a legal declaration (`target_choices` is not empty: enough distinct
    cards fit it), without listing every one."""
    return len(target_candidates(state, spec, controller, source)) >= spec.count


def can_target(state: KState, spec: Target, controller: str, source: str, targets: tuple[str, ...]) -> bool:
    if len(targets) != spec.count or len(set(targets)) != len(targets):
        return False
    return len(target_candidates(state, spec, controller, source, among=targets)) == len(targets)  # (distinct)


def activated_of(state: KState, it: str) -> Ability | None:
    found = of_kind(state, it, ACTIVATED)
    return found[0] if found else None


def is_scripted(state: KState, it: str) -> bool:
    return (state._cards.get(it) or state.card(it)).script is not None  # (`card`'s lookup, inline)


def text_of(state: KState, it: str) -> str:
    return state.card(it).text or ""

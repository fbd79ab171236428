"""Continuous cards: "the effect is active as long as the card is in the field" ("Remnant
Cards", 3. Effect).

A continuous card's script is a triggered ability (``when: At the start of your Vision
Phase``) or a static one (``while: always``). What happens in the game is told here as it
happens (`happened`: a drain, a card played, a Vision emptied, a Vision Phase starting); the
abilities it triggers wait in ``state.queue`` and resolve in order once the entry is applied
(`triggers.fire`), each as its owner's: a choice it asks (Father's Old Coat's "you may") is the owner's
entry, ``{player: P, choose: {may: yes}}``. Static abilities are asked where their rule is
checked (`has_static`: Teeth in the Dark at the drain, Lighthouse Keeper at a Reboot, The
Symbolic System at a card's cost).

Readings (docs/rulings.md SL31): a triggered ability resolves after the entry that triggered
it, before the next entry; several resolve in turn order from the First Player.
"""

from __future__ import annotations

from typing import Any

from .state import SoLongState, field_of

RULE_CONTINUOUS = "So Long, My World: Remnant Cards, 3. Effect (continuous)"

YOU_DRAIN_AFFINITY = "you drain affinity"
YOUR_VISION_PHASE = "your vision phase"
YOU_DRAIN_A_CARD = "you drain a card"
ANOTHER_PLAYS_POSITIVE = "another plays positive"
YOU_EMPTY_A_VISION = "you empty a vision"
OTHERS = {ANOTHER_PLAYS_POSITIVE}  # triggers on what another player does; the rest on the owner's own


def continuous_cards(state: SoLongState) -> frozenset[str]:
    """The cards with a triggered or static ability (`CardData.continuous`)."""
    return state.data.continuous


# The players' fields, by name, of the last players list asked (a game's list, shared by every
# copy of its state and never changed once set up): one slot, kept with the list it was made of
_FIELD_ZONES: list[Any] = [None, ()]


def _field_zones(players: list[str]) -> tuple[str, ...]:
    """The fields of ``players``, in their order (`_fields` asks after most entries)."""
    if _FIELD_ZONES[0] is not players:
        _FIELD_ZONES[:] = [players, tuple(field_of(p) for p in players)]
    return _FIELD_ZONES[1]  # type: ignore[no-any-return]


def _fields(state: SoLongState) -> list[tuple[str, str, Any]]:
    """Each continuous card in a field, with its owner and script, in turn order from the first
    player. Asked after most entries (a turn starts, a drain, a card played): the fields are
    first tested in C for any continuous card at all (none, the usual case: no turn order made,
    nothing else done); the fields exist from the setup on, read without `Zones.__getitem__`."""
    names = continuous_cards(state)
    zones = state.zones.zones
    found = False
    for zone in _field_zones(state.players):
        cards = zones.get(zone)
        if cards and not names.isdisjoint(cards):
            found = True
            break
    if not found:
        return []
    data = state.data.cards
    return [(p, card, data[card].script) for p in state.order() for card in zones.get(field_of(p), ())
            if card in names]


def happened(state: SoLongState, key: str, player: str, info: dict[str, Any] | None = None) -> None:
    """``player`` did what ``key`` names: the continuous cards it triggers queue up."""
    for owner, card, script in _fields(state):
        if (owner != player) if key in OTHERS else (owner == player):
            for ability in script.triggers.get(key, ()):
                state.queue.append((card, owner, ability.index, dict(info or {})))


def has_static(state: SoLongState, player: str, verb: str) -> bool:
    """Whether a card in ``player``'s field has a static ability with a step ``verb``."""
    return _has_static(_fields(state), player, verb)


def _has_static(fields: list[tuple[str, str, Any]], player: str, verb: str) -> bool:
    """`has_static` over the continuous cards of the fields (`_fields`), found once."""
    for owner, _card, script in fields:
        if owner == player and any(step.verb == verb for a in script.of_kind("static") for step in a.steps):
            return True
    return False


def spared_by_statics(state: SoLongState) -> tuple[str, ...]:
    """Lighthouse Keeper: "Reboot cards do not affect you"."""
    fields = _fields(state)  # (once for every player)
    return tuple(p for p in state.players if _has_static(fields, p, "unaffected by"))

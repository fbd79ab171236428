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


def happened(state: SoLongState, key: str, player: str, info: dict[str, Any] | None = None) -> None:
    """``player`` did what ``key`` names: the continuous cards it triggers queue up, in turn order
    from the first player: read only in the fields of the players ``key`` concerns (the owner's,
    or the other players' for `OTHERS`), for the cards with an ability it triggers (found once
    per card data: `CardData.triggered_by`), not every continuous card of every field listed."""
    triggered = state.data.triggered_by.get(key)
    if not triggered:
        return
    if key in OTHERS:
        owners = [q for q in state.order() if q != player]
    elif player in state.players:
        owners = [player]
    else:
        return
    zones, cards = state.zones.zones, state.data.cards
    for owner in owners:
        for card in zones.get(field_of(owner), ()):
            if card in triggered:
                for ability in cards[card].script.triggers[key]:
                    state.queue.append((card, owner, ability.index, dict(info or {})))


def has_static(state: SoLongState, player: str, verb: str) -> bool:
    """Whether a card in ``player``'s field has a static ability with a step ``verb``: the field
    read for the cards that have one (found once per card data: `CardData.with_static`)."""
    cards = state.data.with_static.get(verb)
    return (cards is not None and player in state.players
            and not cards.isdisjoint(state.zones.zones.get(field_of(player), ())))


def spared_by_statics(state: SoLongState) -> tuple[str, ...]:
    """Lighthouse Keeper: "Reboot cards do not affect you"."""
    return tuple(p for p in state.players if has_static(state, p, "unaffected by"))

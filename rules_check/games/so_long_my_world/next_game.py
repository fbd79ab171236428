"""End Cards: "When the game ends, draw 1 random End card ... Each one has an effect that must
be carried to the next game."

The next game's setup names the End card (``end_card: Shipwreck``); its script (``when: Next
game``, cards/so-long-my-world/other-cards.yaml) says what changes, and this module applies it
to the setup, each step where the rulebook's setup does that thing:

    dealt              "each player is dealt 4 Remnant cards instead of 3 and keeps 3 of them":
                       ``dealt`` lists 4 a player, ``returned: {Ana: CARD}`` the one not kept
                       (it is in the Remnant deck, which the setup lists as usual)
    swap dealt         "each player may swap one of their 3 dealt Remnant cards for the top card
                       of the Remnant deck": ``swapped: {Ana: CARD}``, in turn order from the
                       First Player, each with the deck's top as it then is
    start with         Feelings or Marks of Sol in every stock, from the System (a Mark of Sol from
                       where every gained Mark comes from: with the Gestalt Visions variant,
                       Clocktower Library first; reading SL10)
    extra every round  the First Player's extra Feeling every round, with any number of players
    first player       "the player with the fewest Insight points in this game": checked against
                       ``previous: FILE`` (the game that drew the card, read and judged like a
                       campaign's earlier log); without it, listed as unverified

Reading SL34 (docs/rulings.md).
"""

from __future__ import annotations

from typing import Any

from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.core.setup import SetupReader

from .marks import gain_mark
from .seen import can_hold
from .state import MARK, REMNANT_DECK, SYSTEM, SoLongState, hand, stock

RULE_END_CARDS = "So Long, My World: End Cards"
KEYS = ("end_card", "returned", "swapped", "previous")


def steps(state: SoLongState) -> dict[str, Any]:
    """The End card's steps by verb ({} without one)."""
    if state.end_card is None:
        return {}
    script = state.data.ends[state.end_card]
    return {step.verb: step for a in (script.abilities if script else ()) for step in a.steps}


def read_end_card(reader: SetupReader, setup: dict, state: SoLongState) -> None:
    c = state.data
    if "end_card" in setup:
        name = c.resolve(setup["end_card"]) if isinstance(setup["end_card"], str) else None
        if name not in c.ends:
            raise reader.fail(f"expected an End card ({', '.join(c.ends)})", ("end_card",))
        state.end_card = name
    do = steps(state)
    for key, verb in (("returned", "dealt"), ("swapped", "swap dealt")):
        if key in setup and verb not in do:
            raise IllegalAction(RULE_END_CARDS, f"{key}: only with the End card whose effect it is "
                                                f"({_card_with(c, verb)})", path=(key,))
    if "dealt" in do and "returned" not in setup and "dealt" in setup:  # dealt unseen: nothing to name (SL39)
        raise IllegalAction(RULE_END_CARDS, f"{state.end_card}: each player keeps 3 of 4 dealt cards: write "
                                            f"returned: {{PLAYER: CARD}}", path=("end_card",))


def _card_with(c, verb: str) -> str:
    return next((n for n, s in c.ends.items() if s and any(st.verb == verb for a in s.abilities for st in a.steps)),
                "none")


def dealt_count(state: SoLongState) -> int:
    return 4 if "dealt" in steps(state) else 3


def keep(reader: SetupReader, state: SoLongState, players: list[str], hands: dict[str, list[str]]) -> None:
    """The card each player does not keep of the 4 dealt (it goes back into the Remnant deck)."""
    if "dealt" not in steps(state):
        return
    returned = reader.per_player(("returned",), players, "returned card")
    for p in players:
        card = state.data.resolve(returned[p]) if isinstance(returned[p], str) else None
        if card not in hands[p]:
            raise IllegalAction(RULE_END_CARDS, f"{p} returns one of the 4 cards dealt to them "
                                                f"({', '.join(hands[p])}), not {shown(returned[p])}", path=("returned", p))
        hands[p].remove(card)


def after_setup(reader: SetupReader, setup: dict, state: SoLongState, engine: Any) -> None:
    """What the End card changes once the table is set: swaps, tokens, the extra Feeling, the
    First Player."""

    do = steps(state)
    z = state.zones
    if "swap dealt" in do:
        swapped = setup.get("swapped", {}) or {}
        if not isinstance(swapped, dict) or any(p not in state.players for p in swapped):
            raise reader.fail("expected {PLAYER: CARD} for the players who swap", ("swapped",))
        for p in state.order():
            if p not in swapped:
                continue  # "may"
            card = state.data.resolve(swapped[p]) if isinstance(swapped[p], str) else None
            if card is None or not can_hold(state, hand(p), card) or state.data.cards[card].starting:
                raise IllegalAction(RULE_END_CARDS, f"{p} swaps one of their 3 dealt Remnant cards, not "
                                                    f"{shown(swapped[p])}", path=("swapped", p))
            top = z[REMNANT_DECK][-1]
            z.move(top, REMNANT_DECK, hand(p))
            z.move(card, hand(p), REMNANT_DECK)
    if "start with" in do:
        step = do["start with"]
        item = MARK if step.value.item == "mark-of-sol" else step.value.item
        counted = state.marks_gained  # a start, not a Mark gained in the game (a Heartbreak goal)
        for p in state.order():
            for _ in range(step.value.amount):
                if item == MARK:
                    gain_mark(state, p)  # with the Gestalt Visions variant, from Clocktower Library first (SL10)
                elif item in z[SYSTEM]:
                    z.move(item, SYSTEM, stock(p))
        state.marks_gained = counted
    state.extra_every_round = "extra every round" in do
    if "first player" in do:
        fewest = previous_fewest(reader, setup, state, engine)
        if fewest is None:
            state.setup_notes.append(f"{state.end_card}: the First Player is the player with the fewest Insight "
                                     f"points in the previous game; name its log (previous: FILE) to check it")
        elif state.first_player() not in fewest:
            raise IllegalAction(RULE_END_CARDS, f"{state.end_card}: the First Player is the player with the fewest "
                                                f"Insight points in the previous game ({', '.join(fewest)}), not "
                                                f"{state.first_player()}", path=("first_player",))


def previous_fewest(reader: SetupReader, setup: dict, state: SoLongState, engine: Any) -> list[str] | None:
    """The players with the fewest points in the previous game (its log, judged), or None."""
    from rules_check.core.adjudicate import adjudicate

    name = setup.get("previous")
    if name is None:
        return None
    if not isinstance(name, str):
        raise reader.fail("expected the previous game's log file", ("previous",))
    _, log = reader.earlier_log(("previous",), name, "previous", "setup.previous", engine)
    if log.game != engine.game or sorted(log.players) != sorted(state.players) or (
            isinstance(log.setup, dict) and log.setup.get("previous")):
        raise IllegalAction(RULE_END_CARDS, f"{name} is not a game of these players (or names a previous game "
                                            f"itself)", path=("previous",))
    report = adjudicate(log, engine)
    if not report.legal or not report.complete:
        raise IllegalAction(RULE_END_CARDS, f"{name} is not a legal, finished game", path=("previous",))
    low = min(report.scores.values())
    return [q for q, v in report.scores.items() if v == low]

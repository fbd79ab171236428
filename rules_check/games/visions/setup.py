"""The setup of a game of Visions, as the log records it ("Setup").

    setup:
      hands:                 # "Deal 3 cards to each player"
        Ana: [CARD, CARD, CARD]
        Ben: [CARD, CARD, CARD]
      river: [CARD x 5]      # "Reveal the top 5 cards of the draw pile to create the central river"
      deck: [CARD, ...]      # the rest of the draw pile, TOP CARD FIRST

Together they are the cards "taken" for the player count (30/45/60/75); the rest of the 75 are
"returned to the box" (zone ``box``). Each player's reflection side follows from the player
count ("using the side corresponding to the number of players"): it is not written.

A log written at the table (reading V18) has no ``deck:``: nobody knows the draw pile's order,
nor which cards went back to the box, nor (unless a player writes theirs) the hands:

    setup:
      river: [5 cards]        # turned up for everyone to see
      hands: {Ana: [3 cards]} # optional: a hand written down (its player's, or shown)

The draw pile, the box and every hand not written are then unseen cards (rules_check/core/
zones.py) of the pile ``cards``: the 75 less the river and the hands written.

A setup that is not of this form raises `LogFormatError` (exit 2); one the rules make
impossible (a 4th copy of a card, a hand of 2, 44 cards for 3 players) raises `IllegalAction`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable

from pnp.games.visions import models as tables
from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.core.setup import SetupReader

from .cards import HINT, CardData
from .seen import PILE
from .state import BOX, DECK, RIVER, VisionsState, dream_zone, hand_zone

SETUP = "Visions: Setup"
COMPONENTS = "Visions: Components"
KEYS = ("hands", "river", "deck")
SHAPE = ("{hands: {PLAYER: [3 cards], ...}, river: [5 cards], deck: [the draw pile, top card first]}, or at a "
         "table: {river: [5 cards]} (reading V18)")


def random_setup(cards: CardData, players: list[str], rng: random.Random) -> dict[str, Any]:
    """Shuffle the 75 cards, take the player count's number, deal 3 to each player from the
    top of the draw pile, then reveal 5 for the river ("Setup")."""
    box = list(cards.order)
    rng.shuffle(box)
    pile = box[: tables.SETUP_CARDS[len(players)]]  # top card first
    hands = {}
    for p in players:
        hands[p], pile = pile[: tables.HAND_SIZE], pile[tables.HAND_SIZE:]
    river, deck = pile[: tables.RIVER_SIZE], pile[tables.RIVER_SIZE:]
    return {"hands": hands, "river": river, "deck": deck}


def read_setup(cards: CardData, players: list[str], setup: Any, file: str,
               line_of: Callable[[tuple], int | None]) -> VisionsState:
    """The state at the start of the game the log's ``setup`` records."""
    reader = SetupReader(setup, file, line_of, SHAPE, hint=HINT)
    table = isinstance(setup, dict) and "deck" not in setup
    hands, river, deck = _read_cards(reader, cards, players, table)
    in_play = Counter(deck) + Counter(river)
    for h in hands.values():
        in_play.update(h)
    check_cards(cards, players, in_play, hands, river, table)
    return _laid_out(cards, players, in_play, hands, river, deck, table)


def _read_cards(reader: SetupReader, cards: CardData, players: list[str],
                table: bool) -> tuple[dict[str, list[str]], list[str], list[str]]:
    """The hands written, the river and the draw pile (none at a table), as the setup names them."""
    if table:  # reading V18: the river named, the hands written or unseen, no draw pile order
        raw = reader.mapping((), required=("river",), optional=("hands",))
        written = []
        if "hands" in raw:
            written = list(reader.mapping(("hands",), optional=players,
                                          what=f"the hands written down, by player ({', '.join(players)})"))
    else:
        reader.mapping((), required=KEYS)
        reader.per_player(("hands",), players, what="hand")
        written = list(players)
    hands = {p: reader.names(("hands", p), cards.resolve, cards.by_key) for p in written}
    river = reader.names(("river",), cards.resolve, cards.by_key)
    deck = [] if table else reader.names(("deck",), cards.resolve, cards.by_key)
    return hands, river, deck


def check_cards(cards: CardData, players: list[str], in_play: Counter[str], hands: dict[str, list[str]],
                river: list[str], table: bool) -> None:
    """"Components" (no more copies than the game has) and "Setup" (the player count's number of
    cards, 3 in each hand, 5 in the river)."""
    for card, n in in_play.items():
        if n > cards.copies[card]:
            raise IllegalAction(COMPONENTS, f"the setup has {n} copies of {shown(card)}; the game has "
                                f"{cards.copies[card]}")
    wanted = tables.SETUP_CARDS[len(players)]
    total = sum(in_play.values())
    if total != wanted and not table:
        raise IllegalAction(SETUP, f"{len(players)} players play with {wanted} cards; the setup has {total} "
                            f"(hands, river and draw pile)")
    for p in hands:
        if len(hands[p]) != tables.HAND_SIZE:
            raise IllegalAction(SETUP, f"each player is dealt {tables.HAND_SIZE} cards; {p} has {len(hands[p])}")
    if len(river) != tables.RIVER_SIZE:
        raise IllegalAction(SETUP, f"the river is the top {tables.RIVER_SIZE} cards of the draw pile; "
                            f"the setup's has {len(river)}")


def _laid_out(cards: CardData, players: list[str], in_play: Counter[str], hands: dict[str, list[str]],
              river: list[str], deck: list[str], table: bool) -> VisionsState:
    """The table as "Setup" leaves it; the cards not named unseen at a table (reading V18), else
    returned to the box."""
    state = VisionsState(players=list(players), cards=cards, track=cards.track_for(len(players)))
    zones = state.zones
    left = Counter(cards.copies) - in_play
    unseen = [c for c in cards.kinds for _ in range(left[c])]
    if table:  # the box, the draw pile and the hands not written: unseen cards (V18)
        pile = tables.SETUP_CARDS[len(players)] - tables.RIVER_SIZE - tables.HAND_SIZE * len(players)
        sizes = [(BOX, len(cards.order) - tables.SETUP_CARDS[len(players)]), (DECK, pile)]
        sizes += [(hand_zone(p), tables.HAND_SIZE) for p in players if p not in hands]
        for zone, n in sizes:
            zones.hide(zone, PILE, unseen[:n])
            unseen = unseen[n:]
    else:
        zones[BOX].extend(unseen)
    zones[DECK].extend(reversed(deck))  # a zone's top is its end
    zones[RIVER].extend(river)
    for p in players:
        state.hand_zones[p] = hand_zone(p)
        zones[hand_zone(p)].extend(hands.get(p, ()))
        for d in range(1, tables.MAX_DREAMS + 1):
            state.dream_zones[(p, d)] = dream_zone(p, d)
            zones[dream_zone(p, d)]
            state.faces[(p, d)] = []
        state.dreams[p] = 0
        state.cube[p] = 0
    return state

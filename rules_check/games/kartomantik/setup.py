"""A Kartomantik game's start: the log's `setup:` read into the first state, and the random
setup the simulator deals (Kartomantik 4.1 Building a Deck, 4.2.1 Recovery Phase).

    setup:
      Ana:
        decklist: ../decks/legal-yellow-tempo.txt   # optional: a decklist file (relative to the log)
        deck: [...]                                  # the shuffled deck, top first (30 cards)
      Ben:
        deck: [...]

The deck order is the decklist when no file is named; either way it must be legal per
`pnp check deck` (4.1) and, with a file, hold exactly that list's cards. A game played with
real cards gives no order (reading K39):

      Ana:
        decklist: ../decks/legal-yellow-tempo.txt   # alone, or
        cards: [...]                                 # the 30 cards, in any order

and the deck is 30 unseen cards (rules_check/core/zones.py) the log names as they are seen.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from pnp.data.errors import InputError
from pnp.data.paths import bundled
from rules_check.core.errors import IllegalAction
from rules_check.core.setup import SetupReader
from rules_check.decklist import Decklist, Entry, read_decklist
from rules_check.deckcheck import check_deck
from rules_check.pool import Pool

from .phases import start_turn
from .rulebook import RULE_SETUP
from .state import KState, cards_by_item, item, zone, zone_names

EXAMPLE_DECKS = bundled("decks")  # the starter decks the simulator deals from
LineOf = Callable[[tuple[Any, ...]], "int | None"]
SHAPE = "{deck: [the shuffled deck, top first]}, or a deck without its order: {cards: [...]} or {decklist: FILE} " \
        "(reading K39)"


def new_state(pool: Pool, players: list[str], setup: Any, file: str, line_of: LineOf) -> KState:
    """The state before the first turn's Recovery Phase (4.2.1): each player's deck as the log
    gives it, checked as `pnp check deck` checks one (4.1)."""
    reader = SetupReader(setup, file, line_of,
                         f"each player's deck: {{{players[0]}: {{deck: [...]}}, {players[1]}: ...}}")
    reader.per_player((), players, what="deck ({deck: [the shuffled deck, top first]})")
    state = KState(players=list(players), pool=pool, _cards=cards_by_item(pool))
    for name in zone_names(players):
        state.zones[name]
    for p in players:
        key, names = read_deck(reader, pool, p, file, line_of)
        deal(state, p, key, names)
    state.last_winner = players[0]  # ruling K1
    state.essence = {p: {} for p in players}
    start_turn(state)
    return state


def read_deck(reader: SetupReader, pool: Pool, p: str, file: str, line_of: LineOf) -> tuple[str | None, list[str]]:
    """``p``'s deck: which key gives it (``deck``, ``cards`` or None for a decklist alone) and its
    cards (in order for ``deck``), checked legal (4.1) and against the decklist named."""
    raw = reader.mapping((p,), optional=("deck", "decklist", "cards"), what=SHAPE)
    if "deck" in raw and "cards" in raw:
        raise reader.fail("write `deck:` (the shuffled order) or `cards:` (the cards, no order), not both",
                          (p, "cards"))
    key = "deck" if "deck" in raw else "cards" if "cards" in raw else None
    if key is None and "decklist" not in raw:
        raise reader.fail("is required but missing: the deck (`deck:` in its shuffled order, or `cards:` "
                          "or `decklist:` without it)", (p,), "deck")
    # (the printed names a suggestion is chosen from, listed only for a name the pool does not know)
    names = reader.names((p, key), lambda name: printed(pool, name), (c.name for c in pool.cards.values())) \
        if key else []
    if "decklist" not in raw and is_known_legal(pool, names):
        return key, names  # the same cards found legal before (4.1): every check gives the same verdict
    listed = Decklist(file=f"setup.{p}", player=p,
                      deck=[Entry(n, 1, line_of((p, key, i))) for i, n in enumerate(names)])
    if "decklist" in raw:
        listed = read_listed(reader, Path(file).parent / str(raw["decklist"]), p)
        have = Counter(pool.get(e.name).name if pool.get(e.name) else e.name  # type: ignore[union-attr]
                       for e in listed.deck for _ in range(e.count))
        if key is None:
            names = sorted(have.elements())
        elif have != Counter(names):
            what = "deck order" if key == "deck" else "cards"
            raise IllegalAction(RULE_SETUP, f"{p}'s {what} does not hold the cards of {raw['decklist']}", (p, key))
    report = check_deck(listed, pool)
    if not report.legal:
        raise IllegalAction(RULE_SETUP, f"{p}'s deck is not legal (pnp check deck): "
                            + "; ".join(e.message for e in report.errors), (p, key or "decklist"))
    if "decklist" not in raw:
        _LEGAL_DECKS[id(pool), tuple(sorted(names))] = pool
    return key, names


# decks found legal (4.1), by their pool and their cards sorted, with the pool itself (an id can
# be reused once a pool is gone): the deck check of a deck written card by card (one copy a line,
# no sideboard, no headers) reads nothing else, and most logs deal one of a few decks (the
# simulator's starter decks), so a legal one is checked once per process, not once per log
_LEGAL_DECKS: dict[tuple[int, tuple[str, ...]], Pool] = {}
MAX_LEGAL_DECKS = 256


def is_known_legal(pool: Pool, names: list[str]) -> bool:
    """Whether these cards (a deck given card by card) were found a legal deck of ``pool`` before."""
    if len(_LEGAL_DECKS) > MAX_LEGAL_DECKS:
        _LEGAL_DECKS.clear()
    return _LEGAL_DECKS.get((id(pool), tuple(sorted(names)))) is pool


def read_listed(reader: SetupReader, path: Path, p: str) -> Decklist:
    """The decklist file a player's setup names; one that cannot be read fails at its line."""
    try:
        return read_decklist(path)
    except InputError as exc:
        raise reader.fail(f"decklist: {exc}", (p, "decklist")) from None


def deal(state: KState, p: str, key: str | None, names: list[str]) -> None:
    """``p``'s deck in its zone: in the order given (``deck``, top first), else unseen (reading
    K39: shuffled at the table, its order unknown)."""
    if key == "deck":
        state.zones[zone("deck", p)].extend(reversed([item(p, n) for n in names]))
        return
    cards = [item(p, n) for n in names]
    state.zones.hide(zone("deck", p), zone("deck", p), cards)
    state.listed[zone("deck", p)] = Counter(cards)


def printed(pool: Pool, name: str) -> str | None:
    """A card's printed name, None for a name the pool does not know."""
    card = pool.get(name)
    return card.name if card is not None else None


def random_setup(pool: Pool, players: list[str], rng: random.Random) -> dict[str, Any]:
    """Each player deals one of the bundled legal decks, shuffled (the simulator's setup)."""
    files = sorted(f for f in EXAMPLE_DECKS.glob("legal-*"))
    out = {}
    for p in players:
        deck = read_decklist(rng.choice(files))
        for e in deck.deck:
            if pool.get(e.name) is None:  # an edited pool: the deck is refused, not dealt
                raise InputError(deck.file, f"{e.name!r} is not in the card pool ({pool.source}); the simulator "
                                            "deals this starter deck", line=e.line)
        names = [pool.get(e.name).name for e in deck.deck for _ in range(e.count)]  # type: ignore[union-attr]
        rng.shuffle(names)
        out[p] = {"deck": names}
    return out

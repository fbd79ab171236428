"""The table view of a Kartomantik log (rules_check/core/tableview.py; readings K39-K42).

From a full log (each deck's order, each mulligan's new order) the log a scorekeeper would have
written of the same game:

* the setup gives each deck as its cards (`cards:`, in the decklist's order: no shuffle);
* a compulsory mulligan writes the hand shown to the opponent (4.2.1), its cards sorted (a hand
  has no order), a voluntary one nothing (reading K40); neither writes the new order; a
  tribute's cards are written sorted (2.1: a set of cards);
* every other entry is written as it is: what it names is what the table saw (a card played
  face up, a tribute paid, a First Manifestation revealed, the cards a player puts back);
  cards exiled from a hand go face down, written `face down` (reading K43);
* where an effect needs the face of an unseen card (a card revealed from the top of a deck,
  reading K41), `show` entries name the top cards of that deck first, as the table saw them:
  each names one card more than the table has seen, top first (the cards above it again), as
  the recording page offers them (table_moves.py);
* at the end, a `show` entry names the cards the scores need (reading K42): each hand's unseen
  cards, then (when still needed) the deck's.

Both logs are replayed side by side: the full one says what each card was, the table one what the
table knows; a `show` is written only where the table state cannot go on without it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules_check.core.engine import EntryRef
from rules_check.core.zones import is_unseen, seen, unseen_count

from . import rules, scoring
from .mulligan import has_first_manifestation
from .resolve import current_request
from .actions import Mulligan, parse_entry
from .state import KState, name_of, zone
from .table_moves import resolves_unseen
from .verbs import FACE_DOWN

MAX_SHOWN = 5  # the most top cards an effect looks at (Clarity's three, with room)
REF = EntryRef("<table view>", 0, None)


def table_view(engine, log: dict[str, Any]) -> dict[str, Any]:
    players = list(log["players"])
    setup = log["setup"]
    full = engine.new_state(players, setup, "<simulation>", lambda path: None)
    table_setup = {p: {"cards": sorted(setup[p]["deck"])} for p in players}
    table = engine.new_state(players, table_setup, "<table view>", lambda path: None)
    out: list[dict[str, Any]] = []

    def parse(entry: dict[str, Any], state: KState):
        return parse_entry(engine.pool, players, entry, REF)

    for entry in log["log"]:
        out += _declines(engine, table, full)
        action = parse(entry, full)
        written = entry
        if isinstance(action, Mulligan):
            p = action.player
            if has_first_manifestation(full, p):
                written = {"mulligan": p}
            else:
                written = {"mulligan": p, "hand": sorted(name_of(it) for it in full.hand(p))}
        if written.get("tribute"):  # a tribute is a set of cards (2.1): written sorted, as the page lists it
            written = {**written, "tribute": sorted(written["tribute"])}
        face_down = _face_down(table) if "choose" in entry else None
        if face_down is not None:  # reading K43: the cards go to the Exile unseen
            written = {**entry, "choose": face_down}
        table_action = parse(written, table)
        for shown in _shows(table, full, table_action):
            out.append(shown)
            rules.apply(table, parse(shown, table))
        engine.check(table, table_action)
        engine.apply(table, table_action)
        out.append(written)
        engine.apply(full, action)
    out += _declines(engine, table, full)
    for shown in _end_shows(table, full):
        out.append(shown)
        rules.apply(table, parse(shown, table))
    return {**log, "setup": table_setup, "log": out}


def _request(state: KState):
    return current_request(state) if state.resolving is not None else None


def _face_down(table: KState) -> Any:
    """The answer "face down" to the question the table is asked, where it may be given (cards
    exiled from a hand, reading K43), as written; else None."""
    asked = _request(table)
    if asked is None:
        return None
    option = next((o for o in asked.options if isinstance(o, tuple) and o and set(o) == {FACE_DOWN}), None)
    return None if option is None else asked.write(option)


def _declines(engine, table: KState, full: KState) -> list[dict[str, Any]]:
    """An effect that asks the table a question the full game never asked: a choice among a hand's
    cards that, in the full game, held none to choose ("Chain from your hand", "you may put a
    manifestation from your hand"). At the table the player declines: none, or no."""
    out = []
    while True:
        asked, known = _request(table), _request(full)
        if asked is None or known is not None and (known.name, known.chooser) == (asked.name, asked.chooser):
            return out
        decline = next(o for o in asked.options if o is None or o is False)
        entry = {"choose": asked.write(decline), "player": asked.chooser}
        action = parse_entry(engine.pool, table.players, entry, REF)
        engine.check(table, action)
        engine.apply(table, action)
        out.append(entry)


def _shows(table: KState, full: KState, action) -> list[dict[str, Any]]:
    """The `show` entries the table needs before ``action``: the top cards of the deck an effect
    looks at, as few as will do (reading K41), one more unseen card named by each."""
    need = resolves_unseen(table, action, rules)
    if need is None:
        return []
    p = need.pile.partition(":")[2]
    deck, seen_deck = full.deck(p), table.deck(p)
    out = []
    trial = table.copy()
    for k in range(1, min(MAX_SHOWN, len(deck)) + 1):
        if not is_unseen(seen_deck[-k]):
            continue  # seen already: the next show repeats it above the card it names
        shown = {"show": {p: {"deck": [name_of(it) for it in reversed(deck[-k:])]}}}
        out.append(shown)
        rules.apply(trial, parse_entry(trial.pool, trial.players, shown, REF))
        if resolves_unseen(trial, action, rules) is None:
            return out
    raise need  # a card the table view cannot show: a bug of this module


def _end_shows(table: KState, full: KState) -> list[dict[str, Any]]:
    """Reading K42: the unseen cards the scores need, shown at the end: each hand's, then each
    exile's, then (if the deck is still not decided) the deck's, top first."""
    out = []
    for p in table.players:
        lo, hi = scoring.deck_manifestations(table, p)
        if lo == hi:
            continue
        shown: dict[str, list[str]] = {}
        for kind in ("hand", "exile", "limbo"):
            where = zone(kind, p)
            if unseen_count(table.zones.get(where)):
                left = Counter(full.zones[where]) - Counter(seen(table.zones.get(where)))
                shown[kind] = [name_of(it) for it in sorted(left.elements())]
        trial = table.copy()
        entry = {"show": {p: shown}}
        rules.apply(trial, parse_entry(trial.pool, trial.players, entry, REF))
        lo, hi = scoring.deck_manifestations(trial, p)
        if lo != hi:
            deck = full.deck(p)
            shown = {"deck": [name_of(it) for it in reversed(deck)]}
            entry = {"show": {p: shown}}
        out.append(entry)
    return out



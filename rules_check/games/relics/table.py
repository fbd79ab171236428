"""The table view of a relics log (rules_check/core/tableview.py; rulings R12-R14).

From a full log (the draw pile's order, each reshuffle's new order) the log the solo player
would have written with the real cards:

* the setup gives the nine cards "Setup" deals, in its order (``dealt:``), not the pile's order:
  the other eight lie face down;
* every entry is written as it is (what it names the player saw: a destination, a payment, the
  cards discarded, an ability's choices, the order an "arrange" put the top cards in), plus
  ``drawn: [...]``, the cards it turned up from the draw pile in the order they came off it
  (the cards "Look ahead" dealt, the card a "draw" or "replace" ability took);
* a reshuffle is ``{reshuffle: shuffled}``: nobody saw the new order.

Nothing is shown at the end: the score counts the relic halves on the table, all face up
(ruling R14). Both logs are replayed side by side: the full one says which cards came off the
draw pile, the table one checks that the entry written can be read (a table view of a legal
game is legal, and this module raises at once if it is not).
"""

from __future__ import annotations

from typing import Any

from rules_check.core.engine import EntryRef

from .actions import DRAWN, RESHUFFLE, SHUFFLED, Reshuffle, parse_entry
from .state import DRAW, SETUP_DEALT

REF = EntryRef("<table view>", 0, None)


def table_view(engine, log: dict[str, Any]) -> dict[str, Any]:
    players = list(log["players"])
    setup = log["setup"]
    full = engine.new_state(players, setup, "<simulation>", lambda path: None)
    table_setup = {"difficulty": setup["difficulty"], "dealt": list(setup["draw_pile"][:SETUP_DEALT])}
    table = engine.new_state(players, table_setup, "<table view>", lambda path: None)
    out: list[dict[str, Any]] = []
    for entry in log["log"]:
        action = parse_entry(engine.cards, entry, REF)
        pile = list(reversed(full.zones[DRAW]))  # top first
        if isinstance(action, Reshuffle):
            pile = list(action.order or ())
        engine.apply(full, action)
        left = set(full.zones[DRAW])
        drawn = [card for card in pile if card not in left]
        written = {RESHUFFLE: SHUFFLED} if isinstance(action, Reshuffle) else dict(entry)
        if drawn:
            written[DRAWN] = drawn
        table_action = parse_entry(engine.cards, written, REF)
        engine.check(table, table_action)
        engine.apply(table, table_action)
        table.notes.clear()  # what a real log would be told is undecided: the checker's report says it
        out.append(written)
    return {**log, "setup": table_setup, "log": out}

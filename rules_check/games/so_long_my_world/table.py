"""The table view of a So Long, My World log (rules_check/core/tableview.py; readings SL39-SL43).

From a full log (every deck's order, the cards dealt and drafted) the log a scorekeeper would
have written of the same game:

* the setup leaves out what was shuffled or dealt face down: ``events``, ``dealt``, ``picks``,
  ``remnant_deck``, ``catalysts`` and an End card's ``returned``/``swapped``; the Gestalt deck is
  its number of cards in So Long, My Love (the Heartbreak card says how many), else left out
  (reading SL39);
* the events are named as they are drawn (each ``event:`` entry names the top card); a
  reshuffle writes ``reshuffle: shuffled``, no order (SL39, SL40);
* every other entry is written as it is: what it names is what the table saw (a card played,
  discarded, given, the order of the events a player looked at);
* where the rules need the face of an unseen card, a `show` entry names it first, as the table
  saw it (SL41): the Gestalt cards an Observation turns up, the top cards an effect looks at, a
  card that leaves a hand face up; a Karma Catalyst turned up under a Gestalt Vision is shown
  after the entry that unlocked it.

Both logs are replayed side by side: the full one says what each card was, the table one what the
table knows. A `show` is written only where the table state does not follow the full game
without it (the fewest cards that will do); a table that cannot follow it at all is a bug here.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules_check.core.engine import EntryRef
from rules_check.core.zones import is_unseen, seen, unseen_count

from .actions import DECKS, Reshuffle, SHUFFLED
from .state import COOP, DISCARD, EVENT, EVENT_DISCARD, SoLongState

REF = EntryRef("<table view>", 0, None)
HIDDEN_KEYS = ("events", "dealt", "picks", "remnant_deck", "gestalt_deck", "catalysts", "returned", "swapped")
MAX_TOP = 6  # the most top cards of a deck a show names at once (an Observation's run, with room)
FACE_UP = ("field:", "catalyst:")  # zones the whole table sees, with DISCARD, EVENT, EVENT_DISCARD


def _is_face_up(zone: str) -> bool:
    return zone.startswith(FACE_UP) or zone in (DISCARD, EVENT, EVENT_DISCARD)


def table_setup(setup: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in setup.items() if k not in HIDDEN_KEYS}
    if setup.get("mode") == COOP:
        out["gestalt_deck"] = len(setup["gestalt_deck"])
    return out


def table_view(engine, log: dict[str, Any]) -> dict[str, Any]:
    players = list(log["players"])
    setup = log["setup"]
    full = engine.new_state(players, setup, "<simulation>", lambda path: None)
    written_setup = table_setup(setup)
    table = engine.new_state(players, written_setup, "<table view>", lambda path: None)
    out: list[dict[str, Any]] = []
    for entry in log["log"]:
        action = engine.parse(entry, full, REF)
        after = full.copy()
        engine.apply(after, action)
        written = {"reshuffle": SHUFFLED} if isinstance(action, Reshuffle) else entry
        for shown in _fit(engine, table, full, after, written):
            out.append(shown)
            engine.apply(table, engine.parse(shown, table, REF))
        table_action = engine.parse(written, table, REF)
        engine.check(table, table_action)
        engine.apply(table, table_action)
        out.append(written)
        full = after
        shown = _face_up(table, full)
        if shown is not None:
            out.append(shown)
            engine.apply(table, engine.parse(shown, table, REF))
    return {**log, "setup": written_setup, "log": out}


def _is_following(table: SoLongState, full: SoLongState) -> bool:
    """Whether ``table`` is ``full`` as the table knows it: the same phase and turn, the same
    effect waiting, the same cards played and goals counted, each zone as many cards, its seen
    ones among the full game's (in a deck, at their places)."""
    if (table.phase, table.turn, table.step, table.hour, table.first) != (
            full.phase, full.turn, full.step, full.hour, full.first):
        return False
    if table.locked != full.locked or table.vision_of != full.vision_of or table.played != full.played:
        return False
    if (table.marks_gained, table.luno_rounds, table.ending, table.ending_wins, table.goal_reached) != (
            full.marks_gained, full.luno_rounds, full.ending, full.ending_wins, full.goal_reached):
        return False
    tw, fw = table.waiting, full.waiting
    if (tw is None) != (fw is None):
        return False
    if tw is not None and (tw.frame.waiting.chooser, tw.frame.waiting.name) != (
            fw.frame.waiting.chooser, fw.frame.waiting.name):
        return False
    for name in set(table.zones.names()) | set(full.zones.names()):
        t, f = table.zones.get(name), full.zones.get(name)
        if len(t) != len(f) or Counter(seen(t)) - Counter(f):
            return False
        if name in DECKS and any(x != y and not is_unseen(x) for x, y in zip(t, f)):
            return False
    return True


def _can_try(engine, table: SoLongState, shows: list[dict[str, Any]], written: dict[str, Any],
           after: SoLongState) -> bool:
    trial = table.copy()
    try:
        for shown in shows:
            engine.apply(trial, engine.parse(shown, trial, REF))
        action = engine.parse(written, trial, REF)
        engine.check(trial, action)
        engine.apply(trial, action)
    except Exception:  # noqa: BLE001 - any failure of the trial means: this show will not do
        return False
    return _is_following(trial, after)


def _key(zone: str) -> str:
    """A zone's key in a `show` entry: a hand by its player's name, any other zone by its own."""
    return zone.removeprefix("hand:") if zone.startswith("hand:") else zone


def _fit(engine, table: SoLongState, full: SoLongState, after: SoLongState,
         written: dict[str, Any]) -> list[dict[str, Any]]:
    """The `show` entries the table needs before ``written`` (reading SL41), fewest first: none;
    the cards that leave a hand or deck face up; a deck's top cards (an Observation, a look);
    every changed hand's cards; every hand's."""
    if _can_try(engine, table, [], written, after):
        return []
    changed = [z for z in full.zones.names()
               if unseen_count(table.zones.get(z)) and full.zones.get(z) != after.zones.get(z)]
    public = Counter()
    for z in after.zones.names():
        if _is_face_up(z):
            public += Counter(after.zones.get(z)) - Counter(full.zones.get(z))
    left = {}
    for z in changed:
        if z in DECKS:
            continue
        gone = (Counter(full.zones.get(z)) - Counter(after.zones.get(z))) & public
        gone -= Counter(seen(table.zones.get(z)))
        if gone:
            left[_key(z)] = sorted(gone.elements())
    tries: list[list[dict[str, Any]]] = []
    if left:
        tries.append([{"show": left}])
    for z in changed:
        if z in DECKS:
            deck = full.zones.get(z)
            for k in range(1, min(MAX_TOP, len(deck)) + 1):
                tries.append([{"show": {**left, z: list(reversed(deck[-k:]))}}])
    hands = {_key(z): sorted((Counter(full.zones.get(z)) - Counter(seen(table.zones.get(z)))).elements())
             for z in changed if z not in DECKS}
    hands = {k: v for k, v in hands.items() if v}
    if hands:
        tries.append([{"show": hands}])
    # last: every hand with unseen cards, whole (a card discarded and the same name drawn leaves a
    # hand looking unchanged; an effect that took a hand's only choice asks the table one)
    every = {_key(z): sorted((Counter(full.zones.get(z)) - Counter(seen(table.zones.get(z)))).elements())
             for z in full.zones.names() if z.startswith("hand:") and unseen_count(table.zones.get(z))}
    tries += [[{"show": {k: v}}] for k, v in every.items() if {k: v} != hands]
    if len(every) > 1:
        tries.append([{"show": every}])
    for shows in tries:
        if _can_try(engine, table, shows, written, after):
            return shows
    raise AssertionError(f"the table view cannot follow {written!r}: a bug of table.py")


def _face_up(table: SoLongState, full: SoLongState) -> dict[str, Any] | None:
    """A card turned face up by the rules where the table state still has it unseen (a Karma
    Catalyst put under a Gestalt Vision): shown right after (reading SL41)."""
    shown = {}
    for z in table.zones.names():
        if _is_face_up(z) and unseen_count(table.zones.get(z)):
            left = Counter(full.zones.get(z)) - Counter(seen(table.zones.get(z)))
            shown[z] = sorted(left.elements())
    return {"show": shown} if shown else None

"""The Visions table as a `View` (rules_check/core/view.py), in the rulebook's words.

The panels, shared ones first, then each player's in seating order (ruling G1):

    river          slots     "River": one slot per card of the river, in the order the cards
                             were revealed; 5 spaces ("Setup"), more while Reflections have
                             added cards ("can therefore TEMPORARILY contain more than 5")
    deck           zone      "Draw pile": a count only (``hidden``), top first
    awakening      track     "Reflection track": spaces 0 to the Awakening space, each labelled
                             with the points it scores ("5 pts"); one marker (a cube) per player
    P-hand         zone      "P: hand"
    P-dream-1/2    zone      "P: first Dream" / "P: second Dream", first card first; a Nightmare
                             is marked "face down"
    P-score        counters  "P: Final Scoring": each Dream's points (environment x category),
                             the Reflection points and the sum, as of now

What is shown, and why (a view holds what the log knows, never more):

* The hands are shown card by card when the log knows every one of them: the setup names the
  cards dealt, a refill names the cards taken, a nightmare names the card stolen, and the card
  the robbed player draws is the top of the draw pile, whose order the setup records. In a log
  written at the table (readings V18-V22) a hand shows its seen cards and, as ``hidden``, the
  number of its unseen ones (dealt, drawn, or hidden by a steal); an unseen card is never named.
  A nightmare played face down and never named is a "face down" card of its dream, nameless; a
  card turned up to the river that the log did not name is an empty slot marked so.
* The draw pile is a count. Its order is in the setup, but on the table it is face down and
  the dispute report shows it as the players see it.
* A Nightmare is named (the log names it) and marked "face down" ("C - Play a Nightmare").
* The players each have a Reflection card; the five are alike (cards/visions/reflection.yaml),
  so one track with a cube per player stands for them all.
* The cards returned to the box are not shown: they take no part in the game.
* The state records whose turn it is and how many cards were played this turn, not the round:
  the facts give the turn, not a round number.

`view` reads the state and builds new lists: it never changes the state, copies nothing deep and
replays nothing (it is called after every entry of a log).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from pnp.games.visions.models import MAX_DREAMS, RIVER_SIZE
from rules_check.core.view import (Card, CountersPanel, Marker, Slot, SlotsPanel, TrackPanel, Value, View,
                                   ZonePanel, cards, slug)
from rules_check.core.zones import is_unseen, seen, unseen_count

from .scoring import score_sheet
from .state import OVER, REFILL, VisionsState

if TYPE_CHECKING:
    from rules_check.core.engine import Engine

# "Game Overview": "1 - Play a Card", then "2 - Refill Your Hand to 3 Cards".
PLAY_PHASE = "1 - Play a Card"
REFILL_PHASE = "2 - Refill Your Hand to 3 Cards"
END_PHASE = "End of the Game"
# "Echo": "You immediately play another card ... If this new card also triggers an Echo, you
# play your final card."
ECHO_PLAYS = {1: "Echo: play another card", 2: "Echo: play your final card"}
DREAM_TITLES = {1: "first Dream", 2: "second Dream"}  # "Final Scoring"
# "C - Play a Nightmare": "Place your card face down at the end of a Dream"
NIGHTMARE_NOTE, FACE_DOWN = "Nightmare", "face down"
UNSEEN_NIGHTMARE = "(not seen)"  # the name of a face-down card the log never named
UNNAMED = "turned up; not named in the log"


def view(engine: "Engine", state: VisionsState) -> View:
    """The table of ``state``: read only, no copies of the state."""
    over = state.phase == OVER
    panels: list = [_river(state), _deck(state), _track(state)]
    for player in state.players:
        panels.extend(_player_panels(state, player))
    return View(phase=_phase(state), active=None if over else state.current, facts=_facts(engine, state),
                scores=engine.scores(state), panels=panels)


def _phase(state: VisionsState) -> str:
    if state.phase == OVER:
        return END_PHASE
    if state.phase == REFILL:
        return REFILL_PHASE
    if state.made:
        return f"{PLAY_PHASE} ({ECHO_PLAYS.get(state.made, 'Echo')})"
    return PLAY_PHASE


def _facts(engine: "Engine", state: VisionsState) -> list[Value]:
    facts = []
    if state.phase == OVER:
        if state.awakened is not None:
            # "Reflection": "If your cube reaches the Awakening space, you immediately win the game."
            facts.append(Value(label="Awakening space", value=state.awakened))
        winner = engine.winner(state)
        facts.append(Value(label="winner", value=winner if isinstance(winner, str) or winner is None
                           else " and ".join(winner)))
        return facts
    facts.append(Value(label="turn", value=state.current))
    facts.append(Value(label="cards played this turn", value=state.made))
    if state.open_echo:  # reading V21: the next entry tells
        facts.append(Value(label="the echo's extra play", value="possible or lost: not decided by the log (reading V21)"))
    if not state.deck:
        # "End of the Game": with the draw pile empty, a player who can neither start nor
        # continue a Dream skips; the game ends when all have skipped (ruling V8)
        facts.append(Value(label="skipped in a row", value=state.skips))
    return facts


def _river(state: VisionsState) -> SlotsPanel:
    """"Reveal the top 5 cards of the draw pile to create the central river" ("Setup"); a
    Reflection adds cards beyond the 5 ("Reflection")."""
    river = state.river
    slots = []
    for i in range(max(RIVER_SIZE, len(river))):
        unnamed = i < len(river) and is_unseen(river[i])
        notes = [n for n, on in (("added by a Reflection", i >= RIVER_SIZE), (UNNAMED, unnamed)) if on]
        slots.append(Slot(label=str(i + 1), cards=[Card(name=river[i])] if i < len(river) and not unnamed else [],
                          note="; ".join(notes) or None))
    return SlotsPanel(id="river", title="River", slots=slots)


def _deck(state: VisionsState) -> ZonePanel:
    """"Form a face-down draw pile" ("Setup"): its size only."""
    return ZonePanel(id="deck", title="Draw pile", hidden=len(state.deck), order="stack")


def _track(state: VisionsState) -> TrackPanel:
    """"Each player places one Reflection card in front of them ... and places their cube on
    space 0" ("Setup"); the last space is the Awakening space ("Reflection", ruling V9)."""
    track = state.track
    spaces = [f"{points} pts" for points in track.points[:track.awakening]]
    spaces.extend("" for _ in range(track.awakening - len(spaces)))  # spaces printing no points
    spaces.append("Awakening")
    return TrackPanel(id="awakening", title="Reflection track", spaces=spaces,
                      markers=[Marker(label=p, at=state.cube[p]) for p in state.players])


def _player_panels(state: VisionsState, player: str) -> list:
    ident = slug(player)
    hand = state.hand(player)
    panels: list = [ZonePanel(id=f"{ident}-hand", title=f"{player}: hand", owner=player,
                              cards=cards(seen(hand)), hidden=unseen_count(hand))]
    for d in range(1, MAX_DREAMS + 1):
        faces = state.faces[(player, d)]
        shown = [Card(name=name) if face is not None else
                 Card(name=UNSEEN_NIGHTMARE if is_unseen(name) else name, note=NIGHTMARE_NOTE, mark=FACE_DOWN)
                 for name, face in zip(state.dream(player, d), faces)]
        panels.append(ZonePanel(id=f"{ident}-dream-{d}", title=f"{player}: {DREAM_TITLES[d]}", owner=player,
                                cards=shown))
    sheet = score_sheet(state, player)
    values = []
    for d in range(1, MAX_DREAMS + 1):
        faces = [f for f in state.faces[(player, d)] if f is not None]
        # "Final Scoring": "multiply the most frequent Environment by the most frequent Category"
        environment = max(Counter(f[1] for f in faces).values(), default=0)
        category = max(Counter(f[0] for f in faces).values(), default=0)
        values.append(Value(label=DREAM_TITLES[d], value=f"{environment} x {category} = {sheet.dreams[d - 1]}"))
    values.append(Value(label="Reflection", value=sheet.reflection))
    values.append(Value(label="Final score", value=sheet.total))
    panels.append(CountersPanel(id=f"{ident}-score", title=f"{player}: Final Scoring", owner=player, values=values))
    return panels

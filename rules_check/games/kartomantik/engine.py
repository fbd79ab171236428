"""The Kartomantik rules engine: the `Engine` interface over this package's modules.

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
from typing import Any, Iterable

from pnp.data.errors import InputError
from pnp.data.paths import bundled
from rules_check.core.engine import Engine, EntryRef, redeal
from rules_check.core.errors import IllegalAction
from rules_check.core.setup import SetupReader
from rules_check.decklist import Decklist, Entry, read_decklist
from rules_check.deckcheck import check_deck
from rules_check.pool import Pool, load_pool

from . import details, rules, scoring, table_moves, table_setup
from .actions import Action, Show, parse_entry, to_entry
from .state import DECK_BONUS, OVER, KState, item, owner_of, zone, zone_names

EXAMPLE_DECKS = bundled("decks")  # the starter decks the simulator deals from
# the simulated players' judgement (`value`) of a Manifestation kept in its owner's Interzone,
# beside the DECK_BONUS it would have on the deck (bench/policies.py measures them)
INTERZONE_EDGE = 1.0  # its effects stay on the field (1.3.5)
INTERZONE_SUPPORT = 2.0  # and with Support it can join a later Confrontation from there


class KartomantikEngine(Engine[KState, Action]):
    game = "kartomantik"
    title = "Kartomantik"
    players = (2, 2)
    has_table_view = True
    move_groups = {"play": "play a card", "pass": "pass priority", "activate": "activate an ability",
                   "choose": "answer the question on the Stack", "effect": "answer the question on the Stack",
                   "reveal": "reveal", "place": "place in the Interzone", "mulligan": "mulligan", "show": "show cards"}

    def __init__(self, pool: Pool | None = None) -> None:
        self.pool = pool if pool is not None else load_pool()

    def new_state(self, players: list[str], setup: Any, file: str, line_of) -> KState:
        reader = SetupReader(setup, file, line_of,
                             f"each player's deck: {{{players[0]}: {{deck: [...]}}, {players[1]}: ...}}")
        reader.per_player((), players, what="deck ({deck: [the shuffled deck, top first]})")
        state = KState(players=list(players), pool=self.pool)
        for name in zone_names(players):
            state.zones[name]
        for p in players:
            raw = reader.mapping((p,), optional=("deck", "decklist", "cards"),
                                 what="{deck: [the shuffled deck, top first]}, or a deck without its order: "
                                      "{cards: [...]} or {decklist: FILE} (reading K39)")
            if "deck" in raw and "cards" in raw:
                raise reader.fail("write `deck:` (the shuffled order) or `cards:` (the cards, no order), not both",
                                  (p, "cards"))
            key = "deck" if "deck" in raw else "cards" if "cards" in raw else None
            if key is None and "decklist" not in raw:
                raise reader.fail("is required but missing: the deck (`deck:` in its shuffled order, or `cards:` "
                                  "or `decklist:` without it)", (p,), "deck")
            names = reader.names((p, key), self._printed, self.pool.printed_names()) if key else []
            listed = Decklist(file=f"setup.{p}", player=p,
                              deck=[Entry(n, 1, line_of((p, key, i))) for i, n in enumerate(names)])
            if "decklist" in raw:
                path = Path(file).parent / str(raw["decklist"])
                try:
                    listed = read_decklist(path)
                except InputError as exc:
                    raise reader.fail(f"decklist: {exc}", (p, "decklist")) from None
                have = Counter(self.pool.get(e.name).name if self.pool.get(e.name) else e.name
                               for e in listed.deck for _ in range(e.count))
                if key is None:
                    names = sorted(have.elements())
                elif have != Counter(names):
                    what = "deck order" if key == "deck" else "cards"
                    raise IllegalAction(rules.RULE_SETUP, f"{p}'s {what} does not hold the cards of "
                                                          f"{raw['decklist']}", (p, key))
            report = check_deck(listed, self.pool)
            if not report.legal:
                raise IllegalAction(rules.RULE_SETUP, f"{p}'s deck is not legal (pnp check deck): "
                                    + "; ".join(e.message for e in report.errors), (p, key or "decklist"))
            if key == "deck":
                state.zones[zone("deck", p)].extend(reversed([item(p, n) for n in names]))
            else:  # reading K39: shuffled at the table, its order unknown
                cards = [item(p, n) for n in names]
                state.zones.hide(zone("deck", p), zone("deck", p), cards)
                state.listed[zone("deck", p)] = Counter(cards)
        state.last_winner = players[0]  # ruling K1
        state.essence = {p: {} for p in players}
        rules.start_turn(state)
        return state

    def _printed(self, name: str) -> str | None:
        card = self.pool.get(name)
        return card.name if card is not None else None

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        files = sorted(f for f in EXAMPLE_DECKS.glob("legal-*"))
        out = {}
        for p in players:
            deck = read_decklist(rng.choice(files))
            names = [self.pool.get(e.name).name for e in deck.deck for _ in range(e.count)]  # type: ignore[union-attr]
            rng.shuffle(names)
            out[p] = {"deck": names}
        return out

    def parse(self, entry: Any, state: KState, ref: EntryRef) -> Action:
        return parse_entry(self.pool, state.players, entry, ref)

    def to_entry(self, state: KState, action: Action) -> dict[str, Any]:
        return to_entry(action)

    def candidates(self, state: KState) -> Iterable[Action]:
        return rules.candidates(state)

    def legal_actions(self, state: KState) -> list[Action]:
        """The legal set; on a table state, a pass or choice whose effect needs the face of an
        unseen card gives way to the `show` entries naming it (table_moves.py, reading K41), and
        each action is listed once. The winner's placements (4.2.3: thousands, in every order of
        the deck's bottom) are legal as `rules.placements` builds them: not checked one by one."""
        if rules.placing(state):  # every placement `rules.candidates` lists is legal (check_place)
            placements = list(rules.placements(state))
            return list(dict.fromkeys(placements)) if table_moves.is_table(state) else placements
        if not table_moves.is_table(state):
            return super().legal_actions(state)
        return table_moves.legal_set(state, self.candidates(state), self.check)

    def check(self, state: KState, action: Action) -> None:
        rules.check(state, action)

    def apply(self, state: KState, action: Action) -> None:
        rules.apply(state, action)

    def unverified(self, state: KState, action: Action) -> list[str]:
        return rules.unverified(state, action)

    def undecided(self, state: KState, action: Action | None) -> list[tuple[str, str]]:
        """What the log leaves open (readings K40, K42): after an entry, the conditions over unseen
        cards it was accepted on; at the end (``action`` None), the scores it does not decide."""
        if action is None:
            return scoring.undecided(state)
        notes, state.notes = state.notes, []
        return notes

    def table_view(self, log: dict[str, Any]) -> dict[str, Any]:
        """The log a scorekeeper at the table would have written of this game (rules_check/core/tableview.py)."""
        from .table import table_view
        return table_view(self, log)

    def after_end(self, state: KState, action: Action) -> bool:
        """A `show` entry may follow the end: the cards turned up when the game is over (reading K42)."""
        return isinstance(action, Show)

    def sample_chance(self, state: KState, action: Action, rng: random.Random) -> Action:
        return rules.shuffle(state, action, rng)

    def copy_state(self, state: KState) -> KState:
        return state.copy()

    def determinize(self, state: KState, player: str, rng: random.Random) -> KState:
        """What the search may see: the whole field (1.3: the Interzone is face up), its own
        hand and the card counts; its own deck is reshuffled (face down, 1.3), and the
        opponent's hand and deck are shuffled together and the hand dealt again. What a look at
        a deck's top showed, a card put at a deck's bottom, a hand shown at a Mulligan (4.2.1)
        is forgotten. While an effect waits for a choice (its frame may name a card in a hand
        or on a deck) nothing is reshuffled."""
        new = state.copy()
        if state.resolving is None and state.phase != OVER:
            other = state.other(player)
            redeal(new.zones, rng, zone("deck", player))
            redeal(new.zones, rng, zone("deck", other), [zone("hand", other)])
        return new

    def value(self, state: KState, player: str) -> float:
        """The score difference (4.4.2), with the Confrontation's standing as a tie-breaker: a
        move that would win the Confrontation now is better than one that would lose it.

        While the game goes on, a player's own Manifestation in their Interzone counts as much
        as one on the deck (DECK_BONUS: a Manifestation displaced from it goes to the deck's
        bottom, 4.2.3) and more (INTERZONE_EDGE): it keeps its effects on the field (1.3.5) and,
        with Support, can be played into the next Confrontations from there (4.2.2 Reaction).
        Without this a winner placed in the Interzone would look 5 points worse than one put
        on the deck's bottom, and no simulated player would ever place one there."""
        s = scoring.scores(state)
        other = state.other(player)
        lead = s[player] - s[other]
        w = rules.outcome(state) if state.phase == rules.REACTION else state.winner
        v = lead + (0.5 if w == player else -0.5 if w is not None else 0.0)
        if state.phase != OVER:
            v += self._interzone(state, player) - self._interzone(state, other)
        return v

    @staticmethod
    def _interzone(state: KState, p: str) -> float:
        total = 0.0
        for it in state.zones[zone("interzone", p)]:
            card = state.card(it)
            if card.type == "manifestation" and owner_of(it) == p:
                total += DECK_BONUS + INTERZONE_EDGE + (INTERZONE_SUPPORT if "support" in (card.keywords or ()) else 0)
        return total

    def is_over(self, state: KState) -> bool:
        return state.phase == OVER

    def scores(self, state: KState) -> dict[str, int]:
        return scoring.scores(state)

    def winner(self, state: KState) -> str | list[str] | None:
        return scoring.winner(state)

    def view(self, state):
        from .view import view
        return view(self, state)

    # --- the table app: start questions (table_setup.py) and card details (details.py) ----------

    setup_questions = table_setup.questions  # (self, players)
    setup_from_answers = table_setup.setup  # (self, players, answers)

    deck_problems = table_setup.deck_problems  # (self, text): a pasted decklist checked as `pnp check deck -`
    random_decklist = staticmethod(table_setup.random_decklist)  # (rng)

    card_details = details.card_details  # (self)

"""The So Long, My World rules engine: the `Engine` interface over this package's modules.

    setup:
      mode: multiplayer               # or co-op (So Long, My Love, 2 players), or solo (solo.py)
      variants: [gestalt visions, karma catalysts]   # optional
      heartbreak: Together at the End # co-op: the Heartbreak card
      luno: true                      # co-op: L'Uno in play (optional)
      first_player: Ana               # optional; the first listed player when absent
      clock: [6 normal visions, clockwise]
      events: [11 events + 1 reboot (9 + 1 with 5 players), top first]
      dealt: {Ana: [3 remnant cards], ...}
      picks: {Ana: [first pick, second pick], ...}   # the draft; absent: the dealt cards kept
      remnant_deck: [the other remnant cards, top first]
      gestalt_deck: [2 x players Gestalt cards, top first]
      catalysts: [Karma Catalysts, top first]        # with that variant
      first_feelings: {Ana: hope, Ben: nostalgia}

``docs/logs/so-long-my-world.md`` is the reference.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from typing import Any, Iterable

from pnp.games.so_long_my_world import models as tables
from rules_check.core.engine import Engine, EntryRef, redeal
from rules_check.core.errors import IllegalAction
from rules_check.core.setup import SetupReader
from rules_check.core.zones import unseen

from . import details, next_game, rules, scoring, solo, table_setup
from .actions import Action, Show, parse_entry, to_entry
from .cards import CardData, load_cards
from .seen import hide_pile
from .state import (
    BOX, CATALYSTS, COOP, DISCARD, EVENT, EVENT_DECK, EVENT_DISCARD, FEELINGS, GESTALT_DECK, GESTALT_VISIONS,
    KARMA_CATALYSTS, MARK, MODES, MULTIPLAYER, OVER, REMNANT_DECK, SOLO, SYSTEM, VARIANTS, SoLongState,
    chosen, field_of, hand, stock, tokens, vision_zone,
)

W_READY = 1.0  # the solo greedy: what a locked Vision's unlocking needs, held
W_TOKEN, W_GUARD = 1.0, 2.0  # the solo greedy's weights (bench/policies.py measures them)
# So Long, My Love (co-op): a goal reached; the way to the Heartbreak's Collective Insight (its
# share reached); both at once, the win (the Heartbreak cards: "To win a game, you must reach the
# goal AND the Collective Insight value")
W_GOAL, W_NEED, W_BOTH = 10.0, 10.0, 20.0
KEYS = ("mode", "variants", "heartbreak", "luno", "first_player", "clock", "events", "dealt", "picks",
        "remnant_deck", "gestalt_deck", "catalysts", "first_feelings", *next_game.KEYS)
REQUIRED = ("clock", "first_feelings")  # a table log leaves out the piles' cards (reading SL39)
DEALT = 3  # "each player is randomly dealt 3 cards"
EVENTS = {False: 11, True: 9}  # 2-4 players / 5 players ("3. Prepare the Event Deck")
START_HOUR = {False: 1, True: 3}  # "1. Prepare the Clock Board" (ruling S1)
SHAPE = ("a mapping (clock, first_feelings; optional: events, dealt, remnant_deck, gestalt_deck, mode, "
         "variants, heartbreak, luno, first_player, picks, catalysts; a pile left out is unseen)")


class SoLongEngine(Engine[SoLongState, Action]):
    game = "so-long-my-world"
    title = "So Long, My World"
    players = (1, 5)  # 1: the solo mode only; 2-5 the others (checked per mode in new_state)
    has_table_view = True  # table.py (readings SL39-SL43)
    move_groups = {"event": "turn up the event", "choose": "answer the question", "play": "play a card",
                   "drain": "drain a vision", "effect": "use a vision's effect", "end": "end the turn",
                   "reach": "reach a vision", "unlock": "unlock", "observe": "observe", "show": "show cards",
                   "reshuffle": "reshuffle", "record": "record", "goal": "goal", "pass": "pass"}

    def __init__(self, cards: CardData | None = None) -> None:
        self.cards = cards if cards is not None else load_cards()

    # --- state -------------------------------------------------------------------------------

    def new_state(self, players: list[str], setup: Any, file: str, line_of) -> SoLongState:
        reader = SetupReader(setup, file, line_of, SHAPE)

        def bad(message: str, path: tuple = ()) -> IllegalAction:
            return IllegalAction(rules.RULE_SETUP, message, path=path)

        c = self.cards
        if not isinstance(setup, dict):
            raise reader.fail(f"expected {SHAPE}")
        if setup.get("mode") == SOLO:
            return solo.new_solo_state(self, players, setup, file, line_of)
        if len(players) < 2:
            raise reader.fail(f"{setup.get('mode', MULTIPLAYER)} is played by 2 to 5 players; 1 player plays the "
                              f"solo mode (mode: solo)", ("mode",), "players")
        reader.mapping((), REQUIRED, [k for k in KEYS if k not in REQUIRED])

        mode = reader.choice(("mode",), MODES) if "mode" in setup else MULTIPLAYER
        variants = setup.get("variants", [])
        if not isinstance(variants, list) or any(v not in VARIANTS for v in variants):
            raise reader.fail(f"expected a list of {', '.join(VARIANTS)}", ("variants",))
        if KARMA_CATALYSTS in variants and GESTALT_VISIONS not in variants:
            raise bad("Karma Catalysts go under Gestalt Visions: that variant is needed too", ("variants",))
        five = len(players) == 5
        heartbreak = None
        if mode == COOP:
            if len(players) != 2:
                raise bad("So Long, My Love is a 2-player game", ())
            hb = setup.get("heartbreak")
            heartbreak = c.resolve(hb) if isinstance(hb, str) else None
            if heartbreak not in c.heartbreaks:
                raise reader.fail(f"expected a Heartbreak card ({', '.join(c.heartbreaks)})", ("heartbreak",))
        elif "heartbreak" in setup or "luno" in setup:
            raise bad("a Heartbreak card and L'Uno belong to the co-op mode (mode: co-op)", ())
        first = reader.choice(("first_player",), players, "player") if "first_player" in setup else players[0]

        state = SoLongState(players=list(players), cards=c, mode=mode, variants=frozenset(variants),
                            heartbreak=heartbreak, first=players.index(first))
        next_game.read_end_card(reader, setup, state)
        z = state.zones
        for name in (SYSTEM, REMNANT_DECK, DISCARD, GESTALT_DECK, EVENT_DECK, EVENT, EVENT_DISCARD, CATALYSTS, BOX):
            z[name]
        normal = [v for v, d in c.visions.items() if d.kind == "normal"]
        clock = c.listed(reader, ("clock",), normal, "normal vision")
        if sorted(clock) != sorted(normal):
            raise bad(f"the clock holds the {len(normal)} normal visions, each once", ("clock",))
        state.clock = clock
        if GESTALT_VISIONS in variants:
            state.extra_visions = [v for v in tables.GESTALT_VISIONS]
            state.locked.update(state.extra_visions)
        if mode == COOP and setup.get("luno"):
            state.extra_visions.append(tables.LUNO)
        for v in state.visions:
            z[vision_zone(v)]
        # tokens: feelings and Marks of Sol
        for f in FEELINGS:
            z[SYSTEM].extend([f] * tables.FEELING_TOKENS_EACH)
        marks = tables.MARKS_OF_SOL
        if GESTALT_VISIONS in variants:
            for v in tables.GESTALT_VISIONS:
                z[vision_zone(v)].extend([MARK] * c.visions[v].marks_of_sol)
                marks -= c.visions[v].marks_of_sol
        z[SYSTEM].extend([MARK] * marks)
        # vision tokens (ruling S3)
        for i, p in enumerate(players):
            state.colours[p] = tables.PLAYER_COLOURS[i]
            for name in (stock(p), hand(p), field_of(p), tokens(p), chosen(p)):
                z[name]
        for name, (_vision, colour) in c.tokens.items():
            owner = next((p for p, col in state.colours.items() if col == colour), None)
            if colour is None:
                luno = mode == COOP and setup.get("luno")
                for p in players:
                    z[tokens(p) if luno else BOX].append(name)
                continue
            z[tokens(owner) if owner else BOX].append(name)
        # events
        want = EVENTS[five and mode != COOP]
        state.deck_size = want
        events = c.listed(reader, ("events",), c.events, "event")
        if "events" not in setup:  # a table log: chosen at random, face down (reading SL39)
            hide_pile(state, EVENT_DECK, list(c.events), want + 1)
        else:
            reboots = [e for e in events if c.events[e].reboot]
            if len(reboots) != 1 or len(events) - 1 != want or len(set(events)) != len(events):
                raise bad(f"the event deck is {want} different events and 1 Reboot card "
                          f"(got {len(events) - len(reboots)} events and {len(reboots)} reboots"
                          + (", one listed twice" if len(set(events)) != len(events) else "") + ")", ("events",))
            z[EVENT_DECK].extend(reversed(events))
            z[BOX].extend(e for e in c.events if e not in events)
        # the clock
        if mode == COOP:
            state.hour = c.heartbreaks[heartbreak].start_hour
        else:
            state.hour = START_HOUR[five]
        # cards: the starting cards, the dealt three and the draft
        deck: list[str] = []
        if "dealt" not in setup:  # a table log: dealt face down, drafted face down (reading SL39)
            for key in ("picks", "remnant_deck", "returned", "swapped"):
                if key in setup:
                    raise bad(f"{key}: the dealt cards are unseen (no dealt:), so the Remnant deck is too", (key,))
            hide_pile(state, REMNANT_DECK, c.remnants, len(c.remnants), into=REMNANT_DECK)
            for p in players:
                z[hand(p)].extend(tables.STARTING_CARDS)
                for _ in range(DEALT):  # 4 dealt and 1 returned with Such Stuff as Dreams: 3 kept
                    z.move(unseen(REMNANT_DECK), REMNANT_DECK, hand(p))
        else:
            reader.per_player(("dealt",), players, "dealt cards")
            hands = {}
            for p in players:
                hands[p] = c.listed(reader, ("dealt", p), c.remnants, "Remnant card")
                dealt = next_game.dealt_count(state)  # DEALT, or 4 with Such Stuff as Dreams
                if len(hands[p]) != dealt:
                    raise bad(f"each player is dealt {dealt} Remnant cards; {p} got {len(hands[p])}", ("dealt", p))
            next_game.keep(reader, state, players, hands)
            if "picks" in setup:
                hands = self._draft(players, hands, reader.per_player(("picks",), players, "picks"), bad)
            rest = Counter(c.remnants) - sum((Counter(h) for h in hands.values()), Counter())
            if sum((Counter(h) for h in hands.values()), Counter()) - Counter(c.remnants):
                raise bad("more copies of a card are dealt than the box holds", ("dealt",))
            if "remnant_deck" not in setup:  # the hands written, the deck's order unknown
                hide_pile(state, REMNANT_DECK, list(rest.elements()), sum(rest.values()), into=REMNANT_DECK)
            else:
                deck = c.listed(reader, ("remnant_deck",), c.remnants, "Remnant card")
                if Counter(deck) != rest:
                    diff = (Counter(deck) - rest) + (rest - Counter(deck))
                    raise bad("the Remnant deck is the remaining Remnant cards, each copy once; wrong: "
                              + ", ".join(sorted(diff)), ("remnant_deck",))
                z[REMNANT_DECK].extend(reversed(deck))
            for p in players:
                z[hand(p)].extend(tables.STARTING_CARDS)
                z[hand(p)].extend(hands[p])
        for s in tables.STARTING_CARDS:
            z[BOX].extend([s] * (c.cards[s].copies - len(players)))
        raw_gestalt = setup.get("gestalt_deck")
        if raw_gestalt is None or isinstance(raw_gestalt, int) and not isinstance(raw_gestalt, bool):
            # a table log: chosen at random, face down; a number says how many (reading SL39)
            count = 2 * len(players) if raw_gestalt is None else raw_gestalt
            if raw_gestalt is None and mode == COOP:
                raise bad("So Long, My Love builds the Gestalt deck as the Heartbreak card says: write "
                          "gestalt_deck: NUMBER (its cards unseen) or its cards", ("gestalt_deck",))
            pool = list(dict.fromkeys(c.gestalts))
            if not 0 <= count <= len(pool) or mode != COOP and count != 2 * len(players):
                raise bad(f"the Gestalt deck is twice the number of players: {2 * len(players)} cards, "
                          f"not {count}", ("gestalt_deck",))
            hide_pile(state, GESTALT_DECK, pool, count)
        else:
            gestalt = c.listed(reader, ("gestalt_deck",), c.gestalts, "Gestalt card")
            if len(set(gestalt)) != len(gestalt):
                raise bad("a Gestalt card is listed twice", ("gestalt_deck",))
            if mode != COOP and len(gestalt) != 2 * len(players):
                raise bad(f"the Gestalt deck is twice the number of players: {2 * len(players)} cards, "
                          f"not {len(gestalt)}", ("gestalt_deck",))
            z[GESTALT_DECK].extend(reversed(gestalt))
            z[BOX].extend(g for g in c.gestalts if g not in gestalt)
        catalysts = c.listed(reader, ("catalysts",), c.catalysts, "Karma Catalyst")
        if KARMA_CATALYSTS in variants and "catalysts" not in setup:  # a table log: shuffled, face down
            hide_pile(state, CATALYSTS, list(c.catalysts), len(c.catalysts), into=CATALYSTS)
        elif KARMA_CATALYSTS in variants:
            if sorted(catalysts) != sorted(c.catalysts):
                raise bad("the Karma Catalysts deck is the catalysts, each once", ("catalysts",))
        elif catalysts:
            raise bad("catalysts are for the Karma Catalysts variant", ("catalysts",))
        z[CATALYSTS].extend(reversed(catalysts))
        # "Each player chooses one Hope or Nostalgia"
        ff = reader.per_player(("first_feelings",), players, "first feeling")
        for p in players:
            if ff[p] not in ("hope", "nostalgia"):
                raise bad(f"{p}'s first feeling is Hope or Nostalgia, not {ff[p]!r}", ("first_feelings", p))
            z.move(ff[p], SYSTEM, stock(p))
        next_game.after_setup(reader, setup, state, self)
        state.chance = zlib.crc32("\n".join(events + deck).encode())
        return state

    @staticmethod
    def _draft(players, dealt, picks, bad) -> dict[str, list[str]]:
        """"They choose one ... The remaining two are given to the player to their left. Each player
        then chooses one and gives the leftover card to the player to their left" (ruling G1)."""
        n = len(players)
        pk = {p: picks[p] for p in players}
        for p in players:
            if not isinstance(pk[p], list) or len(pk[p]) != 2:
                raise bad(f"{p} picks two cards: [first pick, second pick]", ("picks", p))
        first = {p: pk[p][0] for p in players}
        for p in players:
            if first[p] not in dealt[p]:
                raise bad(f"{p}'s first pick {first[p]!r} is not among the cards dealt to {p}", ("picks", p))
        passed = {}
        for i, p in enumerate(players):
            right = players[(i - 1) % n]
            two = list(dealt[right])
            two.remove(first[right])
            passed[p] = two
        second = {p: pk[p][1] for p in players}
        hands = {}
        for i, p in enumerate(players):
            if second[p] not in passed[p]:
                raise bad(f"{p}'s second pick {second[p]!r} is not among the two passed by "
                          f"{players[(i - 1) % n]} ({', '.join(passed[p])})", ("picks", p))
        for i, p in enumerate(players):
            right = players[(i - 1) % n]
            left_over = list(passed[right])
            left_over.remove(second[right])
            hands[p] = [first[p], second[p], *left_over]
        return hands

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        if len(players) == 1:
            return solo.random_solo_setup(self, players, rng)
        c = self.cards
        normal = [v for v, d in c.visions.items() if d.kind == "normal"]
        rng.shuffle(normal)
        evs = [e for e, d in c.events.items() if not d.reboot]
        reboot = rng.choice([e for e, d in c.events.items() if d.reboot])
        events = rng.sample(evs, EVENTS[len(players) == 5]) + [reboot]
        rng.shuffle(events)
        box = list(c.remnants)
        rng.shuffle(box)
        dealt = {p: [box.pop() for _ in range(DEALT)] for p in players}
        picks = {p: [dealt[p][0], None] for p in players}
        n = len(players)
        for i, p in enumerate(players):
            right = players[(i - 1) % n]
            picks[p][1] = dealt[right][1]
        gestalt = rng.sample(list(dict.fromkeys(c.gestalts)), 2 * len(players))
        setup: dict[str, Any] = {"clock": normal, "events": events, "dealt": dealt, "picks": picks,
                                 "remnant_deck": box[::-1], "gestalt_deck": gestalt,
                                 "first_feelings": {p: rng.choice(["hope", "nostalgia"]) for p in players}}
        if len(players) == 2 and rng.random() < 0.4:  # So Long, My Love
            setup["mode"] = COOP
            setup["heartbreak"] = rng.choice(sorted(c.heartbreaks))
            setup["luno"] = True
            setup["gestalt_deck"] = rng.sample(list(dict.fromkeys(c.gestalts)), rng.randint(4, 8))
        elif rng.random() < 0.4:
            setup["variants"] = ["gestalt visions", "karma catalysts"]
            cats = list(c.catalysts)
            rng.shuffle(cats)
            setup["catalysts"] = cats
        self._end_card(setup, players)
        return setup

    def _end_card(self, setup: dict[str, Any], players: list[str]) -> None:
        """One game in three carries an End card from a previous game (End Cards), drawn with
        numbers of its own (the seed's other draws stay as they were). The Carriage is left out:
        its check needs the previous game's log."""
        own = random.Random(zlib.crc32(repr(sorted(setup["events"])).encode() + repr(setup["dealt"]).encode()))
        if own.random() >= 1 / 3:
            return
        card = own.choice([n for n in self.cards.ends if n != "The Carriage"])
        setup["end_card"] = card
        verbs_ = {st.verb for a in self.cards.ends[card].abilities for st in a.steps}
        deck = list(reversed(setup["remnant_deck"]))  # top last
        if "dealt" in verbs_:
            returned = {}
            for p in players:
                extra = deck.pop()
                setup["dealt"][p].append(extra)
                returned[p] = own.choice(setup["dealt"][p])
            for p in players:  # the draft passes the kept cards; picks come from them
                kept = [x for x in setup["dealt"][p]]
                kept.remove(returned[p])
                setup["picks"][p][0] = kept[0]
            for i, p in enumerate(players):
                right = players[(i - 1) % len(players)]
                kept = [x for x in setup["dealt"][right]]
                kept.remove(returned[right])
                setup["picks"][p][1] = kept[1]
            deck.extend(returned.values())
            own.shuffle(deck)
            setup["returned"] = returned
        if "swap dealt" in verbs_:
            setup["swapped"] = {p: setup["picks"][p][0] for p in players if own.random() < 0.5}  # kept by the draft
        setup["remnant_deck"] = deck[::-1]

    # --- actions -----------------------------------------------------------------------------

    def parse(self, entry: Any, state: SoLongState, ref: EntryRef) -> Action:
        zones = set(state.zones.names()) if isinstance(entry, dict) and ("ops" in entry or "path_event" in entry
                                                                   or "show" in entry) \
            else set()
        if state.mode == SOLO:
            return solo.parse_solo(self.cards, state.players, zones, entry, ref)
        return parse_entry(self.cards, state.players, zones, entry, ref)

    def to_entry(self, state: SoLongState, action: Action) -> dict[str, Any]:
        if isinstance(action, solo.SoloAction):
            return solo.to_solo_entry(action)
        return to_entry(action)

    def candidates(self, state: SoLongState) -> Iterable[Action]:
        return solo.candidates(state) if state.mode == SOLO else rules.candidates(state)

    def check(self, state: SoLongState, action: Action) -> None:
        solo.check(state, action) if state.mode == SOLO else rules.check(state, action)

    def apply(self, state: SoLongState, action: Action) -> None:
        solo.apply(state, action) if state.mode == SOLO else rules.apply(state, action)

    def sample_chance(self, state: SoLongState, action: Action, rng: random.Random) -> Action:
        return rules.chance(state, action, rng)

    def unverified(self, state: SoLongState, action: Action) -> list[str]:
        return solo.unverified(state, action) if state.mode == SOLO else rules.unverified(state, action)

    # --- logs of real games (readings SL39-SL43) ------------------------------------------------

    def undecided(self, state: SoLongState, action: Action | None) -> list[tuple[str, str]]:
        """Nothing is left open (reading SL43): every rule over a hidden card asks a count (the
        hands' sizes for the score, an empty deck), or a card the table sees (an event drawn, an
        Observation's cards, a card played or discarded), which the log names."""
        return []

    def after_end(self, state: SoLongState, action: Action) -> bool:
        """A `show` entry may follow the end: the hands turned up (reading SL42)."""
        return isinstance(action, Show)

    def table_view(self, log: dict[str, Any]) -> dict[str, Any]:
        """The log a scorekeeper at the table would have written of this game (table.py)."""
        from .table import table_view
        return table_view(self, log)

    def view(self, state):
        from .view import view
        return view(self, state)

    # --- the end -----------------------------------------------------------------------------

    def is_over(self, state: SoLongState) -> bool:
        return state.phase == OVER

    def copy_state(self, state: SoLongState) -> SoLongState:
        return state.copy()

    def determinize(self, state: SoLongState, player: str, rng: random.Random) -> SoLongState:
        """What the search may see: the table, every hand (a limit: the other players' hands
        are not hidden from it), the discards; the face-down decks (Remnant, Event, Gestalt,
        Karma Catalysts) are reshuffled. While a card's effect waits for an answer nothing is
        reshuffled (its frame may name a deck's top)."""
        new = state.copy()
        if state.waiting is None:
            for pile in (REMNANT_DECK, EVENT_DECK, GESTALT_DECK, CATALYSTS):
                redeal(new.zones, rng, pile)
        return new

    def shared_result(self, state: SoLongState) -> bool:
        """So Long, My Love and the solo game: the players win or lose together."""
        return state.mode in (COOP, SOLO)

    def value(self, state: SoLongState, player: str) -> float:
        """The greedy policy's judgement: the score (the Collective Insight in So Long, My Love,
        where the result is shared), and what leads to it: Feelings in stock pay for cards
        ("2. Feeling Cost"), Marks of Sol for Observations, cards in hand are insight to come
        where holding them costs nothing (co-op, solo); in co-op the goal reached (half as much
        for the share done of a goal that counts), the share of the Heartbreak's Collective
        Insight reached, and most of all both together; in
        the solo game every Vision unlocked (the win needs them all, SL20), the tokens that
        unlock them and the Marks of Sol that keep them from locking."""
        stock_ = state.zones[f"stock:{player}"]
        held = 0.3 * sum(1 for x in stock_ if x in FEELINGS) + 0.5 * stock_.count(MARK)
        if state.mode == COOP:
            from .goals import result
            insight = scoring.collective_insight(state)
            base = float(insight)
            found = result(state) if state.heartbreak else None
            reached = found is not None and found[0]
            base += W_GOAL if reached else W_GOAL / 2 * self._goal_progress(state)
            if state.heartbreak:  # "you must reach the goal AND the Collective Insight value"
                need = self.cards.heartbreaks[state.heartbreak].collective_insight
                base += W_NEED * min(insight, need) / need + (W_BOTH if reached and insight >= need else 0)
            return base + held + 0.3 * sum(self._potential(state, p) for p in state.players)
        if state.mode == SOLO:
            unlocked = sum(1 for v in state.clock if v not in state.locked)
            guarded = sum(1 for v in state.clock if v not in state.locked and MARK in state.zones[vision_zone(v)])
            base = float(self.scores(state)[player]) + 4 * unlocked + (10 if unlocked == len(state.clock) else 0)
            base += W_TOKEN * len(state.zones[tokens(player)]) + W_GUARD * guarded + (40 if state.ending_wins else 0)
            base += W_READY * self._ready_to_unlock(state, player)
            return base + held + 0.3 * self._potential(state, player)
        return float(scoring.points(state, player)) + held

    @staticmethod
    def _goal_progress(state: SoLongState) -> float:
        """So Long, My Love: the share of a counted Heartbreak goal done so far (0 to 1), for the
        goals that count something (L'Uno chosen together twice, 6 Marks of Sol, 4 negative
        cards, the Letter's two cards, 3 cards in each field); 0 for the others."""
        from .goals import goal_of
        goal = goal_of(state.data.heartbreaks[state.heartbreak].goal) if state.heartbreak else None
        key = getattr(goal, "key", None)
        if key == "l'uno twice":
            return min(state.luno_rounds, 2) / 2
        if key == "6 marks":
            return min(state.marks_gained, 6) / 6
        if key == "4 negative":
            return min(sum(1 for _, c in state.played if state.data.cards[c].karma == "negative"), 4) / 4
        if key == "the letter":
            played = {c for _, c in state.played}
            return sum(c in played for c in ("Every Name Remembered", "She Wasn't My Daughter")) / 2
        if key == "fields of 3":
            return sum(min(len(state.zones[field_of(p)]), 3) for p in state.players) / (3 * len(state.players))
        return 0.0

    @staticmethod
    def _ready_to_unlock(state: SoLongState, player: str) -> float:
        """For each locked Vision, what its unlocking needs that the player holds: its token, its
        affinity Feeling (half each; a Feeling counted for one Vision only)."""
        have = Counter(state.zones[stock(player)])
        mine = state.zones[tokens(player)]
        out = 0.0
        for v in state.clock:
            if v not in state.locked:
                continue
            if any(state.data.tokens.get(t, ("",))[0] == v for t in mine):
                out += 0.5
            aff = state.affinity(v)[:1]
            if aff and have[aff[0]] > 0:
                have[aff[0]] -= 1
                out += 0.5
        return out

    @staticmethod
    def _potential(state: SoLongState, player: str) -> float:
        """The insight the cards in ``player``'s hand may bring (the starting cards' glyph: 1)."""
        cards = state.data.cards
        return sum(max(cards[c].insight, 1) for c in state.zones[hand(player)] if c in cards)

    def scores(self, state: SoLongState) -> dict[str, int]:
        if state.mode == COOP:
            return {p: scoring.insight(state, p) for p in state.players}
        return {p: scoring.points(state, p) for p in state.players}

    def winner(self, state: SoLongState) -> str | list[str] | None:
        if state.mode == SOLO:  # ruling SL20
            return state.players[0] if state.phase == OVER and state.ending_wins else None
        if state.mode == COOP:
            if state.phase != OVER or not state.goal_reached:
                return None
            need = self.cards.heartbreaks[state.heartbreak].collective_insight
            return list(state.players) if scoring.collective_insight(state) >= need else None
        return super().winner(state)

    # --- the table app: start questions (table_setup.py) and card details (details.py) ----------

    setup_questions = table_setup.questions  # (self, players)
    setup_from_answers = table_setup.setup  # (self, players, answers)

    card_details = details.card_details  # (self)

"""Setting up a So Long, My World game ("Setting Up the Game"): the setup a log writes, read
into the first state, and a random one for the simulations. The solo mode's setup is solo.py's
(`solo.new_solo_state`, `solo.random_solo_setup`).

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
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from typing import Any

from pnp.games.so_long_my_world import models as tables
from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.core.setup import SetupReader
from rules_check.core.zones import unseen

from . import next_game, solo
from .cards import CardData
from .rules import RULE_SETUP
from .seen import deal_unseen, hide_pile
from .state import (
    BOX, CATALYSTS, COOP, DISCARD, EVENT, EVENT_DECK, EVENT_DISCARD, FEELINGS, GESTALT_DECK, GESTALT_VISIONS,
    KARMA_CATALYSTS, MARK, MODES, MULTIPLAYER, REMNANT_DECK, SOLO, SYSTEM, VARIANTS, SoLongState, chosen, field_of,
    hand, stock, tokens, vision_zone,
)

KEYS = ("mode", "variants", "heartbreak", "luno", "first_player", "clock", "events", "dealt", "picks",
        "remnant_deck", "gestalt_deck", "catalysts", "first_feelings", *next_game.KEYS)
REQUIRED = ("clock", "first_feelings")  # a table log leaves out the piles' cards (reading SL39)
DEALT = 3  # "each player is randomly dealt 3 cards"
EVENTS = {False: 11, True: 9}  # 2-4 players / 5 players ("3. Prepare the Event Deck")
START_HOUR = {False: 1, True: 3}  # "1. Prepare the Clock Board" (ruling S1)
SHAPE = ("a mapping (clock, first_feelings; optional: events, dealt, remnant_deck, gestalt_deck, mode, "
         "variants, heartbreak, luno, first_player, picks, catalysts; a pile left out is unseen)")


def bad(message: str, path: tuple = ()) -> IllegalAction:
    return IllegalAction(RULE_SETUP, message, path=path)


def new_state(engine: Any, players: list[str], setup: Any, file: str, line_of) -> SoLongState:
    """The first state of the game ``setup`` describes (the engine's `new_state`)."""
    reader = SetupReader(setup, file, line_of, SHAPE)
    if not isinstance(setup, dict):
        raise reader.fail(f"expected {SHAPE}")
    if setup.get("mode") == SOLO:
        return solo.new_solo_state(engine, players, setup, file, line_of)
    if len(players) < 2:
        raise reader.fail(f"{setup.get('mode', MULTIPLAYER)} is played by 2 to 5 players; 1 player plays the "
                          f"solo mode (mode: solo)", ("mode",), "players")
    reader.mapping((), REQUIRED, [k for k in KEYS if k not in REQUIRED])
    state = _table(reader, setup, engine.cards, players)
    next_game.read_end_card(reader, setup, state)
    for name in (SYSTEM, REMNANT_DECK, DISCARD, GESTALT_DECK, EVENT_DECK, EVENT, EVENT_DISCARD, CATALYSTS, BOX):
        state.zones[name]
    _clock(reader, setup, state)
    _tokens(setup, state)
    events = _events(reader, setup, state)
    deck = _remnants(reader, setup, state)
    _gestalt(reader, setup, state)
    _catalysts(reader, setup, state)
    _first_feelings(reader, state)
    next_game.after_setup(reader, setup, state, engine)
    state.chance = zlib.crc32("\n".join(events + deck).encode())
    return state


def _table(reader: SetupReader, setup: dict, c: CardData, players: list[str]) -> SoLongState:
    """The mode, the variants, the Heartbreak card (co-op) and the First Player."""
    mode = reader.choice(("mode",), MODES) if "mode" in setup else MULTIPLAYER
    variants = setup.get("variants", [])
    if not isinstance(variants, list) or any(v not in VARIANTS for v in variants):
        raise reader.fail(f"expected a list of {', '.join(VARIANTS)}", ("variants",))
    if KARMA_CATALYSTS in variants and GESTALT_VISIONS not in variants:
        raise bad("Karma Catalysts go under Gestalt Visions: that variant is needed too", ("variants",))
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
    return state


def _clock(reader: SetupReader, setup: dict, state: SoLongState) -> None:
    """"1. Prepare the Clock Board": the normal Visions, the Gestalt Visions (locked) and L'Uno,
    the Feelings and the Marks of Sol; the hour the clock starts at."""
    c, z = state.data, state.zones
    normal = [v for v, d in c.visions.items() if d.kind == "normal"]
    clock = c.listed(reader, ("clock",), normal, "normal vision")
    if sorted(clock) != sorted(normal):
        raise bad(f"the clock holds the {len(normal)} normal visions, each once", ("clock",))
    state.clock = clock
    gestalt = GESTALT_VISIONS in state.variants
    if gestalt:
        state.extra_visions = [v for v in tables.GESTALT_VISIONS]
        state.locked.update(state.extra_visions)
    if state.mode == COOP and setup.get("luno"):
        state.extra_visions.append(tables.LUNO)
    for v in state.visions:
        z[vision_zone(v)]
    for f in FEELINGS:
        z[SYSTEM].extend([f] * tables.FEELING_TOKENS_EACH)
    marks = tables.MARKS_OF_SOL
    if gestalt:
        for v in tables.GESTALT_VISIONS:
            z[vision_zone(v)].extend([MARK] * c.visions[v].marks_of_sol)
            marks -= c.visions[v].marks_of_sol
    z[SYSTEM].extend([MARK] * marks)
    if state.mode == COOP:
        state.hour = c.heartbreaks[state.heartbreak].start_hour  # type: ignore[index]
    else:
        state.hour = START_HOUR[len(state.players) == 5]


def _tokens(setup: dict, state: SoLongState) -> None:
    """Each player's colour, zones and Vision Tokens (ruling S3); L'Uno's colourless tokens to
    each player in co-op, the rest to the box."""
    z, players = state.zones, state.players
    for i, p in enumerate(players):
        state.colours[p] = tables.PLAYER_COLOURS[i]
        for name in (stock(p), hand(p), field_of(p), tokens(p), chosen(p)):
            z[name]
    luno = bool(state.mode == COOP and setup.get("luno"))
    own, box = state.data.token_layout(tuple(state.colours.values()), luno)
    for p, mine in zip(players, own):
        z[tokens(p)].extend(mine)
    z[BOX].extend(box)


def _events(reader: SetupReader, setup: dict, state: SoLongState) -> list[str]:
    """"3. Prepare the Event Deck": the events listed (top first), or unseen in a table log."""
    c, z = state.data, state.zones
    want = EVENTS[len(state.players) == 5 and state.mode != COOP]
    state.deck_size = want
    events = c.listed(reader, ("events",), c.events, "event")
    if "events" not in setup:  # a table log: chosen at random, face down (reading SL39)
        hide_pile(state, EVENT_DECK, list(c.events), want + 1)
        return events
    reboots = [e for e in events if c.events[e].reboot]
    if len(reboots) != 1 or len(events) - 1 != want or len(set(events)) != len(events):
        raise bad(f"the event deck is {want} different events and 1 Reboot card "
                  f"(got {len(events) - len(reboots)} events and {len(reboots)} reboots"
                  + (", one listed twice" if len(set(events)) != len(events) else "") + ")", ("events",))
    z[EVENT_DECK].extend(reversed(events))
    z[BOX].extend(e for e in c.events if e not in events)
    return events


def _remnants(reader: SetupReader, setup: dict, state: SoLongState) -> list[str]:
    """The starting cards, the dealt three and the draft, and the Remnant deck left (top first,
    as written; [] when it is unseen)."""
    c, z, players = state.data, state.zones, state.players
    deck: list[str] = []
    if "dealt" not in setup:  # a table log: dealt face down, drafted face down (reading SL39)
        for key in ("picks", "remnant_deck", "returned", "swapped"):
            if key in setup:
                raise bad(f"{key}: the dealt cards are unseen (no dealt:), so the Remnant deck is too", (key,))
        hide_pile(state, REMNANT_DECK, c.remnants, len(c.remnants), into=REMNANT_DECK)
        for p in players:
            z[hand(p)].extend(tables.STARTING_CARDS)
            # 4 dealt and 1 returned with Such Stuff as Dreams: 3 kept
            deal_unseen(state, unseen(REMNANT_DECK), REMNANT_DECK, hand(p), DEALT)
    else:
        hands = _hands(reader, setup, state)
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
    return deck


def _hands(reader: SetupReader, setup: dict, state: SoLongState) -> dict[str, list[str]]:
    """The cards each player is dealt, kept (End cards) and drafted."""
    players = state.players
    reader.per_player(("dealt",), players, "dealt cards")
    hands = {}
    for p in players:
        hands[p] = state.data.listed(reader, ("dealt", p), state.data.remnants, "Remnant card")
        dealt = next_game.dealt_count(state)  # DEALT, or 4 with Such Stuff as Dreams
        if len(hands[p]) != dealt:
            raise bad(f"each player is dealt {dealt} Remnant cards; {p} got {len(hands[p])}", ("dealt", p))
    next_game.keep(reader, state, players, hands)
    if "picks" in setup:
        hands = draft(players, hands, reader.per_player(("picks",), players, "picks"))
    return hands


def draft(players: list[str], dealt: dict[str, list[str]], picks: dict[str, Any]) -> dict[str, list[str]]:
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
            raise bad(f"{p}'s first pick {shown(first[p])} is not among the cards dealt to {p}", ("picks", p))
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
            raise bad(f"{p}'s second pick {shown(second[p])} is not among the two passed by "
                      f"{players[(i - 1) % n]} ({', '.join(passed[p])})", ("picks", p))
    for i, p in enumerate(players):
        right = players[(i - 1) % n]
        left_over = list(passed[right])
        left_over.remove(second[right])
        hands[p] = [first[p], second[p], *left_over]
    return hands


def _gestalt(reader: SetupReader, setup: dict, state: SoLongState) -> None:
    """The Gestalt deck: twice the number of players (as the Heartbreak card says in co-op), its
    cards listed top first, or a number of unseen ones in a table log."""
    c, z, players, coop = state.data, state.zones, state.players, state.mode == COOP
    raw = setup.get("gestalt_deck")
    if raw is None or isinstance(raw, int) and not isinstance(raw, bool):
        # a table log: chosen at random, face down; a number says how many (reading SL39)
        count = 2 * len(players) if raw is None else raw
        if raw is None and coop:
            raise bad("So Long, My Love builds the Gestalt deck as the Heartbreak card says: write "
                      "gestalt_deck: NUMBER (its cards unseen) or its cards", ("gestalt_deck",))
        pool = list(dict.fromkeys(c.gestalts))
        if not 0 <= count <= len(pool) or not coop and count != 2 * len(players):
            raise bad(f"the Gestalt deck is twice the number of players: {2 * len(players)} cards, "
                      f"not {count}", ("gestalt_deck",))
        hide_pile(state, GESTALT_DECK, pool, count)
        return
    gestalt = c.listed(reader, ("gestalt_deck",), c.gestalts, "Gestalt card")
    if len(set(gestalt)) != len(gestalt):
        raise bad("a Gestalt card is listed twice", ("gestalt_deck",))
    if not coop and len(gestalt) != 2 * len(players):
        raise bad(f"the Gestalt deck is twice the number of players: {2 * len(players)} cards, "
                  f"not {len(gestalt)}", ("gestalt_deck",))
    z[GESTALT_DECK].extend(reversed(gestalt))
    z[BOX].extend(g for g in c.gestalts if g not in gestalt)


def _catalysts(reader: SetupReader, setup: dict, state: SoLongState) -> None:
    """The Karma Catalysts deck ("Variants, Karma Catalysts"), shuffled face down in a table log."""
    c = state.data
    catalysts = c.listed(reader, ("catalysts",), c.catalysts, "Karma Catalyst")
    variant = KARMA_CATALYSTS in state.variants
    if variant and "catalysts" not in setup:  # a table log: shuffled, face down
        hide_pile(state, CATALYSTS, list(c.catalysts), len(c.catalysts), into=CATALYSTS)
    elif variant:
        if sorted(catalysts) != sorted(c.catalysts):
            raise bad("the Karma Catalysts deck is the catalysts, each once", ("catalysts",))
    elif catalysts:
        raise bad("catalysts are for the Karma Catalysts variant", ("catalysts",))
    state.zones[CATALYSTS].extend(reversed(catalysts))


def _first_feelings(reader: SetupReader, state: SoLongState) -> None:
    """"Each player chooses one Hope or Nostalgia"."""
    ff = reader.per_player(("first_feelings",), state.players, "first feeling")
    for p in state.players:
        if ff[p] not in ("hope", "nostalgia"):
            raise bad(f"{p}'s first feeling is Hope or Nostalgia, not {shown(ff[p])}", ("first_feelings", p))
        state.zones.move(ff[p], SYSTEM, stock(p))


def random_setup(engine: Any, players: list[str], rng: random.Random) -> dict[str, Any]:
    """A random setup for the simulations (the engine's `random_setup`): the solo game's with one
    player; with two, So Long, My Love two games in five; else the variants two games in five."""
    if len(players) == 1:
        return solo.random_solo_setup(engine, players, rng)
    c = engine.cards
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
    _end_card(engine.cards, setup, players)
    return setup

def _end_card(c: CardData, setup: dict[str, Any], players: list[str]) -> None:
    """One game in three carries an End card from a previous game (End Cards), drawn with
    numbers of its own (the seed's other draws stay as they were). The Carriage is left out:
    its check needs the previous game's log."""
    own = random.Random(zlib.crc32(repr(sorted(setup["events"])).encode() + repr(setup["dealt"]).encode()))
    if own.random() >= 1 / 3:
        return
    card = own.choice([n for n in c.ends if n != "The Carriage"])
    setup["end_card"] = card
    verbs_ = {st.verb for a in c.ends[card].abilities for st in a.steps}
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

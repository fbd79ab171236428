"""Solo/Campaign Mode: a Path's setup, the Event, Vision and End Phases, the three ends, Words.

Readings SL13-SL22, SL35 and SL38 (docs/rulings.md); the Paths and Words are data
(``cards/so-long-my-world/paths.yaml``, ``paths.py``).

SL35 A Reach's Vision effect is optional ("the player *may* activate its effect", 2.1):
     ``choose: {may: no}`` declines it; no answer to its first question declines it too (an
     effect that asks nothing is taken); ``ops: []`` is a decline (`reach_effect`).
SL38 A sequence bonus's Vision Token written as ``ops`` is read as written, whatever its
     colour (verbs.Receive); unwritten, the player's colour first.

    setup: {mode: solo, path: The Last Lighthouse, words: [Lantern], campaign: [earlier.yaml],
            clock: [...], events: [N + 1 reboot, top first], remnant_deck: [...], gestalt_deck: [...],
            first_feelings: {Ana: hope}}
    - {event: Last Broadcast}                            # 1. Event Phase: locks and deals by itself
    - {reshuffle: [EVENT, ...]}                          # after a Reboot (SL4)
    - {player: Ana, reach: Special Person, ops: [...]}   # 2.1 once a turn; ops: the vision's effect
    - {player: Ana, reach: Death Drive, choose: {may: no}}   # the effect declined (SL35)
    - {player: Ana, drain: vision token, token: Slaughter}   # 2.2 once: or mark of sol, remnant, gestalt
    - {player: Ana, unlock: Place of Worship}            # 2.3 any number of times
    - {player: Ana, observe: Special Person}             # 2.4 once: a Mark of Sol onto a vision
    - {player: Ana, play: CARD, ops: [...], path_event: [...]}   # 2.5 the card's effect, its Path event
    - {player: Ana, sequence: CARD, to: "Progress > Nobody's Grave", ops: [...]}  # the bonus
    - {player: Ana, end: turn}                           # 3. End Phase
    - {record: [Lantern]}                                # after an ending: the Words it unlocks
"""

from __future__ import annotations

import random
import types
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Collection, Iterator

from pnp.games.so_long_my_world import models as tables
from pnp.data.errors import MAX_QUOTED_PATH, shown
from rules_check.core.engine import EntryRef
from rules_check.core.errors import IllegalAction
from rules_check.core.setup import SetupReader
from rules_check.core.ops import Op, apply_ops, check_ops

from . import verbs
from rules_check.core.entries import fail as _fail
from rules_check.effects import describe, mismatch

from . import actions, continuous, greedy, table_moves, triggers
from .actions import (EndTurn, EventDraw, Reshuffle, Respond, Show, card_answers, feeling, name_of, parse_entry, read_ops,
                      write_answers)
from .rules import (apply_show, is_answer_to_waiting, card_effect_fits, check_show, cost_paid, event_drawn, pay_and_place,
                    keep_trial, reshuffled, respond, responses, settle, take_trial, top_event, waiting_for)
from .seen import cannot_hold, hide_pile, can_hold
from .seen import options as hand_options
from rules_check.core.zones import CONSERVATION, is_unseen
from .paths import NORMAL, PathData, bonus_script, load_paths
from .state import (
    AFTER_REBOOT, BOX, DISCARD, EVENT, EVENT_DECK, EVENT_DISCARD, EVENT_PHASE, FEELINGS, GESTALT_DECK, MARK, OVER,
    RECORD, REMNANT_DECK, RESHUFFLE, SYSTEM, VISION_PHASE, SoLongState, field_of, hand, stock, tokens, vision_zone,
)

T = "So Long, My World: Solo/Campaign Mode"
RULE_SOLO_SETUP = f"{T}, Setting Up the Game"
RULE_CAMPAIGN = f"{T}, Words"
RULE_SOLO_EVENT = f"{T}, 1. Event Phase"
RULE_REACH = f"{T}, 2. Vision Phase, 1. Reach an unlocked Vision"
RULE_SOLO_DRAIN = f"{T}, 2. Vision Phase, 2. Drain"
RULE_UNLOCK = f"{T}, 2. Vision Phase, 3. Unlock a Vision"
RULE_OBSERVE = f"{T}, 2. Vision Phase, 4. Observe a Vision"
RULE_SOLO_PLAY = f"{T}, 2. Vision Phase, 5. Play a card"
RULE_SEQUENCE = f"{T}, Sequence Cards"
RULE_SOLO_END = f"{T}, End of the Game"
SOLO_KEYS = ("mode", "path", "words", "campaign", "clock", "events", "remnant_deck", "gestalt_deck",
             "first_feelings")
SOLO_REQUIRED = ("path", "clock", "first_feelings")  # a pile left out is unseen (reading SL39)
SOLO_SHAPE = ("a solo setup (mode: solo, path, clock, first_feelings; "
              "optional: events, remnant_deck, gestalt_deck, words, campaign)")
SOLO_DRAINS = ("vision token", "mark of sol", "remnant", "gestalt")
LAST_HOUR = tables.CLOCK_HOURS
MAX_CAMPAIGN = 200


@dataclass(frozen=True)
class Reach:
    player: str
    vision: str
    ops: tuple[Op, ...] | None = None  # None: no outcome written (reading SL37)
    choose: tuple[tuple[str, Any], ...] = ()  # the Vision's effect's choices (verbs/); may: no declines it (SL35)

    def answers(self) -> dict[str, Any]:
        return dict(self.choose)


@dataclass(frozen=True)
class SoloDrain:
    player: str
    kind: str
    token: str | None = None  # the vision whose token is taken


@dataclass(frozen=True)
class Unlock:
    player: str
    vision: str


@dataclass(frozen=True)
class ObserveVision:
    player: str
    vision: str


@dataclass(frozen=True)
class SoloPlay:
    player: str
    card: str
    ops: tuple[Op, ...] | None = None  # None: no outcome written (reading SL37)
    path_event: tuple[Op, ...] | None = None
    to: str | None = None  # a scripted card's choices, as in the multiplayer game (verbs/)
    take: tuple[str, ...] | None = None
    choose: tuple[tuple[str, Any], ...] = ()
    instead: str | None = None  # The Symbolic System, as in the multiplayer game

    def answers(self) -> dict[str, Any]:
        return card_answers(self)


@dataclass(frozen=True)
class Sequence:
    player: str
    card: str
    to: tuple[str, ...]
    ops: tuple[Op, ...] | None = None
    choose: tuple[tuple[str, Any], ...] = ()  # the bonus's choices (the Vision Token received)


@dataclass(frozen=True)
class Record:
    words: tuple[str, ...]


SoloAction = (Reach, SoloDrain, Unlock, ObserveVision, SoloPlay, Sequence, Record)


def path_of(state: SoLongState) -> PathData:
    return next(p for p in load_paths(state.data).paths if p.name == state.path)


# --- setup ---------------------------------------------------------------------------------------------


def words_from_campaign(engine, setup: dict, file: str, line_of, player: str, seen: tuple[str, ...]) -> set[str]:
    """The Words the earlier logs of the campaign hold: their setups' and those they recorded
    (SL21). Each earlier log is read and judged by the same reader; missing files and cycles
    are `LogFormatError`s; an illegal or unfinished earlier log is a violation of this setup."""
    from rules_check.core.adjudicate import adjudicate

    reader = SetupReader(setup, file, line_of, SOLO_SHAPE)
    raw = reader.value(("campaign",), [])
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise reader.fail("expected a list of earlier log files", ("campaign",))
    out: set[str] = set()
    here = Path(file).parent
    for i, name in enumerate(raw):
        where = ("campaign", i)
        if str((here / name).resolve()) in seen or len(seen) > MAX_CAMPAIGN:
            raise reader.fail(f"the campaign goes round in a circle through {shown(name, MAX_QUOTED_PATH)}", where,
                              "setup.campaign")
        p, log = reader.earlier_log(where, name, "earlier", "setup.campaign", engine)
        if log.game != engine.game or not isinstance(log.setup, dict) or log.setup.get("mode") != "solo" \
                or log.players != [player]:
            raise IllegalAction(RULE_CAMPAIGN, f"{name} is not a solo game of {player}'s", path=("campaign", i))
        _STACK.append(str(p))
        try:
            report = adjudicate(log, engine)
        finally:
            _STACK.pop()
        if not report.legal or not report.complete:
            raise IllegalAction(RULE_CAMPAIGN, f"{name} is not a legal, finished game: its Words do not count",
                                path=("campaign", i))
        held = log.setup.get("words", []) or []
        recorded = [w for e in log.entries if isinstance(e.data, dict) and "record" in e.data
                    for w in (e.data["record"] or [])]
        out.update(held)
        out.update(recorded)
    return out


_STACK: list[str] = []  # the logs being read, for cycles


def new_solo_state(engine, players: list[str], setup: dict, file: str, line_of) -> SoLongState:
    c = engine.cards
    reader = SetupReader(setup, file, line_of, SOLO_SHAPE)

    def bad(message: str, path: tuple = ()) -> IllegalAction:
        return IllegalAction(RULE_SOLO_SETUP, message, path=path)

    if len(players) != 1:
        raise reader.fail(f"the solo mode has 1 player, got {len(players)}", ("mode",), "players")
    reader.mapping((), SOLO_REQUIRED, [k for k in SOLO_KEYS if k not in SOLO_REQUIRED])
    data = load_paths(c)
    paths = {p.name: p for p in data.paths}
    path = paths[reader.choice(("path",), paths, "Path")]
    player = players[0]
    words_by = {w.name: w for w in data.words}
    words = reader.names(("words",), lambda w: w if w in words_by else None, list(words_by), "Word") \
        if "words" in setup else []
    held = words_from_campaign(engine, setup, file, line_of, player, (*_STACK, str(Path(file).resolve()))) if (
        words or "campaign" in setup) else set()  # (the file's own path, resolved, only for a campaign)
    for i, w in enumerate(words):
        if w not in held:
            raise IllegalAction(RULE_CAMPAIGN, f"the Word {w} is not recorded in the earlier logs of the campaign "
                                               f"(setup: campaign)", path=("words", i))
    for r in path.requires:
        if r not in words:
            raise bad(f"the Path {path.name} is unlocked by the Word {r}, which the player does not hold", ("path",))

    state = SoLongState(players=list(players), cards=c, mode="solo", first=0, path=path.name,
                        words=tuple(words))
    z = state.zones
    for name in (SYSTEM, REMNANT_DECK, DISCARD, GESTALT_DECK, EVENT_DECK, EVENT, EVENT_DISCARD, "catalysts", BOX):
        z[name]
    normal = [v for v, d in c.visions.items() if d.kind == "normal"]
    clock = c.listed(reader, ("clock",), normal, "normal vision")
    if sorted(clock) != sorted(normal):
        raise bad(f"the clock holds the {len(normal)} normal visions, each once", ("clock",))
    state.clock = clock
    state.locked = {v for v in clock if v not in path.unlocked}  # "2. Set Up Vision Cards"
    for v in clock:
        z[vision_zone(v)]
    for f in FEELINGS:
        z[SYSTEM].extend([f] * tables.FEELING_TOKENS_EACH)
    z[SYSTEM].extend([MARK] * tables.MARKS_OF_SOL)
    colour = tables.PLAYER_COLOURS[0]
    state.colours[player] = colour
    for name in (stock(player), hand(player), field_of(player), tokens(player), f"chosen:{player}"):
        z[name]
    # "Take 1 Vision Token of each type, then leave all the leftover Vision Tokens ... (System)" (SL13)
    for name, (vision, col) in c.tokens.items():
        if vision not in normal:
            z[BOX].append(name)
        elif col == colour:
            z[tokens(player)].append(name)
        else:
            z[SYSTEM].append(name)

    state.deck_size = path.events
    events = c.listed(reader, ("events",), c.events, "event")
    if "events" not in setup:
        hide_pile(state, EVENT_DECK, list(c.events), path.events + 1)
    else:
        reboots = [e for e in events if c.events[e].reboot]
        if len(reboots) != 1 or len(events) - 1 != path.events or len(set(events)) != len(events):
            raise bad(f"the Path's event deck is {path.events} different events and 1 Reboot card "
                      f"(got {len(events) - len(reboots)} events and {len(reboots)} reboots)", ("events",))
        z[EVENT_DECK].extend(reversed(events))
        z[BOX].extend(e for e in c.events if e not in events)
    deck = c.listed(reader, ("remnant_deck",), c.cards, "Remnant card")
    if "remnant_deck" not in setup:
        hide_pile(state, REMNANT_DECK, list(path.remnant_deck), len(path.remnant_deck), into=REMNANT_DECK)
    elif Counter(deck) != Counter(path.remnant_deck):
        raise bad(f"the Remnant deck is the cards the Path lists ({len(path.remnant_deck)}), each once, shuffled",
                  ("remnant_deck",))
    gestalt = c.listed(reader, ("gestalt_deck",), c.cards, "Gestalt card")
    if "gestalt_deck" not in setup:
        hide_pile(state, GESTALT_DECK, list(path.gestalt_deck), len(path.gestalt_deck), into=GESTALT_DECK)
    elif Counter(gestalt) != Counter(path.gestalt_deck):
        raise bad(f"the Gestalt deck is the cards the Path lists ({len(path.gestalt_deck)}), shuffled",
                  ("gestalt_deck",))
    z[REMNANT_DECK].extend(reversed(deck))
    z[GESTALT_DECK].extend(reversed(gestalt))
    z[hand(player)].extend(path.starting_hand)
    used = Counter(path.remnant_deck) + Counter(path.gestalt_deck) + Counter(path.starting_hand)
    for card in c.cards.values():
        z[BOX].extend([card.name] * (card.copies - used[card.name]))
    state.hour = path.start_hour
    ff = reader.per_player(("first_feelings",), players, "first feeling (hope or nostalgia)")
    if ff[player] not in ("hope", "nostalgia"):
        raise bad(f"{player}'s first feeling is Hope or Nostalgia, not {shown(ff[player])}", ("first_feelings", player))
    z.move(ff[player], SYSTEM, stock(player))
    # "Some Words may grant extra tokens at the beginning of the game" (SL22)
    for w in words:
        word = words_by[w]
        if not word.universal and word.path != path.name:
            continue
        for _ in range(word.power.marks_of_sol):
            z.move(MARK, SYSTEM, stock(player))
        for f, n in word.power.feelings.items():
            for _ in range(n):
                z.move(f, SYSTEM, stock(player))
        for v in word.power.vision_tokens:
            t = next(t for t in z[SYSTEM] if c.tokens.get(t, ("",))[0] == v)
            z.move(t, SYSTEM, tokens(player))
    import zlib
    state.chance = zlib.crc32("\n".join(events + deck).encode())
    return state


def random_solo_setup(engine, players: list[str], rng: random.Random) -> dict[str, Any]:
    c = engine.cards
    data = load_paths(c)
    path = rng.choice([p for p in data.paths if not p.requires])
    normal = [v for v, d in c.visions.items() if d.kind == "normal"]
    rng.shuffle(normal)
    evs = [e for e, d in c.events.items() if not d.reboot]
    reboot = rng.choice([e for e, d in c.events.items() if d.reboot])
    events = rng.sample(evs, path.events) + [reboot]
    rng.shuffle(events)
    deck = list(path.remnant_deck)
    rng.shuffle(deck)
    gestalt = list(path.gestalt_deck)
    rng.shuffle(gestalt)
    return {"mode": "solo", "path": path.name, "clock": normal, "events": events, "remnant_deck": deck,
            "gestalt_deck": gestalt, "first_feelings": {players[0]: rng.choice(["hope", "nostalgia"])}}


# --- the log vocabulary -----------------------------------------------------------------------------------


def parse_solo(cards, players: list[str], zones: Collection[str], entry: Any, ref: EntryRef):
    if isinstance(entry, dict) and "record" in entry:
        if set(entry) != {"record"} or not isinstance(entry["record"], list) \
                or not all(isinstance(w, str) for w in entry["record"]):
            raise _fail(ref, "record: expected the list of Words this game unlocked", "record")
        return Record(tuple(entry["record"]))
    if not isinstance(entry, dict) or "player" not in entry or "end" in entry or set(entry) == {"player", "choose"}:
        return parse_entry(cards, players, zones, entry, ref)  # the End Phase, events, a choice an effect waits for
    kinds = {"reach": {"reach", "ops", "choose"}, "drain": {"drain", "token"}, "unlock": {"unlock"},
             "observe": {"observe"}, "play": {"play", "ops", "path_event", "to", "take", "choose", "instead"},
             "sequence": {"sequence", "to", "ops", "choose"}}
    kind = next((k for k in kinds if k in entry), None)
    if kind is None:
        raise _fail(ref, f"a solo player's entry is one of: {', '.join(kinds)}, end")
    extra = sorted(map(str, set(entry) - kinds[kind] - {"player"}))
    if extra:
        raise _fail(ref, f"unknown key {shown(extra[0])} (this entry has {', '.join(sorted(kinds[kind]))})", extra[0])
    p = entry["player"]
    if p not in players:
        raise _fail(ref, f"unknown player {shown(p)}", "player")

    def vision(key: str) -> str:
        v = name_of(cards, entry[key], ref, key)
        if v not in cards.visions:
            raise _fail(ref, f"{shown(v)} is not a vision", key)
        return v

    def ops(key: str = "ops") -> tuple[Op, ...]:
        return read_ops(entry.get(key), ref, zones)

    def choose() -> tuple[tuple[str, Any], ...]:
        raw = entry.get("choose", {})
        if not isinstance(raw, dict) or not all(isinstance(k, str) for k in raw):
            raise _fail(ref, "choose: expected the choices by name, like {player: Ana}", "choose")
        return tuple(raw.items())

    if kind == "reach":
        return Reach(p, vision("reach"), ops(), choose())
    if kind == "drain":
        if entry["drain"] not in SOLO_DRAINS:
            raise _fail(ref, f"drain: expected one of {', '.join(SOLO_DRAINS)}, got {shown(entry['drain'])}", "drain")
        if (entry["drain"] == "vision token") != ("token" in entry):
            raise _fail(ref, "token: a drain of a vision token names its vision, token: VISION", "token")
        return SoloDrain(p, entry["drain"], vision("token") if "token" in entry else None)
    if kind == "unlock":
        return Unlock(p, vision("unlock"))
    if kind == "observe":
        return ObserveVision(p, vision("observe"))
    if kind == "play":
        card = name_of(cards, entry["play"], ref, "play")
        if card not in cards.cards:
            raise _fail(ref, f"{shown(card)} is not a Remnant or Gestalt card", "play")
        to = name_of(cards, entry["to"], ref, "to") if "to" in entry else None
        take = entry.get("take")
        if take is not None and not (isinstance(take, list) and all(isinstance(f, str) for f in take)):
            raise _fail(ref, "take: expected a list of feelings", "take")
        instead = feeling(entry["instead"], ref, "instead") if "instead" in entry else None
        return SoloPlay(p, card, ops(), ops("path_event"), to, tuple(take) if take is not None else None,
                        choose(), instead)
    card = name_of(cards, entry["sequence"], ref, "sequence")
    to = entry.get("to")
    if not isinstance(to, str):
        raise _fail(ref, "to: expected the card (or chain \"A > B\") it is sequenced to", "to")
    chain = tuple(name_of(cards, x.strip(), ref, "to") for x in to.split(">"))
    return Sequence(p, card, chain, ops(), choose())


def to_solo_entry(a) -> dict[str, Any]:
    if isinstance(a, Record):
        return {"record": list(a.words)}
    out: dict[str, Any] = {"player": a.player}
    if isinstance(a, Reach):
        out["reach"] = a.vision
        if a.choose:
            out["choose"] = dict(a.choose)
    elif isinstance(a, SoloDrain):
        out["drain"] = a.kind
        if a.token:
            out["token"] = a.token
    elif isinstance(a, Unlock):
        out["unlock"] = a.vision
    elif isinstance(a, ObserveVision):
        out["observe"] = a.vision
    elif isinstance(a, SoloPlay):
        out["play"] = a.card
        write_answers(out, a)
        if a.instead is not None:
            out["instead"] = a.instead
        if a.path_event is not None:
            out["path_event"] = [o.as_entry() for o in a.path_event]
    elif isinstance(a, Sequence):
        out["sequence"] = a.card
        out["to"] = " > ".join(a.to)
        if a.choose:
            out["choose"] = dict(a.choose)
    if getattr(a, "ops", None) is not None:
        out["ops"] = [o.as_entry() for o in a.ops]
    return out


# --- one predicate per rule ------------------------------------------------------------------------------


def check_vision_phase(state: SoLongState, doing: str, rule: str) -> None:
    if state.phase != VISION_PHASE:
        raise IllegalAction(rule, f"{doing} is not possible now: the game is in the {state.phase} phase")


def token_of(state: SoLongState, zone: str, vision: str) -> str | None:
    """A vision token of ``vision`` in ``zone`` (the player's colour first)."""
    found = [t for t in state.zones[zone] if state.data.tokens.get(t, ("",))[0] == vision]
    own = [t for t in found if t == state.token_for(state.players[0], vision)]
    return (own or found or [None])[0]


def reach_effect(state: SoLongState, a: Reach) -> dict[str, Any] | None:
    """Whether the Reach activates its Vision's effect, and with which answers (None: declined).
    "When reaching a Vision, the player *may* activate its effect" (Solo Mode, 2.1; reading
    SL35): ``choose: {may: no}`` declines it, ``may: yes`` (or any answer to its questions, or
    its outcome written as ``ops``) activates it; an entry that answers nothing declines it
    when the effect asks a question (its first one, a choice with a single option too, as a
    "may" left unanswered is declined, SL33), and activates an effect that asks none. A written
    outcome of nothing (``ops: []``) is a decline. The player is on the Vision (``vision_of``)."""
    answers = a.answers()
    v = state.data.visions[a.vision]
    first = verbs.first_question(state, a.player, a.vision, v.script)
    if "may" in answers and not (first is not None and first.name == "may"):  # Empty City: its own "may"
        raw = answers.pop("may")
        said = raw if isinstance(raw, bool) else str(raw).strip().lower() if isinstance(raw, str) else None
        if said not in (True, False, "yes", "no"):
            raise IllegalAction(RULE_REACH, f"may: whether {a.player} activates {a.vision}'s effect, yes or no; "
                                            f"got {shown(raw)}")
        if said in (False, "no"):
            if answers:
                raise IllegalAction(RULE_REACH, f"{a.vision}'s effect is declined (may: no): it asks no choice "
                                                f"{shown(next(iter(answers)))}")
            if a.ops:
                raise IllegalAction(RULE_REACH, f"{a.vision}'s effect is declined (may: no): it does nothing; the "
                                                f"entry writes: {describe(a.ops)}")
            return None
        return answers
    if answers or a.ops:
        return answers
    if a.ops is not None or first is not None:
        return None  # nothing written for its first question, or "nothing" written: declined
    return answers


def check_reach(state: SoLongState, a: Reach) -> None:
    """"Reach an unlocked Vision (only once per turn) ... spending one corresponding Vision Token"."""
    if state.reached:
        raise IllegalAction(RULE_REACH, f"{a.player} already reached a vision this turn (only once per turn)")
    if a.vision in state.locked:
        raise IllegalAction(RULE_REACH, f"{a.vision} is locked: only an unlocked vision is reached")
    if token_of(state, tokens(a.player), a.vision) is None:
        raise IllegalAction(RULE_REACH, f"{a.player} has no {a.vision} vision token to spend")
    v = state.data.visions[a.vision]
    if v.script is None:
        if a.choose:
            raise IllegalAction(RULE_REACH, f"{a.vision}'s effect has no script: it is written as plain operations")
        if a.ops:  # (no ops: nothing to check, and no copy of the zones for it)
            check_ops(state, list(a.ops))
        return
    trial = state.copy()  # the Reach as `_apply` starts it, up to its effect: the apply takes the copy over
    n = len(trial.queue)
    answers = reach_started(trial, a)
    if answers is None:  # declined (reading SL35)
        keep_trial(state, a, trial, None, n)
        return
    frame = verbs.run_vision(trial, a.vision, a.player, answers, RULE_REACH, a.ops)
    if a.ops is not None and mismatch(a.ops, frame.outcome):
        raise IllegalAction(RULE_REACH, f"{a.vision}'s effect (\"{v.text}\") does: {describe(frame.outcome)}; the "
                                        f"entry writes: {describe(a.ops)}")
    keep_trial(state, a, trial, frame, n)


def reach_started(state: SoLongState, a: Reach) -> dict[str, Any] | None:
    """A Reach up to its Vision's effect: the player on the Vision, the answers its script's
    effect is activated with (`reach_effect`; None: declined, or no script), the Vision token
    spent to the System. The check does it on its copy for a script, the apply (when it has no
    copy to take) on the table."""
    p = state.players[0]
    state.vision_of[p] = a.vision
    answers = reach_effect(state, a) if state.data.visions[a.vision].script is not None else None
    t = token_of(state, tokens(p), a.vision)
    if t:
        state.zones.move(t, tokens(p), SYSTEM)
    return answers


def check_drain(state: SoLongState, a: SoloDrain) -> None:
    """"Drain (only once per turn)": a vision token, a Mark of Sol, a Remnant OR a Gestalt card."""
    if state.solo_drained:
        raise IllegalAction(RULE_SOLO_DRAIN, f"{a.player} already drained this turn (only once per turn)")
    z = state.zones
    if a.kind == "vision token" and token_of(state, SYSTEM, a.token) is None:
        raise IllegalAction(RULE_SOLO_DRAIN, f"the System has no {a.token} vision token")
    if a.kind == "mark of sol" and MARK not in z[SYSTEM]:
        raise IllegalAction(RULE_SOLO_DRAIN, "the System has no Mark of Sol")
    if a.kind == "remnant" and not z[REMNANT_DECK]:
        raise IllegalAction(RULE_SOLO_DRAIN, "the Remnant deck is empty")
    if a.kind == "gestalt" and not z[GESTALT_DECK]:
        raise IllegalAction(RULE_SOLO_DRAIN, "the Gestalt deck is empty")


def check_unlock(state: SoLongState, a: Unlock) -> None:
    """"spend 1 corresponding Affinity Feeling and 1 corresponding Vision Token"."""
    if a.vision not in state.clock or a.vision not in state.locked:
        raise IllegalAction(RULE_UNLOCK, f"{a.vision} is not a locked vision")
    aff = state.affinity(a.vision)[0]
    if state.stock_of(a.player, aff) < 1:
        raise IllegalAction(RULE_UNLOCK, f"{a.player} has no {aff} ({a.vision}'s affinity feeling) to spend")
    if token_of(state, tokens(a.player), a.vision) is None:
        raise IllegalAction(RULE_UNLOCK, f"{a.player} has no {a.vision} vision token to spend")


def check_observe(state: SoLongState, a: ObserveVision) -> None:
    """"Observe a Vision (only once per turn) ... put a Mark of Sol from your own reserve onto a Vision" (SL16)."""
    if state.observed:
        raise IllegalAction(RULE_OBSERVE, f"{a.player} already observed a vision this turn (only once per turn)")
    if state.stock_of(a.player, MARK) < 1:
        raise IllegalAction(RULE_OBSERVE, f"{a.player} has no Mark of Sol in their reserve")
    if a.vision not in state.clock or a.vision in state.locked:
        raise IllegalAction(RULE_OBSERVE, f"{a.vision} is not an unlocked vision (ruling SL16)")


def check_play(state: SoLongState, a: SoloPlay) -> None:
    """The exact cost, then the card's effect and its Path event as plain operations (SL17)."""
    if not can_hold(state, hand(a.player), a.card):
        why = cannot_hold(state, hand(a.player), a.card, f"{a.player}'s hand")
        raise IllegalAction(CONSERVATION, why) if why else IllegalAction(
            RULE_SOLO_PLAY, f"{a.card} is not in {a.player}'s hand")
    have = Counter(state.zones[stock(a.player)])
    cost = cost_paid(state, a, RULE_SOLO_PLAY)
    short = {f: n - have[f] for f, n in cost.items() if have[f] < n}
    if short:
        raise IllegalAction(RULE_SOLO_PLAY, f"{a.player} cannot pay {a.card}: it costs "
                            + ", ".join(f"{n} {f}" for f, n in cost.items()) + "; missing "
                            + ", ".join(f"{n} {f}" for f, n in short.items()))
    ev = path_of(state).card_events.get(a.card)
    if a.path_event and (ev is None or ev.script is None):
        raise IllegalAction(RULE_SOLO_PLAY, f"the Path {state.path} has no event for {a.card}" if ev is None else
                            f"the Path event of {a.card} (\"{ev.text}\") changes nothing: no path_event")
    trial = card_effect_fits(state, a, RULE_SOLO_PLAY, plain_ops=False)  # the card's own effect: as in the
    # multiplayer game; its plain operations are checked with its Path event (below)
    if trial is not None:
        path_event(trial, a)
        return
    z = state.zones.copy()
    for f, n in cost.items():
        for _ in range(n):
            z.move(f, stock(a.player), SYSTEM)
    z.move(a.card, hand(a.player), field_of(a.player))
    check_ops(types.SimpleNamespace(zones=z), list(a.ops or ()) + list(a.path_event or ()))





def path_event(state: SoLongState, a: SoloPlay) -> None:
    """The card's Path event ("Play a card ... then resolve its Path event"), from its script;
    written ``path_event`` operations must be what it does."""
    ev = path_of(state).card_events.get(a.card)
    if ev is None or ev.script is None:
        return
    frame = verbs.run_script(state, a.card, f"the Path event of {a.card} (\"{ev.printed}\")", ev.script, a.player,
                             {}, RULE_SOLO_PLAY, written=a.path_event)
    if a.path_event is not None and mismatch(a.path_event, frame.outcome):
        raise IllegalAction(RULE_SOLO_PLAY, f"the Path event of {a.card} (\"{ev.printed}\") does: "
                                            f"{describe(frame.outcome)}; the entry writes: {describe(a.path_event)}")


def bonus(state: SoLongState, a: Sequence, text: str) -> None:
    """A sequence bonus, from its script (paths.bonus_script), with the entry's choices."""
    frame = verbs.run_script(state, a.card, f"the sequence bonus ({text})", bonus_script(text), a.player,
                             dict(a.choose), RULE_SEQUENCE, written=a.ops)
    if a.ops is not None and mismatch(a.ops, frame.outcome):
        raise IllegalAction(RULE_SEQUENCE, f"the sequence bonus ({text}) does: {describe(frame.outcome)}; the entry "
                                           f"writes: {describe(a.ops)}")


def chain_ending(state: SoLongState, to: tuple[str, ...], exclude_last: bool) -> int | None:
    """The index of a chain of played cards that ends with ``to``."""
    for i, ch in enumerate(state.chains):
        if exclude_last and i == len(state.chains) - 1:
            continue
        if tuple(ch[-len(to):]) == to:
            return i
    return None


def sequence_option(state: SoLongState, a: Sequence):
    ev = path_of(state).card_events.get(a.card)
    if a.to == (a.card,):
        return "same", (ev.same_name_bonus if ev else None), None
    for s in ev.sequences if ev else []:
        if s.chain == a.to:
            return "path", s.bonus, s.ending
    return None


def check_sequence(state: SoLongState, a: Sequence) -> None:
    """"after resolving the Path event ..., the player may sequence it to" the named chain (SL18)."""
    if state.last_played != a.card:
        raise IllegalAction(RULE_SEQUENCE, "only the card just played is sequenced"
                            + (f" ({state.last_played})" if state.last_played else ": none is"))
    opt = sequence_option(state, a)
    if opt is None:
        raise IllegalAction(RULE_SEQUENCE, f"the Path {state.path} does not sequence {a.card} to "
                            f"{' > '.join(a.to)} (a card sequences to one of the same name or as the Path says)")
    if chain_ending(state, a.to, exclude_last=True) is None:
        raise IllegalAction(RULE_SEQUENCE, f"no played cards in sequence end with {' > '.join(a.to)}")
    if (a.ops or a.choose) and opt[1] is None:
        raise IllegalAction(RULE_SEQUENCE, "this sequence has no bonus: no ops, no choices")
    if opt[1] is not None:
        bonus(state.copy(), a, opt[1])


def check_record(state: SoLongState, a: Record) -> None:
    """"The player must record any unlocked Word in the Player's Log" (SL21)."""
    want = unlocked_words(state)
    if sorted(a.words) != sorted(want):
        raise IllegalAction(RULE_SOLO_END, f"the ending {state.ending} unlocks "
                            + (", ".join(want) if want else "no new Word") + f"; recorded: {', '.join(a.words) or 'none'}")


def unlocked_words(state: SoLongState) -> list[str]:
    return [w.name for w in load_paths(state.data).words if state.ending in w.unlocked_by
            and w.name not in state.words]


# --- check and apply ----------------------------------------------------------------------------------------


_RULES = {Reach: RULE_REACH, SoloDrain: RULE_SOLO_DRAIN, Unlock: RULE_UNLOCK, ObserveVision: RULE_OBSERVE,
          SoloPlay: RULE_SOLO_PLAY, Sequence: RULE_SEQUENCE}  # the rule each action of a turn is checked under
_TURN_ACTIONS = SoloAction + (EndTurn,)


def check(state: SoLongState, a) -> None:
    if isinstance(a, Show):
        check_show(state, a)  # any time (reading SL41)
        return
    state = waiting_for(state, a)  # a continuous card's choice waits for an entry of its own, as in the multiplayer game
    if isinstance(a, Respond):
        return
    if isinstance(a, EventDraw):
        if a.ops or a.ignore or a.extra:
            raise IllegalAction(RULE_SOLO_EVENT, "No Event effects are activated in Solo Mode: no ops, ignore "
                                                 "or extra feeling")
        if state.phase not in (EVENT_PHASE, AFTER_REBOOT):
            raise IllegalAction(RULE_SOLO_EVENT, f"drawing an event is not possible now: the game is in the "
                                                 f"{state.phase} phase")
        top_event(state, a.name, RULE_SOLO_EVENT)  # a table log's unseen top card too (reading SL40)
        return
    if isinstance(a, Reshuffle):
        from .rules import check_reshuffle_pile
        if state.phase != RESHUFFLE:
            raise IllegalAction(RULE_SOLO_EVENT, "shuffling the events back is not possible now")
        check_reshuffle_pile(state, a)
        return
    if isinstance(a, Record):
        if state.phase != RECORD:
            raise IllegalAction(RULE_SOLO_END, "Words are recorded after an ending is reached")
        check_record(state, a)
        return
    rule = _RULES.get(type(a), f"{T}, 3. End Phase")
    if not isinstance(a, _TURN_ACTIONS):
        raise IllegalAction(rule, "this entry is not a solo mode action (see docs/logs/so-long-my-world.md)")
    check_vision_phase(state, "this action", rule)
    if isinstance(a, Reach):
        check_reach(state, a)
    elif isinstance(a, SoloDrain):
        check_drain(state, a)
    elif isinstance(a, Unlock):
        check_unlock(state, a)
    elif isinstance(a, ObserveVision):
        check_observe(state, a)
    elif isinstance(a, SoloPlay):
        check_play(state, a)
    elif isinstance(a, Sequence):
        check_sequence(state, a)


def lock_and_deal(state: SoLongState, event: str) -> None:
    """LOCK VISIONS then DEAL THE FEELINGS (SL14, SL15)."""
    z = state.zones
    lock = path_of(state).lock_feeling
    first_turn = state.rounds == 0
    for vision, fs in state.data.events[event].feelings.items():
        if vision in state.locked or vision not in state.clock:
            continue  # "Feelings cannot be put over locked Visions"
        if lock in fs and not first_turn:
            if MARK in z[vision_zone(vision)]:
                z.move(MARK, vision_zone(vision), SYSTEM)  # "remove 1 Mark of Sol and deal the Feelings normally"
            else:
                state.locked.add(vision)
                for f in state.feelings_on(vision):
                    z.move(f, vision_zone(vision), SYSTEM)
                continue
        for f in fs:
            if f in z[SYSTEM]:
                z.move(f, SYSTEM, vision_zone(vision))


def end_with(state: SoLongState, trigger: str) -> None:
    """A card event or the clock ends the game; no ending: game over (SL19, SL20)."""
    all_unlocked = not any(v in state.locked for v in state.clock)
    e = path_of(state).ending_for(trigger, all_unlocked)
    state.last_played = None
    if e is None:
        state.phase = OVER
        return
    state.ending = e.id
    state.ending_wins = e.wins and all_unlocked
    state.phase = RECORD


def start_turn(state: SoLongState) -> None:
    state.phase = VISION_PHASE
    state.reached = state.solo_drained = state.observed = False
    state.last_played = None
    state.vision_of = {}
    if not any(v not in state.locked for v in state.clock):
        state.phase = OVER  # "All Visions are locked. Game over: no ending."
    else:
        continuous.happened(state, continuous.YOUR_VISION_PHASE, state.players[0])


def apply(state: SoLongState, a) -> None:
    """Apply ``a``, then what continuous cards it triggered (continuous.py)."""
    if isinstance(a, Show):
        apply_show(state, a)
        return
    if state.waiting is not None and not is_answer_to_waiting(state, a):
        settle(state)
    _apply(state, a)
    triggers.fire(state)


def _apply(state: SoLongState, a) -> None:
    if isinstance(a, Respond):
        respond(state, a)
        return
    # a Reach up to its effect (`check_reach`), a card played and its Path event (`check_play`):
    # done on the check's copy, which the table takes over (before anything below changes it)
    checked = take_trial(state, a) if isinstance(a, (Reach, SoloPlay)) else None
    if checked is not None:
        state.queue.extend(checked[1])  # what they triggered, in the order they triggered it
    z = state.zones
    p = state.players[0]
    if not isinstance(a, SoloPlay):
        state.last_played = None
    if isinstance(a, EventDraw):
        event_drawn(state, a.name)
        after = state.phase == AFTER_REBOOT
        if state.data.events[a.name].reboot:
            z.move(a.name, EVENT_DECK, EVENT_DISCARD)
            state.phase = AFTER_REBOOT
            return
        z.move(a.name, EVENT_DECK, EVENT)
        lock_and_deal(state, a.name)
        start_turn(state)
        if after and state.phase == VISION_PHASE:
            state.phase = RESHUFFLE
    elif isinstance(a, Reshuffle):
        reshuffled(state, a)
        state.phase = VISION_PHASE
    elif isinstance(a, Reach):
        if checked is None:
            answers = reach_started(state, a)
            if state.data.visions[a.vision].script is None:
                apply_ops(state, list(a.ops or ()))
            elif answers is not None:  # "the player may activate its effect" (reading SL35)
                verbs.run_vision(state, a.vision, p, answers, RULE_REACH, a.ops)
        there = state.feelings_on(a.vision)
        for f in there:
            z.move(f, vision_zone(a.vision), stock(p))
        if there:
            continuous.happened(state, continuous.YOU_EMPTY_A_VISION, p)
        for f in state.affinity(a.vision)[:1]:
            if f in z[SYSTEM]:
                z.move(f, SYSTEM, stock(p))
        state.reached = True  # the player is on the Vision reached: a card may move them (Solo Mode F.A.Q.)
    elif isinstance(a, SoloDrain):
        if a.kind == "vision token":
            z.move(token_of(state, SYSTEM, a.token), SYSTEM, tokens(p))
        elif a.kind == "mark of sol":
            z.move(MARK, SYSTEM, stock(p))
        else:
            deck = REMNANT_DECK if a.kind == "remnant" else GESTALT_DECK
            z.put(z[deck].pop(), hand(p))
            continuous.happened(state, continuous.YOU_DRAIN_A_CARD, p)
        state.solo_drained = True
    elif isinstance(a, Unlock):
        z.move(state.affinity(a.vision)[0], stock(p), SYSTEM)
        z.move(token_of(state, tokens(p), a.vision), tokens(p), SYSTEM)
        state.locked.discard(a.vision)
    elif isinstance(a, ObserveVision):
        z.move(MARK, stock(p), vision_zone(a.vision))
        state.observed = True
    elif isinstance(a, SoloPlay):
        if checked is None:
            pay_and_place(state, a)
            if state.data.cards[a.card].script is not None:
                verbs.play_card(state, p, a.card, a.answers(), RULE_SOLO_PLAY, a.ops)
            else:
                apply_ops(state, list(a.ops or ()))
            path_event(state, a)
        state.chains.append([a.card])
        state.last_played = a.card
        ev = path_of(state).card_events.get(a.card)
        if ev and ev.ending:
            end_with(state, ev.ending)
    elif isinstance(a, Sequence):
        kind, text, ending = sequence_option(state, a)
        state.chains.pop()  # the card just played, alone
        state.chains[chain_ending(state, a.to, exclude_last=False)].append(a.card)
        if text is not None:
            bonus(state, a, text)
        if ending:
            end_with(state, ending)
    elif isinstance(a, EndTurn):
        for e in list(z[EVENT]):
            z.move(e, EVENT, EVENT_DISCARD)
        state.hour += 1
        state.rounds += 1
        if state.hour >= LAST_HOUR:
            end_with(state, NORMAL)  # "The time runs out"
        else:
            state.phase = EVENT_PHASE
    elif isinstance(a, Record):
        state.recorded = a.words
        state.phase = OVER


# The entries `unverified` can note something for (the engine asks it of these alone)
NOTED: frozenset[type] = frozenset({Reach, SoloPlay})


def unverified(state: SoLongState, a) -> list[str]:
    def text(ops) -> str:
        return "; ".join(op.describe() for op in ops) if ops else "no change"

    out = []
    if isinstance(a, Reach) and state.data.visions[a.vision].script is None:
        out.append(f"{a.player} reached {a.vision} and used its effect: {text(a.ops)}")
    if isinstance(a, SoloPlay) and state.data.cards[a.card].script is None:
        out.append(f"{a.player} played {a.card}; its effect: {text(a.ops)}")
    return out


# --- the simulator's small action space -----------------------------------------------------------------------


def candidates(state: SoLongState) -> Iterator:
    """The solo moves; at the table (unseen cards) each once (table_moves.py)."""
    if not state.zones.unknown:
        yield from _candidates(state)
        return
    offered = set()
    for action in _candidates(state):
        if repr(action) not in offered:
            offered.add(repr(action))
            yield action


def _candidates(state: SoLongState) -> Iterator:
    rng = random.Random(state.chance * 1000 + state.rounds * 37 + len(state.zones[DISCARD])
                        + len(state.zones[field_of(state.players[0])]) * 11 + state.reached * 3)
    z = state.zones
    p = state.players[0]
    looks = table_moves.Looks(state)  # a look at unseen top cards: their show is offered instead (SL41)
    if state.waiting is not None:
        yield from responses(state)
    elif state.phase in (EVENT_PHASE, AFTER_REBOOT):
        if z[EVENT_DECK] and not is_unseen(z[EVENT_DECK][-1]):
            yield EventDraw(z[EVENT_DECK][-1])
        elif z[EVENT_DECK]:  # a table log names the event drawn (SL40)
            yield from (EventDraw(name) for name in table_moves.event_names(state))
    elif state.phase == RESHUFFLE and z.unknown.get(EVENT_DECK):
        yield Reshuffle(None)  # shuffled at the table: no order (SL39)
    elif state.phase == RESHUFFLE:
        pile = z[EVENT_DECK] + z[EVENT_DISCARD]
        rng.shuffle(pile)
        yield Reshuffle(tuple(pile))
    elif state.phase == RECORD:
        yield Record(tuple(unlocked_words(state)))
    elif state.phase == VISION_PHASE:
        if state.last_played:
            ev = path_of(state).card_events.get(state.last_played)
            options = [(state.last_played,)] + [s.chain for s in (ev.sequences if ev else [])]
            for chain in options:
                probe = Sequence(p, state.last_played, chain)
                opt = sequence_option(state, probe)
                if opt is None or opt[1] is None:
                    yield probe
                    continue
                for answers in looks.answers(verbs.answers_for, state, p, state.last_played, bonus_script(opt[1])):
                    yield Sequence(p, state.last_played, chain, None, tuple(answers.items()))
        for v in state.clock:
            if v not in state.locked:
                trial = state.copy()
                trial.vision_of[p] = v
                # the effect is optional (reading SL35): declined, and activated with each set of answers
                plain = Reach(p, v)
                yield plain if reach_effect(trial, plain) is None else Reach(p, v, None, (("may", "no"),))
                for answers in looks.answers(verbs.answers_for, trial, p, v, state.data.visions[v].script):
                    reach = Reach(p, v, None, tuple(answers.items()))
                    if reach_effect(trial, reach) is None:
                        reach = Reach(p, v, None, (("may", "yes"),) + reach.choose)
                    yield reach
                yield ObserveVision(p, v)
            else:
                yield Unlock(p, v)
        if z.unknown:  # a table state: the page offers every token the rules allow
            yield from (SoloDrain(p, "vision token", v) for v in dict.fromkeys(state.clock))
        else:
            yield SoloDrain(p, "vision token", rng.choice(state.clock))
        for kind in ("mark of sol", "remnant", "gestalt"):
            yield SoloDrain(p, kind)
        symbolic = continuous.has_static(state, p, "pay instead")
        for card in hand_options(state, hand(p)):  # of a table log's unseen hand: every card it can hold
            insteads: list[str | None] = [None]
            if symbolic:
                insteads += [f for f in state.data.cards[card].cost if f != "resignation"]
            for instead in insteads:
                for answers in looks.answers(verbs.answers_of, state, p, card):
                    to = answers.pop("to", None)
                    take = answers.pop("take", None)
                    yield SoloPlay(p, card, None, None, to, tuple(take) if take is not None else None,
                                   tuple(answers.items()), instead)
        yield EndTurn(p)
    yield from looks.shows()


# --- the engine's solo game (modes.py routes a solo state here) ------------------------------------


parse = parse_solo
value = greedy.solo_value


def to_entry(a) -> dict[str, Any]:
    """A solo action's entry; the entries both modes share (the end of a turn, a show, ...) as
    the main game writes them."""
    return to_solo_entry(a) if isinstance(a, SoloAction) else actions.to_entry(a)


def is_shared(state: SoLongState) -> bool:
    """One player: the result is theirs."""
    return True


def winner(engine: Any, state: SoLongState) -> str | None:
    """The player wins by reaching a winning ending (ruling SL20)."""
    return state.players[0] if state.phase == OVER and state.ending_wins else None

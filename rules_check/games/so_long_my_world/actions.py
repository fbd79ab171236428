"""The So Long, My World log vocabulary: what an entry says, in the rulebook's own words.

    - {event: "Last Broadcast", ops: [...], extra: {Slaughter: hope}}  # 1. Event Phase
    - {event: "Reboot: Kernel Panic", ignore: [Ben], ops: [...]}      # a reboot; Ben spends a Mark of Sol
    - {reshuffle: [EVENT, ...]}                       # the reboot and the discards back, top first
    - {reshuffle: shuffled}                           # a table log: the new order unknown (SL39)
    - {show: {Ana: [CARD], gestalt deck: [CARD, CARD]}}  # cards the table saw (SL41)
    - {choose: {Ana: Slaughter, Ben: Special Person}} # 2. Choice Phase, revealed together
    - {player: Ana, pass: true}                       # 3. Hindrance Phase: no card
    - {player: Ana, play: Life is a Journey, to: Slaughter}   # hindrance (or Vision Phase) card
    - {player: Ana, play: Soul Box, take: [hope, madness]}
    - {player: Ana, play: Waiting Room, choose: {player: Ben}}  # a scripted card: the choices its text leaves
    - {player: Ana, play: CARD, ops: [...]}           # a card with no script: its effect as plain operations
    - {player: Ana, play: CARD, instead: hope}        # The Symbolic System: a {resignation} paid for the hope
    - {player: Ana, effect: "World's Edge Pub", discard: CARD}   # 4.1 the vision's effect
    - {player: Ana, effect: Slaughter, move: hope, from: Death Drive}
    - {player: Ana, effect: Death Drive, remove: CARD}
    - {player: Ana, effect: VISION-OR-EVENT, ops: [...]}
    - {player: Ana, drain: feelings, take: [hope, hope]}   # 4.2, one of the four
    - {player: Ana, drain: affinity}
    - {player: Ana, drain: mark of sol}
    - {player: Ana, drain: remnant}
    - {player: Ana, observe: positive}                # 4.4 spend a Mark of Sol: Observation
    - {player: Ana, end: turn}                        # the end of Ana's Vision Phase
    - {player: Ben, choose: {return: hope}}           # Ben's own choice an effect waits for
    - {goal: reached}                                 # So Long, My Love: the Heartbreak goal

What the rules make happen by themselves is not written: the feelings an event deals, the
costs paid, the cards drawn (the setup fixes every deck's order), the End Phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Collection, Union

from pnp.games.so_long_my_world import models as tables
from pnp.data.errors import shown
from rules_check.core.engine import EntryRef
from rules_check.core.entries import fail
from rules_check.core.ops import Op, parse_ops
from rules_check.names import did_you_mean

from .cards import CardData

_fail = fail

DRAINS = ("feelings", "affinity", "mark of sol", "remnant")
KARMAS = ("positive", "negative")


@dataclass(frozen=True)
class EventDraw:
    name: str
    ops: tuple[Op, ...] | None = None  # None: no outcome written; (): written empty (reading SL37)
    ignore: tuple[str, ...] = ()
    extra: tuple[str, str] | None = None  # (vision, feeling)
    choose: tuple[tuple[str, Any], ...] = ()  # a scripted event's choices, by name (verbs/)


@dataclass(frozen=True)
class Reshuffle:
    order: tuple[str, ...] | None  # None: shuffled at the table, no order known (reading SL39)


@dataclass(frozen=True)
class Show:
    """Cards the table saw where unseen ones are (reading SL41): ``{show: {Ana: [CARD]}}`` names
    cards of Ana's hand, ``{show: {gestalt deck: [CARD, ...]}}`` a deck's top cards, top first
    (an Observation's, a look at the top of a deck), any other zone by its name."""

    shown: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class Choose:
    choices: tuple[tuple[str, str], ...]  # (player, vision)


@dataclass(frozen=True)
class Pass:
    player: str


@dataclass(frozen=True)
class Play:
    player: str
    card: str
    to: str | None = None  # where a chosen Vision goes (Life is a Journey ...)
    take: tuple[str, ...] | None = None  # the Feelings taken (Soul Box)
    ops: tuple[Op, ...] | None = None  # None: no outcome written (reading SL37)
    choose: tuple[tuple[str, Any], ...] = ()  # the script's other choices, by name (verbs/)
    instead: str | None = None  # The Symbolic System: the Feeling of the cost paid with a {resignation}

    def answers(self) -> dict[str, Any]:
        return card_answers(self)


def card_answers(play: Any) -> dict[str, Any]:
    """The answers to a played card's script: ``to``, ``take`` and those in ``choose`` (a
    multiplayer `Play` or a solo play alike)."""
    out: dict[str, Any] = dict(play.choose)
    if play.to is not None:
        out["to"] = play.to
    if play.take is not None:
        out["take"] = list(play.take)
    return out


def write_answers(out: dict[str, Any], play: Any) -> None:
    """The entry keys of a played card's choices (`card_answers` read back)."""
    if play.to is not None:
        out["to"] = play.to
    if play.take is not None:
        out["take"] = list(play.take)
    if play.choose:
        out["choose"] = dict(play.choose)


@dataclass(frozen=True)
class Effect:
    player: str
    source: str  # the vision, or the event naming it
    discard: str | None = None  # World's Edge Pub
    move: str | None = None  # Slaughter: the feeling moved
    src: str | None = None  # Slaughter: from which adjacent vision
    remove: str | None = None  # Death Drive
    ops: tuple[Op, ...] | None = None  # None: no outcome written (reading SL37)
    choose: tuple[tuple[str, Any], ...] = ()  # a scripted Vision's choices, by name (verbs/)

    # the choices a Vision's script asks that an entry writes as keys of its own (the rulebook's
    # own examples: World's Edge Pub's discard, Slaughter's move/from, Death Drive's remove)
    SHORTCUTS = (("discard", "discard"), ("move", "feeling"), ("src", "from"), ("remove", "remove"))

    def answers(self) -> dict[str, Any]:
        out: dict[str, Any] = dict(self.choose)
        for attr, name in self.SHORTCUTS:
            if getattr(self, attr) is not None:
                out[name] = getattr(self, attr)
        return out

    @classmethod
    def of(cls, player: str, source: str, answers: dict[str, Any]) -> "Effect":
        """The entry that gives ``answers`` (its shortcuts as keys of their own)."""
        answers = dict(answers)
        keys = {attr: answers.pop(name, None) for attr, name in cls.SHORTCUTS}
        return cls(player, source, choose=tuple(answers.items()), **keys)


@dataclass(frozen=True)
class Drain:
    player: str
    kind: str
    take: tuple[str, ...] = ()


@dataclass(frozen=True)
class Observe:
    player: str
    karma: str


@dataclass(frozen=True)
class EndTurn:
    player: str


@dataclass(frozen=True)
class Goal:
    reached: bool


@dataclass(frozen=True)
class Respond:
    """A player's own choice for an effect that waits for it ("each player ... of their
    choice"): ``{player: Ben, choose: {return: hope}}``. A value of None is chance, drawn by
    the simulator (a card discarded at random)."""

    player: str
    choose: tuple[tuple[str, Any], ...]


Action = Union[Show, EventDraw, Reshuffle, Choose, Pass, Play, Effect, Drain, Observe, EndTurn, Goal, Respond]
PLAYER_KINDS = {"pass": {"pass"}, "play": {"play", "to", "take", "ops", "choose", "instead"},
                "effect": {"effect", "discard", "move", "from", "remove", "ops", "choose"},
                "drain": {"drain", "take"}, "observe": {"observe"}, "end": {"end"},
                "choose": {"choose"}}
# the keys each kind of entry may have, built once (parse_entry checks every entry against one)
_PLAYER_KEYS = {kind: frozenset(keys | {"player"}) for kind, keys in PLAYER_KINDS.items()}
_EVENT_KEYS = frozenset({"event", "ops", "ignore", "extra", "choose"})
_SHOW_KEYS, _RESHUFFLE_KEYS = frozenset({"show"}), frozenset({"reshuffle"})
_CHOOSE_KEYS, _GOAL_KEYS = frozenset({"choose"}), frozenset({"goal"})


def name_of(cards: CardData, raw: Any, ref: EntryRef, field: str) -> str:
    if not isinstance(raw, str):
        raise _fail(ref, f"expected a name, got {shown(raw)}", field)
    name = cards.resolve(raw)
    if name is None:
        raise _fail(ref, f"unknown name {shown(raw)}{did_you_mean(raw, cards.by_key)}", field)
    return name


def feeling(raw: Any, ref: EntryRef, field: str) -> str:
    if not isinstance(raw, str) or raw.lower() not in tables.FEELINGS:
        raise _fail(ref, f"expected a feeling ({', '.join(tables.FEELINGS)}), got {shown(raw)}", field)
    return raw.lower()


def _player(players: list[str], raw: Any, ref: EntryRef, field: str = "player") -> str:
    if raw not in players:
        raise _fail(ref, f"unknown player {shown(raw)} (players: {', '.join(players)})", field)
    return raw


def read_ops(raw: Any, ref: EntryRef, zones: Collection[str]) -> tuple[Op, ...] | None:
    """An entry's plain operations (docs/logs/README.md, "Card effects"); this game has no counters. None when
    the entry writes none (``ops`` absent); ``ops: []`` is an outcome written, "nothing"
    (reading SL37)."""
    if raw is None:
        return None
    ops = parse_ops(raw, ref, zones if isinstance(zones, set) else set(zones))
    for op in ops:
        if op.kind == "add":
            raise _fail(ref, "ops: this game has no counters; move items between zones", "ops")
    return tuple(ops)


SHUFFLED = "shuffled"
DECKS = ("remnant deck", "gestalt deck", "event deck", "catalysts")  # shown top first


def parse_show(cards: CardData, players: list[str], zones: Collection[str], raw: Any, ref: EntryRef) -> Show:
    if not isinstance(raw, dict) or not raw:
        raise _fail(ref, "show: expected {PLAYER: [CARD, ...]} (a hand) or {DECK: [CARD, ...]} (its top cards, "
                         "top first)", "show")
    out = []
    for key, names in raw.items():
        if key in players:
            zone = f"hand:{key}"
        elif key in DECKS or key in zones:
            zone = key
        else:
            raise _fail(ref, f"show: unknown zone {shown(key)} (a player's name for a hand, or one of "
                             f"{', '.join(DECKS)})", "show")
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list) or not names:
            raise _fail(ref, f"show: {key}: expected the cards shown, a list", "show")
        out.append((zone, tuple(name_of(cards, n, ref, "show") for n in names)))
    return Show(tuple(out))


def _only(entry: dict[Any, Any], allowed: frozenset[str], ref: EntryRef) -> None:
    """The entry has only the keys its kind ``allowed``."""
    if entry.keys() <= allowed:  # (the usual case, tested in C: no set built)
        return
    extra = sorted(map(str, set(entry) - allowed))
    raise _fail(ref, f"unknown key {shown(extra[0])} (this entry has {', '.join(sorted(allowed))})", extra[0])


def parse_entry(cards: CardData, players: list[str], zones: Collection[str], entry: Any, ref: EntryRef) -> Action:
    """The action ``entry`` writes. Its kind and the keys it may have are a matter of its keys
    alone: the reader of a key list that passed once (`_reader_for`) is kept, so the usual entry
    costs one dict lookup before its values are read (``zones``: those an ``ops`` or a ``show``
    may name)."""
    if entry.__class__ is not dict and not isinstance(entry, dict):
        raise _fail(ref, f"expected an entry, a mapping like {{player: NAME, drain: affinity}}, got {shown(entry)}")
    keys = tuple(entry)
    read = _READERS.get(keys)
    if read is None:
        read = _reader_for(players, entry, ref)  # (raises for keys no entry has)
        if len(_READERS) < 512:  # (a bound: a hostile log may write its keys in many orders)
            _READERS[keys] = read
    return read(cards, players, zones, entry, ref)


Reader = Callable[[CardData, list[str], Collection[str], dict[Any, Any], EntryRef], Action]
_READERS: dict[tuple[Any, ...], Reader] = {}  # an entry's keys, in order -> its reader (`parse_entry`)


def _reader_for(players: list[str], entry: dict[Any, Any], ref: EntryRef) -> Reader:
    """Which kind of entry ``entry`` is, by its keys (the first of event, show, reshuffle, a
    choice of visions, goal, a player's), checked to have no other key; the reader of its values.
    A player's entry names a player of the game before its keys are checked."""
    if "event" in entry:
        _only(entry, _EVENT_KEYS, ref)
        return _read_event
    if "show" in entry:
        _only(entry, _SHOW_KEYS, ref)
        return _read_show
    if "reshuffle" in entry:
        _only(entry, _RESHUFFLE_KEYS, ref)
        return _read_reshuffle
    if "choose" in entry and "player" not in entry:
        _only(entry, _CHOOSE_KEYS, ref)
        return _read_choose
    if "goal" in entry:
        _only(entry, _GOAL_KEYS, ref)
        return _read_goal
    if "player" not in entry:
        raise _fail(ref, f"unknown entry {sorted(map(str, entry))} (an entry is event, reshuffle, choose, goal "
                         f"or a player's: {', '.join(PLAYER_KINDS)})")
    _player(players, entry["player"], ref)
    for kind, keys in _PLAYER_KEYS.items():
        if kind in entry:
            _only(entry, keys, ref)
            return _PLAYER_READERS[kind]
    raise _fail(ref, f"a player's entry is one of: {', '.join(PLAYER_KINDS)}")


def _read_event(cards: CardData, players: list[str], zones: Collection[str], entry: dict[Any, Any],
                ref: EntryRef) -> Action:
    name = name_of(cards, entry["event"], ref, "event")
    if name not in cards.events:
        raise _fail(ref, f"{shown(name)} is not an event card", "event")
    ignore = entry.get("ignore", [])
    if not isinstance(ignore, list):
        raise _fail(ref, "ignore: expected a list of players", "ignore")
    extra = None
    if "extra" in entry:
        raw = entry["extra"]
        if not (isinstance(raw, dict) and len(raw) == 1):
            raise _fail(ref, "extra: expected {VISION: FEELING}", "extra")
        (v, f), = raw.items()
        extra = (name_of(cards, v, ref, "extra"), feeling(f, ref, "extra"))
    raw = entry.get("choose", {})
    if not isinstance(raw, dict) or (raw and not all(isinstance(k, str) for k in raw)):  # (none: no generator)
        raise _fail(ref, "choose: expected the event's choices by name, like {from: Slaughter}", "choose")
    return EventDraw(name, read_ops(entry.get("ops"), ref, zones),
                     tuple([_player(players, p, ref, "ignore") for p in ignore]) if ignore else (), extra,
                     tuple(raw.items()))


def _read_show(cards: CardData, players: list[str], zones: Collection[str], entry: dict[Any, Any],
               ref: EntryRef) -> Action:
    return parse_show(cards, players, zones, entry["show"], ref)


def _read_reshuffle(cards: CardData, players: list[str], zones: Collection[str], entry: dict[Any, Any],
                    ref: EntryRef) -> Action:
    if entry["reshuffle"] == SHUFFLED:
        return Reshuffle(None)
    if not isinstance(entry["reshuffle"], list):
        raise _fail(ref, "reshuffle: expected the event deck's new order, top first (or shuffled, "
                         "the order unknown)", "reshuffle")
    return Reshuffle(tuple(name_of(cards, n, ref, "reshuffle") for n in entry["reshuffle"]))


def _read_choose(cards: CardData, players: list[str], zones: Collection[str], entry: dict[Any, Any],
                 ref: EntryRef) -> Action:
    raw = entry["choose"]
    if not isinstance(raw, dict):
        raise _fail(ref, "choose: expected {PLAYER: VISION, ...}", "choose")
    return Choose(tuple((_player(players, p, ref, "choose"), name_of(cards, v, ref, "choose"))
                        for p, v in raw.items()))


def _read_goal(cards: CardData, players: list[str], zones: Collection[str], entry: dict[Any, Any],
               ref: EntryRef) -> Action:
    if entry["goal"] not in ("reached", "missed"):
        raise _fail(ref, f"goal: expected reached or missed, got {shown(entry['goal'])}", "goal")
    return Goal(entry["goal"] == "reached")


def _read_pass(cards: CardData, players: list[str], zones: Collection[str], entry: dict[Any, Any],
               ref: EntryRef) -> Action:
    p = _player(players, entry["player"], ref)
    if entry["pass"] is not True:
        raise _fail(ref, "pass: expected true", "pass")
    return Pass(p)


def _read_play(cards: CardData, players: list[str], zones: Collection[str], entry: dict[Any, Any],
               ref: EntryRef) -> Action:
    p = _player(players, entry["player"], ref)
    card = name_of(cards, entry["play"], ref, "play")
    if card not in cards.cards:
        raise _fail(ref, f"{shown(card)} is not a Remnant or Gestalt card", "play")
    to = name_of(cards, entry["to"], ref, "to") if "to" in entry else None
    take = None
    if "take" in entry:
        if not isinstance(entry["take"], list):
            raise _fail(ref, "take: expected a list of feelings", "take")
        take = tuple(feeling(f, ref, "take") for f in entry["take"])
    raw = entry.get("choose", {})
    if not isinstance(raw, dict) or (raw and not all(isinstance(k, str) for k in raw)):  # (none: no generator)
        raise _fail(ref, "choose: expected the card's choices by name, like {player: Ben}", "choose")
    instead = feeling(entry["instead"], ref, "instead") if "instead" in entry else None
    return Play(p, card, to, take, read_ops(entry.get("ops"), ref, zones), tuple(raw.items()), instead)


def _read_effect(cards: CardData, players: list[str], zones: Collection[str], entry: dict[Any, Any],
                 ref: EntryRef) -> Action:
    p = _player(players, entry["player"], ref)
    source = name_of(cards, entry["effect"], ref, "effect")
    discard = name_of(cards, entry["discard"], ref, "discard") if "discard" in entry else None
    move = feeling(entry["move"], ref, "move") if "move" in entry else None
    src = name_of(cards, entry["from"], ref, "from") if "from" in entry else None
    remove = name_of(cards, entry["remove"], ref, "remove") if "remove" in entry else None
    raw = entry.get("choose", {})
    if not isinstance(raw, dict) or (raw and not all(isinstance(k, str) for k in raw)):  # (none: no generator)
        raise _fail(ref, "choose: expected the effect's choices by name, like {player: Ben}", "choose")
    return Effect(p, source, discard, move, src, remove, read_ops(entry.get("ops"), ref, zones),
                  tuple(raw.items()))


def _read_drain(cards: CardData, players: list[str], zones: Collection[str], entry: dict[Any, Any],
                ref: EntryRef) -> Action:
    p = _player(players, entry["player"], ref)
    if entry["drain"] not in DRAINS:
        raise _fail(ref, f"drain: expected one of {', '.join(DRAINS)}, got {shown(entry['drain'])}", "drain")
    take = entry.get("take", [])
    if not isinstance(take, list):
        raise _fail(ref, "take: expected a list of feelings", "take")
    if take and entry["drain"] != "feelings":
        raise _fail(ref, "take: only a drain of feelings names the feelings taken", "take")
    return Drain(p, entry["drain"], tuple([feeling(f, ref, "take") for f in take]) if take else ())  # (none: no list)


def _read_respond(cards: CardData, players: list[str], zones: Collection[str], entry: dict[Any, Any],
                  ref: EntryRef) -> Action:
    p = _player(players, entry["player"], ref)
    raw = entry["choose"]
    if not isinstance(raw, dict) or not raw or not all(isinstance(k, str) for k in raw):
        raise _fail(ref, "choose: expected the choices an effect waits for, by name, like {return: hope}",
                    "choose")
    return Respond(p, tuple(raw.items()))


def _read_observe(cards: CardData, players: list[str], zones: Collection[str], entry: dict[Any, Any],
                  ref: EntryRef) -> Action:
    p = _player(players, entry["player"], ref)
    if entry["observe"] not in KARMAS:
        raise _fail(ref, f"observe: declare a karma, positive or negative, got {shown(entry['observe'])}", "observe")
    return Observe(p, entry["observe"])


def _read_end(cards: CardData, players: list[str], zones: Collection[str], entry: dict[Any, Any],
              ref: EntryRef) -> Action:
    p = _player(players, entry["player"], ref)
    if entry["end"] != "turn":
        raise _fail(ref, f"end: expected turn, got {shown(entry['end'])}", "end")
    return EndTurn(p)


_PLAYER_READERS: dict[str, Reader] = {"pass": _read_pass, "play": _read_play, "effect": _read_effect,
                                      "drain": _read_drain, "observe": _read_observe, "end": _read_end,
                                      "choose": _read_respond}


def to_entry(action: Action) -> dict[str, Any]:
    if isinstance(action, EventDraw):
        out: dict[str, Any] = {"event": action.name}
        if action.ignore:
            out["ignore"] = list(action.ignore)
        if action.ops is not None:
            out["ops"] = [o.as_entry() for o in action.ops]
        if action.extra:
            out["extra"] = {action.extra[0]: action.extra[1]}
        if action.choose:
            out["choose"] = dict(action.choose)
        return out
    if isinstance(action, Reshuffle):
        return {"reshuffle": SHUFFLED if action.order is None else list(action.order)}
    if isinstance(action, Show):
        return {"show": {z.removeprefix("hand:"): list(cs) for z, cs in action.shown}}
    if isinstance(action, Choose):
        return {"choose": dict(action.choices)}
    if isinstance(action, Goal):
        return {"goal": "reached" if action.reached else "missed"}
    out = {"player": action.player}
    if isinstance(action, Pass):
        out["pass"] = True
    elif isinstance(action, Play):
        out["play"] = action.card
        write_answers(out, action)
        if action.instead is not None:
            out["instead"] = action.instead
        if action.ops is not None:
            out["ops"] = [o.as_entry() for o in action.ops]
    elif isinstance(action, Effect):
        out["effect"] = action.source
        for key, value in (("discard", action.discard), ("move", action.move), ("from", action.src),
                           ("remove", action.remove)):
            if value is not None:
                out[key] = value
        if action.choose:
            out["choose"] = dict(action.choose)
        if action.ops is not None:
            out["ops"] = [o.as_entry() for o in action.ops]
    elif isinstance(action, Drain):
        out["drain"] = action.kind
        if action.take:
            out["take"] = list(action.take)
    elif isinstance(action, Observe):
        out["observe"] = action.karma
    elif isinstance(action, Respond):
        out["choose"] = dict(action.choose)
    else:
        out["end"] = "turn"
    return out

"""The Kartomantik log vocabulary: what an entry says, in the rulebook's own words.

    - {mulligan: Ana, deck: [...]}                   # 4.2.1 The Mulligan: the new deck, top first
    - {mulligan: Ana, hand: [...]}                   # a log without deck orders: the hand shown (K40)
    - {mulligan: Ana}                                # ... and one whose hand was not shown
    - {reveal: {Ana: CARD, Ben: CARD}}               # 4.2.2 Revelation: both First Manifestations
    - {effect: ITEM, player: Ana, target: ITEM}      # a triggered effect put on the Stack (3.1)
    - {play: CARD, player: Ana, tribute: [CARD...], target: ITEM}  # 2.3 a card to the Stack
    - {play: CARD, player: Ana, from: interzone}     # Support from the Interzone (3.1)
    - {activate: ITEM, player: Ana, tribute: [...], target: ITEM}  # an activated effect (3.1)
    - {pass: Ana}                                    # 2.2: give up priority
    - {choose: VALUE, player: Ana}                   # a choice an effect asks as it resolves
    - {place: Ana, interzone: [CARD...], deck: [CARD...], displace: [CARD...]}  # 4.2.3 the winner
    - {bottom: Ana, cards: [CARD...]}                # 4.2.4: the hand above 7 to the deck's bottom
    - {show: {Ana: {deck: [CARD...], hand: [CARD...]}}}  # cards seen at the table (readings K41, K42)

CARD is a card name of the player's own; ITEM is ``OWNER/Card Name`` (a card anywhere).
``targets: [ITEM, ITEM]`` for an effect with two targets. An entry may also write what the
effect does as plain operations (``ops: [...]``): the checker compares them with what the
card's script does (docs/logs/README.md, "Card effects"). Draws, the Stack's resolution, what each effect does,
the Confrontation's outcome and the cards it moves are worked out by the checker.
`parse_entry` raises `LogFormatError` (exit 2) for what is not an entry of this vocabulary;
legality is `rules.check`'s question.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Union

from pnp.data.errors import shown
from rules_check.core.engine import EntryRef
from rules_check.core.entries import entry_kind, fail as _fail
from rules_check.core.ops import Op, parse_ops
from rules_check.names import did_you_mean
from rules_check.pool import Pool

from .state import item as make_item
from .state import zone_names

KINDS = ("mulligan", "reveal", "effect", "play", "activate", "pass", "choose", "place", "bottom", "show")
KEYS = {
    "mulligan": {"mulligan", "deck", "hand"},
    "show": {"show"},
    "reveal": {"reveal"},
    "effect": {"effect", "player", "target", "targets", "ops"},
    "play": {"play", "player", "from", "tribute", "target", "targets", "ops"},
    "activate": {"activate", "player", "tribute", "target", "targets", "ops"},
    "pass": {"pass"},
    "choose": {"choose", "player"},
    "place": {"place", "interzone", "deck", "displace"},
    "bottom": {"bottom", "cards"},
}
# where a `play` entry may say it plays from: any zone of the player's own, so that a card played
# from the Limbo is a rule's violation (3.1 Support and Chain, reading K38), not an unreadable log
FROM = ("hand", "interzone", "limbo", "deck", "vessel", "exile", "field")
CARD_KINDS = frozenset({"effect", "play", "activate"})  # the entries that name a card, its player and targets


@dataclass(frozen=True, slots=True)
class Mulligan:
    player: str
    deck: tuple[str, ...] | None  # items, top first; None: the shuffle is still to be drawn (a chance node)
    unordered: bool = False  # a log without the deck's order: the new deck is unseen (reading K40)
    shown: tuple[str, ...] | None = None  # the hand shown to the opponent (4.2.1), in such a log


@dataclass(frozen=True, slots=True)
class Show:
    """Cards seen at the table (readings K41, K42): for each player and zone kind, the cards
    named from its unseen ones; a deck's are its top cards, top first."""

    shown: tuple[tuple[str, str, tuple[str, ...]], ...]  # (player, zone kind, items)


@dataclass(frozen=True, slots=True)
class Reveal:
    chosen: tuple[tuple[str, str], ...]  # (player, item) in seating order


@dataclass(frozen=True, slots=True)
class Effect:
    """A triggered effect put on the Stack (3.1), with its targets (3.2 Targets)."""

    card: str  # item
    player: str
    ops: tuple[Op, ...] = ()  # an outcome the log writes, compared when it resolves
    targets: tuple[str, ...] = ()
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Play:
    card: str  # item
    player: str
    source: str = "hand"
    tribute: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    ops: tuple[Op, ...] = ()
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Activate:
    card: str  # item
    player: str
    tribute: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    ops: tuple[Op, ...] = ()
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    player: str


@dataclass(frozen=True, slots=True)
class Choose:
    """A choice asked by an effect as it resolves (which card, which Temperament, yes or no):
    ``value`` as the log writes it; the rules read it against the question asked."""

    player: str
    value: Any


@dataclass(frozen=True, slots=True)
class Place:
    player: str
    interzone: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    displace: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Bottom:
    player: str
    cards: tuple[str, ...]


Action = Union[Mulligan, Reveal, Effect, Play, Activate, Pass, Choose, Place, Bottom, Show]
SHOWN = ("deck", "hand", "limbo", "exile", "interzone", "vessel", "field")  # the zones a `show` may name


class Reader:
    def __init__(self, pool: Pool, players: list[str], ref: EntryRef) -> None:
        self.pool, self.players, self.ref = pool, players, ref

    def player(self, raw: Any, field: str) -> str:
        if raw not in self.players:
            raise _fail(self.ref, f"expected a player ({', '.join(self.players)}), got {shown(raw)}", field)
        return raw

    def name(self, raw: Any, field: str) -> str:
        """A card's printed name; one written as an earlier entry wrote it, as it read then (`_NAMES`)."""
        known = _NAMES.get(raw) if type(raw) is str else None
        if known is not None and known[0] is self.pool:
            return known[1]
        if not isinstance(raw, str):
            raise _fail(self.ref, f"expected a card name, got {shown(raw)}", field)
        card = self.pool.get(raw)
        if card is None:
            raise _fail(self.ref, f"unknown card {shown(raw)}{did_you_mean(raw, self.pool.printed_names())}", field)
        if len(_NAMES) >= _MAX_ITEMS:
            _NAMES.clear()
        _NAMES[raw] = (self.pool, card.name)
        return card.name

    def own(self, player: str, raw: Any, field: str) -> str:
        return make_item(player, self.name(raw, field))

    def owns(self, player: str, raw: Any, field: str) -> tuple[str, ...]:
        if not isinstance(raw, list):
            raise _fail(self.ref, f"expected a list of card names, got {shown(raw)}", field)
        if not raw:
            return ()  # (most plays: no tribute)
        return tuple([self.own(player, r, field) for r in raw])

    def item(self, raw: Any, field: str) -> str:
        """``OWNER/Card Name``; one written as an earlier entry wrote it reads as it did then (`_ITEMS`),
        its owner still one of this game's players."""
        known = _ITEMS.get(raw) if type(raw) is str else None
        if known is not None and known[0] is self.pool and known[1] in self.players:  # (another log's may differ)
            return known[2]
        if not isinstance(raw, str) or "/" not in raw:
            raise _fail(self.ref, f"expected OWNER/CARD (like 'Ana/Oppress'), got {shown(raw)}", field)
        owner, name = raw.split("/", 1)
        owner = self.player(owner.strip(), field)
        it = make_item(owner, self.name(name, field))
        if len(_ITEMS) >= _MAX_ITEMS:
            _ITEMS.clear()
        _ITEMS[raw] = (self.pool, owner, it)
        return it

    def ops(self, raw: Any) -> tuple[Op, ...]:
        if isinstance(raw, list) and not raw:
            return ()  # the usual case: the outcome left to the engine
        out = []
        for op in parse_ops(raw, self.ref, set(zone_names(self.players))):
            if op.kind == "move":
                op = replace(op, item=self.item(op.item, "ops"))
            else:
                kind, _, rest = op.counter.partition(".")
                if kind in ("power", "turn"):
                    op = replace(op, counter=f"{kind}.{self.item(rest, 'ops')}")
                elif kind == "points":
                    self.player(rest, "ops")
                else:
                    raise _fail(self.ref, f"unknown counter {shown(op.counter)} (counters: power.ITEM, turn.ITEM, "
                                          f"points.PLAYER)", "ops")
            out.append(op)
        return tuple(out)


# each item as a log writes it (``Ana/Oppress``), read by `Reader.item`: the pool it was read with
# (a pool's cards never change: the name reads the same), its owner and the item; bounded
_ITEMS: dict[str, tuple[Pool, str, str]] = {}
_NAMES: dict[str, tuple[Pool, str]] = {}  # and each card name, as `Reader.name` read it (printed)
_MAX_ITEMS = 4096


@lru_cache(maxsize=64)
def _pass(player: str) -> Pass:
    return Pass(player)  # frozen: one per player serves every pass


# an entry's kind, by its set of keys: `entry_kind` reads nothing else of a mapping, so a set of
# keys it accepted once has that kind every time (only accepted sets are kept: at most the subsets
# of KEYS, a bounded number)
_KIND_OF: dict[frozenset[Any], str] = {}


def parse(entry: Any, state: Any, ref: EntryRef) -> Action:
    """The engine's `parse` (``Engine.parse(entry, state, ref)``): `parse_entry` with the state's
    pool (the engine's: `setup.new_state` gives it) and players; a pass, two entries in three,
    in this one call (what the full reading gives)."""
    if type(entry) is dict and len(entry) == 1 and entry.get("pass") in state.players:
        return _pass(entry["pass"])
    return parse_entry(state.pool, state.players, entry, ref)


def parse_entry(pool: Pool, players: list[str], entry: Any, ref: EntryRef) -> Action:
    kind = _KIND_OF.get(frozenset(entry)) if type(entry) is dict else None
    if kind is None:
        kind = entry_kind(entry, KINDS, KEYS, ref, "{pass: Ana}")
        _KIND_OF[frozenset(entry)] = kind
    r = Reader(pool, players, ref)
    if kind in CARD_KINDS:  # (most entries but passes)
        p = r.player(entry.get("player"), "player")
        ops = r.ops(entry["ops"]) if "ops" in entry else ()  # (most entries: the outcome left to the engine)
        raw_targets = entry.get("targets")
        if "targets" in entry and "target" in entry:
            raise _fail(ref, "write `target: ITEM` or `targets: [ITEM, ...]`, not both", "targets")
        if raw_targets is not None:
            if not isinstance(raw_targets, list):
                raise _fail(ref, f"expected a list of OWNER/CARD, got {shown(raw_targets)}", "targets")
            targets = tuple([r.item(t, "targets") for t in raw_targets])
        else:
            target = entry.get("target")
            targets = (r.item(target, "target"),) if target is not None else ()
        if kind == "effect":
            return Effect(r.item(entry["effect"], "effect"), p, ops, targets, ref.line)
        tribute = r.owns(p, entry["tribute"], "tribute") if "tribute" in entry else ()
        if kind == "activate":
            return Activate(r.item(entry["activate"], "activate"), p, tribute, targets, ops, ref.line)
        source = entry.get("from", "hand")
        if source not in FROM:
            raise _fail(ref, f"expected one of {', '.join(FROM)}, got {shown(source)}", "from")
        return Play(r.own(p, entry["play"], "play"), p, source, tribute, targets, ops, ref.line)
    if kind == "mulligan":
        p = r.player(entry["mulligan"], "mulligan")
        if "deck" in entry and "hand" in entry:
            raise _fail(ref, "write the new deck's order (`deck:`) or the hand shown (`hand:`), not both", "hand")
        if "deck" not in entry:  # reading K40: the new order is unknown
            hand = r.owns(p, entry["hand"], "hand") if "hand" in entry else None
            return Mulligan(p, None, True, hand)
        return Mulligan(p, r.owns(p, entry["deck"], "deck"))
    if kind == "show":
        raw = entry["show"]
        if not isinstance(raw, dict) or not raw:
            raise _fail(ref, f"expected each player's zones shown: {{{players[0]}: {{deck: [CARD, ...], hand: "
                             f"[CARD, ...]}}}}", "show")
        out = []
        for who, zones in raw.items():
            p = r.player(who, "show")
            if not isinstance(zones, dict):
                raise _fail(ref, f"expected {p}'s zones shown: {{deck: [CARD, ...], hand: [CARD, ...]}}", "show")
            for k, cards in zones.items():
                if k not in SHOWN:
                    raise _fail(ref, f"unknown zone {shown(k)}; expected one of {', '.join(SHOWN)}", "show")
                out.append((p, k, r.owns(p, cards, "show")))
        return Show(tuple(out))
    if kind == "reveal":
        raw = entry["reveal"]
        if not isinstance(raw, dict) or set(raw) != set(players):
            raise _fail(ref, f"expected the First Manifestation of each player: {{{players[0]}: CARD, "
                             f"{players[1]}: CARD}}", "reveal")
        return Reveal(tuple((p, r.own(p, raw[p], "reveal")) for p in players))
    if kind == "pass":
        return Pass(r.player(entry["pass"], "pass"))
    if kind == "choose":
        value = entry["choose"]
        if not _is_plain(value):
            raise _fail(ref, f"expected a choice: a card, a word, yes or no, or a list of cards, got {shown(value)}",
                        "choose")
        return Choose(r.player(entry.get("player"), "player"), value)
    if kind == "place":
        p = r.player(entry["place"], "place")
        return Place(p, *(r.owns(p, entry.get(k, []), k) for k in ("interzone", "deck", "displace")))
    p = r.player(entry["bottom"], "bottom")  # (the last kind of KINDS: bottom)
    return Bottom(p, r.owns(p, entry.get("cards", []), "cards"))


def _is_plain(value: Any) -> bool:
    """A choice is a scalar, or a list of scalars (cards in order)."""
    if isinstance(value, list):
        return len(value) <= 60 and all(isinstance(v, (str, int, bool)) or v is None for v in value)
    return isinstance(value, (str, int, bool)) or value is None


def _name(it: str) -> str:
    return it.split("/", 1)[1]


def _targets(out: dict[str, Any], targets: tuple[str, ...]) -> None:
    if len(targets) == 1:
        out["target"] = targets[0]
    elif targets:
        out["targets"] = list(targets)


def to_entry(action: Action) -> dict[str, Any]:
    if isinstance(action, Mulligan):
        if action.unordered:
            out0: dict[str, Any] = {"mulligan": action.player}
            if action.shown is not None:
                out0["hand"] = [_name(i) for i in action.shown]
            return out0
        assert action.deck is not None, "a mulligan's shuffle is drawn before it is written"
        return {"mulligan": action.player, "deck": [_name(i) for i in action.deck]}
    if isinstance(action, Show):
        shown: dict[str, Any] = {}
        for p, k, items in action.shown:
            shown.setdefault(p, {})[k] = [_name(i) for i in items]
        return {"show": shown}
    if isinstance(action, Reveal):
        return {"reveal": {p: _name(i) for p, i in action.chosen}}
    if isinstance(action, Pass):
        return {"pass": action.player}
    if isinstance(action, Choose):
        return {"choose": action.value, "player": action.player}
    if isinstance(action, Place):
        out: dict[str, Any] = {"place": action.player}
        for key in ("interzone", "deck", "displace"):
            if getattr(action, key):
                out[key] = [_name(i) for i in getattr(action, key)]
        return out
    if isinstance(action, Bottom):
        return {"bottom": action.player, "cards": [_name(i) for i in action.cards]}
    if isinstance(action, Effect):
        out = {"effect": action.card, "player": action.player}
        _targets(out, action.targets)
        if action.ops:
            out["ops"] = [o.as_entry() for o in action.ops]
        return out
    if isinstance(action, Activate):
        out = {"activate": action.card, "player": action.player}
    else:
        out = {"play": _name(action.card), "player": action.player}
        if action.source != "hand":
            out["from"] = action.source
    if action.tribute:
        out["tribute"] = [_name(i) for i in action.tribute]
    _targets(out, action.targets)
    if action.ops:
        out["ops"] = [o.as_entry() for o in action.ops]
    return out

"""Where every card and token is: named zones of items, in order (a deck's top is its end).

Conservation (docs/logs/README.md): every card or token that moves is fixed by the setup or
named in the log, and stays in exactly one place. Engines keep their pieces in `Zones`; the core checks
after every entry that nothing appeared from nowhere or vanished (`conservation`).

Unseen cards. A game played with shuffled cardboard leaves piles in an order nobody knows, and
hands nobody at the table sees. Any zone can hold *unseen* cards: an item that stands for "one
card of the pile it came from" (`unseen(pile)`), and, for each pile, the multiset of cards its
unseen items can still be (`Zones.unknown`: the decklist, or the game's components, less every
card seen elsewhere). Unseen items move like cards (a draw moves one from the deck to the
hand). A card becomes seen when the log names it where an unseen one is (`Zones.name`, and
`Zones.take` of a card that is not there as seen): it must be one the pile still holds, or the
entry breaks the rule that every card is in one place. A shuffle hides cards again
(`Zones.conceal`). So a log is legal when some order of the unknown piles makes it legal, and
the checker never guesses an order: what is never named stays a count.
"""

from __future__ import annotations

from collections import Counter
from itertools import compress, count
from operator import ne
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from pnp.data.errors import shown
from .errors import IllegalAction

CONSERVATION = "Conservation (every card and token in exactly one place)"
UNSEEN = "\x00"  # starts an unseen item: no card name holds a control character
_MARK = len(UNSEEN)


def unseen(pile: str) -> str:
    """The item that stands for one unseen card of ``pile``."""
    return UNSEEN + pile


def is_unseen(item: str) -> bool:
    return item.startswith(UNSEEN)


def pile_of(item: str) -> str:
    """The pile an unseen item was drawn from."""
    return item[len(UNSEEN):]


def seen(items: Iterable[str]) -> list[str]:
    """The seen items of a zone, in order."""
    return [x for x in items if not x.startswith(UNSEEN)]


def topmost(items: list[str], item: str) -> int:
    """The index of the topmost ``item`` in ``items`` (which holds it), found in C: the top itself
    (most takes), else searched from the top in a reversed copy."""
    last = len(items) - 1
    if items[last] == item:
        return last
    return last - items[::-1].index(item)


def unseen_count(items: Iterable[str]) -> int:
    return sum(1 for x in items if x.startswith(UNSEEN))


@dataclass
class Zones:
    """Named, ordered lists of items (card names, token names). Index 0 is the bottom."""

    zones: dict[str, list[str]] = field(default_factory=dict)
    # pile -> the cards its unseen items can be (module docstring); empty when every pile's
    # order is written down
    unknown: dict[str, Counter[str]] = field(default_factory=dict)
    # (item now, item before) since the last `conservation` check: a card named where an
    # unseen one stood, or hidden again by a shuffle; the check counts each pair as one piece
    swaps: list[tuple[str, str]] = field(default_factory=list)
    # the piles whose Counter in ``unknown`` this Zones may change in place. A copy shares every
    # pile's Counter with the Zones it was copied from, and neither owns it then: the first
    # change of a pile copies its Counter (`_pool`). An engine copies its state for each entry a
    # check tries, and the trial names a card of one pile or none: the others are never copied.
    owned: set[str] = field(default_factory=set, repr=False, compare=False)

    def __getitem__(self, name: str) -> list[str]:
        try:  # the hot path of every engine: an existing zone
            return self.zones[name]
        except KeyError:
            return self.zones.setdefault(name, [])

    def get(self, name: str) -> list[str] | tuple[()]:
        """A zone's items, read without creating it (what a view of the table reads: it never
        changes the state); a missing zone is empty."""
        return self.zones.get(name, ())

    def __contains__(self, name: str) -> bool:
        return name in self.zones

    def names(self) -> list[str]:
        return list(self.zones)

    def inventory(self) -> Counter[str]:
        """Every item in every zone, counted."""
        total: Counter[str] = Counter()
        for items in self.zones.values():
            total.update(items)
        return total

    def snapshot(self) -> "Snapshot":
        """What every zone holds now, for `conservation` to compare with after each entry
        (the swaps before it are in the past it starts from)."""
        self.swaps.clear()
        return Snapshot({name: list(items) for name, items in self.zones.items()})

    def take(self, item: str, zone: str, rule: str = CONSERVATION) -> None:
        """Remove one ``item`` from ``zone``; an item that is not there is a violation. A card
        the zone holds only unseen is named first (`name`)."""
        items = self[zone]
        if item in items:
            del items[topmost(items, item)]
            return
        if self.unknown and not is_unseen(item):
            del items[self.name(zone, item, rule=rule)]
            return
        raise IllegalAction(rule, f"{shown(item)} is not in {zone}")

    # --- unseen cards (module docstring) ------------------------------------------------------

    def _pool(self, pile: str) -> Counter[str]:
        """``pile``'s Counter, this Zones' own to change (made, or copied when shared: `owned`).
        Every change of a pile's Counter goes through here; the engines only read them."""
        pool = self.unknown.get(pile)
        if pile not in self.owned:
            copied: Counter[str] = Counter.__new__(Counter)
            if pool:
                dict.update(copied, pool)  # (the dict it is: `Counter(pool)` counts it again, in Python)
            pool = self.unknown[pile] = copied
            self.owned.add(pile)
        assert pool is not None
        return pool

    def hide(self, zone: str, pile: str, cards: Iterable[str]) -> None:
        """Put one unseen item of ``pile`` on ``zone`` for each of ``cards``, which ``pile``'s
        unseen items can be (a deck shuffled at the table: its list, no order)."""
        cards = list(cards)
        self._pool(pile).update(cards)
        self[zone].extend([unseen(pile)] * len(cards))

    def conceal(self, zone: str, pile: str) -> None:
        """Every card of ``zone`` becomes unseen, of ``pile`` (a shuffle nobody sees). Unseen
        cards of other piles shuffled in join ``pile``, wherever that pile's other cards are
        (what one of them can be, any of them can now be: a looser bound, never a wrong one)."""
        items = self[zone]
        hidden = unseen(pile)
        for other in sorted(pile_of(x) for x in {x for x in items if x.startswith(UNSEEN)} - {hidden}):
            self._merge(other, pile)
        if pile not in self.unknown:
            self._pool(pile)
        shown_cards = [x for x in items if not x.startswith(UNSEEN)]  # a shuffle turns over a whole pile:
        if shown_cards:  # counted, swapped and hidden a list at a time (Counter.update counts in C)
            self._pool(pile).update(shown_cards)
            self.swaps.extend([(hidden, card) for card in shown_cards])
            items[:] = [hidden] * len(items)  # every unseen item there is of ``pile`` now (merged above)

    def _merge(self, old: str, new: str) -> None:
        """The unseen items of pile ``old`` become items of ``new``, everywhere; their cards are pooled."""
        self._pool(new).update(self.unknown.pop(old, Counter()))  # (the Counter taken out is only read)
        self.owned.discard(old)
        was, now = unseen(old), unseen(new)
        for items in self.zones.values():
            for i, x in enumerate(items):
                if x == was:
                    items[i] = now
                    self.swaps.append((now, was))

    def could_be(self, item: str, card: str) -> bool:
        """Whether the unseen ``item`` can be ``card``."""
        pool = self.unknown.get(pile_of(item))  # (no empty Counter made for a pile never hidden, and
        return pool is not None and pool.get(card, 0) > 0  # no Counter.__missing__: this runs for every
        # unseen card a name is tried on)

    def name(self, zone: str, card: str, index: int | None = None, rule: str = CONSERVATION) -> int:
        """``card`` is seen in ``zone`` (played from a hand, turned up from a deck): the index
        of ``card`` there. Already seen there, nothing changes; else the unseen item at
        ``index`` (default: the topmost that can be ``card``) becomes ``card``, and its pile
        holds one fewer. A card the zone does not hold breaks ``rule``; one that its unseen
        cards cannot be (every copy is seen elsewhere, or the pile never held it) breaks the
        rule that every card is in one place."""
        items = self[zone]
        unknown = self.unknown
        if index is None:
            if card in items:  # seen there already: the topmost copy
                return topmost(items, card)
            for index in range(len(items) - 1, -1, -1):  # the topmost unseen item that can be it
                item = items[index]
                if item.startswith(UNSEEN):
                    pile = item[_MARK:]  # (pile_of and could_be, inline: a table log names every card it turns up)
                    pool = unknown.get(pile)
                    if pool is not None and pool.get(card, 0) > 0:
                        break
            else:
                raise IllegalAction(CONSERVATION if unseen_count(items) else rule, self.why_not(zone, card))
        else:
            item = items[index]
            if item == card:
                return index
            pile = item[_MARK:]
            pool = unknown.get(pile) if item.startswith(UNSEEN) else None
            if pool is None or pool.get(card, 0) <= 0:
                raise IllegalAction(CONSERVATION if is_unseen(item) else rule, self.why_not(zone, card))
        if pile not in self.owned:
            pool = self._pool(pile)
        pool[card] -= 1
        items[index] = card
        self.swaps.append((card, item))
        return index

    def why_not(self, zone: str, card: str) -> str:
        """Why ``card`` cannot be in ``zone``, in the zones' own names (engines may reword it)."""
        items = self.get(zone)
        piles = sorted({pile_of(x) for x in items if is_unseen(x)})
        if not piles:
            return f"{shown(card)} is not in {zone}"
        where = sorted({z for z, xs in self.zones.items() if card in xs})
        elsewhere = f" (seen in {', '.join(where)})" if where else ""
        return (f"{shown(card)} is not in {zone}, and none of its {unseen_count(items)} unseen cards can be it: "
                f"{' and '.join(piles)} holds no more {shown(card)}{elsewhere}")

    def possible(self, zone: str) -> Counter[str]:
        """What the unseen cards of ``zone`` can be: the cards of their piles."""
        out: Counter[str] = Counter()
        for pile in {x[_MARK:] for x in self.get(zone) if x.startswith(UNSEEN)}:
            pool = self.unknown.get(pile)
            if pool:  # its cards that can still be (the count above 0), without Counter's own steps
                if out:
                    out.update({card: n for card, n in pool.items() if n > 0})
                else:
                    dict.update(out, {card: n for card, n in pool.items() if n > 0})
        return out

    def take_top(self, zone: str, rule: str = CONSERVATION) -> str:
        items = self[zone]
        if not items:
            raise IllegalAction(rule, f"{zone} is empty")
        return items.pop()

    def put(self, item: str, zone: str, bottom: bool = False) -> None:
        if bottom:
            self[zone].insert(0, item)
        else:
            self[zone].append(item)

    def move(self, item: str, src: str, dst: str, bottom: bool = False, rule: str = CONSERVATION) -> None:
        """`take` then `put`; a card seen in ``src`` (most moves) taken here, without the two calls."""
        zones = self.zones
        items = zones.get(src)
        if items is not None and item in items:
            del items[topmost(items, item)]
        else:
            self.take(item, src, rule)
        to = zones.get(dst)
        if to is None:
            to = zones[dst] = []
        if bottom:
            to.insert(0, item)
        else:
            to.append(item)

    def copy(self) -> "Zones":
        """The same zones, pools and swaps, made without the dataclass's ``__init__``; each
        unseen pile's Counter shared until either side changes it (`owned`): every engine
        copies its state for each action a check or a search tries."""
        new = object.__new__(Zones)
        copy = list.copy  # (a call of it is cheaper than a slice, which first makes a slice object)
        new.zones = {k: copy(v) for k, v in self.zones.items()}
        new.owned = set()
        if not self.unknown:
            new.unknown, new.swaps = {}, []
            return new
        self.owned.clear()  # shared now: the first change on either side copies the pile
        new.unknown, new.swaps = dict(self.unknown), list(self.swaps)
        return new


@dataclass
class Snapshot:
    """Each zone's items as the last check left them. A check compares zone by zone (a list
    compare, in C, that stops at once for the zones an entry did not touch) and counts only
    the zones that changed: the same verdict as comparing every item, at a fraction of the cost."""

    zones: dict[str, list[str]]
    # the zones' names in their order, kept beside them: whether the zones are still the same
    # ones in the same order (nearly always) is one list compare, not two lists built
    names: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.names:
            self.names = list(self.zones)


_SHORT_ZONE = 24  # items before and after: a zone this short is counted whole (microbench)


def _difference(old: Sequence[str], new: Sequence[str], lost: list[str], gained: list[str]) -> None:
    """What a changed zone lost and gained, onto ``lost`` and ``gained``: one item when the
    change is one card put in, taken out or replaced (at the bottom, in a hand's middle, a
    card named in place), found by where the two first differ (in C), the items beyond being
    the same; otherwise every item on both sides. Items on both sides count as nothing, so
    either way the count is the same; the first way sorts one item, not the whole zone twice."""
    w, n = len(old), len(new)
    if -1 <= n - w <= 1:
        i = next(compress(count(), map(ne, old, new)), min(w, n))  # the first place they differ
        if n == w + 1:
            if new[i + 1:] == old[i:]:
                gained.append(new[i])
                return
        elif w == n + 1:
            if old[i + 1:] == new[i:]:
                lost.append(old[i])
                return
        elif old[i + 1:] == new[i + 1:]:
            lost.append(old[i])
            gained.append(new[i])
            return
    lost += old
    gained += new


def conservation(before: Snapshot, zones: Zones) -> str | None:
    """What appeared or vanished since ``before`` (a `Zones.snapshot`, brought up to date by
    each check that finds nothing); None when nothing did.

    Only the zones whose items differ from the snapshot are counted: every other zone holds the
    same items on both sides of the count. A card named where an unseen one stood, or hidden
    again by a shuffle (``zones.swaps``), is that piece: the count takes it back to what it was.
    Where it lies in a zone that did not change (a hand of unseen cards named, then shuffled away
    and drawn again, looks the same), or in the part of a zone both sides hold, it is taken back
    there: out of both sides, back into one (the same count as taking it back in place)."""
    was_zones = before.zones
    now_zones = zones.zones
    swaps = zones.swaps
    if not swaps and now_zones == was_zones:  # most entries move nothing: one compare, in C
        return None
    aligned = list(now_zones) == before.names
    if aligned:  # the same zones, in the same order (nearly always): the changed ones found in C
        changed = list(compress(now_zones, map(ne, now_zones.values(), was_zones.values())))  # in C
    else:  # a zone made or gone since (rare)
        get = was_zones.get
        changed = [name for name, items in now_zones.items() if get(name) != items]
        changed += [name for name in was_zones if name not in now_zones]
    if not changed and not swaps:
        return None
    was_items: list[str] = []
    now_items: list[str] = []
    for name in changed:  # what each changed zone lost and gained
        old, new = was_zones.get(name, ()), now_zones.get(name, ())
        w, n = len(old), len(new)
        if n == w + 1 and new[:w] == old:  # a card put on top (most changes): that card alone
            now_items.append(new[w])
        elif w == n + 1 and old[:n] == new:  # a card taken off the top
            was_items.append(old[n])
        elif w + n > _SHORT_ZONE:  # a long zone: look for the one card that changed
            _difference(old, new, was_items, now_items)
        else:  # a short one: its items on both sides (cheaper than looking)
            was_items += old
            now_items += new
    if swaps:
        undone: dict[str, int] = {}  # what the swaps undone so far took out (-) and put back (+)
        everything: Counter[str] | None = None  # every zone's items, counted when first needed
        for now, was in reversed(swaps):  # undone last first
            if now in now_items:  # (a card named and moved on lies in a changed zone too)
                now_items[now_items.index(now)] = was
            else:  # in a zone that did not change, if anywhere
                if everything is None:
                    everything = zones.inventory()
                if everything[now] + undone.get(now, 0) <= 0:
                    continue
                now_items.append(was)
                was_items.append(now)
            undone[now] = undone.get(now, 0) - 1
            undone[was] = undone.get(was, 0) + 1
        swaps.clear()
    if len(was_items) == len(now_items):
        was_items.sort()
        now_items.sort()
        if was_items == now_items:
            if aligned:
                for name in changed:
                    was_zones[name] = now_zones[name][:]
            else:  # taken again whole, in the zones' own order (which the compare above relies on)
                before.zones = {name: items[:] for name, items in now_zones.items()}
                before.names = list(now_zones)
            return None
    was_count, now_count = Counter(was_items), Counter(now_items)
    appeared = now_count - was_count
    vanished = was_count - now_count
    parts = []

    def said(k: str) -> str:  # an unseen card is never printed as its item (a control character)
        return f"an unseen card of {pile_of(k)}" if is_unseen(k) else k

    if appeared:
        parts.append("appeared from nowhere: " + ", ".join(f"{said(k)} x{n}" if n > 1 else said(k)
                                                          for k, n in sorted(appeared.items())))
    if vanished:
        parts.append("vanished: " + ", ".join(f"{said(k)} x{n}" if n > 1 else said(k)
                                             for k, n in sorted(vanished.items())))
    return "; ".join(parts)

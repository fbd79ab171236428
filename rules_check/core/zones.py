"""Where every card and token is: named zones of items, in order (a deck's top is its end).

SPEC.md principle 1: every card or token that moves is fixed by the setup or named in the
log, and stays in exactly one place. Engines keep their pieces in `Zones`; the core checks
after every entry that nothing appeared from nowhere or vanished (`conservation`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .errors import IllegalAction

CONSERVATION = "SPEC.md principle 1 (every card and token in exactly one place)"


@dataclass
class Zones:
    """Named, ordered lists of items (card names, token names). Index 0 is the bottom."""

    zones: dict[str, list[str]] = field(default_factory=dict)

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
        """What every zone holds now, for `conservation` to compare with after each entry."""
        return Snapshot({name: list(items) for name, items in self.zones.items()})

    def take(self, item: str, zone: str, rule: str = CONSERVATION) -> None:
        """Remove one ``item`` from ``zone``; an item that is not there is a violation."""
        items = self[zone]
        for i in range(len(items) - 1, -1, -1):
            if items[i] == item:
                del items[i]
                return
        raise IllegalAction(rule, f"{item!r} is not in {zone}")

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
        self.take(item, src, rule)
        self.put(item, dst, bottom)

    def copy(self) -> "Zones":
        return Zones({k: list(v) for k, v in self.zones.items()})


@dataclass
class Snapshot:
    """Each zone's items as the last check left them. A check compares zone by zone (a list
    compare, in C, that stops at once for the zones an entry did not touch) and counts only
    the zones that changed: the same verdict as comparing every item, at a fraction of the cost."""

    zones: dict[str, list[str]]


def conservation(before: Snapshot, zones: Zones) -> str | None:
    """What appeared or vanished since ``before`` (a `Zones.snapshot`, brought up to date by
    each check that finds nothing); None when nothing did."""
    was_zones = before.zones
    now_zones = zones.zones
    get = was_zones.get
    changed = [name for name, items in now_zones.items() if get(name) != items]
    if len(was_zones) != len(now_zones):
        changed += [name for name in was_zones if name not in now_zones]  # a zone gone (rare)
    if not changed:
        return None
    was_items: list[str] = []
    now_items: list[str] = []
    for name in changed:
        was_items += was_zones.get(name, ())
        now_items += now_zones.get(name, ())
    if len(was_items) == len(now_items):
        was_items.sort()
        now_items.sort()
        if was_items == now_items:
            for name in changed:
                if name in now_zones:
                    was_zones[name] = list(now_zones[name])
                else:
                    del was_zones[name]
            return None
    was, now = Counter(was_items), Counter(now_items)
    appeared = now - was
    vanished = was - now
    parts = []
    if appeared:
        parts.append("appeared from nowhere: " + ", ".join(f"{k} x{n}" if n > 1 else k for k, n in sorted(appeared.items())))
    if vanished:
        parts.append("vanished: " + ", ".join(f"{k} x{n}" if n > 1 else k for k, n in sorted(vanished.items())))
    return "; ".join(parts)

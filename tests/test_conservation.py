"""The conservation check (rules_check/core/zones.py) counts only the zones that changed, and
takes a card named or hidden again back to the piece it was wherever it lies. Random games of
moves, namings, shuffles, forged and lost cards check it against the plain count of every item
of every zone (what it did before issue 29 made it cheap): the same verdict, the same message."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules_check.core.errors import IllegalAction
from rules_check.core.zones import Snapshot, Zones, conservation, is_unseen, pile_of

CARDS = ["Oak", "Ash", "Elm", "Elm", "Yew", "Fir"]


def counted_in_full(before: dict[str, list[str]], zones: Zones) -> str | None:
    """The verdict of counting every item of every zone, each named or hidden item taken back to
    what it was (last first, wherever it lies)."""
    was = [x for items in before.values() for x in items]
    now = [x for items in zones.zones.values() for x in items]
    for named, stood in reversed(zones.swaps):
        if named in now:
            now[now.index(named)] = stood
    was_count, now_count = Counter(was), Counter(now)
    if was_count == now_count:
        return None

    def said(k: str) -> str:
        return f"an unseen card of {pile_of(k)}" if is_unseen(k) else k

    parts = []
    for what, diff in (("appeared from nowhere", now_count - was_count), ("vanished", was_count - now_count)):
        if diff:
            parts.append(f"{what}: " + ", ".join(f"{said(k)} x{n}" if n > 1 else said(k) for k, n in sorted(diff.items())))
    return "; ".join(parts)


def step(z: Zones, rng: random.Random) -> None:
    """One random thing a game does to its zones, now and then one that breaks conservation."""
    names = ["deck", "hand", "field", "discard", "other"]
    src, dst = rng.sample(names, 2)
    roll = rng.random()
    try:
        if roll < 0.35 and z[src]:
            z.put(z.take_top(src), dst, bottom=rng.random() < 0.2)
        elif roll < 0.6:
            z.move(rng.choice(CARDS), src, dst)  # names an unseen card when only unseen ones are there
        elif roll < 0.7:
            z.conceal(src, rng.choice(["pile:a", "pile:b"]))
        elif roll < 0.8 and z[src]:
            i, j = rng.randrange(len(z[src])), rng.randrange(len(z[src]))
            z[src][i], z[src][j] = z[src][j], z[src][i]  # reordered: nothing appears or vanishes
        elif roll < 0.85:
            z.put(rng.choice(CARDS), dst)  # forged
        elif roll < 0.9 and z[src]:
            z[src].pop(rng.randrange(len(z[src])))  # lost
        elif roll < 0.93 and z[src]:
            z[src][rng.randrange(len(z[src]))] = rng.choice(CARDS)  # swapped for another card
        elif roll < 0.96 and src in z and not z[src]:
            del z.zones[src]  # an empty zone gone: made again later, after the others (a new order)
    except IllegalAction:
        pass  # a card that is not there: the zones are unchanged


@pytest.mark.parametrize("copies", [1, 8])  # 8: zones long enough to be looked into (_SHORT_ZONE)
@pytest.mark.parametrize("seed", range(40))
def test_the_check_gives_the_verdict_of_counting_everything(seed: int, copies: int) -> None:
    rng = random.Random(seed)
    z = Zones()
    z.hide("deck", "pile:a", CARDS * copies)
    z.hide("other", "pile:b", CARDS[:3] * copies)
    for card in ["Oak"] + CARDS * (copies - 1) * 4:
        z.put(card, "field")
    before = z.snapshot()
    verdicts = Counter[bool]()
    for _ in range(300):
        for _ in range(rng.randint(1, 4)):
            step(z, rng)
        expected = counted_in_full(before.zones, z)
        got = conservation(before, z)
        assert got == expected
        verdicts[got is None] += 1
        if got is not None:  # start again from the table as it is (the replay stops there)
            before = z.snapshot()
        else:
            assert before.zones == z.zones  # brought up to date
    assert verdicts[True] and verdicts[False]  # both verdicts were reached


def test_a_card_named_in_a_zone_that_looks_unchanged_is_the_unseen_card_it_was() -> None:
    """A hand of unseen cards: one is named and played, then the field is shuffled back into the
    deck and an unseen card drawn again. The hand looks as it was; nothing appeared or vanished."""
    z = Zones()
    z.hide("deck", "pile:a", CARDS)
    z.put(z.take_top("deck"), "hand")
    before = z.snapshot()
    z.move("Yew", "hand", "field")
    z.put(z.take_top("field"), "deck")
    z.conceal("deck", "pile:a")
    z.put(z.take_top("deck"), "hand")
    assert (z["hand"], z["deck"]) == (before.zones["hand"], before.zones["deck"])  # the field is empty
    assert conservation(before, z) is None
    assert not z.swaps


def test_a_snapshot_is_its_own():
    z = Zones({"a": ["Oak"]})
    snap = z.snapshot()
    assert isinstance(snap, Snapshot) and snap.zones["a"] is not z.zones["a"]


def test_a_zone_dropped_while_another_is_made_is_counted():
    """As many zones as before, not the same ones: the dropped zone's card vanished (the check
    once compared only how many zones there were, and missed it)."""
    z = Zones({"hand": ["Oak"], "deck": ["Ash"]})
    before = z.snapshot()
    del z.zones["hand"]
    z["field"]  # made, empty
    assert conservation(before, z) == "vanished: Oak"

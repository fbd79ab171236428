"""The answer readers: how a choice written in an entry (``choose: {...}``, ``to:``, ``take:``)
is read (a Feeling, Feelings, a card, a player, a Vision, an order), and the questions that
ask for them (the Feelings taken, given back, received; a card of the hand)."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.effects import Frame, Request

from ..state import FEELINGS, SYSTEM, hand, stock
from .acts import cards_in
from .world import SWorld, names_text


def read_feeling(raw: Any) -> Any:
    return raw.strip().lower() if isinstance(raw, str) else raw


def read_feelings(w: "SWorld"):
    def read(raw: Any) -> tuple:
        if not isinstance(raw, list) or any(read_feeling(f) not in FEELINGS for f in raw):
            raise IllegalAction(w.rule, f"expected a list of Feelings, got {shown(raw)}")
        return tuple(sorted(read_feeling(f) for f in raw))
    return read


def read_card(w: "SWorld"):
    def read(raw: Any) -> Any:
        return w.state.data.resolve(raw) if isinstance(raw, str) else raw
    return read


def combos(items: list[str], n: int) -> list[tuple[str, ...]]:
    """The different choices of ``n`` of ``items`` (Feelings of a kind are alike)."""
    kinds = sorted(set(items))
    if len(kinds) == len(items):  # all different (a hand's cards): the same, without the set's work
        return list(itertools.combinations(kinds, n))
    if n == 1:  # one of alike ones: each kind the items hold (no count needed)
        return list(itertools.combinations(kinds, 1))
    # alike ones (the System's Feelings: 40 of 5 kinds): each multiset of ``n`` kinds that the
    # items hold, not each of the C(len(items), n) combinations sorted and deduplicated; over
    # sorted kinds, combinations_with_replacement gives them sorted, in sorted order
    have = Counter(items)
    few = [k for k in kinds if have[k] < n]  # the kinds a multiset could hold more of than there are
    if not few:  # (the System, mostly: every kind held n times over) every multiset, none to test
        return list(itertools.combinations_with_replacement(kinds, n))
    return [c for c in itertools.combinations_with_replacement(kinds, n)
            if all(c.count(k) <= have[k] for k in few)]


def read_player(w: SWorld):
    def read(raw: Any) -> str:
        if raw not in w.state.players:
            raise IllegalAction(w.rule, f"{shown(raw)} is not a player ({names_text(w.state.players)})")
        return raw
    return read


def read_vision(w: SWorld):
    def read(raw: Any) -> str:
        name = w.state.data.resolve(raw) if isinstance(raw, str) else None
        if name is None or name not in w.state.data.visions:
            raise IllegalAction(w.rule, f"{shown(raw)} is not a Vision")
        return name
    return read


def order_request(w: SWorld, frame: Frame, items: list[str], read_one, what: str, question: str) -> Request | None:
    """"Choose the order": every order of ``items`` (first first; None with fewer than two)."""
    if len(items) < 2:
        return None

    def read(raw: Any) -> tuple:
        if not isinstance(raw, list):
            raise IllegalAction(w.rule, f"expected {what} in order, got {shown(raw)}")
        return tuple(read_one(x) for x in raw)
    return Request("order", frame.controller, sorted(set(itertools.permutations(items))), question, read, list)


def feelings_request(w: "SWorld", name: str, chooser: str, pool: list[str], n: int, what: str) -> Request | None:
    """A choice of ``n`` Feelings of ``pool`` (all of it when it holds fewer): one Feeling is
    written as itself, several as a list; None when there is nothing to choose from."""
    options = combos(pool, min(n, len(pool)))
    if options == [()]:
        return None
    if n == 1:
        return Request(name, chooser, [o[0] for o in options], what, read_feeling)
    return Request(name, chooser, options, what, read_feelings(w), list)


def receive_question(w: "SWorld", tokens_: Any, p: str, chooser: str, name: str = "receive") -> Request | None:
    """The Feelings ``p`` receives "of your/their choice", among those the System has."""
    have = [f for f in w.state.zones[SYSTEM] if f in FEELINGS]
    n = tokens_.amount
    return feelings_request(w, name, chooser, have, n, f"the {n} Feeling{'s' if n > 1 else ''} {p} receives from "
                                                       f"the System")


def hand_question(w: "SWorld", p: str, chooser: str, name: str = "discard", what: str = "") -> Request | None:
    options = cards_in(w, hand(p))
    if not options:
        return None
    return Request(name, chooser, options, what or f"the card {p} discards from their hand", read_card(w))


def return_question(w: "SWorld", key: str, p: str) -> Request | None:
    """What ``p`` returns to the System, when it is theirs to choose."""
    s = w.state
    mine = [x for x in s.zones[stock(p)] if x in FEELINGS]
    if key == "despair or madness":
        options = sorted({x for x in mine if x in ("despair", "madness")})
        return Request("return", p, options, f"the Feeling {p} returns ({{despair}} or {{madness}})", read_feeling) \
            if options else None
    if key in ("1 of choice", "2 of choice", "half"):
        n = {"1 of choice": 1, "2 of choice": 2}.get(key, len(mine) // 2)
        what = f"the Feeling {p} returns to the System" if n == 1 else f"the {n} Feelings {p} returns to the System"
        return feelings_request(w, "return", p, mine, n, what)
    return None

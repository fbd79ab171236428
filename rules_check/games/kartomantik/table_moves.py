"""The legal set of a table state (issue 25): the moves a log written at the table may write next.

A table state (a deck given without its order, reading K39) has hands of unseen cards. The
recording page offers the moves the rules allow and asks to name a card when it is seen, so
where `rules.candidates` would name a card of a hand it names, on a table state, each card the
hand's unseen cards can still be, once (seen.py `options`, deduplicated), never an unseen item
and never a card seen elsewhere:

* a card played from the hand, and the cards paying its tribute (`hand_cards`, `tribute_cards`);
* the First Manifestations revealed (4.2.2 Revelation);
* the cards put at the bottom of the deck at the hand limit (4.2.4), in every order;
* a compulsory mulligan's hand shown to the opponent (4.2.1, reading K40): every hand of the
  hand's size without a manifestation (`shown_hands`), beside the mulligan whose hand is not shown;
* a choice an effect asks (a card of the hand to discard, to Chain, ...): each answer once.

A card drawn stays unseen: a draw names nothing. The table-only entries a scorekeeper writes are
offered where the rules need them (reading K41): an effect about to resolve that needs the face of
a deck's unseen top card offers, instead of the pass that resolves it, a `show` of that deck's top
cards naming the first unseen one as each card it can be (`shows`): one new card per `show`, the
cards above it repeated as seen. The end-of-game `show` (reading K42) is not a move: it follows the
end (`Engine.after_end`), and a game the page records ends at the last move.

A full-information state never comes here: its legal set is `rules.candidates`' as it always was.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Iterator

from rules_check.core.engine import Rules
from rules_check.core.errors import IllegalAction
from rules_check.core.zones import is_unseen, unseen_count

from .actions import Action, Choose, Mulligan, Pass, Reveal, Show
from .seen import options
from .state import KState, UnseenCard, zone

MAX_SHOWN_HANDS = 2000  # a guard: the starter decks give at most 330 hands of seven wills


def is_table(state: KState) -> bool:
    """A state with unseen cards to name: a log written at the table (reading K39)."""
    return bool(state.zones.unknown)


def hand_cards(state: KState, p: str) -> list[str]:
    """The cards ``p`` may play from the hand: each seen card and each card the unseen ones can
    be, once."""
    return list(dict.fromkeys(options(state, zone("hand", p))))


def tribute_cards(state: KState, p: str, exclude: str) -> list[str]:
    """The cards of the hand a tribute may name, as many copies of each as the hand can hold,
    ``exclude`` (the card played, and so its copies, as `tribute.payments` does) left out."""
    return sorted(it for it in options(state, zone("hand", p)) if it != exclude)


def reveal_cards(state: KState, p: str) -> list[str]:
    """The manifestations ``p``'s hand is or can be: the First Manifestations offered."""
    return list(dict.fromkeys(options(state, zone("hand", p), state.is_manifestation)))


def bottoms(state: KState, p: str, excess: int) -> Iterator[tuple[str, ...]]:
    """Every ordered choice of ``excess`` cards the hand can hold, each once."""
    return iter(dict.fromkeys(itertools.permutations(options(state, zone("hand", p)), excess)))


def mulligans(state: KState, p: str, compulsory: bool | None, voluntary: bool) -> Iterator[Mulligan]:
    """4.2.1 on a table state (reading K40): the mulligan whose hand is not shown, where one is
    allowed (``voluntary``, or a compulsory one some order allows: ``compulsory`` not False), and,
    where the hand may hold no manifestation, each hand without one shown."""
    if voluntary or compulsory is not False:
        yield Mulligan(p, None, True, None)
    if compulsory is not False:
        for hand in shown_hands(state, p):
            yield Mulligan(p, None, True, hand)


def shown_hands(state: KState, p: str) -> list[tuple[str, ...]]:
    """Every hand ``p``'s hand can be with no manifestation in it (a compulsory mulligan's hand,
    4.2.1), sorted: its seen cards and, for its unseen ones, each multiset of the wills they can
    be (`Zones.possible`, counted)."""
    items = state.hand(p)
    fixed = [it for it in items if not is_unseen(it)]
    if any(state.is_manifestation(it) for it in fixed):
        return []
    pool = state.zones.possible(zone("hand", p))
    wills = sorted((it, k) for it, k in pool.items() if k > 0 and not state.is_manifestation(it))
    out: list[tuple[str, ...]] = []

    def fill(i: int, left: int, chosen: list[str]) -> None:
        if len(out) >= MAX_SHOWN_HANDS:
            return
        if left == 0:
            out.append(tuple(sorted(fixed + chosen)))
            return
        if i == len(wills):
            return
        it, k = wills[i]
        for n in range(min(k, left), -1, -1):
            fill(i + 1, left - n, chosen + [it] * n)

    fill(0, unseen_count(items), [])
    return out


def choices(request_options: list) -> list:
    """A question's answers, each once (a hand's unseen cards list a card once per copy they can be)."""
    return list(dict.fromkeys(request_options))


def resolves_unseen(state: KState, action: Action, rules: Rules) -> UnseenCard | None:
    """The unseen card ``action`` (a pass or a choice that lets an effect resolve) needs the face
    of, or None (reading K41): ``rules`` checks and applies it on a copy."""
    trial = state.copy()
    try:
        rules.check(trial, action)
        rules.apply(trial, action)
    except UnseenCard as exc:
        return exc
    except IllegalAction:
        return None
    return None


def shows(state: KState, need: UnseenCard) -> list[Show]:
    """The `show` entries that name the card ``need`` is about (reading K41): the deck's top cards,
    top first, down to its first unseen card, that one named as each card it can be."""
    deck_zone = need.pile
    p = deck_zone.partition(":")[2]
    deck = state.zones.get(deck_zone)
    top: list[str] = []
    for it in reversed(deck):
        if is_unseen(it):
            break
        top.append(it)
    else:
        return []
    pool: Counter[str] = state.zones.unknown.get(need.pile, Counter())
    return [Show(((p, "deck", tuple(top + [it])),)) for it in sorted(+pool)]


def legal_set(state: KState, rules: Rules) -> list[Action]:
    """The legal set of a table state, each action once (``rules``: the game's candidates, check
    and apply). The First Manifestations revealed and the hands shown at a mulligan are built
    from what each hand can hold (hundreds of them): what `rules.check` asks of them beside their
    cards (the phase, the Stack, whether the player may or must take a mulligan) is the same for
    all, so one check answers for its kind."""
    out: list[Action] = []
    verdicts: dict[tuple, bool] = {}
    done: set[str] = set()
    for action in rules.candidates(state):
        key = repr(action)
        if key in done:
            continue
        done.add(key)
        kind = ("reveal",) if isinstance(action, Reveal) else \
            ("shown", action.player) if isinstance(action, Mulligan) and action.shown is not None else None
        if kind is None or kind not in verdicts:
            try:
                rules.check(state, action)
                ok = True
            except IllegalAction:
                ok = False
            if kind is not None:
                verdicts[kind] = ok
        else:
            ok = verdicts[kind]
        if ok:
            out.append(action)
    return with_shows(state, out, rules)


def with_shows(state: KState, legal: list[Action], rules: Rules) -> list[Action]:
    """``legal`` with every pass or choice whose effect needs an unseen card's face replaced by the
    `show` entries that name it (reading K41)."""
    out: list[Action] = []
    needs: dict[str, UnseenCard] = {}
    for action in legal:
        if isinstance(action, (Pass, Choose)):
            need = resolves_unseen(state, action, rules)
            if need is not None:
                needs.setdefault(need.pile, need)
                continue
        out.append(action)
    for need in needs.values():
        out += shows(state, need)
    return out

"""Tournament checks of a Kartomantik decklist (SPEC.md, "Decklists"; rulebook 4.1, 2.1).

Every check runs on every deck and all problems of a file are reported together, each with
its stable code. Errors make a deck illegal; warnings do not.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pnp.data.games.kartomantik import (DECK_SIZE, MAX_DECK_POINTS, MAX_SIDEBOARD, RECOMMENDED_WILLS,
                                        PoolCard)

from .decklist import Decklist, Entry
from .names import did_you_mean, normalise
from .pool import Pool

ERROR, WARNING = "error", "warning"


@dataclass(frozen=True)
class Problem:
    code: str
    kind: str  # "error" | "warning"
    message: str
    line: int | None = None
    card: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "line": self.line, "card": self.card}


@dataclass
class DeckReport:
    """The verdict on one decklist; prints as a table row or as SPEC.md's JSON object."""

    file: str
    player: str
    cards: int
    points: int
    fingerprint: str
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.errors

    def as_json(self) -> dict[str, Any]:
        return {"file": self.file, "player": self.player, "legal": self.legal, "cards": self.cards,
                "points": self.points, "fingerprint": self.fingerprint,
                "errors": [p.as_json() for p in self.errors],
                "warnings": [p.as_json() for p in self.warnings]}


def _times(n: int) -> str:
    return {2: "twice", 3: "three times"}.get(n, f"{n} times")


def _lines(entries: list[Entry]) -> str:
    lines = [e.line for e in entries if e.line is not None]
    if not lines:
        return ""
    if len(lines) == 1:
        return f"line {lines[0]}"
    return "lines " + ", ".join(str(n) for n in lines[:-1]) + f" and {lines[-1]}"


def _did_you_mean(name: str, pool_names: dict[str, str]) -> str:
    """The end of an unknown-card message: the closest pool names, unquoted as a decklist
    writes them (": did you mean Alpha 20 or Alpha 02?"), or that the pool has nothing near."""
    return did_you_mean(name, pool_names, frame=": did you mean {}?", quote=False) or "; it is not in the card pool"


def fingerprint(deck: Decklist) -> str:
    """A short hash of the sorted, normalised names, sideboard marked: the same list however
    it is written (order, case, spacing, quotes, counts or repeated lines)."""
    main = sorted(normalise(e.name) for e in deck.deck for _ in range(e.count))
    side = sorted(normalise(e.name) for e in deck.sideboard for _ in range(e.count))
    canonical = "\n".join(main) + "\n--sideboard--\n" + "\n".join(side)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def _grouped(entries: list[Entry]) -> dict[str, list[Entry]]:
    groups: dict[str, list[Entry]] = {}
    for e in entries:
        groups.setdefault(normalise(e.name), []).append(e)
    return groups


def _can_pay(tribute_temperament: str, payer: PoolCard) -> bool:
    """Rulebook 2.1: a tribute is paid by manifestations of its temperament; a Hollow tribute
    by any manifestation; a Transcendent manifestation pays any tribute; a Hollow
    manifestation pays only Hollow tributes."""
    if tribute_temperament == "hollow":
        return True
    return payer.temperament == tribute_temperament or payer.temperament == "transcendent"


def check_deck(deck: Decklist, pool: Pool, registered: Decklist | None = None) -> DeckReport:
    """Every check of SPEC.md's table on ``deck`` (and against ``registered`` if given)."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    for line, text, why in deck.unreadable:
        errors.append(Problem("unreadable-line", ERROR, f"line {line} not understood: {text!r}: {why}", line))

    groups = _grouped(deck.deck)
    known: list[tuple[PoolCard, list[Entry]]] = []
    suggestions = pool.printed_names()
    for entries in groups.values():
        card = pool.get(entries[0].name)
        if card is None:
            for e in entries:
                hint = _did_you_mean(e.name, suggestions)
                errors.append(Problem("unknown-card", ERROR, f"unknown card {e.name!r} ({_lines([e])}){hint}",
                                      e.line, e.name))
            continue
        known.append((card, entries))
        copies = sum(e.count for e in entries)
        if copies > 1:
            errors.append(Problem(
                "duplicate", ERROR,
                f"{card.name} appears {_times(copies)} ({_lines(entries)}); a deck holds at most one copy "
                f"of each card (rulebook 4.1)", entries[0].line, card.name))

    cards = deck.deck_size
    if cards != DECK_SIZE:
        errors.append(Problem("deck-size", ERROR,
                              f"the deck has {cards} cards; a deck has exactly {DECK_SIZE} (rulebook 4.1)"))

    costs = [(card.points or 0, card.name) for card, entries in known if card.type == "manifestation"
             for e in entries for _ in range(e.count)]
    points = sum(p for p, _ in costs)
    if points > MAX_DECK_POINTS:
        top = sorted(costs, key=lambda pc: (-pc[0], pc[1]))[:5]
        listed = ", ".join(f"{name} ({p})" for p, name in top)
        errors.append(Problem("points", ERROR,
                              f"points {points} > {MAX_DECK_POINTS}: the five costliest are {listed} "
                              f"(rulebook 4.1: wills count 0)"))

    side = deck.sideboard_size
    if side > MAX_SIDEBOARD:
        errors.append(Problem("sideboard-size", ERROR,
                              f"the sideboard has {side} cards; at most {MAX_SIDEBOARD} (rulebook 4.1)",
                              deck.sideboard[MAX_SIDEBOARD].line if len(deck.sideboard) > MAX_SIDEBOARD else None))
    for e in deck.sideboard:
        if pool.get(e.name) is None:
            hint = _did_you_mean(e.name, suggestions)
            errors.append(Problem("unknown-card", ERROR,
                                  f"unknown card {e.name!r} in the sideboard ({_lines([e])}){hint}", e.line, e.name))

    if registered is not None:
        errors.extend(_registration(deck, registered, pool))

    # warnings
    manifestations = [(c, es) for c, es in known if c.type == "manifestation"]
    wills = sum(sum(e.count for e in es) for c, es in known if c.type == "will")
    low, high = RECOMMENDED_WILLS
    if not (low <= wills <= high):
        warnings.append(Problem("will-count", WARNING,
                                f"the deck has {wills} wills; {low} to {high} are recommended (rulebook 4.1)"))
    if not manifestations:
        warnings.append(Problem("no-manifestation", WARNING,
                                "the deck has no manifestation: it can never play a First Manifestation "
                                "(rulebook 4.2.1)"))
    for card, entries in known:
        if card.type != "will" or card.tribute is None:
            continue
        t, amount = card.tribute.temperament, card.tribute.amount
        payers = [(c, es) for c, es in manifestations if _can_pay(t, c)]
        power = sum((c.power or 0) * sum(e.count for e in es) for c, es in payers)
        if power < amount:
            if not payers:
                why = (f"no manifestation of the deck can pay a {t} tribute"
                       + ("" if t == "hollow" else f" (only {t} or transcendent ones can)"))
            else:
                why = (f"the manifestations that can pay it have {power} base power together, "
                       f"less than {amount}")
            warnings.append(Problem("tribute-unpayable", WARNING,
                                    f"{card.name}'s tribute ({t} {amount}) can never be paid: {why} (rulebook 2.1)",
                                    entries[0].line, card.name))

    side_groups = _grouped(deck.sideboard)
    for key, entries in side_groups.items():
        name = (pool.get(entries[0].name) or entries[0]).name
        if key in groups:
            warnings.append(Problem("sideboard-duplicate", WARNING,
                                    f"{name} is in both the deck ({_lines(groups[key])}) and the sideboard "
                                    f"({_lines(entries)})", entries[0].line, name))
        copies = sum(e.count for e in entries)
        if copies > 1:
            warnings.append(Problem("sideboard-duplicate", WARNING,
                                    f"{name} is {_times(copies)} in the sideboard ({_lines(entries)})",
                                    entries[0].line, name))

    return DeckReport(deck.file, deck.player, cards, points, fingerprint(deck), errors, warnings)


def _registration(deck: Decklist, reg: Decklist, pool: Pool) -> list[Problem]:
    """SPEC.md ``not-in-registration``: the deck must be the registered deck with some cards
    swapped one for one for cards of the registered sideboard (rulebook 4.1, Bo3); a
    sideboard given with the deck must be the registered one with the same swaps undone."""

    def counts(entries: list[Entry]) -> Counter[str]:
        c: Counter[str] = Counter()
        for e in entries:
            c[normalise(e.name)] += e.count
        return c

    def printed(key: str) -> str:
        card = pool.get(key)
        return card.name if card else key

    def names(c: Counter[str]) -> str:
        return ", ".join(f"{printed(k)}" + (f" x{n}" if n > 1 else "") for k, n in sorted(c.items()))

    d, s, rd, rs = counts(deck.deck), counts(deck.sideboard), counts(reg.deck), counts(reg.sideboard)
    added, removed = d - rd, rd - d
    problems: list[Problem] = []
    where = f"the registered list {reg.file}"
    not_from_side = added - rs
    if not_from_side:
        problems.append(Problem("not-in-registration", ERROR,
                                f"{names(not_from_side)}: in the deck but neither in {where} nor in its sideboard"))
    n_in, n_out = sum(added.values()), sum(removed.values())
    if n_in != n_out:
        problems.append(Problem("not-in-registration", ERROR,
                                f"{n_in} card{'s' * (n_in != 1)} came in ({names(added) or 'none'}) but "
                                f"{n_out} went out ({names(removed) or 'none'}): swaps are one for one"))
    if deck.sideboard:
        expected = (rs - added) + removed
        if s != expected:
            problems.append(Problem("not-in-registration", ERROR,
                                    f"the sideboard should be {names(expected) or 'empty'} after these swaps, "
                                    f"got {names(s) or 'nothing'}"))
    return problems

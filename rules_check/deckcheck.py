"""Tournament checks of a Kartomantik decklist (docs/decklists.md; Kartomantik 4.1, 2.1).

Every check runs on every deck and all problems of a file are reported together, each with
its stable code. Errors make a deck illegal; warnings do not. Warnings of one kind are given
once per list (an all-wills deck gets one ``tribute-unpayable`` naming every will, not 22).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple
from pnp.games.kartomantik.models import (DECK_SIZE, MAX_DECK_POINTS, MAX_SIDEBOARD, RECOMMENDED_WILLS,
                                        PoolCard)
from pnp.data.errors import shown

from .decklist import Decklist, Entry, Header
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


@dataclass(frozen=True)
class Swap:
    """One card of the registered deck taken out and one of its sideboard put in. The rules
    ask only that as many come in as go out, so the pairs are made in name order; a side is
    None when more cards came in than went out, or the other way round."""

    out: str | None
    into: str | None


@dataclass
class DeckReport:
    """The verdict on one decklist (deckreport.py prints it as a table row or JSON).

    ``registration_errors`` are problems of the registered list itself (their lines are its
    lines); like ``errors`` they make the deck illegal, since it cannot be checked against a
    list that was not read whole."""

    file: str
    player: str | None
    cards: int
    points: int
    fingerprint: str
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    registered: str | None = None
    registration_errors: list[Problem] = field(default_factory=list)
    swaps: list[Swap] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.errors and not self.registration_errors


def _times(n: int) -> str:
    return {2: "twice", 3: "three times"}.get(n, f"{n} times")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


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
    """Every check of the table in docs/decklists.md ("The checks") on ``deck`` (and against ``registered`` if given)."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    for line, text, why in deck.unreadable:
        errors.append(Problem("unreadable-line", ERROR, f"line {line} not understood: {shown(text)}: {why}", line))

    groups = _grouped(deck.deck)
    known: list[tuple[PoolCard, list[Entry]]] = []
    suggestions = pool.printed_names()
    for entries in groups.values():
        card = pool.get(entries[0].name)
        if card is None:
            for e in entries:
                hint = _did_you_mean(e.name, suggestions)
                errors.append(Problem("unknown-card", ERROR, f"unknown card {shown(e.name)} ({_lines([e])}){hint}",
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
                              f"the deck has {_count(cards, 'card')}; a deck has exactly {DECK_SIZE} (rulebook 4.1)"))

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
                                  f"unknown card {shown(e.name)} in the sideboard ({_lines([e])}){hint}", e.line, e.name))

    if registered is not None:
        errors.extend(_registration(deck, registered, pool))

    # warnings
    manifestations = [(c, es) for c, es in known if c.type == "manifestation"]
    wills = sum(sum(e.count for e in es) for c, es in known if c.type == "will")
    low, high = RECOMMENDED_WILLS
    if not (low <= wills <= high):
        warnings.append(Problem("will-count", WARNING,
                                f"the deck has {_count(wills, 'will')}; {low} to {high} are recommended "
                                "(rulebook 4.1)"))
    if not manifestations:
        warnings.append(Problem("no-manifestation", WARNING,
                                "the deck has no manifestation: it can never play a First Manifestation "
                                "(rulebook 4.2.1)"))
    unpayable: list[_Unpayable] = []
    payable: dict[str, tuple[int, bool]] = {}  # a tribute's temperament -> (power that pays it, any payer)
    for card, entries in known:
        if card.type != "will" or card.tribute is None:
            continue
        temperament = card.tribute.temperament
        if temperament not in payable:  # worked out once per temperament, not once per will
            payers = [(c, es) for c, es in manifestations if _can_pay(temperament, c)]
            payable[temperament] = (sum((c.power or 0) * sum(e.count for e in es) for c, es in payers), bool(payers))
        power, any_payer = payable[temperament]
        if power < card.tribute.amount:
            unpayable.append(_Unpayable(card, entries[0].line, power, any_payer))
    if unpayable:
        warnings.append(_tribute_warning(unpayable, bool(manifestations)))

    doubled: list[Problem] = []
    side_groups = _grouped(deck.sideboard)
    for key, entries in side_groups.items():
        name = (pool.get(entries[0].name) or entries[0]).name
        if key in groups:
            doubled.append(Problem("sideboard-duplicate", WARNING,
                                   f"{name} is in both the deck ({_lines(groups[key])}) and the sideboard "
                                   f"({_lines(entries)})", entries[0].line, name))
        copies = sum(e.count for e in entries)
        if copies > 1:
            doubled.append(Problem("sideboard-duplicate", WARNING,
                                   f"{name} is {_times(copies)} in the sideboard ({_lines(entries)})",
                                   entries[0].line, name))
    if doubled:
        warnings.append(_grouped_warning(doubled, "sideboard cards doubled"))
    miscounted = [_header_warning(h) for h in deck.headers if h.stated != h.listed]
    if miscounted:
        warnings.append(_grouped_warning(miscounted, "headers whose count is not the cards under them"))

    report = DeckReport(deck.file, deck.player, cards, points, fingerprint(deck), errors, warnings)
    if registered is not None:
        report.registered = registered.file
        report.registration_errors = registration_problems(registered, pool)
        report.swaps = swaps(deck, registered, pool)
    return report


class _Unpayable(NamedTuple):
    """A will whose tribute the deck can never pay: the power its payers have together."""

    card: PoolCard
    line: int | None
    power: int
    payers: bool


def registration_problems(reg: Decklist, pool: Pool) -> list[Problem]:
    """The errors of a registered list itself, with its lines: a line not understood and a
    card not in the pool are never silently left out of the list a deck is compared with."""
    problems = [Problem("unreadable-line", ERROR, f"registered list, line {line} not understood: {shown(text)}: {why}",
                        line) for line, text, why in reg.unreadable]
    suggestions = pool.printed_names()
    for where, entries in (("", reg.deck), (" sideboard", reg.sideboard)):
        for e in entries:
            if pool.get(e.name) is None:
                problems.append(Problem("unknown-card", ERROR, f"registered list{where}: unknown card {shown(e.name)} "
                                        f"({_lines([e])}){_did_you_mean(e.name, suggestions)}", e.line, e.name))
    return problems


def _tribute_warning(unpayable: list[_Unpayable], any_manifestation: bool) -> Problem:
    """One ``tribute-unpayable`` warning for every will of the list whose tribute can never be
    paid: the reason for one will, the wills grouped by the temperament that would pay them
    for several."""

    def tribute(card: PoolCard) -> str:
        assert card.tribute is not None
        return f"{card.tribute.temperament} {card.tribute.amount}"

    def no_payer(t: str) -> str:
        return f"no manifestation of the deck can pay a {t} tribute" + (
            "" if t == "hollow" else f" (only {t} or transcendent ones can)")

    if len(unpayable) == 1:
        u = unpayable[0]
        assert u.card.tribute is not None
        t, amount = u.card.tribute.temperament, u.card.tribute.amount
        why = (no_payer(t) if not u.payers else
               f"the manifestations that can pay it have {u.power} base power together, less than {amount}")
        return Problem("tribute-unpayable", WARNING,
                       f"{u.card.name}'s tribute ({tribute(u.card)}) can never be paid: {why} (rulebook 2.1)",
                       u.line, u.card.name)
    head = f"{len(unpayable)} wills' tributes can never be paid"
    if not any_manifestation:
        listed = ", ".join(f"{u.card.name} ({tribute(u.card)})" for u in unpayable)
        message = f"{head} since the deck has no manifestation: {listed} (rulebook 2.1)"
    else:
        by_temperament: dict[str, list[_Unpayable]] = {}
        for u in unpayable:
            assert u.card.tribute is not None
            by_temperament.setdefault(u.card.tribute.temperament, []).append(u)
        parts = []
        for t, group in by_temperament.items():
            why = (no_payer(t) if not group[0].payers else
                   f"the manifestations that can pay a {t} tribute have {group[0].power} base power together")
            listed = ", ".join(f"{u.card.name} ({u.card.tribute.amount})" for u in group if u.card.tribute)
            parts.append(f"{why}: {listed}")
        message = f"{head}: " + "; ".join(parts) + " (rulebook 2.1)"
    lines = [u.line for u in unpayable if u.line is not None]
    return Problem("tribute-unpayable", WARNING, message, min(lines) if lines else None)


def _grouped_warning(problems: list[Problem], what: str) -> Problem:
    """Several warnings of one code as one: ``2 sideboard cards doubled: A ...; B ...``."""
    if len(problems) == 1:
        return problems[0]
    lines = [p.line for p in problems if p.line is not None]
    return Problem(problems[0].code, WARNING, f"{len(problems)} {what}: " + "; ".join(p.message for p in problems),
                   min(lines) if lines else None)


def _header_warning(h: Header) -> Problem:
    listed = f"{h.listed} card{'s' * (h.listed != 1)} {'is' if h.listed == 1 else 'are'}"
    return Problem("header-count", WARNING,
                   f"the header {shown(h.title)} (line {h.line}) says {h.stated}, but {listed} listed under it", h.line)


def _counts(entries: list[Entry]) -> Counter[str]:
    c: Counter[str] = Counter()
    for e in entries:
        c[normalise(e.name)] += e.count
    return c


def swaps(deck: Decklist, reg: Decklist, pool: Pool) -> list[Swap]:
    """The cards of the registered deck taken out and the cards put in, paired in name order
    (printed names where the pool knows them)."""

    def printed(key: str, entries: list[Entry]) -> str:
        card = pool.get(key)
        if card is not None:
            return card.name
        return next((e.name for e in entries if normalise(e.name) == key), key)

    d, rd = _counts(deck.deck), _counts(reg.deck)
    out = sorted(printed(k, reg.deck) for k, n in (rd - d).items() for _ in range(n))
    into = sorted(printed(k, deck.deck) for k, n in (d - rd).items() for _ in range(n))
    return [Swap(out[i] if i < len(out) else None, into[i] if i < len(into) else None)
            for i in range(max(len(out), len(into)))]


def _registration(deck: Decklist, reg: Decklist, pool: Pool) -> list[Problem]:
    """docs/decklists.md ``not-in-registration``: the deck must be the registered deck with some cards
    swapped one for one for cards of the registered sideboard (rulebook 4.1, Bo3); a
    sideboard given with the deck must be the registered one with the same swaps undone."""

    def printed(key: str) -> str:
        card = pool.get(key)
        return card.name if card else key

    def names(c: Counter[str]) -> str:
        return ", ".join(f"{printed(k)}" + (f" x{n}" if n > 1 else "") for k, n in sorted(c.items()))

    d, s, rd, rs = _counts(deck.deck), _counts(deck.sideboard), _counts(reg.deck), _counts(reg.sideboard)
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

"""Phrases: the nouns of the effect language, read in the game's own words.

A phrase is written as the card prints it (``manifestation on the field with power 4 or
less``); a `Grammar` of a game reads it, case-insensitively and ignoring repeated spaces, into
a `Phrase` that keeps the words (the printer prints them as written) and adds their meaning
(the engines read that). A phrase no rule of the grammar reads is an error that lists what
the grammar does read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
WORDS_OF = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


class PhraseError(ValueError):
    """Words no rule of a grammar reads."""


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest known names, or nothing (one helper for every
    message that names an unknown word, card or key)."""
    from pnp.data import names

    return names.did_you_mean(name, [str(k) for k in known], n=2)


@dataclass(frozen=True)
class Phrase:
    """Words as written, and what they mean (subclasses add the meaning's fields)."""

    words: str

    @property
    def refers_to_target(self) -> bool:
        return False

    def __str__(self) -> str:
        return self.words


@dataclass(frozen=True)
class Word(Phrase):
    """A phrase that is one fixed meaning of a closed list (a trigger, a condition, a zone)."""

    key: str = ""


def number(raw: str) -> int:
    raw = raw.lower()
    return NUMBER_WORDS[raw] if raw in NUMBER_WORDS else int(raw)


def count_words(n: int, noun: str, style: str = "words") -> str:
    """``a card``, ``two cards`` (words) or ``1 card``, ``2 cards`` (digits)."""
    if style == "digits":
        return f"{n} {noun}{'' if n == 1 else 's'}"
    return f"{WORDS_OF.get(n, str(n))} {noun}{'' if n == 1 else 's'}"


Rule = tuple[str, Callable[[re.Match, str], Phrase]]


class Grammar:
    """An ordered list of rules, each a regular expression (matched whole, case-insensitively)
    and a builder of the phrase it reads. ``examples`` are shown when nothing matches."""

    def __init__(self, what: str, rules: list[Rule], examples: Iterable[str]) -> None:
        self.what = what
        self.rules = [(re.compile(pattern, re.I), build) for pattern, build in rules]
        self.examples = list(examples)

    def __call__(self, words: Any, path: tuple = ()) -> Phrase:
        if not isinstance(words, str) or not words.strip():
            raise PhraseError(f"expected {self.what} (words), got {words!r}")
        words = " ".join(words.split())
        for pattern, build in self.rules:
            m = pattern.fullmatch(words)
            if m:
                return build(m, words)
        shown = "; ".join(repr(e) for e in self.examples[:6])
        raise PhraseError(f"cannot read {words!r} as {self.what}{did_you_mean(words, self.examples)} "
                          f"(for example: {shown})")


def closed(what: str, meanings: dict[str, str]) -> Grammar:
    """A grammar of fixed phrases: ``meanings`` maps each accepted phrase to its key."""
    rules: list[Rule] = []
    for words, key in meanings.items():
        rules.append((re.escape(words).replace(r"\ ", r"\s+"), lambda m, w, key=key: Word(w, key)))
    return Grammar(what, rules, meanings)


def integer(low: int, high: int, signed: bool = False) -> Callable[[Any, tuple], int]:
    """A whole number from ``low`` to ``high`` (``+2``/``-1`` accepted when ``signed``)."""
    def parse(raw: Any, path: tuple = ()) -> int:
        value = raw
        if isinstance(raw, str) and signed and re.fullmatch(r"[+-]\d{1,3}", raw.strip()):
            value = int(raw.strip())
        if isinstance(value, bool) or not isinstance(value, int):
            raise PhraseError(f"expected a whole number from {low} to {high}, got {raw!r}")
        if not low <= value <= high:
            raise PhraseError(f"expected a whole number from {low} to {high}, got {value}")
        return value
    return parse


def flag(raw: Any, path: tuple = ()) -> bool:
    if raw is not True:
        raise PhraseError(f"expected true, got {raw!r}")
    return True


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)

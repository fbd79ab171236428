"""A written outcome against the computed one (docs/logs/README.md, "Card effects"): "the log records the
choices players made, the engine computes the outcome, and an outcome the log also writes must
match it."

Outcomes are plain operations (`rules_check.core.ops.Op`, and a game's own such as a relics
flip): compared as a whole, in any order, with the counters' changes added up per counter.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable


def _key(op: Any) -> tuple[Any, ...]:
    kind = getattr(op, "kind", None)
    if kind == "move":
        return ("move", op.item, op.src, op.dst, bool(op.bottom))
    if kind == "add":
        return ("add", op.counter)
    return (type(op).__name__, repr(op))


def _summary(ops: Iterable[Any]) -> tuple[Counter[tuple[Any, ...]], dict[str, int]]:
    moves: Counter[tuple[Any, ...]] = Counter()
    counters: dict[str, int] = {}
    for op in ops:
        if getattr(op, "kind", None) == "add":
            counters[op.counter] = counters.get(op.counter, 0) + op.amount
        else:
            moves[_key(op)] += 1
    return moves, {k: v for k, v in counters.items() if v}


def describe(ops: Iterable[Any]) -> str:
    """Operations in words: ``moved X from hand:Ana to limbo:Ana; added -1 turn.Ben/Gar``."""
    parts = [op.describe() for op in ops]
    return "; ".join(parts) if parts else "nothing"


def mismatch(written: Iterable[Any], computed: Iterable[Any]) -> bool:
    """True when the written operations are not what the script did."""
    return _summary(written) != _summary(computed)

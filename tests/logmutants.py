"""Altered logs for the engines' mutation tests: is each changed entry caught?"""

from __future__ import annotations

import random
from typing import Any, Iterator


def mutants(entries: list[Any], rng: random.Random) -> Iterator[list[Any]]:
    """For each entry: the log with it written twice, and (where the log has another entry)
    with it replaced by another entry of the same game."""
    for i, entry in enumerate(entries):
        yield entries[:i + 1] + [entry] + entries[i + 1:]
        others = [e for e in entries if e != entry]
        if others:
            yield entries[:i] + [rng.choice(others)] + entries[i + 1:]

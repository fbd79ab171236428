"""Altered logs for the engines' mutation tests: is each changed entry caught?"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Iterator


def mutants(entries: list[Any], rng: random.Random) -> Iterator[list[Any]]:
    """For each entry: the log with it written twice, and (where the log has another entry)
    with it replaced by another entry of the same game."""
    for i, entry in enumerate(entries):
        yield entries[:i + 1] + [entry] + entries[i + 1:]
        others = [e for e in entries if e != entry]
        if others:
            yield entries[:i] + [rng.choice(others)] + entries[i + 1:]


def caught(logs: Iterable[dict[str, Any]], judge: Callable[[dict[str, Any]], Any], rng: random.Random) -> tuple[int, int]:
    """(caught, tried) over every mutant of ``logs``: a mutant is caught when ``judge`` (the log,
    as data, to its report) finds it not legal."""
    tried = found = 0
    for log in logs:
        for mutant in mutants(log["log"], rng):
            tried += 1
            found += not judge({**log, "log": mutant}).legal
    return found, tried

"""Logs from the two sides of a dispute: every example log, mutated at random (values of the
wrong type, keys removed or added, entries replaced), must end in a verdict or a message,
never in an exception of the checker."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
import yaml

from rules_check.core.adjudicate import INTERNAL, UnusableLog, check_logs
from rules_check.engines import engines

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples" / "logs").glob("*.yaml"))
JUNK = [None, 0, -1, 7, 3.5, True, "", "x", "Ana", [], [1, 2], {}, {"a": 1}, "Time in the Burning Desert",
        {"player": "Ana"}, [{"move": "x", "from": "hand", "to": "deck"}]]


def mutate(obj, rng: random.Random) -> None:
    if isinstance(obj, dict) and obj:
        key = rng.choice(list(obj))
        r = rng.random()
        if r < 0.3:
            obj[key] = rng.choice(JUNK)
        elif r < 0.45:
            del obj[key]
        elif r < 0.55:
            obj[rng.choice(["zzz", "player", "ops", "card"])] = rng.choice(JUNK)
        else:
            mutate(obj[key], rng)
    elif isinstance(obj, list) and obj:
        i = rng.randrange(len(obj))
        r = rng.random()
        if r < 0.35:
            obj[i] = rng.choice(JUNK)
        elif r < 0.5:
            del obj[i]
        else:
            mutate(obj[i], rng)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_mutated_logs_never_crash_the_checker(tmp_path, example):
    base = yaml.safe_load(example.read_text())
    rng = random.Random(example.name)
    paths = []
    for k in range(30):
        data = copy.deepcopy(base)
        for _ in range(rng.randint(1, 3)):
            mutate(data, rng)
        p = tmp_path / f"m{k}.yaml"
        p.write_text(yaml.safe_dump(data, sort_keys=False))
        paths.append(p)
    for result in check_logs(paths, engines()):
        assert not (isinstance(result, UnusableLog) and INTERNAL in result.reason), result.reason

"""Card files and layouts from strangers: the bundled files of a game and its layout, mutated
by a grammar-aware mutator (values, types, keys and structure: numbers to extremes, texts to
huge ones, lists to scalars, keys deleted and duplicated, elements changed into others, nesting
past any depth), must each build or be refused with a message: exit 0, 1 or 2, never a
traceback, each answered within 10 s.

Seeded, so a failure is reproducible: its message names the seed, the mutant and what was
changed. ``PNP_FUZZ_MUTANTS`` (mutants per game, default 75), ``PNP_FUZZ_SEED`` and
``PNP_FUZZ_GAMES`` (default: all four games) run more.
"""

from __future__ import annotations

import copy
import os
import random
import re
import signal
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from pnp.cli import app
from pnp.data.paths import bundled

runner = CliRunner()
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

MUTANTS = int(os.environ.get("PNP_FUZZ_MUTANTS", "75"))
SEED = int(os.environ.get("PNP_FUZZ_SEED", "15"))
# the games whose card files and layout file (layouts/GAME.yaml) are mutated
GAMES = os.environ.get("PNP_FUZZ_GAMES", "kartomantik,so-long-my-world,relics,visions").split(",")
SECONDS = 10

NUMBERS = [float("nan"), float("inf"), float("-inf"), 1e300, -1e308, 10 ** 100, -(10 ** 100), 0, -1, 0.0001,
           1e-300, 101, 1001, 2 ** 31, 10 ** 6 + 1, 4000, -4000, 2.5, True]
TEXTS = ["", " ", "x" * 5001, "y " * 40000, "{:d}", "{", "}{", "{}{}", "{:>999999999}", "{hope}" * 300, "%s",
         "**_", "\u202e\u0000", "../../etc/passwd", "/dev/zero", "#zzzzzz", "cmyk(999, 0, 0, 0)", "1e300", "nan",
         "poker", "kartomantik.dominance", "Ω" * 3000, "\n" * 2000]
KEYS = ["type", "box", "size", "field", "format", "repeat", "max", "count", "extends", "elements", "abstract",
        "layout", "back", "items", "name", "image", "text", "zzz", "min_size", "columns", "dash", "node", "marks",
        "<<", "components", "templates", "symbols", "fonts"]
ELEMENT_TYPES = ["rect", "line", "text", "icons", "rows", "symbol", "art", "track", "tracker", "slot", "dial",
                 "wheel", "nope"]


def deep(depth: int) -> Any:
    value: Any = 1
    for i in range(depth):
        value = [value] if i % 2 else {"a": value}
    return value


class Mutator:
    """Changes parsed YAML in place, one grammar-aware step at a time; ``log`` says what."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.log: list[str] = []

    def junk(self, like: Any) -> Any:
        """A value to put where ``like`` was: of its kind, at an extreme, or of another kind."""
        r = self.rng.random()
        if isinstance(like, (int, float)) and not isinstance(like, bool) and r < 0.35:  # near a valid one
            return type(like)(like * self.rng.choice([0, -1, 0.5, 2, 10, 100]))
        if isinstance(like, (int, float)) and not isinstance(like, bool) and r < 0.75:
            return self.rng.choice(NUMBERS)
        if isinstance(like, str) and r < 0.6:
            return self.rng.choice(TEXTS)
        if isinstance(like, list) and like and r < 0.5:  # a list to a scalar
            return like[0]
        if isinstance(like, dict) and r < 0.4:  # a mapping to a list of its values
            return list(like.values())
        return self.rng.choice([None, [], {}, [like, like], {"a": like}, self.rng.choice(NUMBERS),
                                self.rng.choice(TEXTS), deep(self.rng.choice([3, 3, 40, 80])),
                                [like] * 3000 if not isinstance(like, (dict, list)) else [like, like]])

    def mutate(self, node: Any, path: str = "", depth: int = 0) -> Any:
        """Mutate one place below ``node`` (chosen by a random walk, which seldom stops near
        the top: most mutants get past the file's form to the cards and the drawing); returns
        the new node."""
        rng = self.rng
        go_deeper = rng.random() < (0.97 if depth < 3 else 0.8)
        if isinstance(node, dict) and node:
            inner = [k for k, v in node.items() if isinstance(v, (dict, list)) and v]
            key = rng.choice(inner if go_deeper and inner else list(node))
            child = node[key]
            if go_deeper and isinstance(child, (dict, list)) and child:
                node[key] = self.mutate(child, f"{path}.{key}", depth + 1)
                return node
            r = rng.random()
            if r < 0.45:
                node[key] = self.junk(child)
                self.log.append(f"{path}.{key} = {short(node[key])}")
            elif r < 0.6:
                del node[key]
                self.log.append(f"del {path}.{key}")
            elif r < 0.7 and key == "type":
                node[key] = rng.choice(ELEMENT_TYPES)
                self.log.append(f"{path}.type = {node[key]}")
            elif r < 0.8:
                new = rng.choice(KEYS)
                node[new] = node.pop(key) if rng.random() < 0.5 else self.junk(child)
                self.log.append(f"{path}: {key} -> {new} = {short(node[new])}")
            elif r < 0.9:  # another entry's value under this key
                other = rng.choice(list(node))
                node[key] = copy.deepcopy(node[other])
                self.log.append(f"{path}.{key} = {path}.{other}")
            else:
                node[key] = deep(rng.choice([5, 30, 70]))
                self.log.append(f"{path}.{key} = nested")
            return node
        if isinstance(node, list) and node:
            inner = [i for i, v in enumerate(node) if isinstance(v, (dict, list)) and v]
            i = rng.choice(inner) if go_deeper and inner else rng.randrange(len(node))
            if go_deeper and isinstance(node[i], (dict, list)) and node[i]:
                node[i] = self.mutate(node[i], f"{path}[{i}]", depth + 1)
                return node
            r = rng.random()
            if r < 0.5:
                node[i] = self.junk(node[i])
                self.log.append(f"{path}[{i}] = {short(node[i])}")
            elif r < 0.7:
                del node[i]
                self.log.append(f"del {path}[{i}]")
            elif r < 0.85:
                node.insert(i, copy.deepcopy(node[i]))
                self.log.append(f"{path}[{i}] twice")
            else:
                node.extend([copy.deepcopy(node[i])] * rng.choice([50, 500]))
                self.log.append(f"{path}[{i}] repeated")
            return node
        new = self.junk(node)
        self.log.append(f"{path} = {short(new)}")
        return new


def short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 60 else f"{text[:50]}... ({len(text)} characters)"


def dump(data: Any) -> str:
    try:
        return yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=120)
    except (yaml.YAMLError, RecursionError):  # a value the dumper refuses (nesting too deep for it)
        return yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=120, default_flow_style=True)


def text_mutation(text: str, rng: random.Random, log: list[str]) -> str:
    """Mutations of the YAML text itself: a duplicated key, a line cut short."""
    lines = text.splitlines()
    keyed = [i for i, line in enumerate(lines) if re.match(r"\s*(- )?[A-Za-z_][\w -]*:", line)]
    if not keyed:
        return text
    i = rng.choice(keyed)
    if rng.random() < 0.7:  # the same key again, in the same mapping
        line = lines[i]
        indent = len(line) - len(line.lstrip(" -"))
        lines.insert(i + 1, " " * indent + line.lstrip(" -"))
        log.append(f"line {i + 1} twice")
    else:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        log.append(f"line {i + 1} cut")
    return "\n".join(lines) + "\n"


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang(f"no answer within {SECONDS} s")


RAW = re.compile(r"Traceback|\b(ValueError|TypeError|KeyError|AttributeError|IndexError|OverflowError|RecursionError|"
                 r"ZeroDivisionError|UnicodeError|AssertionError|NameError)\b|cannot convert float|Unknown format code|"
                 r"object has no attribute|unsupported operand|not subscriptable|is not iterable")


def build_mutant(tmp: Path, files: dict[Path, str]) -> tuple[Any, float]:
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, SECONDS)
    started = time.perf_counter()
    try:
        r = runner.invoke(app, ["build", *files_game(tmp), "--cards", str(tmp / "cards"), "--layouts",
                                str(tmp / "layouts"), "--out", str(tmp / "out")])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return r, time.perf_counter() - started


def files_game(tmp: Path) -> list[str]:
    return [p.name for p in (tmp / "cards").iterdir()]


@pytest.mark.parametrize("game", GAMES)
def test_mutated_cards_and_layouts_never_crash_the_build(tmp_path, game):
    sources = {p: yaml.load(p.read_text(encoding="utf-8"), Loader=Loader)
               for p in sorted(bundled("cards").joinpath(game).glob("*.yaml"))}
    layout_source = bundled("layouts") / f"{game}.yaml"
    sources[layout_source] = yaml.load(layout_source.read_text(encoding="utf-8"), Loader=Loader)
    outcomes: dict[int, int] = {}
    for k in range(MUTANTS):
        rng = random.Random(f"{SEED}-{game}-{k}")
        folder = tmp_path / f"m{k}"
        (folder / "cards" / game).mkdir(parents=True)
        (folder / "layouts").mkdir()
        files: dict[Path, str] = {}
        mutator = Mutator(rng)
        targets = rng.sample(list(sources), k=rng.choice([1, 1, 2]))
        # the mutated files alone are built (a mutated layout with one card file of the game): the
        # others are the bundled ones, built by every other test, and only slow the search down
        if all(source == layout_source for source in targets):
            targets_built = [*targets, rng.choice([s for s in sources if s != layout_source])]
        else:
            targets_built = list(targets)
        for source, data in sources.items():
            if source not in targets_built and source != layout_source:
                continue
            target = (folder / "layouts" if source == layout_source else folder / "cards" / game) / source.name
            data = copy.deepcopy(data)
            if source in targets:
                for _ in range(rng.randint(1, 3)):
                    data = mutator.mutate(data, source.name)
            text = dump(data)
            if source in targets and rng.random() < 0.15:
                text = text_mutation(text, rng, mutator.log)
            files[target] = text
        r, seconds = build_mutant(folder, files)
        what = f"seed {SEED}, {game} mutant {k}: {'; '.join(mutator.log)}"
        assert not isinstance(r.exception, Hang), f"{what}: no answer within {SECONDS} s"
        assert r.exception is None or isinstance(r.exception, SystemExit), \
            f"{what}: {type(r.exception).__name__}: {r.exception}"
        assert r.exit_code in (0, 1, 2) and not RAW.search(r.output), f"{what}: exit {r.exit_code}\n{r.output}"
        if r.exit_code == 2:  # a message naming a file (the mutant's; a bundled layout it extends)
            assert str(folder) in r.output or str(bundled("layouts")) in r.output, f"{what}: {r.output}"
        assert seconds < SECONDS, f"{what}: {seconds:.1f} s"
        outcomes[r.exit_code] = outcomes.get(r.exit_code, 0) + 1
    # the mutants reach past the loader: some build (exit 0, or 1 with warnings), many are refused
    assert outcomes.get(2, 0) > MUTANTS / 4 and outcomes.get(0, 0) + outcomes.get(1, 0) > 0, outcomes

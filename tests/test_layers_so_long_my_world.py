"""The shape of the So Long, My World engine (issue 26), kept true as it changes:

* no module of the package (its verbs/ package included) imports one that imports it, through
  any chain: every import counts, a function's own or one under ``TYPE_CHECKING`` included;
* the solo campaign is its own rules: the engine, the main game's rules and the verbs ask no
  ``mode == SOLO`` (modes.py routes a state by its mode, verbs/run.py picks its table);
* a predicate says by its name what it does: one that returns a bool is named ``is_``,
  ``can_`` or ``has_``;
* every word of the effect vocabulary has a verb, or is one the rules read (verbs.RULE_WORDS),
  and those the rules read are read.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

from pnp.games.so_long_my_world.vocabulary import VOCABULARY
from rules_check.core.engine import EntryRef
from rules_check.games.so_long_my_world import modes
from rules_check.games.so_long_my_world.engine import SoLongEngine
from rules_check.games.so_long_my_world.state import COOP, MULTIPLAYER, SOLO
from rules_check.games.so_long_my_world.verbs import VERBS
from rules_check.games.so_long_my_world.verbs.table import RULE_WORDS

PACKAGE = Path(__file__).resolve().parent.parent / "rules_check" / "games" / "so_long_my_world"
DOTTED = "rules_check.games.so_long_my_world"
PREDICATE = ("is_", "can_", "has_", "_is_", "_can_", "_has_")
# names an outside interface fixes: the Engine's (after_end, shared_result), the effect
# machine's World and Verb (test, asks, read, can, act), a container's (__contains__); and the
# helpers that do something and say whether it was done (the verbs' gain, receive, draw,
# give_back; the rules' resumed)
INTERFACE = {"after_end", "shared_result", "test", "asks", "read", "can", "act", "__contains__",
             "gain", "receive", "draw", "give_back", "resumed"}


def module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imports_within(root: Path, dotted: str) -> dict[str, set[str]]:
    """Module (dotted, relative to the package) -> the package's modules it imports."""
    names = {module_name(p, root) for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        me = module_name(path, root)
        here = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
        if path.name == "__init__.py" and me == "":
            here = []
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here[:len(here) - (node.level - 1)] if node.level > 1 else list(here)
                    stem = ".".join(base + ([node.module] if node.module else []))
                elif (node.module or "").startswith(dotted):
                    stem = (node.module or "")[len(dotted) + 1:]
                else:
                    continue
                for alias in node.names:
                    full = f"{stem}.{alias.name}" if stem else alias.name
                    found.add(full if full in names else stem)
            elif isinstance(node, ast.Import):
                found.update(a.name[len(dotted) + 1:] for a in node.names if a.name.startswith(dotted + "."))
        graph[me] = {t for t in found if t in names and t != me and t != ""}
    return graph


def a_circle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = walk(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = walk(start)
            if found:
                return found
    return None


def test_no_module_imports_one_that_imports_it():
    graph = imports_within(PACKAGE, DOTTED)
    assert {"engine", "rules", "solo", "verbs.world", "verbs.run", "verbs.table"} <= set(graph)
    assert graph["engine"] >= {"modes", "setup", "scoring"}
    assert graph["verbs.run"] >= {"verbs.table", "verbs.world"}
    circle = a_circle(graph)
    assert circle is None, " imports ".join(circle)


def test_a_circle_through_a_subpackage_and_a_function_import_is_found(tmp_path):
    """The reading above sees a circle hidden in a function, under TYPE_CHECKING, or in a
    subpackage (else the test could not fail)."""
    pkg = tmp_path / "toy"
    (pkg / "verbs").mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "rules.py").write_text("def f():\n    from .verbs import run\n", encoding="utf-8")
    (pkg / "verbs" / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "verbs" / "run.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                          "    from ..rules import f\n", encoding="utf-8")
    assert a_circle(imports_within(pkg, "toy")) == ["rules", "verbs.run", "rules"]
    (pkg / "verbs" / "run.py").write_text("x = 1\n", encoding="utf-8")
    assert a_circle(imports_within(pkg, "toy")) is None


def test_the_engine_and_the_main_rules_ask_no_solo_mode():
    """The solo differences live in solo.py and the solo table the verbs act on (SoloWorld): the
    engine, the rules and the verbs never compare a mode with SOLO (verbs/run.py picks the table
    by the mode, once)."""
    verbs = [f"verbs/{p.name}" for p in sorted((PACKAGE / "verbs").glob("*.py")) if p.name != "run.py"]
    for name in ("engine.py", "rules.py", "main_game.py", *verbs):
        text = (PACKAGE / name).read_text(encoding="utf-8")
        assert not re.search(r"\bSOLO\b", text), f"{name} names SOLO"


def test_each_mode_plays_by_its_own_rules():
    engine = SoLongEngine()
    assert modes.PLAYS_BY == {MULTIPLAYER: modes.main_game, COOP: modes.main_game, SOLO: modes.solo}
    for players in (["Ana"], ["Ana", "Ben", "Cleo"]):
        setup = engine.random_setup(players, random.Random(3))
        state = engine.new_state(players, setup, "<test>", lambda path: None)
        expected = modes.solo if len(players) == 1 else modes.main_game
        assert modes.of(state) is expected
        assert engine.shared_result(state) is (len(players) == 1)
        moves = engine.legal_actions(state)
        assert moves and all(engine.parse(engine.to_entry(state, m), state, EntryRef("<test>", 0, None)) == m for m in moves)


def returns_bool(node: ast.FunctionDef) -> bool:
    text = ast.unparse(node.returns) if node.returns is not None else ""
    return text.strip("'\"") in ("bool", "bool | None")


def test_every_predicate_is_named_for_what_it_returns():
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.FunctionDef) and returns_bool(node) and node.name not in INTERFACE
                    and not node.name.startswith(PREDICATE)):
                wrong.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}")
    assert wrong == [], "a bool predicate is named is_*, can_* or has_*"


def test_every_word_has_a_verb_or_is_read_by_the_rules():
    words = set(VOCABULARY.verbs)
    assert set(VERBS) | RULE_WORDS == words
    assert not set(VERBS) & RULE_WORDS
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    unread = [w for w in sorted(RULE_WORDS) if f'"{w}"' not in source]
    assert unread == [], "a word the rules should read is read nowhere"

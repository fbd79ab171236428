"""The shape of the relics and Visions engines (issue 26), kept true as they change:

* no module of a game's package imports one that imports it, through any chain: every import
  counts, a function's own or one under ``TYPE_CHECKING`` included, as the source reads it;
* a predicate says by its name what it does: one that returns a bool is named ``is_``, ``can_``
  or ``has_`` (``check_*`` is the other kind: it raises `IllegalAction`);
* ``check`` and ``apply`` reach every kind of action through their tables, so a kind of entry
  added to the vocabulary without its rule is caught here, not by a user's log.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import get_args

import pytest

from rules_check.games.relics import rules as relics_rules
from rules_check.games.relics import turn as relics_turn
from rules_check.games.relics.actions import Action as RelicsAction
from rules_check.games.visions import rules as visions_rules
from rules_check.games.visions.actions import Action as VisionsAction
from rules_check.games.visions.actions import Show

GAMES = Path(__file__).resolve().parent.parent / "rules_check" / "games"
PACKAGES = ["relics", "visions"]
PREDICATE = ("is_", "can_", "has_", "_is_", "_can_", "_has_")
# methods whose names an outside interface fixes: the effect machine's World asks `test`
INTERFACE = {"test"}


def imports_within(package: str, root: Path = GAMES) -> dict[str, set[str]]:
    """Module -> the modules of the same package (``root / package``) it imports (every import
    statement in it)."""
    graph: dict[str, set[str]] = {}
    dotted = f"rules_check.games.{package}"
    for path in sorted((root / package).glob("*.py")):
        name = path.stem
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level == 1:
                    targets = [base] if base else [a.name for a in node.names]
                elif base.startswith(dotted + "."):
                    targets = [base[len(dotted) + 1:]]
                elif base == dotted:
                    targets = [a.name for a in node.names]
                else:
                    targets = []
                found.update(t.split(".")[0] for t in targets)
            elif isinstance(node, ast.Import):
                found.update(a.name[len(dotted) + 1:].split(".")[0] for a in node.names
                             if a.name.startswith(dotted + "."))
        graph[name] = {t for t in found if (root / package / f"{t}.py").exists() and t != name}
    return graph


def a_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One chain of imports that comes back to where it started, or None."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
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


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_imports_one_that_imports_it(package):
    graph = imports_within(package)
    assert {"engine", "rules", "state"} <= set(graph)  # the package was read
    assert graph["engine"] >= {"rules", "scoring", "setup"}  # and its imports with it
    circle = a_circle(graph)
    assert circle is None, f"{package}: " + " imports ".join(circle)


def test_a_circle_is_found_through_a_function_and_type_checking_import(tmp_path):
    """The reading above sees the imports a circle hides in (else the test could not fail)."""
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "engine.py").write_text("from . import rules\n", encoding="utf-8")
    (pkg / "rules.py").write_text("def f():\n    from .seen import x\n", encoding="utf-8")
    (pkg / "seen.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                 "    from rules_check.games.toy.engine import E\n", encoding="utf-8")
    assert a_circle(imports_within("toy", tmp_path)) == ["engine", "rules", "seen", "engine"]
    (pkg / "seen.py").write_text("x = 1\n", encoding="utf-8")
    assert a_circle(imports_within("toy", tmp_path)) is None


def returns_bool(node: ast.FunctionDef) -> bool:
    r = node.returns
    text = ast.unparse(r) if r is not None else ""
    return text.strip("'\"") in ("bool", "bool | None")


@pytest.mark.parametrize("package", PACKAGES)
def test_every_predicate_is_named_for_what_it_returns(package):
    wrong = []
    for path in sorted((GAMES / package).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.FunctionDef) and returns_bool(node) and node.name not in INTERFACE
                    and not node.name.startswith(PREDICATE)):
                wrong.append(f"{path.name}:{node.lineno} {node.name}")
    assert wrong == [], f"{package}: a bool predicate is named is_*, can_* or has_*"


def test_relics_check_and_apply_know_every_kind_of_action():
    kinds = set(get_args(RelicsAction))
    assert set(relics_rules.CHECKS) == kinds
    assert set(relics_turn.APPLY) == kinds


def test_visions_check_and_apply_know_every_kind_of_entry():
    """A show is judged at any time, by anyone (reading V21): every other entry is a turn's."""
    kinds = set(get_args(VisionsAction))
    assert set(visions_rules.CHECKS) == kinds - {Show}
    assert set(visions_rules.APPLY) == kinds - {Show}
    assert set(visions_rules.PLAYS) | {visions_rules.Refill, visions_rules.Skip} == kinds - {Show}

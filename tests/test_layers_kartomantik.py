"""The shape of the Kartomantik engine (issue 26), kept true as it changes, as
tests/test_layers_relics_visions.py keeps the relics and Visions engines:

* no module of the package imports one that imports it, through any chain (every import counts,
  a function's own or one under ``TYPE_CHECKING`` included);
* a predicate that returns a bool is named ``is_``, ``can_`` or ``has_``;
* ``check`` and ``apply`` reach every kind of entry through their tables, each kind checked and
  applied by one function of the module of its rulebook section;
* no function of the rules is a long chain again (the old ``_apply``: 108 lines).
"""

from __future__ import annotations

import ast
from typing import get_args

from test_layers_relics_visions import GAMES, INTERFACE, PREDICATE, a_circle, imports_within, returns_bool

from rules_check.games.kartomantik import rules
from rules_check.games.kartomantik.actions import Action

PACKAGE = GAMES / "kartomantik"
# the Engine's own methods, dunders, readers of an answer (raising on a bad one) and checks that
# also give what they found (check_mulligan_hand: whether the hand holds a manifestation)
ALLOWED = INTERFACE | {"after_end", "__contains__"}
ALSO = ("check_", "read_")
LONGEST = 60  # lines of the longest function a reader takes in at once (issue 26)


def test_no_module_imports_one_that_imports_it():
    graph = imports_within("kartomantik")
    assert {"engine", "rules", "state", "setup", "stack", "phases"} <= set(graph)  # the package was read
    assert graph["engine"] >= {"rules", "scoring", "setup", "view", "details", "table_setup"}
    circle = a_circle(graph)
    assert circle is None, "kartomantik: " + " imports ".join(circle)


def test_every_predicate_is_named_for_what_it_returns():
    wrong = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.FunctionDef) and returns_bool(node) and node.name not in ALLOWED
                    and not node.name.startswith(PREDICATE + ALSO)):
                wrong.append(f"{path.name}:{node.lineno} {node.name}")
    assert wrong == [], "kartomantik: a bool predicate is named is_*, can_* or has_*"


def test_check_and_apply_know_every_kind_of_entry():
    kinds = set(get_args(Action))
    assert len(kinds) == 10
    assert set(rules.CHECKS) == kinds
    assert set(rules.APPLY) == kinds
    # one handler a kind, each from its section's module, none from rules.py itself
    assert len(set(rules.APPLY.values())) == len(kinds)
    assert {f.__module__ for f in [*rules.CHECKS.values(), *rules.APPLY.values()]} >= {
        "rules_check.games.kartomantik.mulligan", "rules_check.games.kartomantik.confrontation",
        "rules_check.games.kartomantik.playing", "rules_check.games.kartomantik.stack",
        "rules_check.games.kartomantik.end", "rules_check.games.kartomantik.show"}


def test_no_rule_is_a_long_chain():
    long = []
    for name in ("rules", "candidates", "mulligan", "confrontation", "playing", "stack", "end", "phases",
                 "priority", "resolve", "tribute", "setup", "engine"):
        tree = ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))
        long += [f"{name}.py {n.name}: {n.end_lineno - n.lineno + 1} lines" for n in ast.walk(tree)
                 if isinstance(n, ast.FunctionDef) and n.end_lineno - n.lineno + 1 > LONGEST]  # type: ignore[operator]
    assert long == []

"""The effect language: what a card's ``script:`` is, and how it is read.

A card's effect is data in its card entry, in one small language that every game shares
(docs/effects.md): the rules engines execute it, the simulator enumerates its choices and the
renderer prints the card's text from it. The anchor is Forge's card scripts (cost, targets,
effect, trigger, duration); the difference is that a script is YAML a publisher reads and
writes, in the words of the game's rulebook::

    script:
      - when: it enters the field              # a triggered ability
        target: manifestation on the field     # declared when it goes on the Stack
        do:
          - power: -1
            of: target
            until: the end of the turn

An ability is one of four kinds, told by its keys:

* ``when:`` a **triggered** ability (``if:`` an intervening condition);
* ``cost:`` an **activated** ability;
* ``while:`` a **static** ability (``while: always`` when nothing is printed before it);
* none of them: the card's **effect** (a will resolving, a location's ability used, a card
  played).

``do:`` lists the steps, each a mapping with one verb key (``destroy: target``) and the
verb's options (``of``, ``until``, ``into`` ...), plus keys every step may have: ``if`` (a
condition), ``may: true`` (an optional step), ``when`` (a remembered, delayed step, 3.2
"Memory" of Effects), ``otherwise`` (what happens if the step cannot be done) and ``join``
(``then``, ``colon`` or ``and``: how the printed step joins the one before; a new sentence
by default).

Nouns are phrases in the game's words (``manifestation on the field with power 4 or less``,
``a card from your hand``): each game's vocabulary (``pnp/effects/GAME.py``) parses them into
meaning, case-insensitively, and prints them as written. Every error names the path in the
YAML, which the loaders turn into file and line.

The model read into (`Script`, `Ability`, `Step`, `Verb`, `Vocabulary`) is ``pnp/effects/script.py``,
which the printer reads too; it is named here as well, the language's one face.
"""

from __future__ import annotations

from typing import Any, Iterable

from .phrases import Phrase, PhraseError, did_you_mean
from .printer import render_script
from .script import (ABILITY_KEYS, ACTIVATED, EFFECT, JOINS, KINDS, MAX_ABILITIES, MAX_DEPTH, MAX_STEPS, STATIC,
                     STEP_KEYS, TRIGGERED, Ability, Parser, Script, ScriptError, Step, Verb, Vocabulary)

# the model of a script (pnp/effects/script.py) is read here too: the language's one face
__all__ = ["ABILITY_KEYS", "ACTIVATED", "EFFECT", "JOINS", "KINDS", "MAX_ABILITIES", "MAX_DEPTH", "MAX_STEPS",
           "STATIC", "STEP_KEYS", "TRIGGERED", "Ability", "Parser", "Script", "ScriptError", "Step", "Verb",
           "Vocabulary", "parse_script"]


# --- reading --------------------------------------------------------------------------------------


def parse_script(raw: Any, vocab: Vocabulary) -> Script:
    """Read a card's ``script:`` (a list of abilities); `ScriptError` with its path if it is not
    of the language. The printed text is made here too (`pnp.effects.printer`)."""
    if isinstance(raw, dict):
        raw = [raw]  # one ability may be written without the list
    if not isinstance(raw, list) or not raw:
        raise ScriptError((), "expected a list of abilities (each a mapping with `do:`)")
    if len(raw) > MAX_ABILITIES:
        raise ScriptError((), f"at most {MAX_ABILITIES} abilities on a card, got {len(raw)}")
    abilities = tuple(_ability(a, (i,), i, vocab) for i, a in enumerate(raw))
    script = Script(abilities, "")
    return Script(abilities, render_script(script, vocab))


def _phrase(parser: Parser, raw: Any, path: tuple) -> Phrase:
    if not isinstance(raw, str) or not raw.strip():
        raise ScriptError(path, f"expected a phrase (words), got {raw!r}")
    try:
        return parser(" ".join(raw.split()), path)
    except PhraseError as exc:
        raise ScriptError(path, str(exc)) from None


def _ability(raw: Any, path: tuple, index: int, vocab: Vocabulary) -> Ability:
    if not isinstance(raw, dict):
        raise ScriptError(path, f"expected an ability: a mapping with `do:`, got {raw!r}")
    unknown = [k for k in raw if k not in ABILITY_KEYS]
    if unknown:
        raise ScriptError(path + (unknown[0],), f"unknown key {unknown[0]!r}{did_you_mean(str(unknown[0]), ABILITY_KEYS)}"
                                                f" (an ability has {', '.join(sorted(ABILITY_KEYS))})")
    kinds = [k for k in ("when", "cost", "while") if k in raw]
    if len(kinds) > 1:
        raise ScriptError(path, f"an ability is triggered (`when`), activated (`cost`) or static (`while`), "
                                f"not {' and '.join(kinds)}")
    kind = {"when": TRIGGERED, "cost": ACTIVATED, "while": STATIC}[kinds[0]] if kinds else EFFECT
    if "if" in raw and kind != TRIGGERED:
        raise ScriptError(path + ("if",), "an ability's `if:` belongs to a triggered ability; put `if:` on a step")
    if "target" in raw and kind == STATIC:
        raise ScriptError(path + ("target",), "a static ability has no target")
    if "do" not in raw:
        raise ScriptError(path, "is missing `do:` (the steps of the ability)")
    trigger = _phrase(vocab.triggers, raw["when"], path + ("when",)) if kind == TRIGGERED else None
    cost = _phrase(vocab.costs, raw["cost"], path + ("cost",)) if kind == ACTIVATED else None
    condition = None
    if kind == STATIC:
        condition = _phrase(vocab.states, raw["while"], path + ("while",))
    elif "if" in raw:
        condition = _phrase(vocab.conditions, raw["if"], path + ("if",))
    target = _phrase(vocab.targets, raw["target"], path + ("target",)) if "target" in raw else None
    steps = _steps(raw["do"], path + ("do",), vocab, kind, 0)
    uses_target = any(_mentions_target(s) for s in _all(steps))
    if target is not None and not uses_target:
        raise ScriptError(path + ("target",), "the target is declared but no step acts on it (`of: target`, "
                                              "`destroy: target` ...)")
    if target is None and uses_target:
        raise ScriptError(path + ("do",), "a step acts on `target` but the ability declares no `target:`")
    return Ability(kind, steps, trigger, condition, cost, target, index, path)


def _all(steps: tuple[Step, ...]) -> Iterable[Step]:
    for s in steps:
        yield s
        yield from _all(s.otherwise)


def _mentions_target(step: Step) -> bool:
    values = [step.value, *step.options.values()]
    return any(getattr(v, "refers_to_target", False) for v in values)


def _steps(raw: Any, path: tuple, vocab: Vocabulary, kind: str, depth: int) -> tuple[Step, ...]:
    if isinstance(raw, dict):
        raw = [raw]
    if not isinstance(raw, list) or not raw:
        raise ScriptError(path, "expected a list of steps (each a mapping with one verb)")
    if len(raw) > MAX_STEPS:
        raise ScriptError(path, f"at most {MAX_STEPS} steps, got {len(raw)}")
    if depth > MAX_DEPTH:
        raise ScriptError(path, f"`otherwise:` nested more than {MAX_DEPTH} deep")
    return tuple(_step(s, path + (i,), vocab, kind, depth) for i, s in enumerate(raw))


def _step(raw: Any, path: tuple, vocab: Vocabulary, kind: str, depth: int) -> Step:
    if not isinstance(raw, dict):
        raise ScriptError(path, f"expected a step: a mapping with one verb (like `destroy: target`), got {raw!r}")
    name = vocab.verb_of(raw, path)
    verb = vocab.verbs[name]
    if verb.use == STATIC and kind != STATIC:
        raise ScriptError(path + (name,), f"`{name}` is a continuous effect: it belongs to a static ability "
                                          f"(`while:`)")
    if verb.use == EFFECT and kind == STATIC:
        raise ScriptError(path + (name,), f"a static ability (`while:`) holds continuous effects only, not `{name}`")
    options: dict[str, Any] = {}
    for key, value in raw.items():
        if key == name or key in STEP_KEYS:
            continue
        if key not in verb.options:
            allowed = sorted(verb.options) + sorted(STEP_KEYS)
            raise ScriptError(path + (key,), f"unknown key {key!r} for `{name}`"
                                             f"{did_you_mean(str(key), allowed)} (it takes {', '.join(allowed)})")
        options[key] = _parsed(verb.options[key], value, path + (key,))
    missing = sorted(verb.required - set(options))
    if missing:
        raise ScriptError(path, f"`{name}` needs `{missing[0]}:`")
    value = _parsed(verb.value, raw[name], path + (name,))
    condition = _phrase(vocab.conditions, raw["if"], path + ("if",)) if "if" in raw else None
    when = _phrase(vocab.triggers, raw["when"], path + ("when",)) if "when" in raw else None
    may = raw.get("may", False)
    if not isinstance(may, bool):
        raise ScriptError(path + ("may",), f"expected true or false, got {may!r}")
    join = raw.get("join", "sentence")
    if join not in JOINS:
        raise ScriptError(path + ("join",), f"expected one of {', '.join(JOINS)}, got {join!r}")
    otherwise = _steps(raw["otherwise"], path + ("otherwise",), vocab, kind, depth + 1) if "otherwise" in raw else ()
    if kind == STATIC and (condition or when or may or otherwise):
        raise ScriptError(path, "a continuous effect has no `if`, `when`, `may` or `otherwise` (put the condition "
                                "in the ability's `while:`)")
    step = Step(name, value, options, condition, may, when, otherwise, join, path)
    if verb.check is not None:
        try:
            verb.check(step, kind)
        except PhraseError as exc:
            raise ScriptError(path, str(exc)) from None
    return step


def _parsed(parser: Parser, raw: Any, path: tuple) -> Any:
    try:
        return parser(raw, path)
    except PhraseError as exc:
        raise ScriptError(path, str(exc)) from None

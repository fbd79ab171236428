"""The model of a script: its abilities and steps, the verbs and the vocabulary a game's
scripts are read with (``language`` reads a script into these; ``printer`` prints them as
card text; the engines execute them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .phrases import Phrase, PhraseError, did_you_mean

EFFECT = "effect"
TRIGGERED = "triggered"
ACTIVATED = "activated"
STATIC = "static"
KINDS = (EFFECT, TRIGGERED, ACTIVATED, STATIC)

ABILITY_KEYS = {"when", "if", "cost", "while", "target", "do"}
STEP_KEYS = {"if", "may", "when", "otherwise", "join"}  # keys every step may have
JOINS = ("sentence", "then", "colon", "and")
MAX_STEPS = 24  # a card's ability is a few lines of printed text
MAX_ABILITIES = 6
MAX_DEPTH = 3  # `otherwise:` inside `otherwise:` ...


class ScriptError(ValueError):
    """A script that is not of the language: ``path`` is where (relative to the script)."""

    def __init__(self, path: tuple, message: str) -> None:
        self.path = tuple(path)
        self.message = message
        super().__init__(message)

    def where(self) -> str:
        out = "script"
        for p in self.path:
            out += f"[{p}]" if isinstance(p, int) else f".{p}"
        return out


# --- what a verb is -------------------------------------------------------------------------------

Parser = Callable[[Any, tuple], Any]  # (raw value, path) -> parsed value, or raise ScriptError


@dataclass(frozen=True)
class Verb:
    """One verb of a game's vocabulary: how its key's value and its options are read, which
    abilities it may appear in, and how it is printed (``render(step, printer) -> clause``)."""

    name: str
    value: Parser
    render: Callable[["Step", Any], str]
    options: dict[str, Parser] = field(default_factory=dict)
    required: frozenset[str] = frozenset()
    # where it may appear: "effect" (a one-shot step), "static" (a continuous effect of a
    # `while:` ability) or "both"
    use: str = "effect"
    # a last check of the whole step (options that go together), given the ability's kind;
    # raises PhraseError
    check: Callable[["Step", str], None] | None = None
    doc: str = ""


@dataclass(frozen=True)
class Step:
    """One step of ``do:``: ``verb`` with its parsed ``value`` and ``options``."""

    verb: str
    value: Any
    options: dict[str, Any]
    condition: Phrase | None = None  # if:
    may: bool = False
    when: Phrase | None = None  # a delayed step (3.2 "Memory" of Effects)
    otherwise: tuple["Step", ...] = ()
    join: str = "sentence"
    path: tuple = ()

    def get(self, key: str, default: Any = None) -> Any:
        return self.options.get(key, default)


@dataclass(frozen=True)
class Ability:
    kind: str
    steps: tuple[Step, ...]
    trigger: Phrase | None = None  # when:
    condition: Phrase | None = None  # if: (triggered) or while: (static)
    cost: Phrase | None = None
    target: Phrase | None = None
    index: int = 0
    path: tuple = ()

    def walk(self) -> Iterable[Step]:
        """Every step, `otherwise:` steps included."""
        def go(steps: tuple[Step, ...]) -> Iterable[Step]:
            for s in steps:
                yield s
                yield from go(s.otherwise)
        return go(self.steps)


@dataclass(frozen=True)
class Script:
    abilities: tuple[Ability, ...]
    text: str  # the card text the script prints
    kinds: dict[str, tuple[Ability, ...]] = field(init=False, repr=False, compare=False)
    triggers: dict[str, tuple[Ability, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the engines ask "its static abilities", "its abilities that trigger on X" after every
        # entry: grouped once, by kind and by trigger key
        kinds: dict[str, tuple[Ability, ...]] = {}
        triggers: dict[str, tuple[Ability, ...]] = {}
        for a in self.abilities:
            kinds[a.kind] = kinds.get(a.kind, ()) + (a,)
            if a.kind == TRIGGERED and a.trigger is not None:
                triggers[a.trigger.key] = triggers.get(a.trigger.key, ()) + (a,)
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "triggers", triggers)

    def of_kind(self, kind: str) -> list[Ability]:
        return list(self.kinds.get(kind, ()))

    @property
    def effect(self) -> Ability | None:
        """The card's effect (a will's, a location's ability): its one ability of kind `effect`."""
        found = self.of_kind(EFFECT)
        return found[0] if found else None


@dataclass
class Vocabulary:
    """The words one game's scripts may use: each a parser that turns a phrase into meaning."""

    game: str
    verbs: dict[str, Verb]
    triggers: Parser  # when:
    conditions: Parser  # if:
    states: Parser  # while:
    costs: Parser  # cost:
    targets: Parser  # target:
    # the prefix printed before an ability of each kind, from its parsed phrases
    prefix: Callable[[Ability], str]
    numbers: str = "words"  # "words" (a card, two cards) or "digits" (top 3 cards)

    @classmethod
    def effects_only(cls, game: str, verbs: dict[str, Verb], why: str, numbers: str = "words") -> "Vocabulary":
        """The words of a game whose scripts are effects alone (no trigger, condition, state,
        cost or target); ``why`` says so in the error of a script that uses one (``{what}``:
        the kind of phrase)."""
        def refuse(what: str) -> Parser:
            def parse(raw: Any, path: tuple = ()) -> Any:
                raise PhraseError(why.format(what=what))
            return parse

        return cls(game=game, verbs=verbs, triggers=refuse("trigger (`when:`)"),
                   conditions=refuse("condition (`if:`)"), states=refuse("static state (`while:`)"),
                   costs=refuse("cost (`cost:`)"), targets=refuse("target (`target:`)"),
                   prefix=lambda ability: "", numbers=numbers)

    def verb_of(self, raw: dict, path: tuple) -> str:
        verbs = [k for k in raw if k in self.verbs]
        if len(verbs) == 1:
            return verbs[0]
        if len(verbs) > 1:
            raise ScriptError(path, f"a step has one verb, this one has {', '.join(verbs)}")
        unknown = [str(k) for k in raw if k not in STEP_KEYS]
        hint = did_you_mean(unknown[0], self.verbs) if unknown else ""
        raise ScriptError(path + ((unknown[0],) if unknown else ()),
                          f"no verb in this step{': unknown verb ' + repr(unknown[0]) if unknown else ''}{hint} "
                          f"(the {self.game} verbs: {', '.join(sorted(self.verbs))})")

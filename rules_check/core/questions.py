"""What the start page of ``pnp table`` asks before a game recorded at the table starts: the
table's own decisions (decklists, the first player, variants, the solo path) and what it sees
(the cards laid out face up), never a shuffle or a deal. Each game's ``table_setup.py`` lists its
questions and turns the answers into the setup a table log gives; the helpers here read an
answer by its question's kind, with a message naming the question and what it expects.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, Literal, NoReturn, Protocol

from pydantic import BaseModel, Field

from pnp.data.errors import InputError, shown
from rules_check.names import did_you_mean, normalise

Kind = Literal["choice", "choices", "cards", "decklist", "per_player", "number"]


class Question(BaseModel):
    """One question of the start page.

    ``kind``: ``choice`` (one of ``options``), ``choices`` (any of them, none included),
    ``cards`` (``count`` card names of ``options`` in the order laid out, each at most
    ``copies`` times, default once), ``decklist`` (a Kartomantik decklist pasted as text, for
    ``player``), ``per_player`` (one of ``options`` for each of ``players``), ``number``
    (``minimum`` to ``maximum``). ``when``: asked only when another question's answer is one of
    these values (So Long, My Love's Heartbreak card when the mode is co-op)."""

    key: str
    label: str
    kind: Kind
    options: list[str] = Field(default_factory=list)
    labels: dict[str, str] = Field(default_factory=dict)  # an option as shown, when not its value
    copies: dict[str, int] = Field(default_factory=dict)
    count: int | None = None
    minimum: int | None = None
    maximum: int | None = None
    slots: list[str] = Field(default_factory=list)  # what each card of a ``cards`` answer is, as laid out
    players: list[str] = Field(default_factory=list)
    player: str | None = None
    default: Any = None
    required: bool = True
    when: dict[str, list[Any]] = Field(default_factory=dict)
    help: str = ""


class BadAnswer(InputError):
    """An answer that cannot be one: ``QUESTION: what was expected`` (a 400 of the server, which
    shows it beside the question ``key``)."""

    def __init__(self, question: Question | str, message: str) -> None:
        self.key = question.key if isinstance(question, Question) else question
        self.label = question.label if isinstance(question, Question) else question
        super().__init__(None, message, field=self.label)

    def __str__(self) -> str:
        return f"{self.label}: {self.message}"


class BadAnswers(BadAnswer):
    """Every wrong answer of a form at once, each a `BadAnswer` in ``errors`` (the page shows
    each beside its question, as ``pnp check deck`` reports every problem of a file together).
    An `InputError` itself, so a caller of ``setup_from_answers`` catches both alike."""

    def __init__(self, errors: list[BadAnswer]) -> None:
        self.errors = list(errors)
        super().__init__(errors[0].key, "; ".join(str(e) for e in errors))
        self.label = errors[0].label

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)

    @staticmethod
    def of(errors: list[BadAnswer]) -> None:
        """Raise the one error, or all of them; nothing when there is none."""
        if len(errors) == 1:
            raise errors[0]
        if errors:
            raise BadAnswers(errors)


def asked(questions: list[Question], answers: dict[str, Any]) -> list[Question]:
    """The questions asked given the answers so far: each whose ``when`` the answers meet (an
    answer missing counts as its question's default)."""
    by_key = {q.key: q for q in questions}
    out = []
    for q in questions:
        ok = True
        for key, values in q.when.items():
            other = by_key.get(key)
            value = answers.get(key, other.default if other else None)
            ok = ok and value in values
        if ok:
            out.append(q)
    return out


def _by_name(options: list[str]) -> dict[str, str]:
    return {normalise(o): o for o in options}


def _one(q: Question, value: Any, options: list[str], what: str, prefix: str = "") -> str:
    if isinstance(value, str):
        found = _by_name(options).get(normalise(value))
        if found is not None:
            return found
        if len(options) > 12:
            hint = did_you_mean(value, options)
            return _fail(q, f"{prefix}expected {what}, not {shown(value)}{hint}")
    return _fail(q, f"{prefix}expected {what} ({', '.join(options)}), not {shown(value)}")


def _fail(q: Question, message: str) -> NoReturn:
    raise BadAnswer(q, message)


def read_answer(q: Question, value: Any) -> Any:
    """``value`` as an answer to ``q`` (names matched as a decklist's are: case and spaces do not
    count), or `BadAnswer`. ``None`` is the default, or "not answered" for a required question."""
    if value is None or value == "" or value == []:
        if q.default is not None:
            value = q.default
        elif q.kind == "choices":
            return []
        elif q.required:
            _fail(q, "not answered")
        else:
            return None
    if q.kind == "choice":
        return _one(q, value, q.options, "one of")
    if q.kind == "choices":
        if not isinstance(value, list):
            _fail(q, f"expected a list of {', '.join(q.options)}")
        picked = [_one(q, v, q.options, "one of") for v in value]
        if len(set(picked)) != len(picked):
            _fail(q, "an option is chosen twice")
        return [o for o in q.options if o in picked]
    if q.kind == "cards":
        if not isinstance(value, list):
            _fail(q, f"expected a list of {q.count} card names")
        cards = [_one(q, v, q.options, "a card name") for v in value]
        if q.count is not None and len(cards) != q.count:
            _fail(q, f"expected {q.count} cards, not {len(cards)}")
        for card, n in Counter(cards).items():
            most = q.copies.get(card, 1)
            if n > most:
                _fail(q, f"{card} is named {n} times; the game has {most} {'copy' if most == 1 else 'copies'}")
        return cards
    if q.kind == "per_player":
        if not isinstance(value, dict):
            _fail(q, "expected an answer for each player")
        out = {}
        for p in q.players:
            if value.get(p) in (None, ""):
                raise BadAnswer(q, f"{p}: not answered")
            out[p] = _one(q, value[p], q.options, "one of", f"{p}: ")
        extra = [str(k) for k in value if k not in q.players]
        if extra:
            _fail(q, f"not a player: {', '.join(extra)}")
        return out
    if q.kind == "number":
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            _fail(q, f"expected a whole number, not {shown(value)}")
        if q.minimum is not None and value < q.minimum or q.maximum is not None and value > q.maximum:
            _fail(q, f"expected a number from {q.minimum} to {q.maximum}, not {value}")
        return value
    if q.kind == "decklist":
        if not isinstance(value, str) or not value.strip():
            _fail(q, "paste the decklist (one card a line, as pnp check deck reads it)")
        return value
    raise AssertionError(q.kind)


def read_answers(questions: list[Question], answers: Any) -> dict[str, Any]:
    """Every asked question's answer read (`read_answer`); an answer to no question asked is
    refused, so a key misspelt by a script is caught."""
    if not isinstance(answers, dict):
        raise BadAnswer("answers", "expected a mapping of question keys to answers")
    keys = {q.key for q in questions}
    unknown = [str(k) for k in answers if k not in keys]
    if unknown:
        raise BadAnswer("answers", f"no question {', '.join(map(repr, unknown))} (asked: {', '.join(sorted(keys))})")
    out: dict[str, Any] = {}
    errors = []
    for q in asked(questions, answers):
        try:
            out[q.key] = read_answer(q, answers.get(q.key))
        except BadAnswer as exc:
            errors.append(exc)
    BadAnswers.of(errors)
    return out


def random_answer(q: Question, rng: random.Random, players: list[str],
                  decklist: Callable[[random.Random], str] | None = None) -> Any:
    """An answer to ``q`` drawn with ``rng`` ("fill the rest at random", for a quick start or a
    demo): never what the table decides silently, only when asked for."""
    if q.kind == "choice":
        return rng.choice(q.options)
    if q.kind == "choices":  # a first few: a later option may need an earlier one (Karma Catalysts)
        return q.options[:rng.randint(0, len(q.options))]
    if q.kind == "cards":
        pool = [o for o in q.options for _ in range(q.copies.get(o, 1))]
        return rng.sample(pool, q.count if q.count is not None else rng.randint(0, len(pool)))
    if q.kind == "per_player":
        return {p: rng.choice(q.options) for p in q.players}
    if q.kind == "number":
        return q.default if q.default is not None else rng.randint(q.minimum or 0, q.maximum or 0)
    if q.kind == "decklist":
        if decklist is None:
            raise BadAnswer(q, "no decklist to draw at random")
        return decklist(rng)
    raise AssertionError(q.kind)


def filled(questions: list[Question], answers: dict[str, Any], rng: random.Random, players: list[str],
           decklist: Callable[[random.Random], str] | None = None) -> dict[str, Any]:
    """``answers`` with every asked question left unanswered drawn at random, in the questions'
    order (a mode drawn first decides which later questions are asked)."""
    out = {k: v for k, v in answers.items() if v not in (None, "", [])}
    for q in questions:
        if q.key in out or q not in asked(questions, out):
            continue
        out[q.key] = random_answer(q, rng, players, decklist)
    return out


class ReadsSetup(Protocol):
    """What `judged` needs of an engine (``Engine.new_state``): named here so that this module
    and the engine's stay apart (the engine's hooks return questions of this module)."""

    def new_state(self, players: list[str], setup: Any, file: str,
                  line_of: Callable[[tuple[Any, ...]], int | None]) -> Any: ...


def judged(engine: ReadsSetup, players: list[str], setup: dict[str, Any], questions: list[Question],
           key_of: Callable[[tuple[Any, ...]], str | None] | None = None) -> dict[str, Any]:
    """``setup`` once the engine accepts it (its own reading of the setup, as ``pnp check log``
    does); what it refuses is a `BadAnswer` of the question the setup key came from."""
    from rules_check.core.errors import IllegalAction

    try:
        engine.new_state(list(players), setup, "<start page>", lambda path: None)
    except (IllegalAction, InputError) as exc:
        path = tuple(getattr(exc, "path", None) or ())
        key = key_of(path) if key_of else (str(path[0]) if path else None)
        by_key = {q.key: q for q in questions}
        q = by_key.get(key) if key else None
        message = exc.message if isinstance(exc, IllegalAction) else getattr(exc, "message", str(exc))
        if isinstance(exc, IllegalAction):
            message = f"{message} ({exc.rule})"
        raise BadAnswer(q or "setup", message) from None
    return setup

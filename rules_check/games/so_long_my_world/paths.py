"""Solo/Campaign Mode data: the Paths and the Words (``cards/so-long-my-world/paths.yaml``, sample data).

Validated with pydantic at load; a wrong field or an unknown card, vision, ending or Word is an
`InputError` naming the file and line (``pnp.data.validate``). Readings: SL13-SL22 in
``docs/rulings.md``.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path as FilePath
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator

from pnp.effects.language import ScriptError, parse_script
from pnp.games.so_long_my_world.vocabulary import VOCABULARY
from pnp.data.errors import InputError, shown
from pnp.data.paths import bundled
from pnp.data.validate import validate
from pnp.data.yamlsafe import load_yaml

from .cards import CardData

PATHS_FILE = bundled("cards") / "so-long-my-world" / "paths.yaml"
Feeling = Literal["hope", "nostalgia", "resignation", "despair", "madness"]
NORMAL = "normal"  # the trigger of the Normal Ending ("The time runs out")


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


@cache
def bonus_script(text: str | None) -> Any:
    """A sequence bonus ("Receive 1 Vision Token", "Receive 1 {resignation}") as a script of
    the effect language (one `receive` step), which must print the bonus as written."""
    if text is None:
        return None
    words = " ".join(text.split())
    if not words.startswith("Receive "):
        raise ValueError(f"a sequence bonus reads 'Receive ...' (1 {{hope}}, 1 Mark of Sol, 1 Vision Token), got "
                         f"{shown(text)}")
    try:
        script = parse_script([{"do": [{"receive": words[len("Receive "):]}]}], VOCABULARY)
    except ScriptError as exc:
        raise ValueError(exc.message) from None
    if script.text != words.rstrip(".") + ".":
        raise ValueError(f"the bonus prints {shown(script.text)}, not {shown(text)}")
    return script


class SequenceOption(_M):
    to: str  # "A" or "A > B": the chain the card just played is sequenced to (Sequence Cards)
    bonus: str  # the reward, a sentence of the effect language (bonus_script)
    ending: Optional[str] = None  # an ending's trigger

    @property
    def chain(self) -> tuple[str, ...]:
        return tuple(x.strip() for x in self.to.split(">"))

    @field_validator("bonus")
    @classmethod
    def _bonus(cls, text: str) -> str:
        bonus_script(text)
        return text


class CardEvent(_M):
    text: str  # what happens in the story
    script: Any = None  # what it does, in the effect language (printed after the text)
    sequences: list[SequenceOption] = Field(default_factory=list)
    same_name_bonus: Optional[str] = None  # "the sequence bonus indicated on the right of the card's name"
    ending: Optional[str] = None  # playing the card ends the game (a card event ending)

    @field_validator("script")
    @classmethod
    def _parsed(cls, raw: Any) -> Any:
        if raw is None:
            return None
        try:
            return parse_script(raw, VOCABULARY)
        except ScriptError as exc:
            raise ValueError(f"{exc.where()}: {exc.message}") from None

    @field_validator("same_name_bonus")
    @classmethod
    def _same(cls, text: str | None) -> str | None:
        bonus_script(text)
        return text

    @property
    def printed(self) -> str:
        return f"{self.text} {self.script.text}" if self.script is not None else self.text


class Ending(_M):
    id: str
    trigger: str  # "normal", or a name card events and sequences use
    all_unlocked: Optional[bool] = None  # null: either way
    wins: bool  # SL20: the player wins when this ending is reached with every Vision unlocked
    text: str


class PathData(_M):
    name: str
    requires: list[str] = Field(default_factory=list)  # Words needed to unlock the Path
    unlocked: list[str]
    remnant_deck: list[str]
    gestalt_deck: list[str] = Field(default_factory=list)
    starting_hand: list[str] = Field(min_length=2, max_length=2)
    start_hour: int = Field(ge=1, le=11)
    events: int = Field(ge=1, le=32)
    lock_feeling: Feeling
    card_events: dict[str, CardEvent] = Field(default_factory=dict)
    endings: list[Ending] = Field(default_factory=list)

    def ending_for(self, trigger: str, all_unlocked: bool) -> Ending | None:
        for e in self.endings:
            if e.trigger == trigger and e.all_unlocked in (None, all_unlocked):
                return e
        return None


class Power(_M):
    marks_of_sol: int = Field(default=0, ge=0)
    feelings: dict[Feeling, int] = Field(default_factory=dict)
    vision_tokens: list[str] = Field(default_factory=list)
    text: str


class Word(_M):
    name: str
    universal: bool
    path: Optional[str] = None  # a Normal Word's Path
    unlocked_by: list[str]  # ending ids
    power: Power


class PathsFile(_M):
    game: Literal["so-long-my-world"] = "so-long-my-world"
    sample: bool = False
    source: str
    paths: list[PathData]
    words: list[Word] = Field(default_factory=list)


def load_paths(cards: CardData, file: FilePath | None = None) -> PathsFile:
    key = (id(cards), FilePath(file) if file is not None else PATHS_FILE)
    if key not in _CACHE:
        _CACHE[key] = _load(cards, key[1])
    return _CACHE[key]


_CACHE: dict = {}


def _load(cards: CardData, file: FilePath) -> PathsFile:
    doc = load_yaml(file, what="Paths file")
    data = validate(PathsFile, doc)

    def fail(path: tuple, message: str, field: str | None = None) -> InputError:
        return InputError(doc.file, message, line=doc.line_of(path), field=field)

    names = [p.name for p in data.paths]
    normal = [v for v, d in cards.visions.items() if d.kind == "normal"]
    words = {w.name for w in data.words}
    for i, p in enumerate(data.paths):
        at = ("paths", i)
        if names.count(p.name) > 1:
            raise fail((*at, "name"), f"the Path {shown(p.name)} is listed twice", "name")
        for j, v in enumerate(p.unlocked):
            if v not in normal:
                raise fail((*at, "unlocked", j), f"{shown(v)} is not a normal Vision", "unlocked")
        for key, ok in (("remnant_deck", lambda c: c in cards.cards and not cards.cards[c].gestalt
                         and not cards.cards[c].starting),
                        ("gestalt_deck", lambda c: c in cards.cards and cards.cards[c].gestalt),
                        ("starting_hand", lambda c: c in cards.cards and cards.cards[c].starting)):
            listed = getattr(p, key)
            for j, c in enumerate(listed):
                if not ok(c):
                    raise fail((*at, key, j), f"{shown(c)} is not a card for {key}", key)
            for c, n in Counter(listed).items():
                if n > cards.cards[c].copies:
                    raise fail((*at, key), f"{shown(c)} is listed {n} times; the box has {cards.cards[c].copies}", key)
        if len(set(p.starting_hand)) != 2:
            raise fail((*at, "starting_hand"), "2 starting cards, max 1 with the same name (Glossary)",
                       "starting_hand")
        triggers = {e.trigger for e in p.endings}
        ids = [e.id for e in p.endings]
        for c, ev in p.card_events.items():
            if c not in cards.cards:
                raise fail((*at, "card_events", c), f"{shown(c)} is not a Remnant or Gestalt card", "card_events")
            refs = [ev.ending] + [s.ending for s in ev.sequences]
            for r in refs:
                if r is not None and r not in triggers:
                    raise fail((*at, "card_events", c), f"no ending has the trigger {shown(r)}", "ending")
            for s in ev.sequences:
                for x in s.chain:
                    if x not in cards.cards:
                        raise fail((*at, "card_events", c), f"sequence to unknown card {shown(x)}", "sequences")
        for r in p.requires:
            if r not in words:
                raise fail((*at, "requires"), f"unknown Word {shown(r)}", "requires")
        if len(set(ids)) != len(ids):
            raise fail((*at, "endings"), "an ending id is listed twice", "endings")
    all_ids = {e.id for p in data.paths for e in p.endings}
    for i, w in enumerate(data.words):
        if w.universal == (w.path is not None) or (w.path is not None and w.path not in names):
            raise fail(("words", i), "a Universal Word has no path; a Normal Word names its Path", "path")
        for e in w.unlocked_by:
            if e not in all_ids:
                raise fail(("words", i, "unlocked_by"), f"no ending has the id {shown(e)}", "unlocked_by")
        for v in w.power.vision_tokens:
            if v not in normal:
                raise fail(("words", i, "power"), f"{shown(v)} is not a normal Vision", "vision_tokens")
    return data

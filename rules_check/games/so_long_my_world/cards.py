"""The So Long, My World card data the engine reads: never retyped, always loaded from
``cards/so-long-my-world/*.yaml`` and ``pnp.games.so_long_my_world.models``."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from pnp.games.so_long_my_world import models as tables
from pnp.data.loader import load_game
from pnp.data.paths import bundled
from pnp.effects.language import Script, parse_script
from pnp.games.so_long_my_world.vocabulary import VOCABULARY
from rules_check.names import normalise

if TYPE_CHECKING:
    from rules_check.core.setup import SetupReader


_ABSENT = object()  # a key the setup does not have


@dataclass(frozen=True)
class Card:
    """A Remnant or Gestalt card as the rules see it."""

    name: str
    insight: int  # 0 for a starting card (a glyph, ruling S5)
    cost: dict[str, int]
    karma: str
    hindrance: bool
    gestalt: bool
    starting: bool
    copies: int
    text: str = ""
    script: Script | None = None  # its effect as data (docs/effects.md); None: plain operations


@dataclass(frozen=True)
class Event:
    name: str
    reboot: bool
    vision: str | None  # the vision its effect is limited to
    feelings: dict[str, tuple[str, ...]]
    text: str = ""
    script: Script | None = None


@dataclass(frozen=True)
class Vision:
    name: str
    kind: str  # normal | gestalt | co-op | catalyst
    affinity: tuple[str, ...]
    marks_of_sol: int
    text: str = ""  # its effect, as printed
    script: Script | None = None


@dataclass(frozen=True)
class Heartbreak:
    name: str
    start_hour: int
    goal: str
    collective_insight: int


# `normalise` is a pure function of its text, and a log names the same few dozen cards
# thousands of times: remembered (bounded, for a log written to be long)
_normal = lru_cache(maxsize=4096)(normalise)


@dataclass(frozen=True)
class CardData:
    cards: dict[str, Card]  # remnant and gestalt cards
    events: dict[str, Event]
    visions: dict[str, Vision]
    heartbreaks: dict[str, Heartbreak]
    tokens: dict[str, tuple[str, str]]  # vision token name -> (vision, colour)
    by_key: dict[str, str]  # normalised name -> printed name, for every card and vision
    ends: dict[str, Script | None] = field(default_factory=dict)  # End cards: what carries to the next game

    def resolve(self, name: str) -> str | None:
        return self.by_key.get(_normal(name))

    def listed(self, reader: SetupReader, path: tuple, kinds: Iterable[str], what: str) -> list[str]:
        """The names the setup lists at ``path``, each one of ``kinds`` (printed names), for the
        multiplayer and the solo setups alike; an absent list lists none."""
        if reader.value(path, _ABSENT) is _ABSENT:
            return []
        kinds = frozenset(kinds)

        def resolve(name: str) -> str | None:
            printed = self.resolve(name)
            return printed if printed in kinds else None

        return reader.names(path, resolve, dict(self._names_of(kinds)), what)

    def _names_of(self, kinds: frozenset[str]) -> dict[str, str]:
        """``by_key`` cut down to ``kinds``: worked out once per kinds (every setup asks the same
        few; the card data does not change once loaded)."""
        pools = self._pools
        if kinds not in pools:
            pools[kinds] = {k: v for k, v in self.by_key.items() if v in kinds}
        return pools[kinds]

    @cached_property
    def _pools(self) -> dict[frozenset[str], dict[str, str]]:
        return {}

    @cached_property
    def with_static(self) -> dict[str, frozenset[str]]:
        """Each verb -> the cards with a static ability that has a step of it (what
        `continuous.has_static` asks: found once per card data)."""
        out: dict[str, set[str]] = {}
        for n, c in self.cards.items():
            if c.script is not None:
                for a in c.script.of_kind("static"):
                    for step in a.steps:
                        out.setdefault(step.verb, set()).add(n)
        return {verb: frozenset(names) for verb, names in out.items()}

    @cached_property
    def triggered_by(self) -> dict[str, frozenset[str]]:
        """Each trigger key (continuous.py: "you drain affinity" ...) -> the cards with an ability
        it triggers (what `continuous.happened` asks: found once per card data)."""
        out: dict[str, set[str]] = {}
        for n, c in self.cards.items():
            if c.script is not None:
                for key in c.script.triggers:
                    out.setdefault(key, set()).add(n)
        return {key: frozenset(names) for key, names in out.items()}

    def token_layout(self, colours: tuple[str, ...], luno: bool) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
        """Where the setup puts the Vision Tokens when the players have ``colours`` (in turn
        order) and ``luno`` (co-op with L'Uno): each player's tokens, and the box's, each in data
        order; L'Uno's colourless tokens to each player with ``luno``, else to the box (worked out
        once per colours: the card data does not change once loaded)."""
        key = (colours, luno)
        layouts = self._token_layouts
        if key not in layouts:
            own: dict[str, list[str]] = {colour: [] for colour in colours}
            box: list[str] = []
            for name, (_vision, colour) in self.tokens.items():
                if colour is None:  # one for each player
                    for mine in own.values():
                        (mine if luno else box).append(name)
                    continue
                own.get(colour, box).append(name)
            layouts[key] = (tuple(tuple(own[colour]) for colour in colours), tuple(box))
        return layouts[key]

    @cached_property
    def _token_layouts(self) -> dict[tuple[tuple[str, ...], bool], tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]]:
        return {}

    @cached_property
    def _remnants(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cards.values() if not c.gestalt and not c.starting for _ in range(c.copies))

    @cached_property
    def _gestalts(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cards.values() if c.gestalt for _ in range(c.copies))

    @property
    def remnants(self) -> list[str]:
        """Every non-starting Remnant card of the box, copies included, in data order (a list of
        its own: the card data does not change once loaded, so it is worked out once)."""
        return list(self._remnants)

    @property
    def gestalts(self) -> list[str]:
        return list(self._gestalts)

    @property
    def catalysts(self) -> list[str]:
        return [v.name for v in self.visions.values() if v.kind == "catalyst"]


def _script(fields: dict) -> Script | None:
    """A card's script, already validated by the loader (which also printed its text)."""
    raw = fields.get("script")
    return parse_script(raw, VOCABULARY) if raw is not None else None


def token(vision: str, colour: str | None) -> str:
    """A vision token's item name, as in ``cards/so-long-my-world/tokens.yaml``."""
    return f"{vision} ({colour})" if colour else vision


def load_cards(cards_dir: Path | None = None) -> CardData:
    return _load(Path(cards_dir) if cards_dir is not None else bundled("cards"))


@cache
def _load(cards_dir: Path) -> CardData:
    data = load_game(cards_dir, "so-long-my-world")
    cards: dict[str, Card] = {}
    for component in ("remnant card", "gestalt card"):
        for item in data.component(component).items:
            f = item.fields()
            cost = dict(f["cost"])
            cards[item.name] = Card(item.name, f.get("insight") or 0, cost, tables.karma(cost),
                                    bool(f.get("hindrance")), component == "gestalt card",
                                    bool(f.get("starting")), item.count, f.get("text") or "", _script(f))
    events = {}
    for item in data.component("event card").items:
        f = item.fields()
        events[item.name] = Event(item.name, bool(f.get("reboot")), f.get("vision"),
                                  {v: tuple(fs) for v, fs in (f.get("feelings") or {}).items()},
                                  f.get("text") or "", _script(f))
    visions = {}
    for item in data.component("vision card").items:
        f = item.fields()
        aff = f.get("affinity")
        aff = () if aff is None else (aff,) if isinstance(aff, str) else tuple(aff)
        visions[item.name] = Vision(item.name, f["kind"], aff, f.get("marks_of_sol") or 0, f.get("effect") or "",
                                    _script(f))
    heartbreaks = {}
    for item in data.component("heartbreak card").items:
        f = item.fields()
        heartbreaks[item.name] = Heartbreak(item.name, f["start_hour"], f["goal"], f["collective_insight"])
    tokens = {}
    for item in data.component("vision token").items:
        f = item.fields()
        for _ in range(item.count):
            tokens[item.name] = (f["vision"], f.get("colour"))
    ends = {item.name: _script(item.fields()) for item in data.component("end card").items}
    by_key = {normalise(n): n for n in [*cards, *events, *visions, *heartbreaks, *ends]}
    return CardData(cards, events, visions, heartbreaks, tokens, by_key, ends)

"""The interface every game's rules engine implements (OpenSpiel's shape, python-chess's
two tiers of applying a move).

The checker and the simulator share it: the simulator picks among ``legal_actions`` and
calls the unchecked ``apply``; the checker parses each log entry into an action, calls
``check`` (which raises `IllegalAction` naming the rulebook section) and then ``apply``.
An engine keeps state, legal actions, applying and scoring apart; ``legal_actions`` is
``candidates`` filtered by ``check``, so both paths use one definition of legality.

A game's engine is mostly declaration (OpenSpiel's one-file games): it names its ``rules``
module (``candidates``, ``check``, ``apply``: the `Rules` protocol) and its ``scoring`` module
(``scores``: `Scoring`), and this class calls them; an engine overrides a method only where
its game differs. docs/adding-an-engine.md is the recipe.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Iterable, NamedTuple, Protocol, TypeVar

from .errors import IllegalAction
from .zones import Zones

if TYPE_CHECKING:
    from .questions import Question
    from .view import CardDetail, View


@dataclass
class BaseState:
    """What every game's state has: its players (in seating order, ruling G1) and where
    every card and token is. Games add their own fields."""

    players: list[str]
    zones: Zones = field(default_factory=Zones)
    # numbers that are not pieces (energy on a tracker, points from effects): plain
    # operations may change them (docs/logs/README.md, "Card effects")
    counters: dict[str, int] = field(default_factory=dict)


class EntryRef(NamedTuple):
    """Where an entry stands in its log, for messages (a tuple: one is made per entry)."""

    file: str
    index: int  # type: ignore[assignment]  # 0-based position in `log:` (hides tuple.index, unused here)
    line: int | None


S = TypeVar("S", bound=BaseState)
A = TypeVar("A")


class Rules(Protocol):
    """A game's rules module: the moves worth considering, which are legal, and what one does."""

    def candidates(self, state: Any) -> Iterable[Any]: ...

    def check(self, state: Any, action: Any) -> None:
        """Raise `IllegalAction` (rule section, plain message) unless ``action`` is legal."""

    def apply(self, state: Any, action: Any) -> None:
        """Apply ``action`` without checking it."""


class Scoring(Protocol):
    """A game's scoring module."""

    def scores(self, state: Any) -> dict[str, int]: ...


def redeal(zones: Zones, rng: random.Random, pile: str, hands: Iterable[str] = ()) -> None:
    """Shuffle ``pile`` together with the ``hands`` and deal each hand as many cards as it had
    (in place): what a player who sees none of them knows of them (``Engine.determinize``)."""
    names = list(hands)
    cards = list(zones[pile])
    sizes = []
    for h in names:
        sizes.append(len(zones[h]))
        cards.extend(zones[h])
    rng.shuffle(cards)
    for h, n in zip(names, sizes):
        zones.zones[h], cards = cards[:n], cards[n:]
    zones.zones[pile] = cards


class Engine(ABC, Generic[S, A]):
    game: str  # the game id (docs/logs/README.md, "The file")
    title: str  # as rule references start: "Visions"
    players: tuple[int, int]  # fewest and most players
    has_table_view: bool = False  # whether `table_view` writes what the table saw (logs of real games)
    # the table app (pnp table) offers moves grouped as a player thinks of them: an entry's verb ->
    # the group's words; a verb not named here is offered under its own word
    move_groups: dict[str, str] = {}
    rules: ClassVar[Rules]  # the game's rules module (candidates, check, apply)
    scoring: ClassVar[Scoring]  # the game's scoring module (scores)

    def load(self) -> None:
        """Read now every card file the engine judges with (the registry calls it when it makes
        the engines: rules_check/engines.py), so that a broken one is an `InputError` naming its
        file and line before any log is read or game played. Default: nothing more to read (an
        engine that reads its cards when it is made)."""

    # --- state ----------------------------------------------------------------------------

    @abstractmethod
    def new_state(self, players: list[str], setup: Any, file: str,
                  line_of: Callable[[tuple[Any, ...]], int | None]) -> S:
        """The state the log's ``setup`` describes. A setup that is not of the game's form
        raises `LogFormatError`; one that the rules make impossible, `IllegalAction`.
        ``line_of(path)`` gives the line of a value under ``setup`` (a path tuple)."""

    @abstractmethod
    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        """A setup as the log records it, shuffled with ``rng`` (for the simulator)."""

    # --- actions --------------------------------------------------------------------------

    @abstractmethod
    def parse(self, entry: Any, state: S, ref: EntryRef) -> A:
        """The action a log entry records; `LogFormatError` when it is not an entry of this
        game's vocabulary (unknown key, wrong type, unknown card)."""

    @abstractmethod
    def to_entry(self, state: S, action: A) -> dict[str, Any]:
        """The log entry that records ``action`` (the inverse of ``parse``)."""

    def candidates(self, state: S) -> Iterable[A]:
        """Every action worth considering now; ``check`` decides which are legal."""
        return self.rules.candidates(state)

    def check(self, state: S, action: A) -> None:
        """Raise `IllegalAction` (rule section, plain message) unless ``action`` is legal."""
        self.rules.check(state, action)

    def apply(self, state: S, action: A) -> None:
        """Apply ``action`` without checking it (the simulator's fast path)."""
        self.rules.apply(state, action)

    def player_range(self) -> str:
        """How many play it, in words: "1 player", "2 players", "2 to 5 players"."""
        low, high = self.players
        if low == high:
            return f"{low} player{'s' * (low != 1)}"
        return f"{low} to {high} players"

    def legal_actions(self, state: S) -> list[A]:
        out = []
        for action in self.candidates(state):
            try:
                self.check(state, action)
            except IllegalAction:
                continue
            out.append(action)
        return out

    def apply_checked(self, state: S, action: A) -> None:
        self.check(state, action)
        self.apply(state, action)

    def unverified(self, state: S, action: A) -> list[str]:
        """What ``action`` did that the card data cannot confirm (docs/logs/README.md, "Card effects")."""
        return []

    # --- chance and play (the simulator) ----------------------------------------------------

    def sample_chance(self, state: S, action: A, rng: random.Random) -> A:
        """OpenSpiel's chance nodes: an action of ``legal_actions`` may leave its random part
        open (a shuffle, a random steal); the simulator draws it here with its own random
        numbers, so the rules never seed a generator of their own. The default: nothing open."""
        return action

    def copy_state(self, state: S) -> S:
        """A copy an action can be tried on (the greedy policy)."""
        import copy

        return copy.deepcopy(state)

    def determinize(self, state: S, player: str, rng: random.Random) -> S:
        """A copy of ``state`` as ``player`` could know it, for the search policy to play out:
        what is hidden from them (a deck's order, an opponent's hand) drawn again with ``rng``
        from what they cannot tell apart. The default hides nothing: a plain copy (a game
        whose piles are all open, or that has not said which are hidden)."""
        return self.copy_state(state)

    def shared_result(self, state: S) -> bool:
        """Whether every player wins or loses together (a co-operative game: the search policy
        may then judge a choice made by all at once for them all). Default: only a solo game."""
        return len(state.players) == 1

    # --- logs of real games: shuffled piles of unknown order (rules_check/core/zones.py) -------

    def undecided(self, state: S, action: A | None) -> list[tuple[str, str]]:
        """(rule, message) for each question the log leaves open: after an entry, a condition over
        unseen cards it was accepted on; at the end (``action`` None), a score it does not
        decide. Neither a violation nor a verdict (the report's ``undecided``). Default: none."""
        return []

    def after_end(self, state: S, action: A) -> bool:
        """Whether ``action`` may follow the end of the game (cards shown once it is over)."""
        return False

    def random_table_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        """A setup as a log written at the table gives it (no pile orders), what the table decides
        (decklists, variants, the first player) drawn with ``rng``: the start of a game recorded at
        the table (``play(..., table=True)``). By default the table view of a random setup."""
        full = {"game": self.game, "players": list(players), "setup": self.random_setup(players, rng), "log": []}
        setup: dict[str, Any] = self.table_view(full)["setup"]
        return setup

    # --- the table app (pnp table): the start of a game and what a judge taps -------------------

    def setup_questions(self, players: list[str]) -> list["Question"]:
        """What the table decides before a game recorded at the table starts (decklists, the
        first player, variants, the solo path), as questions the start page asks
        (rules_check/core/questions.py); never a shuffle or a deal. Default: none."""
        return []

    def setup_from_answers(self, players: list[str], answers: dict[str, Any]) -> dict[str, Any]:
        """The setup (as a table log gives it) the answers to `setup_questions` describe; an
        answer that cannot be one raises `BadAnswer` (an `InputError`) naming the question."""
        raise NotImplementedError(f"{self.game}: no start questions yet")

    def random_decklist(self, rng: random.Random) -> str | None:
        """A legal decklist as text, drawn with ``rng``, for "fill the rest at random" on the
        start page of a game whose players bring decks. Default: the game has no decklists."""
        return None

    def card_details(self) -> dict[str, "CardDetail"]:
        """What a judge needs of each card the table shows, by the name the view gives it
        (rules_check/core/view.py `CardDetail`): full name, kind, cost, power, corners, text and
        what its script does. Default: none known."""
        return {}

    def table_view(self, log: dict[str, Any]) -> dict[str, Any]:
        """The log a scorekeeper at the table would have written of the full log ``log`` (a
        copy the caller owns): no pile orders, only what was seen. Only engines whose
        ``has_table_view`` is true give one: a log with orders is never passed off as one."""
        raise NotImplementedError(f"{self.game}: no table view of its logs yet")

    def value(self, state: S, player: str) -> float:
        """How good ``state`` is for ``player``, for the greedy policy: the score by default."""
        return float(self.scores(state).get(player, 0))

    def actor(self, state: S, action: A) -> str | None:
        """The player who takes ``action`` (the greedy policy judges it for them): the action's
        ``player``, or the only player of a solo game."""
        return getattr(action, "player", None) or (state.players[0] if len(state.players) == 1 else None)

    # --- the table (the dispute report, `--state N`) -----------------------------------------

    def view(self, state: S) -> "View":
        """The table as it stands, in the game's own terms (rules_check/core/view.py). This
        default shows every zone and counter by its engine name; each game gives its own."""
        from .view import CountersPanel, View, ZonePanel, cards, slug

        panels: list[Any] = [ZonePanel(id=slug(name), title=name, cards=cards(items))
                        for name, items in state.zones.zones.items()]
        if state.counters:
            panels.append(CountersPanel(id="counters", title="counters",
                                        values=[{"label": k, "value": v} for k, v in state.counters.items()]))
        return View(scores=self.scores(state), panels=panels)

    # --- the end --------------------------------------------------------------------------

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    def scores(self, state: S) -> dict[str, int]:
        return self.scoring.scores(state)

    def winner(self, state: S) -> str | list[str] | None:
        """The player with the most points; a tie is a shared win (ruling G2)."""
        scores = self.scores(state)
        if not scores:
            return None
        best = max(scores.values())
        top = [p for p in state.players if scores.get(p) == best]
        return top[0] if len(top) == 1 else top

"""Many simulated games in one run: ``pnp simulate GAME --games N [--jobs J | --cluster ADDRESS]``.

A run's results do not depend on where its games are played: game ``k`` is seeded from the
run's seed and ``k`` alone (`game_seed`), played by a worker that knows nothing else, and the
results come back in the order of ``k`` (`play_all`). One worker, a pool of local processes
(``--jobs``) and a Dask cluster (``--cluster``: `dask.distributed.Client.get_executor`, the
`concurrent.futures` interface) are the same `concurrent.futures.Executor` to it, so the
games of a run, their logs and the summary are the same bytes whichever is used.

A worker builds the engines once (the card folder is read in each process, not pickled) and
plays its games with the simulator of `rules_check.core.simulate`; what it sends back is small
(`Played`: the winner, the scores, the entries, and the log's text only when it is kept).
"""

from __future__ import annotations

import random
from collections import Counter
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TypeVar

from .core.simulate import play

T = TypeVar("T")
R = TypeVar("R")


def game_seed(seed: int, k: int) -> int:
    """The seed of game ``k`` of a run seeded ``seed`` (a string seed is hashed with SHA-512 by
    `random.Random`: the same in every process and on every machine, unlike `hash`)."""
    return random.Random(f"pnp-simulate:{seed}:{k}").randrange(2**31)


@dataclass(frozen=True)
class Task:
    """One game to play: everything a worker needs, and nothing it cannot pickle."""

    index: int
    game: str
    cards: str | None  # the card folder of a game of one's own (``--cards``), read by the worker
    players: tuple[str, ...]
    seed: int
    policy: str = "random"
    table: bool = False  # the table view of the log (``--view table``)
    keep_log: bool = False  # send the log's text back (``--out DIR``)
    command: str = ""  # the log's comment: how to play this game again alone


@dataclass(frozen=True)
class Played:
    """What a worker sends back of a game."""

    index: int
    seed: int
    winner: str | list[str] | None
    scores: dict[str, int]
    entries: int
    log: str | None = None


_ENGINES: dict[str | None, dict[str, Any]] = {}  # per worker process: the engines, by card folder


def _engine(task: Task) -> Any:
    from rules_check.engines import engines_for

    if task.cards not in _ENGINES:
        _ENGINES[task.cards] = engines_for(Path(task.cards) if task.cards else None)
    return _ENGINES[task.cards][task.game]


def play_one(task: Task) -> Played:
    """Play ``task``'s game (in whichever process runs it)."""
    engine = _engine(task)
    log, state = play(engine, list(task.players), task.seed, task.policy, table=task.table)
    text = None
    if task.keep_log:
        from rules_check.logwriter import dump_log

        if task.table:
            from .core.tableview import table_view

            log = table_view(engine, log)
        text = dump_log(log, task.command)
    winner = engine.winner(state)
    return Played(task.index, task.seed, list(winner) if isinstance(winner, (list, tuple)) else winner,
                  dict(engine.scores(state)), len(log["log"]), text)


class InProcess(Executor):
    """The games played one after the other in this process (``--jobs 1``)."""

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        future: Future[R] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # as a pool reports it: from the future's result()
            future.set_exception(exc)
        return future


@contextmanager
def executor(jobs: int = 1, cluster: str | None = None) -> Iterator[Executor]:
    """Where a run's games are played: this process (``jobs`` 1), ``jobs`` local processes, or
    the Dask cluster whose scheduler listens at ``cluster`` (``tcp://HOST:8786``)."""
    if cluster is not None:
        from dask.distributed import Client  # the `cluster` extra: pip install 'pnp-tabletop[cluster]'

        with Client(cluster, timeout="10s") as client:
            yield client.get_executor()
    elif jobs <= 1:
        yield InProcess()
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield pool


class GameFailed(Exception):
    """A game of the run that could not be played (an endless game, a card the engine cannot
    use), as a worker anywhere can send it back: its message as plain text, pickled whatever
    the class of the error it stands for."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code

    def __reduce__(self) -> tuple[Any, ...]:
        return GameFailed, (self.args[0], self.exit_code)


def play_batch(tasks: Sequence[Task]) -> list[Played]:
    """Several games played in one worker call: one round trip for a batch, not one a game."""
    from pnp.data.errors import PnpError

    out = []
    for task in tasks:
        try:
            out.append(play_one(task))
        except PnpError as exc:
            raise GameFailed(f"game {task.index + 1} of the run (pnp simulate {task.game} --seed {task.seed}): "
                             f"{exc}", exc.exit_code) from None
    return out


def play_all(tasks: Sequence[Task], pool: Executor, batch: int = 1,
             on_done: Callable[[Played], None] | None = None) -> list[Played]:
    """Every task played on ``pool``, ``batch`` games a call; the results in the tasks' order
    whatever order they end in."""
    batches = [list(tasks[i:i + batch]) for i in range(0, len(tasks), max(1, batch))]
    futures = [pool.submit(play_batch, b) for b in batches]
    out: list[Played] = []
    for future in futures:  # in order: a result waits for the earlier ones, never changes them
        for played in future.result():
            out.append(played)
            if on_done is not None:
                on_done(played)
    return out


def batch_size(games: int, workers: int) -> int:
    """Games a worker call: about eight calls a worker (the pool stays busy to the end), at
    most 25 games a call (a progress bar still moves)."""
    return max(1, min(25, games // max(1, 8 * workers)))


@dataclass
class Summary:
    """What a run of games adds up to, for the text and JSON reports."""

    game: str
    players: list[str]
    policy: str
    seed: int
    games: int = 0
    entries: int = 0
    wins: Counter[str] = field(default_factory=Counter)  # a shared win counts for each winner
    undecided: int = 0  # no winner: a co-op or solo game lost, or a game without one
    scores: dict[str, list[int]] = field(default_factory=dict)

    def add(self, played: Played) -> None:
        self.games += 1
        self.entries += played.entries
        winners = [played.winner] if isinstance(played.winner, str) else list(played.winner or [])
        if not winners:
            self.undecided += 1
        self.wins.update(winners)
        for player, score in played.scores.items():
            self.scores.setdefault(player, []).append(score)

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "policy": self.policy, "seed": self.seed,
                "games": self.games, "entries": self.entries, "undecided": self.undecided,
                "wins": {p: self.wins.get(p, 0) for p in self.players},
                "mean_scores": {p: round(sum(s) / len(s), 3) for p, s in self.scores.items() if s}}

    def lines(self) -> list[str]:
        """The text report: a line a player, then the totals."""
        out = [f"{self.game}: {self.games} games of {len(self.players)} "
               f"player{'s' if len(self.players) > 1 else ''}, --policy {self.policy}, --seed {self.seed}"]
        for p in self.players:
            scores = self.scores.get(p, [])
            mean = f"{sum(scores) / len(scores):.2f}" if scores else "-"
            out.append(f"  {p}: {self.wins.get(p, 0)} wins, mean score {mean}")
        out.append(f"  no winner: {self.undecided}; {self.entries} entries in all")
        return out

"""Reading a log's ``setup:``, the one section each game writes in its own form.

Every engine checks the same things there: the keys a mapping may and must have, a section
with one value per player, lists of names resolved against the game's card data, a word out
of a fixed set. `SetupReader` does those checks once, the same way for every game: each
failure is a `LogFormatError` (exit 2) that carries its path under ``setup:`` and the line
``line_of`` gives for that path, and an unknown name, key or player comes with the one
"did you mean" suggestion of `pnp.data.names`. What the *rules* forbid in a well-formed setup
(a 4th copy, a wrong deck size) stays with the engine, as `IllegalAction`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

from pnp.data.names import HINT, did_you_mean
from pnp.data.errors import MAX_QUOTED_PATH, shown

from .errors import LogFormatError

if TYPE_CHECKING:
    from pathlib import Path

    from .logfile import GameLog


class SetupReader:
    """Reads a log's `setup:` (the game's own section) with errors that carry their path."""

    def __init__(self, setup: Any, file: str, line_of: Callable[[tuple[Any, ...]], int | None], shape: str,
                 *, hint: str = HINT) -> None:
        """``shape``: an example of the whole setup, shown when the top level is not a mapping
        (and when one of its keys is unknown or missing). ``hint``: the frame of a suggestion,
        for a game whose messages already have their own (`pnp.data.names.did_you_mean`)."""
        self.setup = setup
        self.file = file
        self.line_of = line_of
        self.shape = shape
        self.hint = hint

    # --- errors ------------------------------------------------------------------------------

    def fail(self, message: str, path: tuple[Any, ...] = (), field: str | None = None) -> LogFormatError:
        """A `LogFormatError` at the line of ``path``; ``field`` names it (``setup.deck``) and
        defaults to the path's own name."""
        return LogFormatError(self.file, message, line=self.line_of(path),
                              field=field if field is not None else self.field(path), path=path)

    @staticmethod
    def field(path: tuple[Any, ...]) -> str:
        """``setup.hands.Ana`` for ``("hands", "Ana")``; ``setup`` for the section itself."""
        return ".".join(("setup", *map(str, path)))

    def suggest(self, name: Any, candidates: dict[str, str] | Iterable[str]) -> str:
        """The "did you mean" of an unknown ``name``, in this reader's frame (or ``""``)."""
        return did_you_mean(str(name), candidates, frame=self.hint)

    # --- values ------------------------------------------------------------------------------

    def value(self, path: tuple[Any, ...], default: Any = None) -> Any:
        """The raw value at ``path`` (through mappings and lists), ``default`` when absent."""
        here = self.setup
        for step in path:
            if isinstance(here, dict) and step in here:
                here = here[step]
            elif isinstance(here, list) and isinstance(step, int) and 0 <= step < len(here):
                here = here[step]
            else:
                return default
        return here

    def mapping(self, path: tuple[Any, ...] = (), required: Iterable[str] = (), optional: Iterable[str] = (),
                what: str = "") -> dict[str, Any]:
        """The mapping at ``path``, with every ``required`` key and no key but those and the
        ``optional`` ones. ``what`` describes it in messages (the top level: ``shape``)."""
        required, optional = list(required), list(optional)
        expected = what or (self.shape if path == () else "a mapping")
        raw = self.value(path)
        if not isinstance(raw, dict):
            raise self.fail(f"expected {expected}", path)
        known = required + optional
        for key in raw:
            if key not in known:
                keys = expected if what or path == () else f"a mapping of {', '.join(known)}"
                raise self.fail(f"unknown key {shown(str(key))}; expected {keys}{self.suggest(key, known)}",
                                path + (key,))
        for key in required:
            if key not in raw:
                raise self.fail(f"is required but missing; expected {expected}", path, self.field(path + (key,)))
        return raw

    def per_player(self, path: tuple[Any, ...], players: list[str], what: str = "value") -> dict[str, Any]:
        """The mapping at ``path`` with one value for each player and no other key (``what``:
        what each value is, for messages: ``hand``)."""
        raw = self.value(path)
        if not isinstance(raw, dict):
            raise self.fail(f"expected each player's {what} ({', '.join(players)})", path)
        for p in raw:
            if p not in players:
                hint = self.suggest(p, players) or f" (the players: {', '.join(players)})"
                raise self.fail(f"unknown player {shown(p)}{hint}", path + (p,))
        for p in players:
            if p not in raw:
                raise self.fail(f"is required but missing: {p}'s {what}", path, self.field(path + (p,)))
        return raw

    def names(self, path: tuple[Any, ...], resolve: Callable[[str], str | None],
              candidates: dict[str, str] | Iterable[str], what: str = "card") -> list[str]:
        """The list at ``path``, each name as printed: ``resolve`` gives a written name's printed
        name, or None when the game has no such ``what`` (``candidates``, normalised ->
        printed or just printed, are what a suggestion is chosen from). An unknown name is
        reported at its own line, under the list's field."""
        raw = self.value(path)
        if not isinstance(raw, list):
            raise self.fail(f"expected a list of {what} names", path)
        out = []
        for i, name in enumerate(raw):
            printed = resolve(name) if isinstance(name, str) else None
            if printed is None:
                hint = self.suggest(name, candidates) if isinstance(name, str) else ""
                raise self.fail(f"unknown {what} {shown(name)}{hint}", path + (i,), self.field(path))
            out.append(printed)
        return out

    def choice(self, path: tuple[Any, ...], options: Iterable[str], what: str = "value") -> str:
        """The value at ``path``, which must be one of ``options`` exactly (``what``: what it
        is, for the message: ``Path``)."""
        options = list(options)
        raw = self.value(path)
        if isinstance(raw, str) and raw in options:
            return raw
        hint = self.suggest(raw, options) if isinstance(raw, str) else ""
        listed = ", ".join(options)
        expected = f"one of {listed}" if what == "value" else f"a {what} ({listed})"
        raise self.fail(f"expected {expected}, got {shown(raw)}{hint}", path)

    # --- logs a setup names -------------------------------------------------------------------

    def earlier_log(self, path: tuple[Any, ...], name: str, what: str, field: str,
                    engine: Any) -> tuple[Path, GameLog]:
        """The log file ``name`` the setup names at ``path`` (a campaign's earlier game, the
        game that drew an End card), relative to this log and read by the same reader; a
        missing or unreadable file is a format error naming ``what`` it is ("earlier",
        "previous"). It must be a log of ``engine``'s game (the core knows no other). Returns the
        resolved path and the `GameLog`."""
        from pathlib import Path

        from pnp.data.errors import InputError

        from .logfile import read_log

        p = (Path(self.file).parent / name).resolve()
        if not p.exists():  # anything else there (a folder, a FIFO) is refused by read_log as what it is
            raise self.fail(f"no {what} log {shown(name, MAX_QUOTED_PATH)} (paths are relative to this log)", path, field)
        try:
            return p, read_log(p, {engine.game: engine})  # the core knows no game: the caller's own
        except InputError as exc:
            raise self.fail(f"the {what} log {shown(name, MAX_QUOTED_PATH)} cannot be used: {exc}", path, field) from None

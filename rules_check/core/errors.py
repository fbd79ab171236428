"""What can go wrong in a game log, as types (errors are types, results are data).

``IllegalAction`` is a rule broken by a well-formed entry: a violation (exit 1), naming the
rulebook section. ``LogFormatError`` is an entry that is not a log entry at all (an unknown
key, a wrong type, an unknown card): the file cannot be used (exit 2). Both bound their message
(`pnp.data.errors.bounded`): a value they quote is quoted with `pnp.data.errors.shown`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.data.errors import InputError, bounded


class IllegalAction(ValueError):
    """A legal-looking entry that breaks a rule: ``rule`` names the rulebook section."""

    def __init__(self, rule: str, message: str, path: tuple[Any, ...] | None = None) -> None:
        self.rule = rule
        self.message = bounded(message)
        # for a setup that breaks a rule: where in `setup:` (a path like ("deck", 12)), so
        # the violation points at that line
        self.path = path
        super().__init__(f"{rule}: {self.message}")


class LogFormatError(InputError):
    """An entry the game's vocabulary does not know (reported with the file and line)."""

    def __init__(self, file: str | Path | None, message: str, line: int | None = None, field: str | None = None,
                 *, path: tuple[Any, ...] | None = None) -> None:
        # for a setup that is not of the game's form: where in `setup:` (like IllegalAction's path);
        # the line is already resolved from it, so it does not change how the error prints
        self.path = path
        super().__init__(file, message, line=line, field=field)

"""Error types shared by the generator and the rules checker.

One base class lets the CLI catch every expected failure in one place and turn it into a
message and an exit code (docs/logs/README.md, "Exit codes"): an `InputError` is input that could not be
used (exit 2). Nothing here imports reportlab, so `rules_check` can use it on its own.
"""

from __future__ import annotations

from pathlib import Path


class PnpError(Exception):
    """Base of every error the CLI reports as a message instead of a traceback."""

    exit_code = 2


class InputError(PnpError):
    """A file that cannot be used: unreadable, not YAML, or not of the expected form.

    Prints as ``FILE:LINE: FIELD: what was expected`` (line and field when known).
    """

    exit_code = 2

    def __init__(
        self,
        file: str | Path | None,
        message: str,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        self.file = str(file) if file is not None else None
        self.line = line
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        if self.field:
            return f"{where}: {self.field}: {self.message}"
        return f"{where}: {self.message}"


class InputErrors(PnpError):
    """Several problems found in one pass (all problems of a file are reported together)."""

    exit_code = 2

    def __init__(self, errors: list[InputError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))

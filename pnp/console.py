"""What the CLI prints, through rich: colour on a terminal, plain text when piped or when
``NO_COLOR`` is set (rich reads it), nothing but errors with ``-q``, more with ``-v``.

Every command prints through `out()` (results, standard output) and `err()` (warnings,
errors and progress, standard error), so a script reading standard output never gets a
progress bar or a colour code. `table` prints rows as a rich table on a terminal and as
plain columns otherwise (a pipe, a file, a test), so ``grep`` and ``cut`` still work.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Iterable, Sequence

from rich.console import Console
from rich.table import Table

from .data.text import printable, printable_lines


@dataclass
class Verbosity:
    quiet: bool = False
    verbose: bool = False


SETTINGS = Verbosity()  # set by the app's callback on every invocation (pnp/cli.py)


def out() -> Console:
    """Standard output: the results. Silent with -q."""
    return Console(highlight=False, soft_wrap=True, quiet=SETTINGS.quiet, no_color=_no_colour())


def err() -> Console:
    """Standard error: warnings, errors, progress (errors print even with -q)."""
    return Console(stderr=True, highlight=False, soft_wrap=True, no_color=_no_colour())


def _no_colour() -> bool:
    return "NO_COLOR" in os.environ and os.environ["NO_COLOR"] != ""


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], title: str | None = None,
          console: Console | None = None) -> None:
    """Rows under their headers: a rich table on a terminal, aligned plain columns else."""
    console = console or out()
    # cells are data (card, player and file names): a control character is shown escaped, never
    # sent to the terminal, and a newline in a file name cannot break the table (pnp.data.text)
    headers = [printable(h) for h in headers]
    title = printable(title) if title else title
    rows = [[("" if v is None else printable(v)) for v in row] for row in rows]
    if console.is_terminal:
        t = Table(*(_escape(h) for h in headers), title=_escape(title) if title else None, title_justify="left")
        for row in rows:  # cells are data (card and file names), never markup
            t.add_row(*(_escape(v) for v in row))
        console.print(t)
        return
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    lines = ([title] if title else []) + ["  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip()]
    lines += ["  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip() for row in rows]
    console.print("\n".join(lines), markup=False, emoji=False)


def warn(message: str) -> None:
    """A warning on standard error (yellow on a terminal); silent with -q."""
    if not SETTINGS.quiet:
        err().print(f"[yellow]warning:[/yellow] {_escape(message)}")


def note(message: str) -> None:
    """Advice on standard error, ``note: ...`` (no fault: --strict does not count it); silent with -q."""
    if not SETTINGS.quiet:
        err().print(f"[cyan]note:[/cyan] {_escape(message)}")


def error(message: str) -> None:
    """An error on standard error, ``pnp: ...`` (red on a terminal), even with -q."""
    err().print(f"[red]pnp:[/red] {_escape(message)}")


def _escape(text: str) -> str:
    """A message as printed: its control characters escaped (`pnp.data.text.printable`; the
    line breaks of a message of several lines kept), then rich's markup escaped."""
    from rich.markup import escape

    return escape(printable_lines(text))


def report(text: str) -> None:
    """A machine-readable report (JSON) on standard output, exactly as given (no colour, no
    wrapping, no markup); silent with -q, where the exit code is the answer."""
    if not SETTINGS.quiet:
        import typer

        typer.echo(text)

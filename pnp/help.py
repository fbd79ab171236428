"""The help screen of every ``pnp`` command, drawn from what each parameter says of itself.

Typer labels every argument and option with its Python annotation (``<list[Path]>``,
``<bool>``) and wraps required arguments in braces (``{FILE...}``); a user reads neither. So the
commands use typer's documented extension point, a command class (``cls=``): `PlainCommand` and
`PlainGroup` draw their own help from the parameters' public attributes (their options, metavar,
help, default, whether required), in typer's layout of rounded panels, and nothing of typer's
internals is replaced. tests/test_cli_conventions.py reads every command's help.
"""

from __future__ import annotations

import inspect
import re
from enum import Enum
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from typer.core import TyperCommand, TyperGroup

# the parameters every typer program adds, listed after the command's own
_TYPER_OWN = ("install_completion", "show_completion", "help")


def usage(command: Any, ctx: Any) -> str:
    """``Usage: pnp check log [OPTIONS] FILE...``: arguments by their metavar, optional ones in
    brackets, a group's ``COMMAND [ARGS]...``."""
    pieces = [ctx.command_path, "[OPTIONS]"]
    for param in command.get_params(ctx):
        if param.param_type_name == "argument" and not getattr(param, "hidden", False):
            name = param.metavar or param.name.upper()
            if param.nargs != 1 and not name.endswith("..."):
                name += "..."
            pieces.append(name if param.required else f"[{name}]")
    if isinstance(command, TyperGroup):
        pieces.append("COMMAND [ARGS]...")
    return " ".join(pieces)


def description(text: str | None) -> str:
    """A docstring or help text as paragraphs: lines of one paragraph joined, text after a
    form feed (click's marker for what help leaves out) dropped."""
    text = inspect.cleandoc(text or "").split("\f")[0]
    return "\n\n".join(" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip())


def _default(param: Any) -> str | None:
    if getattr(param, "is_flag", False) or param.show_default is False or param.required:
        return None
    value = param.default
    if value is None or callable(value) or value == [] or value == ():
        return None
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(v) for v in value)
    return _value(value)


def _value(value: Any) -> str:
    return str(value.value if isinstance(value, Enum) else value)


def _row(param: Any) -> list[Any]:
    if param.param_type_name == "argument":
        names, shown = param.metavar or param.name.upper(), ""
    else:
        # the long name first, as typer shows them (--version, -V)
        names = ", ".join(sorted([*param.opts, *param.secondary_opts], key=lambda o: not o.startswith("--")))
        shown = "" if getattr(param, "is_flag", False) else (param.metavar or "")
    help_text = Text(description(param.help))
    default = _default(param)
    if default is not None:
        help_text.append(f" [default: {default}]", style="dim")
    if param.required:
        help_text.append(" [required]", style="dim red")
    return [Text("*" if param.required else "", style="red"), Text(names, style="bold cyan"),
            Text(shown, style="yellow"), help_text]


def _panel(title: str, rows: list[list[Any]]) -> Panel:
    table = Table(box=None, show_header=False, padding=(0, 1), expand=False, pad_edge=False)
    for _ in rows[0]:
        table.add_column()
    table.columns[-1].overflow = "fold"
    table.columns[-1].ratio = 1
    for row in rows:
        table.add_row(*row)
    return Panel(table, title=title, title_align="left", box=box.ROUNDED, border_style="dim", expand=True)


def render(command: Any, ctx: Any) -> Group:
    """The whole help screen of ``command``: usage, description, arguments, options, commands."""
    parts: list[Any] = [Text(""), Text("Usage: ", style="yellow").append(usage(command, ctx), style="bold"), Text("")]
    about = description(command.help)
    if about:
        parts += [Text(about), Text("")]
    params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
    params.sort(key=lambda p: p.name in _TYPER_OWN)  # stable: the command's own first
    arguments = [_row(p) for p in params if p.param_type_name == "argument"]
    options = [_row(p) for p in params if p.param_type_name == "option"]
    if arguments:
        parts.append(_panel("Arguments", arguments))
    if options:
        parts.append(_panel("Options", options))
    if isinstance(command, TyperGroup):
        rows = []
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                rows.append([Text(name, style="bold cyan"), Text(description(sub.get_short_help_str(limit=300)))])
        if rows:
            parts.append(_panel("Commands", rows))
    return Group(*parts)


def _show(command: Any, ctx: Any) -> None:
    Console(highlight=False).print(render(command, ctx))


class PlainCommand(TyperCommand):
    """A typer command whose help names parameters as written, never by Python type."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _show(self, ctx)


class PlainGroup(TyperGroup):
    """A typer group whose help names parameters as written (each of its commands is given
    ``cls=PlainCommand`` where it is declared, pnp/cli.py)."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _show(self, ctx)

"""The CLI as users of typer and rich tools expect it: --version, -h, completion, -q and -v,
colour only where wanted, help without Python types, errors that name the option."""

from __future__ import annotations

import json
import re
import os
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from pnp.cli import app

COMMANDS = [[], ["build"], ["list"], ["schema"], ["calibrate"], ["simulate"], ["check"], ["check", "deck"],
            ["check", "log"]]


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner(env=env).invoke(app, list(args))


def said(result) -> str:
    """Output as one line: typer's error box drawn away, its wrapping undone."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.output).split())


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag):
    result = run(flag)
    assert result.exit_code == 0 and result.output == f"pnp {version('pnp-tabletop')}\n"


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "pnp")
def test_help_with_h_and_without_python_types(command):
    result = run(*command, "-h")
    assert result.exit_code == 0 and "Usage: " in result.output
    assert run(*command, "--help").output == result.output
    assert not re.search(r"<(list|path|bool|str|int|float|Path)\b", result.output), result.output
    assert "{" not in result.output and "}" not in result.output, result.output


def test_help_names_each_parameter_as_written():
    """The usage line and the rows say FILE... and --format text|json, with defaults and what is
    required, as the commands declare them."""
    text = run("check", "log", "-h").output
    assert re.search(r"Usage: \S+ check log \[OPTIONS\] FILE\.\.\.\n", text)
    assert re.search(r"\*\s+FILE\.\.\.\s+Game log files", text)
    assert re.search(r"--format\s+text\|json\s+text: each verdict", text) and "[default: text]" in text
    assert "[required]" in text and "--help, -h" in text
    assert re.search(r"Usage: \S+ \[OPTIONS\] COMMAND \[ARGS\]\.\.\.\n", run("-h").output)
    assert "check log" not in run("check", "-h").output and re.search(r"│ log\s+Adjudicate", run("check", "-h").output)


def test_typer_itself_is_left_as_it_is():
    """Help is drawn through typer's public command classes (pnp/help.py), so typer's own
    classes keep their methods (nothing patched; no pin below the next typer)."""
    from typer import core

    for cls in (core.TyperArgument, core.TyperOption):
        assert cls.display_type_rich.__module__ == "typer.core", cls
    assert core.TyperArgument._usage_display_name.__module__ == "typer.core"


def _parameters(command, path=()):
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _parameters(sub, (*path, name))


def test_every_argument_and_option_is_described():
    root = typer.main.get_command(app)
    missing = []
    for path, command in _parameters(root):
        for param in command.params:
            if param.name in ("help", "install_completion", "show_completion"):
                continue
            if not (getattr(param, "help", None) or "").strip():
                missing.append(f"pnp {' '.join(path)} {param.opts[0] if param.opts else param.name}")
    assert missing == []


def test_completion_script_for_the_pnp_command():
    pnp = shutil.which("pnp") or str(Path(sys.executable).parent / "pnp")
    # the shell named, not guessed from the processes above the test (none is a shell when the
    # suite is started in the background): typer then takes --show-completion's value
    env = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    out = subprocess.run([pnp, "--show-completion", "bash"], capture_output=True, text=True, env=env)
    assert out.returncode == 0
    assert "_PNP_COMPLETE=complete_bash" in out.stdout and "complete " in out.stdout


def test_quiet_prints_nothing_and_verbose_tells_the_time(tmp_path):
    quiet = CliRunner().invoke(app, ["-q", "build", "relics", "--out", str(tmp_path / "q")])
    assert quiet.exit_code == 0 and quiet.stdout == "" and quiet.stderr == ""
    assert (tmp_path / "q" / "relics.pdf").is_file()
    loud = CliRunner().invoke(app, ["-v", "build", "relics", "--out", str(tmp_path / "v")])
    assert loud.exit_code == 0
    assert loud.stdout.splitlines() == [f"{tmp_path / 'v' / 'relics.pdf'}  (4 pages, 18 cards)"]
    assert re.fullmatch(r"built 1 file of 1 game in \d+\.\d\d s\n", loud.stderr)
    both = run("-q", "-v", "list")
    assert both.exit_code == 2 and "--quiet or --verbose, not both" in said(both)


def test_colour_on_a_terminal_and_none_with_no_color(tmp_path):
    """A warning is yellow where colour is wanted (FORCE_COLOR stands for a terminal), plain
    with NO_COLOR, and plain in a pipe; standard output never carries a colour code."""
    args = ["build", "relics", "--gutter", "0", "--out", str(tmp_path)]
    colour = re.compile(r"\x1b\[[0-9;]*m")  # a colour (SGR) code; a progress bar moves the cursor
    coloured = CliRunner(env={"FORCE_COLOR": "1", "NO_COLOR": None}).invoke(app, args)
    assert coloured.exit_code == 0 and colour.search(coloured.stderr) and "warning:" in coloured.stderr
    plain = CliRunner(env={"FORCE_COLOR": "1", "NO_COLOR": "1"}).invoke(app, args)
    assert plain.exit_code == 0 and not colour.search(plain.stderr) and "warning: Relics" in plain.stderr
    assert "\x1b[" not in plain.stdout + coloured.stdout
    piped = CliRunner(env={"FORCE_COLOR": None, "NO_COLOR": None}).invoke(app, args)
    assert "\x1b[" not in piped.stderr + piped.stdout


@pytest.mark.parametrize("args,expected", [
    (["build", "--back-offset", "1.5"], "Invalid value for '--back-offset': expected X,Y in mm (like 1.5,-0.5), got '1.5'"),
    (["build", "--format", "csv"], "Invalid value for '--format': expected pdf, png, pod or tts, got 'csv'"),
    (["build", "--duplex", "sideways"], "Invalid value for '--duplex': expected long-edge, short-edge or off"),
    (["simulate", "relics", "--policy", "smart"], "Invalid value for '--policy': expected random, greedy or search"),
    (["calibrate", "--paper", "b5"], "Invalid value for '--paper'"),
])
def test_an_invalid_value_names_its_option(args, expected):
    result = run(*args)
    assert result.exit_code == 2
    assert expected in said(result) and "Value error" not in result.output


def test_no_terminal_no_progress_bar_on_standard_output(tmp_path):
    result = CliRunner().invoke(app, ["build", "relics", "kartomantik", "--out", str(tmp_path)])
    assert result.exit_code == 0
    assert all(re.fullmatch(r"\S+  \(.+\)", line) for line in result.stdout.splitlines())


def test_a_progress_bar_on_a_terminal_goes_to_standard_error_only(tmp_path):
    """On a terminal (FORCE_COLOR stands for one) an export shows its progress on standard
    error; standard output keeps the paths alone."""
    result = CliRunner(env={"FORCE_COLOR": "1", "NO_COLOR": None}).invoke(
        app, ["build", "relics", "--format", "png", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "relics (png)" in result.stderr and "18/18" in result.stderr
    assert result.stdout.splitlines() == [f"{tmp_path / 'png' / 'relics'}  (18 cards exported)"]


def test_a_batch_of_logs_shows_its_progress_on_standard_error_only():
    logs = Path(__file__).resolve().parent.parent / "examples" / "logs"
    result = CliRunner(env={"FORCE_COLOR": "1", "NO_COLOR": None}).invoke(
        app, ["check", "log", str(logs), "--format", "json"])
    assert "checking logs" in result.stderr
    assert len(json.loads(result.stdout)) == len(list(logs.glob("*.yaml")))


def test_quiet_checks_answer_by_exit_code_alone():
    decks = Path(__file__).resolve().parent.parent / "examples" / "decks" / "illegal-31-cards.txt"
    for args in (["check", "deck", str(decks)], ["check", "deck", str(decks), "--format", "json"]):
        result = CliRunner().invoke(app, ["-q", *args])
        assert result.exit_code == 1 and result.stdout == ""

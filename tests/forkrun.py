"""``pnp ARGS`` run as ``python -m pnp ARGS`` runs it, in a child forked from the test's process.

A test that must be able to kill a command (a reader that hangs on a FIFO, reads /dev/zero or
fills the memory) cannot run it in its own process; a new interpreter for each run costs half a
second of start-up and imports, most of a hostile-input test. A fork starts from this process,
with pnp already imported: the child runs the same entry point as ``python -m pnp`` (the typer
app, ``prog_name`` pnp), with its own standard streams on fresh file descriptors, its own
working folder and environment, and ends with the exit code the interpreter would give
(``SystemExit``'s code; 1 and the traceback on standard error for an exception that escapes),
without running this process's exit handlers. The parent waits at most ``timeout`` seconds, then
kills it and raises `subprocess.TimeoutExpired`, as `subprocess.run` does.

What a fork cannot show, a test keeps a real interpreter for: anything decided at start-up
(``PYTHONHASHSEED``, the ``pnp`` script installed on the path; tests/test_cli_conventions.py).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from functools import cache
from importlib import import_module
from typing import Mapping, Sequence

# what the commands import when they run (pnp/cli.py imports them inside each command, so that
# `pnp --help` starts fast): imported here once, before the first fork, every child has them
COMMAND_MODULES = ("pnp.cli", "pnp.build", "pnp.data.loader", "pnp.games", "pnp.schema", "rules_check.engines",
                   "rules_check.core.adjudicate", "rules_check.core.simulate", "rules_check.core.tableview",
                   "rules_check.logwriter", "rules_check.dispute", "rules_check.deckreport", "rules_check.pool",
                   "rules_check.many")


@cache
def warm() -> None:
    """Import what the commands use, and list the engines (each game's rules and cards read)."""
    for name in COMMAND_MODULES:
        import_module(name)
    import_module("rules_check.engines").engines()


def run_pnp(args: Sequence[object], *, cwd: str | os.PathLike | None = None, env: Mapping[str, str] | None = None,
            timeout: float = 120, input: bytes | None = None) -> subprocess.CompletedProcess:
    """``pnp ARGS`` in a forked child; its output as text (UTF-8), as ``subprocess.run(...,
    capture_output=True, text=True)`` gives it. ``input``: what standard input reads (else
    nothing: /dev/null)."""
    argv = [str(a) for a in args]
    warm()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as stdin:
        if input is not None:
            stdin.write(input)
            stdin.seek(0)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            _child(argv, cwd, env, stdin.fileno() if input is not None else None, out.fileno(), err.fileno())
        code = _wait(pid, timeout, argv)
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(["pnp", *argv], code, out.read().decode("utf-8", "replace"),
                                           err.read().decode("utf-8", "replace"))


def _child(argv: list[str], cwd, env, stdin_fd: int | None, out_fd: int, err_fd: int) -> None:
    code = 1
    try:
        # the handlers an interpreter starts with (pytest's are not pnp's; SIGPIPE stays ignored)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.setitimer(signal.ITIMER_REAL, 0)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(stdin_fd if stdin_fd is not None else null, 0)
        os.dup2(out_fd, 1)
        os.dup2(err_fd, 2)
        sys.stdin = open(0, encoding="utf-8", errors="surrogateescape", closefd=False)
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        if cwd is not None:
            os.chdir(cwd)
        sys.argv = ["pnp", *argv]
        from pnp.cli import app

        try:
            app(args=argv, prog_name="pnp")
            code = 0
        except SystemExit as exc:  # as the interpreter reads it
            if exc.code is None:
                code = 0
            elif isinstance(exc.code, int):
                code = exc.code
            else:
                print(exc.code, file=sys.stderr)
                code = 1
        except BaseException:  # escaped: the interpreter's traceback and exit 1
            import traceback

            traceback.print_exc()
            code = 1
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
    finally:
        os._exit(code & 0xFF if code >= 0 else 1)


def _wait(pid: int, timeout: float, argv: list[str]) -> int:
    deadline = time.monotonic() + timeout
    delay = 0.001
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise subprocess.TimeoutExpired(["pnp", *argv], timeout)
        time.sleep(delay)
        delay = min(delay * 2, 0.02)

"""The forked runner (tests/forkrun.py) answers as ``python -m pnp`` does: the same standard
output, standard error and exit code for a result, a refusal and a usage error; a command that
hangs is killed at its timeout."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from forkrun import run_pnp

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "examples" / "logs"


@pytest.mark.parametrize("args", [
    ["check", "log", LOGS / "kartomantik-illegal-priority.yaml"],  # exit 1: a violation
    ["check", "log", LOGS / "relics-legal.yaml", "--format", "json"],  # exit 0
    ["check", "log", "no-such-file.yaml"],  # exit 2: refused, the file named
    ["simulate", "relics", "--policy", "smart"],  # exit 2: a usage error
    ["--version"],
], ids=["violation", "json", "missing", "usage", "version"])
def test_a_forked_run_answers_as_the_interpreter_does(tmp_path, args):
    env = {**os.environ, "COLUMNS": "400"}
    real = subprocess.run([sys.executable, "-m", "pnp", *map(str, args)], capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=120)
    forked = run_pnp(args, cwd=tmp_path, env=env)
    assert (forked.returncode, forked.stdout, forked.stderr) == (real.returncode, real.stdout, real.stderr)


def test_standard_input_is_what_it_is_given(tmp_path):
    text = (LOGS / "relics-legal.yaml").read_bytes()
    forked = run_pnp(["check", "log", "-", "--format", "json"], input=text, cwd=tmp_path)
    assert forked.returncode == 0 and '"legal": true' in forked.stdout, forked.stderr


def test_a_run_that_hangs_is_killed_at_its_timeout(tmp_path):
    """A server serves until it is stopped: the runner stops it at the timeout, as
    ``subprocess.run`` does, and nothing of it is left running."""
    with socket.socket() as s:  # a free port of this computer
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(subprocess.TimeoutExpired):
        run_pnp(["table", "--no-browser", "--port", port, "--dir", tmp_path], timeout=2, cwd=tmp_path)
    with socket.socket() as s:  # the port is free again: the server is gone
        s.bind(("127.0.0.1", port))

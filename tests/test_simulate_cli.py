"""``pnp simulate``: the same seed writes the same log in any process (no dependence on the
hash seed that orders Python's sets), and the log it writes is judged legal and complete."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from rules_check.engines import engines


@pytest.mark.parametrize("game", sorted(engines()))
def test_same_seed_same_log_in_any_process(tmp_path, game):
    low, high = engines()[game].players
    players = str(min(high, max(low, 3)))
    texts = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"{hash_seed}.yaml"
        subprocess.run([sys.executable, "-m", "pnp", "simulate", game, "--players", players, "--seed", "5",
                        "--out", str(out)], check=True, capture_output=True,
                       env={**os.environ, "PYTHONHASHSEED": hash_seed})
        texts.append(out.read_text())
    assert texts[0] == texts[1]
    checked = subprocess.run([sys.executable, "-m", "pnp", "check", "log", str(tmp_path / "1.yaml"), "--format",
                              "json"], capture_output=True, text=True)
    report = json.loads(checked.stdout)[0]
    assert checked.returncode == 0 and report["legal"] and report["complete"]

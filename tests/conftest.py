"""Shared fixtures: every bundled game built once per test session with the default options,
on A4 and on Letter, for the tests that measure the default output (they read the files and
never change them). A test that needs other options builds into its own folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.build import BuildOptions, GameBuild, build
from pnp.data.games import GAMES


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """``built(paper)`` -> (folder, results) of building every bundled game on ``paper``."""
    cache: dict[str, tuple[Path, list[GameBuild]]] = {}

    def get(paper: str = "a4") -> tuple[Path, list[GameBuild]]:
        if paper not in cache:
            out = tmp_path_factory.mktemp(f"built-{paper}")
            cache[paper] = (out, build(list(GAMES), BuildOptions(out_dir=out, paper=paper)))
        return cache[paper]

    return get

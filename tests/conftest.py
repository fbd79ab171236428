"""Shared fixtures: Debian's Chromium for the pages' tests (one browser per module), and every
bundled game built once per test session with the default options,
on A4 and on Letter, for the tests that measure the default output (they read the files and
never change them). A test that needs other options builds into its own folder."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pnp.build import BuildOptions, GameBuild, build
from pnp.games import GAMES


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


# --- Chromium (Playwright), for the pages: the dispute report, the review view, pnp table ---------

# as root in a container Chromium needs --no-sandbox; the rest keep it off a closed network
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync", "--disable-quic"]


def chromium() -> str:
    """Debian's Chromium (.ci/system-packages installs it), or $PNP_CHROMIUM: a test never skips for lack of it."""
    found = os.environ.get("PNP_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.fail("no Chromium: bash .ci/system-packages installs Debian's (or set PNP_CHROMIUM)")
    return found


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module (Playwright's sync API); each test opens its own contexts."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        yield b
        b.close()

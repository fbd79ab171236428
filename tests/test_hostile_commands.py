"""Issue 28, "Tracebacks" and "Smaller": what the commands do around their inputs, through the
real CLI, a family per class of fault, each over every command it concerns:

* a broken card file of a bundled game (a checkout's ``cards/`` edited): every command that
  judges or plays a game answers exit 2 naming the file and the line (the engines read their
  card data when they are made, inside the CLI's error handling), never a traceback;
* a legal script that makes a game endless: ``pnp simulate`` stops at its bound, exit 2,
  naming the cards the loop repeats;
* a full disk: exit 2 naming the output, the earlier output kept byte for byte, no temporary
  file and no folder made for the output left behind;
* an output that is one of the command's inputs (the same path, a symbolic or a hard link, a
  folder holding one): exit 2 naming both, the input untouched;
* standard input (``-``) named twice: exit 2 (it holds one file and is read once).

The bundled card folder is replaced by a copy in a subprocess (`with_bundle`): the engines and
the modules that read it see the copy from their first import, as in an edited checkout; the
commands of one game run one after the other in that process (an interpreter's start is most of
a command's time).
"""

from __future__ import annotations

import builtins
import errno
import io
import json
import os
import shutil
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from moonwell import write_game
from pnp.cli import app
from rules_check.core.simulate import MAX_ACTIONS

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "examples" / "logs"
DECKS = ROOT / "examples" / "decks"
TIMEOUT = 30  # seconds the commands of a subprocess may take; each takes a few

runner = CliRunner()


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder`` (hidden ones too): a file's bytes, a folder as such."""
    found: dict[str, bytes | str] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root) / name
            found[str(path.relative_to(folder))] = path.read_bytes() if path.is_file() else "folder"
    return found


# ---------------------------------------------------------------------------------------
# the bundled card folder replaced by a copy, in a subprocess

# pnp.data.paths.bundled answers the copy before any module asks it (some ask at import); then
# each command of the JSON list argv[2] is run by the CLI, its exit code and output kept
WITH_BUNDLE = """
import contextlib, io, json, sys, traceback
from pathlib import Path
import pnp.data.paths as paths
root = Path(sys.argv[1])
paths.bundled = lambda name: (root / name).resolve()
from pnp.cli import app
results = []
for args in json.loads(sys.argv[2]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            app(args, prog_name="pnp")
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
        except BaseException:
            traceback.print_exc()
            code = 1
    results.append({"code": code, "out": out.getvalue(), "err": err.getvalue()})
print(json.dumps(results))
"""


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def output(self) -> str:
        return self.out + self.err


def bundle(tmp_path: Path) -> Path:
    """A copy of the bundled folders: ``cards/`` copied (to be broken), the others linked."""
    root = tmp_path / "bundle"
    root.mkdir()
    shutil.copytree(ROOT / "cards", root / "cards")
    (root / "layouts").symlink_to(ROOT / "layouts")
    (root / "decks").symlink_to(ROOT / "examples" / "decks")
    return root


def with_bundle(root: Path, *commands: list, cwd: Path) -> list[Run]:
    """Each command run by the CLI in one process whose bundled folders are ``root``'s; a
    process that does not answer within ``TIMEOUT`` (it hangs, or serves) gives each command
    the exit code -1."""
    args = json.dumps([[str(a) for a in command] for command in commands])
    try:
        done = subprocess.run([sys.executable, "-c", WITH_BUNDLE, str(root), args], capture_output=True, text=True,
                              timeout=TIMEOUT, cwd=cwd, env={**os.environ, "COLUMNS": "400"})
    except subprocess.TimeoutExpired:
        return [Run(-1, "", f"did not answer within {TIMEOUT} s (it hangs, or serves)") for _ in commands]
    assert done.returncode == 0, done.stderr
    return [Run(**r) for r in json.loads(done.stdout)]


def edit(path: Path, old: str, new: str) -> int:
    """``old`` replaced by ``new`` once in ``path``; the (1-based) line of the change."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path}"
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return next(i for i, line in enumerate(text.splitlines(), 1) if new.strip() in line)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# a card file of each game broken by an edit the loader refuses, and a legal log of the game
# (So Long, My World: its Paths file, which only the Solo Mode reads, and a solo log)
BROKEN = {
    "kartomantik": ("kartomantik/pool.yaml", "    power: 3\n", "    power: three\n", "kartomantik-legal.yaml"),
    "relics": ("relics/locations.yaml", "number: 22", "number: abc", "relics-legal.yaml"),
    "visions": ("visions/fragments.yaml", "Icy Birches, count: 3}", "Icy Birches, count: three}",
                "visions-legal-3p.yaml"),
    "so-long-my-world": ("so-long-my-world/paths.yaml", "start_hour: 4", "start_hour: four",
                         "so-long-my-world-solo.yaml"),
}

ENGINE_COMMANDS = {  # every command that makes the rules engines
    "check log": lambda game, log, tmp: ["check", "log", log],
    "check log --html": lambda game, log, tmp: ["check", "log", log, "--html", tmp / "page.html"],
    "check log --state": lambda game, log, tmp: ["check", "log", log, "--state", "1"],
    "simulate": lambda game, log, tmp: ["simulate", game, "--seed", "1", "--out", tmp / "game.yaml"],
    "table": lambda game, log, tmp: ["table", "--no-browser", "--port", free_port(), "--dir", tmp],
}


@pytest.fixture(scope="module")
def broken_runs(tmp_path_factory):
    """``broken_runs(game)``: each command of `ENGINE_COMMANDS` run with the game's card file
    broken, its work folder, and the file and line broken. The commands of a game run in one
    process (the table in one of its own: were it to serve, only its test would fail)."""
    done: dict[str, tuple[dict[str, tuple[Run, Path]], Path, int]] = {}

    def get(game: str):
        if game not in done:
            tmp = tmp_path_factory.mktemp(game)
            root = bundle(tmp)
            name, old, new, log = BROKEN[game]
            line = edit(root / "cards" / name, old, new)
            works = {command: tmp / command.replace(" ", "_") for command in ENGINE_COMMANDS}
            for work in works.values():
                work.mkdir()
            args = {command: ENGINE_COMMANDS[command](game, LOGS / log, works[command]) for command in works}
            alone = ["table"]
            together = [c for c in ENGINE_COMMANDS if c not in alone]
            runs = dict(zip(together, with_bundle(root, *(args[c] for c in together), cwd=tmp)))
            for command in alone:
                (runs[command],) = with_bundle(root, args[command], cwd=tmp)
            done[game] = ({c: (runs[c], works[c]) for c in ENGINE_COMMANDS}, root / "cards" / name, line)
        return done[game]

    return get


@pytest.mark.slow
@pytest.mark.parametrize("command", list(ENGINE_COMMANDS))
@pytest.mark.parametrize("game", list(BROKEN))
def test_a_broken_card_file_is_exit_2_with_its_file_and_line(broken_runs, game, command):
    runs, broken, line = broken_runs(game)
    run, work = runs[command]
    assert run.code == 2, run.output
    assert f"{broken}:{line}:" in run.output
    assert "Traceback" not in run.output and "internal error" not in run.output
    assert list(work.iterdir()) == []  # no page, no log, no game file: nothing written


@pytest.mark.slow
def test_a_pool_without_a_starter_decks_card_is_exit_2_naming_the_deck(tmp_path):
    """The simulator deals the bundled starter decks: a pool edited to lose one of their cards
    is named with the deck's line, not an AttributeError."""
    root = bundle(tmp_path)
    pool = root / "cards" / "kartomantik" / "pool.yaml"
    data = yaml.safe_load(pool.read_text(encoding="utf-8"))
    data["cards"] = [c for c in data["cards"] if c["name"] != "Faded Portrait"]
    pool.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    (run,) = with_bundle(root, ["simulate", "kartomantik", "--seed", "1"], cwd=tmp_path)
    assert run.code == 2, run.output
    assert "Traceback" not in run.output
    assert "'Faded Portrait' is not in the card pool" in run.err
    assert "examples/decks/legal-" in run.err and ".txt:" in run.err  # the deck and its line


# ---------------------------------------------------------------------------------------
# an endless game


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_a_script_that_makes_the_game_endless_stops_at_the_bound_naming_the_cards(tmp_path, policy):
    """Every manifestation returns to its owner's hand when it enters the field: a legal script,
    and a game that never ends. The simulator stops at its bound with exit 2, naming the cards."""
    root = bundle(tmp_path)
    pool = root / "cards" / "kartomantik" / "pool.yaml"
    data = yaml.safe_load(pool.read_text(encoding="utf-8"))
    looping = set()
    for card in data["cards"]:
        if card["type"] == "manifestation":
            card["script"] = [{"when": "it enters the field", "do": [{"put": "it", "into": "your hand"}]}]
            card.pop("text", None)  # the text the script prints
            looping.add(card["name"])
    pool.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    out = tmp_path / "game.yaml"
    (run,) = with_bundle(root, ["simulate", "kartomantik", "--seed", "1", "--policy", policy, "--out", out],
                         cwd=tmp_path)
    assert run.code == 2, run.output
    assert "Traceback" not in run.output
    assert f"the game did not end within {MAX_ACTIONS:,} actions" in run.err
    named = run.err.split("check their scripts): ")[1]
    assert any(f"{card} (" in named for card in looping), named
    assert not out.exists()


# ---------------------------------------------------------------------------------------
# a full disk

ENOSPC = os.strerror(errno.ENOSPC)


class _FullFile:
    """A file opened for writing on a full disk: it opens, and every write fails."""

    def __init__(self, f) -> None:
        self._f = f

    def write(self, data) -> int:
        raise OSError(errno.ENOSPC, ENOSPC)

    def writelines(self, lines) -> None:
        raise OSError(errno.ENOSPC, ENOSPC)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self._f.close()

    def __iter__(self):
        return iter(self._f)

    def __getattr__(self, name: str):
        return getattr(self._f, name)


@pytest.fixture
def full_disk(monkeypatch):
    """``full_disk(folder)``: from now on, every file opened for writing under ``folder`` opens
    and fails at its first write with ENOSPC (``open``, ``io.open``: pathlib, reportlab, Pillow)."""
    real = io.open

    def start(folder: Path) -> None:
        under = os.path.realpath(folder) + os.sep

        def faulty(file, mode="r", *args, **kwargs):
            f = real(file, mode, *args, **kwargs)
            writing = any(c in mode for c in "wax+")
            if writing and isinstance(file, (str, bytes, os.PathLike)) \
                    and os.path.realpath(os.fsdecode(file)).startswith(under):
                return _FullFile(f)
            return f

        monkeypatch.setattr(builtins, "open", faulty)
        monkeypatch.setattr(io, "open", faulty)

    return start


def _two_logs(tmp: Path) -> list[Path]:
    folder = tmp / "logs"
    folder.mkdir(exist_ok=True)
    for name in ("relics-legal.yaml", "relics-won.yaml"):
        shutil.copy(LOGS / name, folder / name)
    return [folder / "relics-legal.yaml", folder / "relics-won.yaml"]


def _build(fmt: str):
    def args(tmp: Path, out: Path) -> tuple[list, Path]:
        _, _, build = write_game(tmp)  # the moonwell game: two cards, quick to render
        dest = out / "moonwell.pdf" if fmt == "pdf" else out / fmt / "moonwell"
        return [*build[:-2], "--out", out, "--format", fmt], dest  # its own --out replaced
    return args


# command -> (its arguments writing under ``out``, the output it writes: a file or an export's folder)
WRITERS = {
    "build": _build("pdf"),
    "build --format png": _build("png"),
    "build --format pod": _build("pod"),
    "build --format tts": _build("tts"),
    "calibrate": lambda tmp, out: (["calibrate", "--out", out / "calibration.pdf"], out / "calibration.pdf"),
    "simulate --out": lambda tmp, out: (["simulate", "relics", "--seed", "3", "--out", out / "game.yaml"],
                                        out / "game.yaml"),
    "check log --html FILE": lambda tmp, out: (["check", "log", LOGS / "relics-legal.yaml", "--html",
                                                out / "page.html"], out / "page.html"),
    "check log FOLDER --html": lambda tmp, out: (["check", "log", *_two_logs(tmp), "--html", out / "pages"],
                                                 out / "pages"),
}


def _earlier(dest: Path) -> None:
    """An earlier output at ``dest``: a file, an export's folder, or the pages of the same logs."""
    if dest.suffix:
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(b"the earlier output\n")
        return
    dest.mkdir(parents=True)
    names = ["relics-legal.html", "relics-won.html", "index.html"] if dest.name == "pages" else ["earlier.png"]
    for name in names:
        (dest / name).write_bytes(b"the earlier output\n")


@pytest.mark.parametrize("command", list(WRITERS))
class TestFullDisk:
    def test_the_output_is_named_and_the_earlier_output_kept(self, tmp_path, command, full_disk):
        out = tmp_path / "out"
        args, dest = WRITERS[command](tmp_path, out)
        _earlier(dest)
        before = snapshot(out)
        full_disk(out)
        result = runner.invoke(app, [str(a) for a in args])
        assert result.exit_code == 2, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert f"pnp: {dest}" in result.output  # the output (a file of an export's folder by its place)
        assert f"cannot write: {ENOSPC}; the earlier output is kept" in result.output
        assert "<input>" not in result.output
        assert snapshot(out) == before  # byte for byte, and no temporary file

    def test_no_folder_made_for_the_output_is_left_behind(self, tmp_path, command, full_disk):
        out = tmp_path / "new" / "deeper"
        args, dest = WRITERS[command](tmp_path, out)
        full_disk(tmp_path / "new")
        result = runner.invoke(app, [str(a) for a in args])
        assert result.exit_code == 2, result.output
        assert f"pnp: {dest}" in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert f"cannot write: {ENOSPC}; nothing was written" in result.output
        assert not (tmp_path / "new").exists()


# ---------------------------------------------------------------------------------------
# an output that is one of the inputs


def _linked(how: str, target: Path, where: Path) -> Path:
    """``target`` itself, or a symbolic or hard link to it at ``where``."""
    if how == "same path":
        return target
    if how == "symbolic link":
        where.symlink_to(target)
    else:
        os.link(target, where)
    return where


LINKS = ["same path", "symbolic link", "hard link"]


@pytest.mark.parametrize("how", LINKS)
def test_check_log_html_naming_the_log_is_refused(tmp_path, how):
    log = tmp_path / "game.yaml"
    shutil.copy(LOGS / "relics-legal.yaml", log)
    before = log.read_bytes()
    out = _linked(how, log, tmp_path / "page.html")
    result = runner.invoke(app, ["check", "log", str(log), "--html", str(out)])
    assert result.exit_code == 2, result.output
    assert f"pnp: {out}: " in result.output and f"{log}, one of the inputs of this command" in result.output
    assert "legal" not in result.output.split("pnp:")[0]  # refused before the log is checked
    assert log.read_bytes() == before


def test_check_log_html_folder_holding_a_log_named_like_a_page_is_refused(tmp_path):
    """A page each and index.html into the folder: a log given as pages/index.html is not
    written over."""
    logs = _two_logs(tmp_path)
    pages = tmp_path / "pages"
    pages.mkdir()
    index = pages / "index.html"
    shutil.copy(LOGS / "relics-legal.yaml", index)
    before = index.read_bytes()
    result = runner.invoke(app, ["check", "log", str(logs[0]), str(index), "--html", str(pages)])
    assert result.exit_code == 2, result.output
    assert f"pnp: {index}: is {index}, one of the inputs of this command" in result.output
    assert index.read_bytes() == before
    assert sorted(p.name for p in pages.iterdir()) == ["index.html"]


@pytest.mark.parametrize("how", LINKS)
def test_simulate_out_naming_a_card_file_is_refused(tmp_path, how):
    cards, _, _ = write_game(tmp_path)
    game_yaml = cards / "moonwell" / "game.yaml"
    before = game_yaml.read_bytes()
    out = _linked(how, game_yaml, tmp_path / "game.yaml")
    result = runner.invoke(app, ["simulate", "relics", "--seed", "1", "--cards", str(cards), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert f"pnp: {out}: " in result.output and f"{game_yaml}, one of the inputs of this command" in result.output
    assert game_yaml.read_bytes() == before


@pytest.mark.parametrize("fmt", ["png", "pod", "tts"])
def test_an_export_that_would_replace_the_card_folder_is_refused(tmp_path, fmt):
    """``--cards OUT/FORMAT`` and ``--out OUT``: the export's folder OUT/FORMAT/GAME is the game's
    own card folder, which putting the export in place would replace (and delete)."""
    src, layouts, _ = write_game(tmp_path)
    out = tmp_path / "out"
    cards = out / fmt
    cards.mkdir(parents=True)
    shutil.move(src / "moonwell", cards / "moonwell")
    before = snapshot(cards)
    result = runner.invoke(app, ["build", "moonwell", "--cards", str(cards), "--layouts", str(layouts),
                                 "--out", str(out), "--format", fmt])
    assert result.exit_code == 2, result.output
    assert f"pnp: {cards / 'moonwell'}: is {cards / 'moonwell'}, one of the inputs of this command" in result.output
    assert snapshot(cards) == before


def test_a_build_output_linked_to_a_card_file_is_refused(tmp_path):
    """``out/moonwell.pdf`` a symbolic link to the game's card file: the link's target would get the
    PDF (pnp writes through a link to a regular file)."""
    cards, _, build = write_game(tmp_path)
    spells = cards / "moonwell" / "spells.yaml"
    before = spells.read_bytes()
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "moonwell.pdf").symlink_to(spells)
    result = runner.invoke(app, [str(a) for a in build])
    assert result.exit_code == 2, result.output
    assert f"pnp: {tmp_path / 'out' / 'moonwell.pdf'}: is {spells}, one of the inputs of this command" in result.output
    assert spells.read_bytes() == before


# ---------------------------------------------------------------------------------------
# standard input named twice

STDIN_TWICE = {
    "check deck - -": ["check", "deck", "-", "-"],
    "check deck - --registered -": ["check", "deck", "-", "--registered", "-"],
    "check log - -": ["check", "log", "-", "-"],
}


@pytest.mark.parametrize("command", list(STDIN_TWICE))
def test_standard_input_named_twice_is_exit_2(command):
    text = (DECKS / "legal-yellow-tempo.txt" if "deck" in command else LOGS / "relics-legal.yaml").read_text()
    result = runner.invoke(app, STDIN_TWICE[command], input=text)
    assert result.exit_code == 2, result.output
    assert "pnp: -: standard input holds one" in result.output and "give - once" in result.output

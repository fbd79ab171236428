"""Issue 15, "Data loss and escapes": outputs never lose data.

* ``--out`` of ``simulate`` and ``calibrate`` writes into a device, a named pipe or
  ``/dev/stdout`` as a stream and never renames over it; through a link to a regular file the
  link stays and its target gets the content; a write error is exit 2 naming the file.
* A build is put in place as one unit: whichever rename fails, the earlier output is
  byte-identical afterwards and no temporary file is left (``os.replace`` made to fail on its
  n-th call, for every n); an export folder is never lost.
* SIGTERM and SIGINT during a build leave no temporary file; the temporary files of a build
  that was killed are removed by the next one.
"""

from __future__ import annotations

import errno
import os
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pnp.build
from pnp.build import BuildOptions, build
from pnp.cli import app
from pnp.data import atomic
from pnp.data.errors import InputError
from pnp.games import GAMES

runner = CliRunner()
GAME_IDS = list(GAMES)


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder`` (hidden ones too): a file's bytes, a link's target."""
    found: dict[str, bytes | str] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root) / name
            rel = str(path.relative_to(folder))
            if path.is_symlink():
                found[rel] = "-> " + os.readlink(path)
            elif path.is_file():
                found[rel] = path.read_bytes()
            else:
                found[rel] = "folder"
    return found


def temporaries(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob(".*"))


# ---------------------------------------------------------------------------------------
# --out of simulate and calibrate


def expected(command: str, tmp_path: Path) -> bytes:
    """What ``command`` writes into a regular file."""
    path = tmp_path / f"expected-{command}"
    assert runner.invoke(app, args(command, path)).exit_code == 0
    return path.read_bytes()


def args(command: str, out: Path | str) -> list[str]:
    if command == "simulate":
        return ["simulate", "relics", "--seed", "7", "--out", str(out)]
    return ["calibrate", "--out", str(out)]


COMMANDS = ["simulate", "calibrate"]


@pytest.mark.parametrize("command", COMMANDS)
class TestOutIntoSpecialFiles:
    def test_a_named_pipe_is_written_into_and_stays_a_pipe(self, tmp_path, command):
        want = expected(command, tmp_path)
        fifo = tmp_path / "pipe"
        os.mkfifo(fifo)
        got = bytearray()

        def read() -> None:
            with open(fifo, "rb") as f:
                got.extend(f.read())

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        result = runner.invoke(app, args(command, fifo))
        reader.join(30)
        assert result.exit_code == 0, result.output
        assert bytes(got) == want
        assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted([f"expected-{command}", "pipe"])

    def test_dev_null_stays_a_device(self, command):
        before = os.lstat("/dev/null")
        result = runner.invoke(app, args(command, "/dev/null"))
        assert result.exit_code == 0, result.output
        after = os.lstat("/dev/null")
        assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev and after.st_ino == before.st_ino
        assert "/dev/null" not in result.stdout  # the device got the content; no path to print

    def test_dev_full_is_exit_2_naming_it(self, command):
        if not os.path.exists("/dev/full"):
            pytest.skip("no /dev/full on this system")
        before = os.lstat("/dev/full")
        result = runner.invoke(app, args(command, "/dev/full"))
        assert result.exit_code == 2
        assert "pnp: /dev/full: cannot write: No space left on device" in result.output
        assert "Traceback" not in result.output
        after = os.lstat("/dev/full")
        assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino

    def test_a_link_to_dev_null_stays_a_link(self, tmp_path, command):
        link = tmp_path / "sink"
        link.symlink_to("/dev/null")
        result = runner.invoke(app, args(command, link))
        assert result.exit_code == 0, result.output
        assert link.is_symlink() and os.readlink(link) == "/dev/null"
        assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["sink"]

    def test_a_link_to_a_regular_file_keeps_the_link_and_fills_its_target(self, tmp_path, command):
        want = expected(command, tmp_path)
        (tmp_path / "real").mkdir()
        target = tmp_path / "real" / "file"
        target.write_bytes(b"earlier content")
        target.chmod(0o640)
        link = tmp_path / "link"
        link.symlink_to(target)
        result = runner.invoke(app, args(command, link))
        assert result.exit_code == 0, result.output
        assert link.is_symlink() and os.readlink(link) == str(target)
        assert target.read_bytes() == want
        assert stat.S_IMODE(target.stat().st_mode) == 0o640  # the file it replaced kept its permissions
        assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["file"]  # no temporary left
        assert f"{link}\n" in result.stdout

    def test_a_regular_file_is_replaced_whole(self, tmp_path, command):
        want = expected(command, tmp_path)
        out = tmp_path / "out.file"
        out.write_bytes(b"x" * 1_000_000)
        result = runner.invoke(app, args(command, out))
        assert result.exit_code == 0 and out.read_bytes() == want
        assert result.stdout == f"{out}\n"

    def test_a_socket_is_refused(self, tmp_path, command):
        path = tmp_path / "sock"
        with socket.socket(socket.AF_UNIX) as s:
            s.bind(str(path))
            result = runner.invoke(app, args(command, path))
        assert result.exit_code == 2
        assert f"pnp: {path}: is a socket; expected a file, a character device or a named pipe" in result.output
        assert stat.S_ISSOCK(os.lstat(path).st_mode)

    def test_dev_stdout_appends_to_what_stdout_holds(self, tmp_path, command):
        """``--out /dev/stdout >> FILE`` adds to FILE, as the shell opened it (not a rename over
        it, not a rewrite from its start)."""
        want = expected(command, tmp_path)
        log = tmp_path / "log"
        log.write_bytes(b"earlier\n")
        with open(log, "ab") as stdout:
            r = subprocess.run([sys.executable, "-m", "pnp", *args(command, "/dev/stdout")], stdout=stdout,
                               stderr=subprocess.PIPE, timeout=120)
        assert r.returncode == 0, r.stderr
        assert log.read_bytes() == b"earlier\n" + want

    def test_dev_stdout_into_a_pipe(self, tmp_path, command):
        want = expected(command, tmp_path)
        r = subprocess.run([sys.executable, "-m", "pnp", *args(command, "/dev/stdout")], capture_output=True,
                           timeout=120)
        assert r.returncode == 0, r.stderr
        assert r.stdout == want


# ---------------------------------------------------------------------------------------
# a build as one unit


class FailOn:
    """``os.replace`` that fails on its n-th call (counted from 1) and works otherwise."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.calls = 0
        self.real = os.replace

    def __call__(self, src, dst, **kwargs):
        self.calls += 1
        if self.calls == self.n:
            raise OSError(errno.EIO, "Input/output error (injected)", str(src))
        return self.real(src, dst, **kwargs)


def each_failure(monkeypatch, out: Path, run) -> int:
    """Run ``run`` with the n-th ``os.replace`` failing, for n = 1, 2, ... until a run passes
    its last rename and succeeds: each failed run must leave ``out`` byte-identical, with no
    temporary file. Returns how many renames the run that succeeded made; ``out`` then holds
    its output, with no temporary file."""
    before = snapshot(out)
    assert not temporaries(out)
    n = 1
    while True:
        failing = FailOn(n)
        monkeypatch.setattr(os, "replace", failing)
        try:
            run()
        except InputError as exc:
            assert "the earlier output is kept" in exc.message, exc.message
        else:
            assert failing.calls == n - 1 and n > 1
            assert not temporaries(out)
            return n - 1
        finally:
            monkeypatch.setattr(os, "replace", failing.real)
        assert snapshot(out) == before, f"the earlier output changed when rename {n} failed"
        assert not temporaries(out), f"temporary files left when rename {n} failed"
        n += 1


TINY_LAYOUTS = """templates:
  tiny-card:
    extends: poker
    size: [44, 63]
    elements:
      name: {type: text, field: name, box: [4, 4, 36, 8], size: 9}
"""


@pytest.fixture
def tiny(tmp_path) -> tuple[Path, Path, list[str]]:
    """Four small games of one's own (cards, layouts, ids): quick to build many times."""
    cards = tmp_path / "tiny-cards"
    ids = ["tiny-a", "tiny-b", "tiny-c", "tiny-d"]
    for game in ids:
        (cards / game).mkdir(parents=True)
        (cards / game / "game.yaml").write_text(f"id: {game}\ntitle: {game}\nplayers: [1, 2]\n")
        (cards / game / "cards.yaml").write_text(
            f"game: {game}\ncomponents:\n  - component: card\n    kind: card\n    layout: tiny-card\n"
            f"    back: {{layout: tiny-card, name: {game}}}\n    items:\n"
            + "".join(f"      - {{name: {game} {i}}}\n" for i in range(3)))
    layouts = tmp_path / "tiny-layouts"
    layouts.mkdir()
    (layouts / "tiny.yaml").write_text(TINY_LAYOUTS)
    return cards, layouts, ids


class TestABuildIsOneUnit:
    def test_the_bundled_games_whichever_rename_fails(self, tmp_path, monkeypatch):
        """The issue's case: 8 files of 4 games (9 before Visions' cubes went on its card sheets);
        rename 4 failing used to leave 3 new files, 6 old ones and 6 temporary files."""
        out = tmp_path / "out"
        build(GAME_IDS, BuildOptions(out_dir=out, paper="letter"))  # the earlier build
        (out / "notes.txt").write_text("mine")
        before = snapshot(out)
        calls = each_failure(monkeypatch, out, lambda: build(GAME_IDS, BuildOptions(out_dir=out)))
        assert calls == 8  # one rename a file: the earlier files are kept by a second name
        after = snapshot(out)  # the build that succeeded replaced every file, and only those
        assert sorted(after) == sorted(before)
        assert [k for k in after if after[k] == before[k]] == ["notes.txt"]

    def test_without_hard_links_the_earlier_files_are_renamed_aside_and_back(self, tmp_path, monkeypatch, tiny):
        cards, layouts, ids = tiny

        def no_links(*a, **k):
            raise OSError(errno.EPERM, "Operation not permitted")

        out = tmp_path / "out"
        build(ids, BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=out, paper="letter"))
        monkeypatch.setattr(os, "link", no_links)
        options = BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=out)
        assert each_failure(monkeypatch, out, lambda: build(ids, options)) == 8  # aside and in, a file

    def test_a_first_build_that_fails_leaves_nothing(self, tmp_path, monkeypatch, tiny):
        cards, layouts, ids = tiny
        out = tmp_path / "out"
        out.mkdir()
        options = BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=out)
        assert each_failure(monkeypatch, out, lambda: build(ids, options)) == 4

    @pytest.mark.parametrize("fmt", ["png", "tts"])
    def test_an_export_whichever_rename_fails(self, tmp_path, monkeypatch, tiny, fmt):
        """The earlier ``FORMAT/GAME/`` folders are set aside until every new one is in, and put
        back otherwise (they used to be moved aside and lost)."""
        cards, layouts, ids = tiny
        out = tmp_path / "out"
        build(ids, BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=out, format=fmt))
        assert sorted(p.name for p in (out / fmt).iterdir()) == ids
        for game in ids:  # new cards: every image of the new export differs from the earlier one
            card_file = cards / game / "cards.yaml"
            card_file.write_text(card_file.read_text().replace("name: tiny", "name: new tiny"))
        options = BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=out, format=fmt)
        before = snapshot(out)
        assert each_failure(monkeypatch, out, lambda: build(ids, options)) == 8  # aside and in, a game
        assert sorted(p.name for p in (out / fmt).iterdir()) == ids
        after = snapshot(out)
        assert not {k: v for k, v in after.items() if k.endswith(".png") and before.get(k) == v}

    def test_the_cli_names_the_file_and_exits_2(self, tmp_path, monkeypatch, tiny):
        cards, layouts, ids = tiny
        out = tmp_path / "out"
        base = ["build", *ids, "--cards", str(cards), "--layouts", str(layouts), "--out", str(out)]
        assert runner.invoke(app, [*base, "--paper", "letter"]).exit_code == 0
        before = snapshot(out)
        monkeypatch.setattr(os, "replace", FailOn(3))
        result = runner.invoke(app, base)
        assert result.exit_code == 2
        assert (f"pnp: {out / 'tiny-c.pdf'}: cannot put the new file in place: Input/output error (injected); "
                f"the earlier output is kept") in result.output
        assert snapshot(out) == before

    def test_a_special_file_in_the_output_folder_is_refused(self, tmp_path, tiny):
        cards, layouts, ids = tiny
        out = tmp_path / "out"
        out.mkdir()
        os.mkfifo(out / "tiny-b.pdf")
        result = runner.invoke(app, ["build", *ids, "--cards", str(cards), "--layouts", str(layouts),
                                     "--out", str(out)])
        assert result.exit_code == 2
        assert (f"pnp: {out / 'tiny-b.pdf'}: is a named pipe, not a regular file; pnp replaces only regular "
                f"files") in result.output
        assert sorted(p.name for p in out.iterdir()) == ["tiny-b.pdf"]
        assert stat.S_ISFIFO(os.lstat(out / "tiny-b.pdf").st_mode)

    def test_a_link_to_an_earlier_pdf_keeps_the_link(self, tmp_path, tiny):
        cards, layouts, ids = tiny
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        (elsewhere / "a.pdf").write_bytes(b"earlier")
        out = tmp_path / "out"
        out.mkdir()
        (out / "tiny-a.pdf").symlink_to(elsewhere / "a.pdf")
        build(ids, BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=out))
        assert (out / "tiny-a.pdf").is_symlink()
        assert (elsewhere / "a.pdf").read_bytes().startswith(b"%PDF")
        assert not temporaries(out) and not temporaries(elsewhere)


# ---------------------------------------------------------------------------------------
# signals and what a killed build left


def start_build(out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pnp", "build", "--out", str(out), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def when_a_temporary_file_appears(proc: subprocess.Popen, out: Path, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not any(p.name.endswith(".tmp") for p in out.iterdir()):
        assert proc.poll() is None, "the build ended before writing a temporary file"
        assert time.monotonic() < deadline, "no temporary file appeared"
        time.sleep(0.002)


class TestSignals:
    @pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
    def test_a_signal_mid_build_leaves_no_temporary_file(self, tmp_path, sig):
        out = tmp_path / "out"
        build(GAME_IDS, BuildOptions(out_dir=out, paper="letter"))
        before = snapshot(out)
        proc = start_build(out)
        when_a_temporary_file_appears(proc, out)
        proc.send_signal(sig)
        _stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 128 + sig, stderr
        assert f"pnp: stopped by {signal.Signals(sig).name}; no file was left half written" in stderr
        assert "Traceback" not in stderr
        assert not temporaries(out)
        assert snapshot(out) == before

    def test_an_interrupt_inside_the_renderer_leaves_no_temporary_file(self, tmp_path, monkeypatch, tiny):
        cards, layouts, ids = tiny
        out = tmp_path / "out"
        build(ids, BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=out, paper="letter"))
        before = snapshot(out)
        from pnp.render import sheets

        real = sheets.SheetRenderer.render
        games: list[str] = []

        def render(self, jobs, on_face, game, extras=None):
            games.append(game)
            if len(games) == 3:
                raise KeyboardInterrupt
            return real(self, jobs, on_face, game, extras)

        monkeypatch.setattr(sheets.SheetRenderer, "render", render)
        with pytest.raises(KeyboardInterrupt):
            build(ids, BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=out))
        assert snapshot(out) == before and not temporaries(out)

    def test_the_signal_handlers_are_put_back(self, tmp_path, tiny):
        cards, layouts, ids = tiny
        handlers = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
        build(ids, BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=tmp_path / "o"))
        assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)) == handlers

    def test_a_signal_while_files_are_put_in_place_waits_for_the_swap(self, tmp_path, monkeypatch, tiny):
        """The swap of files is never cut in the middle: the signal is raised once every file is
        in (the build is whole), and the command still stops."""
        cards, layouts, ids = tiny
        out = tmp_path / "out"
        build(ids, BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=out, paper="letter"))
        real = os.replace
        calls = []

        def replace(src, dst, **kwargs):
            calls.append(dst)
            if len(calls) == 2:
                os.kill(os.getpid(), signal.SIGTERM)
            return real(src, dst, **kwargs)

        monkeypatch.setattr(os, "replace", replace)
        with pytest.raises(atomic.Interrupted):
            build(ids, BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=out))
        assert len(calls) == 4 and not temporaries(out)
        monkeypatch.setattr(os, "replace", real)
        fresh = tmp_path / "fresh"
        build(ids, BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=fresh))
        assert snapshot(out) == snapshot(fresh)


class TestStaleTemporaries:
    def test_the_next_build_removes_what_a_killed_build_left(self, tmp_path):
        out = tmp_path / "out"
        out.mkdir()
        proc = start_build(out)
        when_a_temporary_file_appears(proc, out)
        proc.kill()
        proc.wait(60)
        left = temporaries(out)
        assert left and all(name.endswith(".tmp") for name in left)
        results = build(GAME_IDS, BuildOptions(out_dir=out))
        assert not temporaries(out)
        assert sorted(p.name for p in out.iterdir()) == sorted(r.path.name for r in results)

    def test_what_is_stale_and_what_is_not(self, tmp_path):
        out = tmp_path / "out"
        out.mkdir()
        dead = 2**22 + 1  # above every pid_max: no such process
        alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        try:
            files = {
                f".a.pdf.{dead}.x1y2z3ab.tmp": "stale: its build is gone",
                f".b.pdf.{alive.pid}.x1y2z3ab.tmp": "a build still running",
                ".c.pdf.x1y2z3ab.tmp": "no process id, new: kept for now",
                ".d.pdf.q9w8e7r6.tmp": "no process id, two minutes old: stale",
                f".e.svg.{dead}.abc.old": "an earlier file set aside, e.svg in place: removed",
                f".f.pdf.{dead}.abc.old": "an earlier file set aside, f.pdf missing: put back",
                f".notes.txt.{dead}.abc.tmp": "not a name pnp build writes",
                "e.svg": "in place",
                "keep.pdf": "a user's file",
            }
            for name, text in files.items():
                (out / name).write_text(text)
            two_minutes_ago = time.time() - 120
            os.utime(out / ".d.pdf.q9w8e7r6.tmp", (two_minutes_ago, two_minutes_ago))
            removed = atomic.remove_stale(out, pnp.build.BUILD_FILE.fullmatch)
            assert sorted(p.name for p in removed) == sorted([
                f".a.pdf.{dead}.x1y2z3ab.tmp", ".d.pdf.q9w8e7r6.tmp", f".e.svg.{dead}.abc.old",
                f".f.pdf.{dead}.abc.old"])
            assert sorted(p.name for p in out.iterdir()) == sorted([
                f".b.pdf.{alive.pid}.x1y2z3ab.tmp", ".c.pdf.x1y2z3ab.tmp", f".notes.txt.{dead}.abc.tmp", "e.svg",
                "f.pdf", "keep.pdf"])
            assert (out / "f.pdf").read_text() == "an earlier file set aside, f.pdf missing: put back"
            assert (out / "e.svg").read_text() == "in place"
        finally:
            alive.kill()
            alive.wait()

    def test_an_export_folder_set_aside_by_a_killed_build_is_put_back(self, tmp_path, tiny):
        cards, layouts, ids = tiny
        out = tmp_path / "out"
        options = BuildOptions(cards_dir=cards, layouts_dir=layouts, out_dir=out, format="png")
        build(ids[:1], options)
        game = ids[0]
        before = snapshot(out / "png" / game)
        dead = 2**22 + 1
        # killed between setting the earlier folder aside and putting the new one in
        os.replace(out / "png" / game, out / "png" / f".{game}.{dead}.abcd.old")
        (out / "png" / f".{game}.{dead}.efgh.tmp").mkdir()
        (out / "png" / f".{game}.{dead}.efgh.tmp" / "half.png").write_bytes(b"half")
        removed = atomic.remove_stale(out / "png", pnp.build.EXPORT_FOLDER.fullmatch)
        assert len(removed) == 2
        assert sorted(p.name for p in (out / "png").iterdir()) == [game]
        assert snapshot(out / "png" / game) == before

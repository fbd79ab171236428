"""Writing outputs so that a reader never sees half a file, a failure loses nothing and a
special file stays what it is (docs/limits.md, "Outputs and art").

* A regular file is written beside itself and renamed into place; through a symbolic link to
  a regular file, the link stays and its target gets the content (`target`).
* A character device or a named pipe (``/dev/null``, a FIFO, a terminal) and standard output
  or error by name (``/dev/stdout``, ``/dev/fd/N``) are written into as a stream: never
  renamed over. A folder, a block device or a socket is refused.
* A build's files and folders are staged beside their destinations and put in place together
  (`Transaction`): if one cannot be, the ones already in place are put back and the earlier
  files are as they were.
* While pnp writes, SIGTERM and SIGINT raise `Interrupted` (`interruptible`), so the cleanups
  run; the temporary files of a process that died anyway (SIGKILL, a power cut) are removed by
  the next build (`remove_stale`).
* A write that fails (a full disk) is an `InputError` naming the output (a file of an output
  folder by its place in it), and the folders made for that output are removed again.
* Within `reading(inputs)` no output replaces one of a command's inputs (`replaced_input`): the
  same file (a link, a hard link) or, for a folder put in place whole, a folder holding one.

Temporary names: ``.NAME.PID.RANDOM.tmp`` (the new content) and ``.NAME.PID.RANDOM.old`` (the
earlier content, kept until the whole build is in place), beside NAME.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import shutil
import signal
import stat
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Callable, Iterable, Iterator

from .errors import InputError

CHUNK = 1 << 20
# a temporary file of a process that still runs is left alone, unless it is older than this
# (its process id may have been given to another process since)
STALE_AFTER_S = 24 * 3600
# a temporary file without a process id (written by pnp before 0.x named them so)
STALE_UNNAMED_AFTER_S = 60

# .NAME.PID.RANDOM.tmp / .old; RANDOM is tempfile's or secrets' (letters, digits, _)
_TEMP_NAME = re.compile(r"^\.(?P<name>.+?)\.(?:(?P<pid>\d+)\.)?(?P<rand>[A-Za-z0-9_]+)\.(?P<kind>tmp|old)$")
# standard output or error by name, or a descriptor of this process
_FD_ALIAS = re.compile(r"^/(?:dev/(?P<std>stdout|stderr)|dev/fd/(?P<fd>\d+)|proc/(?P<pid>self|thread-self|\d+)/fd/"
                       r"(?P<pfd>\d+))$")


# ---------------------------------------------------------------------------------------
# signals


class Interrupted(KeyboardInterrupt):
    """SIGTERM or SIGINT arrived while pnp was writing; the cleanups ran."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(signal.Signals(signum).name)

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        """What a shell reports for a process ended by the signal: 128 + its number."""
        return 128 + self.signum


_held: list[int] | None = None  # signals that arrived while files were being put in place
_fired: list[int] = []  # the signal that raised `Interrupted` in the current `interruptible` block


@contextmanager
def interruptible() -> Iterator[None]:
    """SIGTERM and SIGINT raise `Interrupted` inside this block, so an ``except
    BaseException`` cleanup runs (Python's default for SIGTERM ends the process without
    one). Only the first signal raises: later ones wait for the cleanup. The previous handlers
    are put back at the end. Outside the main thread signals cannot be caught: a no-op."""
    global _fired
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    fired: list[int] = []

    def handler(signum: int, frame: object) -> None:
        if fired:
            return
        if _held is not None:  # files are being put in place: after that
            _held.append(signum)
            return
        fired.append(signum)
        raise Interrupted(signum)

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGTERM, signal.SIGINT)}
    outer, _fired = _fired, fired
    try:
        yield
    finally:
        _fired = outer
        for sig, old in previous.items():
            signal.signal(sig, old if old is not None else signal.SIG_DFL)


def check_interrupted() -> None:
    """Raise `Interrupted` again when a signal already raised it in this block: library code
    that catches every exception (a bare ``except:``) may have swallowed it where it landed."""
    if _fired:
        raise Interrupted(_fired[0])


@contextmanager
def _signals_held() -> Iterator[None]:
    """A signal that arrives in this block raises at its end: a swap of files is never cut
    in the middle (it is short, and it puts everything back itself when it fails)."""
    global _held
    outer = _held
    if outer is None:
        _held = []
    try:
        yield
    finally:
        if outer is None:
            held, _held = _held, None
            if held:
                raise Interrupted(held[0])


# ---------------------------------------------------------------------------------------
# what a command reads is never what it writes


@dataclass(frozen=True)
class _Input:
    given: Path
    id: tuple[int, int] | None  # (device, inode): the file whatever its name (links, hard links)
    real: str  # the path with every link followed


def _input(path: str | Path) -> _Input:
    try:
        st = os.stat(path)
        ident: tuple[int, int] | None = (st.st_dev, st.st_ino)
    except (OSError, ValueError):  # not there (yet): nothing to replace
        ident = None
    return _Input(Path(path), ident, os.path.realpath(path))


_INPUTS: list[_Input] = []  # the inputs of the command running (`reading`)


@contextmanager
def reading(paths: Iterable[str | Path]) -> Iterator[None]:
    """In this block no output replaces one of ``paths`` (files and folders a command reads;
    ``-``, standard input, is left out): `target` and `Transaction` refuse it with an
    `InputError` naming both (`refuse_input`)."""
    added = [_input(p) for p in paths if str(p) != "-"]
    _INPUTS.extend(added)
    try:
        yield
    finally:
        for i in added:
            _INPUTS.remove(i)


def replaced_input(dest: str | Path, inputs: Iterable[str | Path] | None = None,
                   folder: bool = False) -> Path | None:
    """The input (of ``inputs``, else those of `reading`) that writing ``dest`` would replace:
    the same file or folder (its device and inode: through a symbolic link, or a hard link of
    it); with ``folder`` (an output folder put in place whole), also an input inside it."""
    known = [_input(p) for p in inputs if str(p) != "-"] if inputs is not None else list(_INPUTS)
    if not known:
        return None
    try:
        st = os.stat(dest)
        ident: tuple[int, int] | None = (st.st_dev, st.st_ino)
    except (OSError, ValueError):
        ident = None
    real = os.path.realpath(dest)
    for i in known:
        if ident is not None and i.id == ident:
            return i.given
        if folder and (i.real == real or i.real.startswith(real.rstrip(os.sep) + os.sep)):
            return i.given
    return None


def refuse_input(dest: str | Path, inputs: Iterable[str | Path] | None = None, folder: bool = False) -> None:
    """An `InputError` naming ``dest`` and the input it would replace (`replaced_input`), if any."""
    found = replaced_input(dest, inputs, folder)
    if found is None:
        return
    try:
        same = os.path.samefile(dest, found)
    except (OSError, ValueError):
        same = False
    if not same:
        how = f"holds {found}, one of the inputs of this command, and would be replaced whole"
    elif os.path.realpath(dest) == os.path.realpath(found):
        how = f"is {found}, one of the inputs of this command"
    else:
        how = f"is the same file (a hard link) as {found}, one of the inputs of this command"
    raise InputError(dest, f"{how}; pnp does not write over what it reads: name another output")


# ---------------------------------------------------------------------------------------
# failed writes: named by the output, and no folder left behind

# the errors of a write itself (no file name: the file was open), as opposed to reading an input
_WRITE_ERRNOS = frozenset(e for e in (errno.ENOSPC, getattr(errno, "EDQUOT", None), errno.EFBIG, errno.EIO)
                          if e is not None)


def _writing(exc: OSError, tmp: Path) -> str | None:
    """Whether ``exc`` failed a write of the temporary file or folder ``tmp``: "" for ``tmp``
    itself (or a write whose file is not named: a full disk), the path inside a folder ``tmp``;
    None for another error (an input that cannot be read is that input's error)."""
    name = exc.filename
    if name is None:
        return "" if exc.errno in _WRITE_ERRNOS else None
    try:
        rel = Path(os.path.abspath(os.fsdecode(name))).relative_to(os.path.abspath(tmp))
    except (TypeError, ValueError):
        return None
    return "" if str(rel) == "." else str(rel)


def _write_failed(shown: Path, dests: Iterable[Path], exc: OSError, inner: str = "") -> InputError:
    """The error of a write that failed: the output named (a file inside an output folder by
    its place in it); nothing is put in place, so the earlier outputs at ``dests`` are kept."""
    kept = "the earlier output is kept" if any(os.path.lexists(d) for d in dests) else "nothing was written"
    return InputError(shown / inner if inner else shown, f"cannot write: {exc.strerror or exc}; {kept}")


def _make_folders(folder: Path) -> list[Path]:
    """``folder`` and its missing parents made; the ones made, outermost first."""
    missing = []
    cur = Path(folder)
    while not os.path.lexists(cur) and cur != cur.parent:
        missing.append(cur)
        cur = cur.parent
    missing.reverse()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        _remove_folders(missing)
        raise
    return missing


def _remove_folders(made: list[Path]) -> None:
    """The folders of ``made`` that are still empty removed, innermost first."""
    for folder in reversed(made):
        try:
            os.rmdir(folder)
        except OSError:
            pass


# ---------------------------------------------------------------------------------------
# where the bytes go


@dataclass(frozen=True)
class Target:
    """Where the content for a path the user named goes."""

    given: Path  # the path as named
    path: Path  # the regular file renamed over (a link's target), or the stream written into
    stream: bool = False  # written into in place (a device, a pipe, standard output)
    fd: int | None = None  # a stream that is one of this process's descriptors (/dev/stdout)


def _what(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _hops(path: Path) -> Iterator[str]:
    """The path, then where each symbolic link of its chain points (at most 40 hops)."""
    cur = os.path.abspath(path)
    for _ in range(40):
        yield cur
        try:
            nxt = os.readlink(cur)
        except (OSError, ValueError):
            return
        cur = os.path.normpath(os.path.join(os.path.dirname(cur), nxt))


def _own_descriptor(path: Path) -> int | None:
    """The descriptor ``path`` names when it is /dev/stdout, /dev/stderr, /dev/fd/N or
    /proc/self/fd/N (directly or through links): written to as it is open (its position, its
    append mode), never reopened from the start."""
    for hop in _hops(path):
        m = _FD_ALIAS.match(hop)
        if m is None:
            continue
        if m["std"]:
            return 1 if m["std"] == "stdout" else 2
        if m["fd"]:
            return int(m["fd"])
        if m["pid"] in ("self", "thread-self") or int(m["pid"]) == os.getpid():
            return int(m["pfd"])
    return None


def target(path: str | Path, streams: bool = True) -> Target:
    """Where writing ``path`` puts its bytes; an `InputError` for what cannot be written.

    ``streams``: whether a device or a pipe is written into (a single output such as
    ``--out``); a build that writes a folder of files refuses them (`Transaction`)."""
    given = Path(path)
    refuse_input(given)
    fd = _own_descriptor(given) if streams else None
    if fd is not None:
        try:
            mode = os.fstat(fd).st_mode
        except OSError:
            raise InputError(given, f"names descriptor {fd}, which is not open") from None
        if stat.S_ISDIR(mode):
            raise InputError(given, "is a folder; expected a file name")
        return Target(given, given, True, fd)
    try:
        st = os.stat(given)
    except FileNotFoundError:  # a new file (through a link to nothing: the link's target)
        return Target(given, Path(os.path.realpath(given)))
    except OSError as exc:
        raise InputError(given, f"cannot write: {exc.strerror or exc}") from None
    if stat.S_ISREG(st.st_mode):
        return Target(given, Path(os.path.realpath(given)))
    if stat.S_ISDIR(st.st_mode):
        raise InputError(given, "is a folder; expected a file name")
    if streams and (stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
        return Target(given, given, True)
    if streams:
        raise InputError(given, f"is {_what(st.st_mode)}; expected a file, a character device or a named pipe")
    raise InputError(given, f"is {_what(st.st_mode)}, not a regular file; pnp replaces only regular files "
                            f"(move it away or write elsewhere with --out)")


def _mode_for(dest: Path) -> int:
    """The permissions of a new file at ``dest``: those of the file it replaces, else what
    the umask leaves of rw-rw-rw- (tempfile makes files private)."""
    try:
        return stat.S_IMODE(os.stat(dest).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _prefix(dest: Path) -> str:
    return f".{dest.name[:200]}.{os.getpid()}."


def temp_beside(dest: Path) -> Path:
    """A new empty file ``.NAME.PID.RANDOM.tmp`` beside ``dest``, with the permissions ``dest``
    will have."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=_prefix(dest), suffix=".tmp", dir=dest.parent)
    os.close(fd)
    try:
        os.chmod(name, _mode_for(dest))
    except BaseException:
        os.unlink(name)
        raise
    return Path(name)


def _write_stream(t: Target, chunks: Iterable[bytes]) -> None:
    """``chunks`` written into the stream of ``t``; an error (``/dev/full``: no space, a pipe
    closed) is an `InputError` naming it."""
    try:
        if t.fd is not None:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            except (OSError, ValueError):
                pass
            fd = os.dup(t.fd)
        else:  # never created, never truncated: it exists and is a device or a pipe
            fd = os.open(t.path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "wb") as f:
            for chunk in chunks:
                f.write(chunk)
    except OSError as exc:
        raise InputError(t.given, f"cannot write: {exc.strerror or exc}") from None


def _read_chunks(path: Path) -> Iterator[bytes]:
    with open(path, "rb") as f:
        while chunk := f.read(CHUNK):
            yield chunk


@dataclass
class Staged:
    """A file being written: ``tmp`` receives the content, which then goes to ``target``."""

    tmp: Path
    target: Target


@contextmanager
def staged(path: str | Path) -> Iterator[Staged]:
    """Write the file ``path`` by writing ``staged.tmp`` in this block: at its end the content
    takes the place of ``path`` (renamed over a regular file, or copied into a device or a
    pipe); on an error or a signal the temporary file is removed and ``path`` is untouched."""
    t = target(path)
    made: list[Path] = []
    with interruptible():
        if t.stream:  # the content is copied into the stream: stage it among temporary files
            fd, name = tempfile.mkstemp(prefix=".pnp.", suffix=".tmp")
            os.close(fd)
            tmp = Path(name)
        else:
            tmp, made = _temp_for(t)
        done = False
        try:
            try:
                yield Staged(tmp, t)
            except OSError as exc:  # the content could not be written (a full disk): name the output
                if _writing(exc, tmp) is None:
                    raise
                raise _write_failed(t.given, [t.path], exc) from exc
            if t.stream:
                check_interrupted()
                _write_stream(t, _read_chunks(tmp))
            else:
                _put_in_place(tmp, t)
            done = True
        finally:
            tmp.unlink(missing_ok=True)
            if not done:
                _remove_folders(made)


def _temp_for(t: Target) -> tuple[Path, list[Path]]:
    """A temporary file beside the regular file of ``t``, and the folders made for it."""
    made: list[Path] = []
    try:
        made = _make_folders(t.path.parent)
        return temp_beside(t.path), made
    except OSError as exc:
        _remove_folders(made)
        raise InputError(t.given, f"cannot write: {exc.strerror or exc}") from None


def _put_in_place(tmp: Path, t: Target) -> None:
    check_interrupted()
    with _signals_held():
        try:
            os.replace(tmp, t.path)
        except OSError as exc:
            raise InputError(t.given, f"cannot write: {exc.strerror or exc}") from None


def write_bytes(path: str | Path, data: bytes) -> Target:
    """``data`` written to ``path`` as `staged` writes; returns where it went."""
    t = target(path)
    with interruptible():
        if t.stream:
            _write_stream(t, [data])
            return t
        tmp, made = _temp_for(t)
        done = False
        try:
            try:
                tmp.write_bytes(data)
            except OSError as exc:
                raise _write_failed(t.given, [t.path], exc) from None
            _put_in_place(tmp, t)
            done = True
        finally:
            tmp.unlink(missing_ok=True)
            if not done:
                _remove_folders(made)
    return t


def write_text_atomic(path: str | Path, text: str) -> Target:
    """``text`` (UTF-8) written to ``path``: see `write_bytes`."""
    return write_bytes(path, text.encode("utf-8"))


# ---------------------------------------------------------------------------------------
# a build: several files and folders put in place together


@dataclass
class _Entry:
    tmp: Path
    dest: Path  # where it goes (through a link to a regular file, the link's target)
    folder: bool
    shown: Path  # the destination as the build named it, for messages
    aside: Path | None = None  # the earlier content, while the build is put in place
    aside_is_link: bool = False  # a second name of the earlier file (dest still holds it)
    swapped: bool = False  # tmp has been renamed to dest


@dataclass
class Transaction:
    """Files and folders staged beside their destinations and put in place together::

        with Transaction() as build:
            write(build.file(out / "a.pdf"))
            write_into(build.folder(out / "png" / "a"))
        # here every file is in place, or (on an exception) none is and nothing staged is left

    Putting in place keeps each earlier file aside (a hard link, else a rename) until every
    new one is in; if a rename fails, those already in are put back."""

    entries: list[_Entry] = field(default_factory=list)
    made: list[Path] = field(default_factory=list)  # the folders made for the outputs, removed if they fail

    def file(self, dest: Path) -> Path:
        """A temporary file to write what will be ``dest`` (through a link to a regular file,
        its target). A folder, a device or a pipe at ``dest`` is refused: a build replaces only
        regular files."""
        check_interrupted()
        real = target(dest, streams=False).path
        self._folders(real.parent, dest)
        with _signals_held():  # a signal between creating the file and noting it would leave it behind
            tmp = temp_beside(real)
            self.entries.append(_Entry(tmp, real, False, dest))
        return tmp

    def folder(self, dest: Path) -> Path:
        """A new empty folder to fill with what will be the folder ``dest``. A folder that holds
        an input of the command (`reading`) is refused: it would be replaced whole."""
        check_interrupted()
        refuse_input(dest, folder=True)
        self._folders(dest.parent, dest)
        with _signals_held():
            tmp = Path(tempfile.mkdtemp(prefix=_prefix(dest), suffix=".tmp", dir=dest.parent))
            self.entries.append(_Entry(tmp, dest, True, dest))
        return tmp

    def _folders(self, folder: Path, shown: Path) -> None:
        try:
            self.made += _make_folders(folder)
        except OSError as exc:
            raise InputError(shown, f"cannot write: {exc.strerror or exc}") from None

    def __enter__(self) -> "Transaction":
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if kind is None:
            self.commit()
            return
        failed = self._write_failed(exc) if isinstance(exc, OSError) else None
        self.discard()
        if failed is not None:
            raise failed from exc

    def _write_failed(self, exc: OSError) -> InputError | None:
        """A write of a staged file or folder that failed (a full disk), as the error naming its
        output (a file of an output folder by its place in it); None for another error."""
        for e in reversed(self.entries):  # the file being written is the last one staged
            inner = _writing(exc, e.tmp)
            if inner is not None and not e.swapped:
                return _write_failed(e.shown, [x.dest for x in self.entries], exc, inner)
        return None

    def discard(self) -> None:
        """Remove what was staged and not put in place, and the folders made for it."""
        for e in self.entries:
            if not e.swapped:
                _remove(e.tmp)
        self.entries = []
        _remove_folders(self.made)
        self.made = []

    def commit(self) -> None:
        """Put every staged file in place, or none (see the class)."""
        done: list[_Entry] = []
        with _signals_held():
            try:
                check_interrupted()  # a build that was asked to stop is not put in place
                for e in self.entries:
                    _set_aside(e)
                    done.append(e)
                    try:
                        os.replace(e.tmp, e.dest)
                    except OSError as exc:
                        raise InputError(e.shown, f"cannot put the new {'folder' if e.folder else 'file'} in place: "
                                                 f"{exc.strerror or exc}; the earlier output is kept") from None
                    e.swapped = True
            except BaseException as exc:
                kept = _roll_back(done)
                self.discard()
                if kept:
                    where = "; ".join(f"{dest} is kept as {aside}" for dest, aside in kept)
                    raise InputError(kept[0][0], f"the build failed ({exc}) and an earlier file could not be put "
                                                 f"back: {where}") from exc
                raise
            for e in done:
                if e.aside is not None:
                    _remove(e.aside)
            self.entries = []
            self.made = []  # in use now


def _set_aside(e: _Entry) -> None:
    """Keep the earlier ``e.dest`` (if any) under ``.NAME.PID.RANDOM.old`` until the build is
    in place: a second name for a file (``dest`` keeps it meanwhile), a rename for a folder or
    where hard links are not supported."""
    if not os.path.lexists(e.dest):
        return
    for _ in range(100):
        aside = e.dest.with_name(f"{_prefix(e.dest)}{secrets.token_hex(4)}.old")
        if not e.folder:
            try:
                os.link(e.dest, aside, follow_symlinks=False)
                e.aside, e.aside_is_link = aside, True
                return
            except FileExistsError:
                continue
            except OSError:  # no hard links here: set it aside by name
                pass
        if os.path.lexists(aside):
            continue
        try:
            os.replace(e.dest, aside)
        except OSError as exc:
            raise InputError(e.shown, f"cannot set the earlier {'folder' if e.folder else 'file'} aside: "
                                     f"{exc.strerror or exc}; the earlier output is kept") from None
        e.aside = aside
        return
    raise InputError(e.shown, "cannot find a free temporary name beside it")


def _roll_back(done: list[_Entry]) -> list[tuple[Path, Path]]:
    """Put back the earlier content of every entry of ``done``, last first; the (dest, aside)
    pairs that could not be put back (their earlier content stays at ``aside``)."""
    kept = []
    for e in reversed(done):
        try:
            if e.folder and e.swapped:
                os.replace(e.dest, e.tmp)  # the new folder out (discarded), then the earlier one in
                e.swapped = False
            if e.aside is not None:
                if e.swapped or not e.aside_is_link:
                    os.replace(e.aside, e.dest)
                if os.path.lexists(e.aside):  # a second name of what dest holds again
                    os.unlink(e.aside)
            elif e.swapped:  # nothing was there before
                os.unlink(e.dest)
            e.swapped = False
        except OSError:
            if e.aside is not None:
                kept.append((e.shown, e.aside))
    return kept


def _remove(path: Path) -> None:
    try:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)
    except OSError:
        pass  # left for the next build's remove_stale


# ---------------------------------------------------------------------------------------
# what a process that died left behind


def _alive(pid: int) -> bool:
    if pid == os.getpid():  # this process builds one thing at a time: its leftovers are old
        return False
    try:
        os.kill(pid, 0)
    except PermissionError:  # another user's process
        return True
    except (ProcessLookupError, OverflowError, ValueError):  # no such process (or no such number)
        return False
    return True


def remove_stale(folder: Path, owns: Callable[[str], bool]) -> list[Path]:
    """Remove from ``folder`` the temporary files and folders of builds that are gone (their
    process ended, or they are older than a day), among names NAME with ``owns(NAME)``: a
    ``.tmp`` is removed, an ``.old`` put back as NAME when NAME is missing (the build died
    while putting its files in place), else removed. Returns what was removed or put back."""
    done: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return done
    now = time.time()
    for entry in entries:
        m = _TEMP_NAME.match(entry.name)
        if m is None or not owns(m["name"]):
            continue
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        pid = m["pid"]
        stale = age > STALE_UNNAMED_AFTER_S if pid is None else (not _alive(int(pid)) or age > STALE_AFTER_S)
        if not stale:
            continue
        path = Path(entry.path)
        dest = Path(folder) / m["name"]
        if m["kind"] == "old" and not os.path.lexists(dest):
            try:
                os.replace(path, dest)
            except OSError:
                continue
        else:
            _remove(path)
        done.append(path)
    return done

"""Bounded, safe YAML reading that remembers the line of every value.

Card files, decklists and game logs come from strangers, so reading them must never execute
anything, never hang, never blow up memory and never end in a traceback (docs/limits.md):

* only regular files are read (a symlink to one is fine): a FIFO, a device (``/dev/zero``,
  ``/dev/urandom``), a socket or a folder is refused before it is opened, and a file is
  opened without blocking and read to at most its size limit plus one byte, whatever its
  size on disk says (`read_bytes_checked`, which images, fonts and workbooks use too);
* files over a size limit, binary files (NUL bytes) and text that is not UTF-8 are refused;
* only PyYAML's safe loader (the C one when available) composes the document, and values are
  built here from plain YAML only: text, numbers, true/false, null, dates, lists and mappings.
  Every other tag (``!!python/...``, ``!!binary``, ``!!set``, a tag of one's own) is refused,
  and a value its tag cannot build (``!!int abc``, ``!!bool maybe``, ``2024-13-45``) is an
  error naming its line, never the library's exception;
* numbers have at most ``MAX_DIGITS`` digits (Python refuses to read ints of more than 4,300);
* anchors, aliases and merge keys (``<<: *base``, keys written beside it win) are allowed, but
  every node an alias expands to is counted and a document that expands past ``max_nodes`` (a
  "billion laughs" alias bomb), past ``MAX_EXPANDED_TEXT`` characters of text (an alias of a
  long text, repeated), or nests deeper than ``MAX_DEPTH`` is refused. It is counted before a
  value is built, from the composed nodes: an anchor's size is computed once and an alias
  stands for it, so a bomb costs the size of its file, not what it expands to (`_Measure`);
* every value's line is kept in a map from its path (``("cards", 3, "power")``) to its
  1-based line, so a validation error can name the line it comes from.
"""

from __future__ import annotations

import math
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterator

import yaml

from .errors import InputError, shown

try:  # the C loader composes about ten times faster; both are safe loaders
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]

# A scalar's tag depends on its text and on whether it is plain, nothing else (the safe loader
# has no path resolvers): the parser asks for it once per value, in Python, and a log says the
# same few names and numbers thousands of times. Remembered here, at most this many (then
# forgotten at once: a document of ever new values costs what it did before).
_RESOLVED_MAX = 20_000
_resolved: dict[tuple[str, bool], str] = {}


class _Loader(_SafeLoader):
    """The safe loader with its scalars' tags remembered (above), and no path resolvers to walk
    down and up at each node (PyYAML calls both for every node, to find none)."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is not yaml.ScalarNode:
            return super().resolve(kind, value, implicit)  # type: ignore[no-untyped-call]
        key = (value, implicit[0])
        tag = _resolved.get(key)
        if tag is None:
            tag = super().resolve(kind, value, implicit)  # type: ignore[no-untyped-call]
            if len(_resolved) >= _RESOLVED_MAX:
                _resolved.clear()
            _resolved[key] = tag
        return tag

    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        pass

    def ascend_resolver(self) -> None:
        pass


assert not _SafeLoader.yaml_path_resolvers, "_Loader skips path resolvers: the safe loader has none"

_RESOLVER = yaml.resolver.Resolver()


def tagged_first_characters() -> frozenset[str]:
    """The first characters of a plain scalar that the resolver may tag as something else than
    text (a plain scalar beginning with any other character is text): the keys of PyYAML's
    implicit resolvers (true/false, numbers, null, dates, ``<<``, ``=``...)."""
    first = _RESOLVER.yaml_implicit_resolvers
    assert None not in first, "a resolver for every first character: every scalar must be asked"
    return frozenset(key for key in first if key)


def plain_tag(text: str) -> str:
    """The tag the safe loader gives ``text`` written as a plain scalar (no quotes, no tag):
    ``!!str`` for a name, ``!!int`` for ``12``, ``!!bool`` for ``yes``... The same resolver
    and the same remembered answers as the composer's (`_Loader.resolve`), for a reader that
    finds scalars in the text itself (rules_check/core/logflow.py)."""
    key = (text, True)
    tag = _resolved.get(key)
    if tag is None:
        tag = _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))  # type: ignore[no-untyped-call]
        if len(_resolved) >= _RESOLVED_MAX:
            _resolved.clear()
        _resolved[key] = tag
    return tag

DEFAULT_MAX_BYTES = 2 * 1024 * 1024
DEFAULT_MAX_NODES = 200_000
MAX_DEPTH = 64
MAX_DIGITS = 100  # digits of a number (Python itself stops reading ints at 4,300)
# characters of text (keys and values) a document holds, aliases expanded: twice the largest file
# read (a game log, 8 MB), so only an alias repeating a long text reaches it; what a document
# holds is printed, dumped and quoted, and must stay the size of a file
MAX_EXPANDED_TEXT = 16 * 1024 * 1024

Path_ = tuple[Any, ...]
_Y = "tag:yaml.org,2002:"
_STR, _SEQ, _MAP = _Y + "str", _Y + "seq", _Y + "map"
_NULL, _BOOL, _INT, _FLOAT, _TIMESTAMP = _Y + "null", _Y + "bool", _Y + "int", _Y + "float", _Y + "timestamp"
_MERGE, _VALUE = _Y + "merge", _Y + "value"
_ScalarNode, _SequenceNode, _MappingNode = yaml.ScalarNode, yaml.SequenceNode, yaml.MappingNode
# what a tag may build, said as the message for a value it cannot build
_SCALARS = {
    _NULL: "null",
    _BOOL: "true or false (also yes/no, on/off)",
    _INT: "a whole number",
    _FLOAT: "a number",
    _TIMESTAMP: "a date",
}
_PLAIN = "plain YAML only: text, numbers, true/false, null, dates, lists and mappings"
_RADIX = re.compile(r"[-+]?0[xob]")
_INFINITY = re.compile(r"[-+]?\.(?:inf|Inf|INF)")


@dataclass
class Located:
    """A YAML document as plain Python data plus the line of each value, by path."""

    data: Any
    file: str
    lines: dict[Path_, int] = field(default_factory=dict)

    def line_of(self, path: Path_) -> int | None:
        """The line of the value at ``path``, or of its nearest located parent."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), None)


class NotADate(InputError, ValueError):
    """A plain value that reads as a date but is none (``2024-13-45``): an `InputError` like
    every other, and a `ValueError` for a reader that knows what the value means and says more
    (the game log's ``date:``). ``path`` is where it stands, ``value`` as written, ``problem``
    why it is no date."""

    def __init__(self, file: str, value: str, problem: str, line: int, path: Path_) -> None:
        self.value = value
        self.problem = problem
        self.path = path
        super().__init__(file, f"{_shown(value)} reads as a date but is not one ({problem}); put it in quotes "
                               "if it is text", line=line)


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_Y):] if tag.startswith(_Y) else tag


def _shown(value: str) -> str:
    """A value as a message quotes it: in quotes, cut short when long (`errors.shown`)."""
    return shown(value)


@dataclass
class _Size:
    """What a composed node expands to: the values built from it (as `_Builder.build` counts
    them), the characters of its text (keys and scalars) and how deep it nests below itself."""

    values: int
    text: int
    height: int


class _Measure:
    """The size of every node of a composed document, each distinct node measured once (an
    alias is the anchor's own node object, so it costs a look-up): an alias bomb is refused
    before anything is built, in the time its file takes to read."""

    def __init__(self, builder: "_Builder") -> None:
        self.builder = builder
        self.sizes: dict[int, _Size] = {}

    def too_deep(self, node: yaml.Node) -> InputError:
        return self.builder.error(f"nested more than {MAX_DEPTH} levels deep (a recursive alias?); refused", node)

    def size(self, node: yaml.Node, depth: int = 0) -> _Size:
        got = self.sizes.get(id(node))
        if got is not None:
            if depth + got.height > MAX_DEPTH:
                raise self.too_deep(node)
            return got
        if depth > MAX_DEPTH:  # also a recursive alias: its node is still being measured, so it comes again
            raise self.too_deep(node)
        values, text, height = 1, 0, 0
        for child, chars in self.children(node):
            inner = self.size(child, depth + 1)
            values += inner.values
            text += inner.text + chars
            height = max(height, inner.height + 1)
        if isinstance(node, yaml.ScalarNode):
            text = len(node.value)
        got = self.sizes[id(node)] = _Size(values, text, height)
        return got

    @staticmethod
    def children(node: yaml.Node) -> Iterator[tuple[yaml.Node, int]]:
        """The nodes built below ``node``, each with the characters of its key, as the builder
        builds them: a list's items, a mapping's values and the mappings it merges."""
        if isinstance(node, yaml.SequenceNode):
            for child in node.value:
                yield child, 0
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.tag == _MERGE:
                    if isinstance(value, yaml.SequenceNode):
                        yield from ((source, 0) for source in value.value)
                    else:
                        yield value, 0
                else:
                    yield value, len(key.value) if isinstance(key, yaml.ScalarNode) else 0

    def check(self, root: yaml.Node, max_nodes: int) -> None:
        """Refuse ``root`` when it expands past ``max_nodes`` values or ``MAX_EXPANDED_TEXT``
        characters, at the line of the node where building it would pass the limit."""
        total = self.size(root)
        if total.values > max_nodes:
            raise self.builder.error(f"the document expands to more than {max_nodes} values (an alias bomb or a "
                                     "file far larger than expected); refused",
                                     self.crossing(root, max_nodes, _values))
        if total.text > MAX_EXPANDED_TEXT:
            raise self.builder.error(f"the document's text, its aliases expanded, is {total.text:,} characters, "
                                     f"over the limit of {MAX_EXPANDED_TEXT:,} (an alias repeating a long text?); "
                                     "refused", self.crossing(root, MAX_EXPANDED_TEXT, lambda s: s.text))

    def crossing(self, node: yaml.Node, limit: int, of: Callable[[_Size], int]) -> yaml.Node:
        """The node at which building ``node`` passes ``limit``: the child whose expansion
        crosses it, followed down while it is itself over what is left, up to the list or
        mapping that holds the alias of it (an alias is its anchor's node, written earlier)."""
        used = 0
        while True:
            used += 1 if of is _values else 0
            for child, _chars in self.children(node):
                size = of(self.sizes[id(child)])
                if used + size > limit:
                    break
                used += size
            else:
                return node
            if child.start_mark.index < node.start_mark.index:  # an alias: where it is written
                return node
            node = child


def _values(size: _Size) -> int:
    return size.values


# The scalar constructors keep no state between values (only the document-level ones do, and
# `_Builder` never calls those), so one constructor serves every build.
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


class _Builder:
    """Turns composed nodes into Python values, counting nodes and recording lines (unless
    ``lines`` is False: a value whose parts nobody will ask the line of)."""

    def __init__(self, file: str, max_nodes: int, lines: bool = True) -> None:
        self.file = file
        self.max_nodes = max_nodes
        self.count = 0
        self.lines: dict[Path_, int] = {}
        self._record = lines
        self._constructor = _CONSTRUCTOR

    def error(self, message: str, node: yaml.Node) -> InputError:
        return InputError(self.file, message, line=node.start_mark.line + 1)

    def build(self, node: yaml.Node, path: Path_ = (), depth: int = 0) -> Any:
        self.count += 1
        if self.count > self.max_nodes:
            raise self.error(f"the document expands to more than {self.max_nodes} values "
                             "(an alias bomb or a file far larger than expected); refused", node)
        if depth > MAX_DEPTH:
            raise self.error(f"nested more than {MAX_DEPTH} levels deep (a recursive alias?); refused", node)
        if self._record:
            self.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ:
                raise self.error(f"the tag {_short_tag(node.tag)} is not allowed on a list ({_PLAIN})", node)
            return [self.build(child, path + (i,), depth + 1) for i, child in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            if node.tag != _MAP:
                raise self.error(f"the tag {_short_tag(node.tag)} is not allowed on a mapping ({_PLAIN})", node)
            return self.mapping(node, path, depth)
        raise self.error("unexpected YAML node", node)

    def value(self, node: yaml.Node, at: Path_, depth: int) -> Any:
        """``node`` built as `build` builds it, without lines or the path of each part (``at``
        stands for every path an error may name): the plain text, plain whole numbers, lists and
        mappings of text keys most values are made of, built here with the fewest steps (a
        mapping's or a list's text items without a call each); anything else (another tag, a
        merge key, a limit reached) by `build`, which raises the same errors at the same node."""
        cls = node.__class__
        if self.count < self.max_nodes and depth <= MAX_DEPTH:
            if cls is _ScalarNode:
                tag = node.tag
                if tag == _STR:
                    self.count += 1
                    return node.value
                if tag == _INT:
                    text = node.value
                    if (text.isdigit() and text.isascii() and len(text) <= MAX_DIGITS
                            and (text[0] != "0" or text == "0")):  # decimal: 010 is octal
                        self.count += 1
                        return int(text)
            elif cls is _SequenceNode and node.tag == _SEQ:
                self.count += 1
                return [self.value(child, at, depth + 1) for child in node.value]
            elif cls is _MappingNode and node.tag == _MAP:
                pairs = node.value
                for key_node, _ in pairs:
                    if key_node.__class__ is not _ScalarNode or key_node.tag != _STR:
                        return self.build(node, at, depth)  # a merge key, a number as a key...
                self.count += 1
                out: dict[Any, Any] = {}
                inner = depth + 1 <= MAX_DEPTH  # a text value may be built here, without a call
                for key_node, value_node in pairs:
                    key = key_node.value
                    if key in out:
                        raise self.error(f"key {shown(key)} appears twice in one mapping", key_node)
                    if (inner and value_node.__class__ is _ScalarNode and value_node.tag == _STR
                            and self.count < self.max_nodes):
                        self.count += 1
                        out[key] = value_node.value
                    else:
                        out[key] = self.value(value_node, at, depth + 1)
                return out
        return self.build(node, at, depth)

    def scalar(self, node: yaml.ScalarNode, path: Path_) -> Any:
        """A scalar's value, built only from the plain tags; what a tag cannot build is an
        `InputError` (or a `NotADate`) naming the line and what was expected."""
        tag, value = node.tag, node.value
        if tag in (_STR, _VALUE, _MERGE):  # most values (names); `=` and `<<` away from a key are text
            return value
        if tag not in _SCALARS:
            raise self.error(f"the tag {_short_tag(tag)} is not allowed ({_PLAIN})", node)
        if tag in (_INT, _FLOAT) and len(value) > MAX_DIGITS:  # a shorter one has fewer digits
            digits = sum(ch in "0123456789abcdefABCDEF" for ch in _RADIX.sub("", value, count=1))
            if digits > MAX_DIGITS:
                raise self.error(f"numbers have at most {MAX_DIGITS} digits, this one has {digits}: "
                                 f"{_shown(value)} (put it in quotes if it is text)", node)
        try:
            result = self._constructor.yaml_constructors[tag](self._constructor, node)
        except Exception as exc:  # PyYAML lets KeyError, ValueError, IndexError... through
            if tag == _TIMESTAMP:
                problem = ("expected YYYY-MM-DD, or YYYY-MM-DD HH:MM:SS" if not isinstance(exc, ValueError)
                           else "a time zone is less than 24 hours" if "timedelta" in str(exc) else str(exc))
                raise NotADate(self.file, value, problem, node.start_mark.line + 1, path) from None
            raise self.error(f"expected {_SCALARS[tag]} for {_short_tag(tag)}, got {_shown(value)}", node) from None
        if isinstance(result, float) and math.isinf(result) and not _INFINITY.fullmatch(value.strip()):
            raise self.error(f"the number {_shown(value)} is too large (at most about 1.8e308)", node)
        return result

    def mapping(self, node: yaml.MappingNode, path: Path_, depth: int) -> dict[Any, Any]:
        """A mapping, with YAML merge keys: ``<<: *base`` (or ``<<: [*a, *b]``) takes every key
        of the merged mappings not written beside it (written keys win; of two merged mappings,
        the first wins), in the order PyYAML gives them. Merged mappings are built as values, so
        their nodes count towards ``max_nodes`` and their nesting towards ``MAX_DEPTH``."""
        written: dict[Any, Any] = {}
        merged: list[yaml.MappingNode] | None = None
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                if merged is not None:
                    raise self.error("the merge key `<<` appears twice in one mapping (merge several "
                                     "mappings at once: `<<: [*a, *b]`)", key_node)
                merged = self.merge_sources(value_node)
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                raise self.error("a mapping key must be a plain value", key_node)
            key = self.scalar(key_node, path)
            if key in written:
                raise self.error(f"key {shown(key)} appears twice in one mapping", key_node)
            written[key] = self.build(value_node, path + (key,), depth + 1)
        if not merged:
            return written
        result: dict[Any, Any] = {}
        for source in merged:
            for key, value in self.build(source, path, depth + 1).items():
                result.setdefault(key, value)
        result.update(written)
        return result

    def merge_sources(self, node: yaml.Node) -> list[yaml.MappingNode]:
        if isinstance(node, yaml.MappingNode):
            return [node]
        if isinstance(node, yaml.SequenceNode) and all(isinstance(n, yaml.MappingNode) for n in node.value):
            return list(node.value)
        got = "a list with other values than mappings" if isinstance(node, yaml.SequenceNode) else \
            f"{_shown(node.value)}"
        raise self.error(f"the merge key `<<` takes a mapping or a list of mappings (`<<: *base`, "
                         f"`<<: [*a, *b]`), got {got}", node)


def _yaml_problem(exc: yaml.YAMLError) -> str:
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    return f"not valid YAML: {problem}"


_KINDS = (
    (stat.S_ISFIFO, "a FIFO (a named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _a(what: str) -> str:
    return f"{'an' if what[:1] in 'aeiou' else 'a'} {what}"


def _not_regular(p: Path, mode: int, what: str) -> InputError:
    if stat.S_ISDIR(mode):
        return InputError(p, f"is a folder, expected {_a(what)}")
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    if p.is_symlink():
        kind += f" (it links to {os.path.realpath(p)})"
    return InputError(p, f"is {kind}, expected a regular file ({_a(what)})")


def _os_problem(p: Path, exc: OSError, what: str) -> InputError:
    if isinstance(exc, (FileNotFoundError, NotADirectoryError)):
        return InputError(p, f"no such {what}")
    return InputError(p, f"cannot read: {exc.strerror or exc}")


def check_regular(path: str | Path, what: str = "file") -> os.stat_result:
    """The status of ``path`` (links followed) when it is a regular file; else an `InputError`
    naming what it is (missing, a folder, a FIFO, a device, a socket). Nothing is opened."""
    p = Path(path)
    try:
        st = os.stat(p)
    except OSError as exc:
        raise _os_problem(p, exc, what) from None
    if not stat.S_ISREG(st.st_mode):
        raise _not_regular(p, st.st_mode, what)
    return st


def open_checked(path: str | Path, what: str = "file") -> BinaryIO:
    """``path`` opened for reading in binary when it is a regular file (`check_regular`); the
    file is opened without blocking (a FIFO swapped in after the check cannot hang it) and
    checked again once open."""
    p = Path(path)
    check_regular(p, what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(p, flags)
    except OSError as exc:
        raise _os_problem(p, exc, what) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(p, mode, what)
    except BaseException:
        os.close(fd)
        raise
    return open(fd, "rb")


def read_bytes_checked(path: str | Path, max_bytes: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``path`` (`open_checked`), refused when over ``max_bytes``:
    at most ``max_bytes + 1`` bytes are read, whatever the file's size says."""
    p = Path(path)
    with open_checked(p, what) as f:
        size = os.fstat(f.fileno()).st_size
        if size > max_bytes:
            raise InputError(p, f"{size} bytes is over the limit of {max_bytes} bytes for {_a(what)}; refused")
        try:
            # the size the file says and one byte more (a read of max_bytes + 1 at once first
            # makes a buffer that large: 8 MB for a log of 10 kB, most of the cost of reading it)
            raw = f.read(size + 1)
            if len(raw) > size:  # it grew as it was read, or says no size (/proc): the rest, to the limit
                raw += f.read(max_bytes + 1 - len(raw))
        except OSError as exc:
            raise _os_problem(p, exc, what) from None
    if len(raw) > max_bytes:
        raise InputError(p, f"more than {max_bytes} bytes, over the limit for {_a(what)}; refused")
    return raw


def read_text(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES, what: str = "file") -> str:
    """Read a text file, refusing missing, special (not regular), oversized, binary and
    non-UTF-8 files."""
    p = Path(path)
    return _decoded(read_bytes_checked(p, max_bytes, what), p, what)


def read_stream_text(stream: BinaryIO, file: str, max_bytes: int = DEFAULT_MAX_BYTES, what: str = "file") -> str:
    """Read a text from a byte stream (standard input) with a file's limits: at most
    ``max_bytes`` (never more is read), no binary data, UTF-8."""
    raw = stream.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise InputError(file, f"over the limit of {max_bytes} bytes for {_a(what)}; refused")
    return _decoded(raw, file, what)


def _decoded(raw: bytes, file: str | Path, what: str) -> str:
    if b"\x00" in raw:
        line = raw[: raw.index(b"\x00")].count(b"\n") + 1
        raise InputError(file, f"binary data (a NUL byte), expected a text {what}", line=line)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(file, "not UTF-8 text", line=line) from None


def load_yaml_text(text: str, file: str, max_nodes: int = DEFAULT_MAX_NODES) -> Located:
    """Parse one YAML document from ``text`` (see module docstring for the limits)."""
    node = compose_yaml_text(text, file, max_nodes)
    if node is None:
        return Located(None, file, {(): 1})
    builder = _Builder(file, max_nodes)
    data = builder.build(node)
    return Located(data, file, builder.lines)


def compose_yaml_text(text: str, file: str, max_nodes: int = DEFAULT_MAX_NODES) -> yaml.Node | None:
    """The composed (not yet built) document of ``text``, checked for alias bombs and depth:
    a reader that builds its parts one at a time (`build_node`: a game log's entries, as the
    replay reaches them) parses the text once."""
    node = _compose(text, file)
    if node is not None and ("*" in text or "&" in text):  # an alias (or an anchor) may be there:
        _Measure(_Builder(file, max_nodes)).check(node, max_nodes)  # measured before anything is built
    return node  # (without one, building counts values and depth itself)


def build_node(node: yaml.Node, file: str, path: Path_ = (), max_nodes: int = DEFAULT_MAX_NODES) -> Located:
    """``node`` of a document `compose_yaml_text` composed, built as `load_yaml_text` builds it,
    its lines recorded from ``path`` (its place in the document) down."""
    builder = _Builder(file, max_nodes)
    data = builder.build(node, path, len(path))
    return Located(data, file, builder.lines)


def build_value(node: yaml.Node, file: str, path: Path_ = (), max_nodes: int = DEFAULT_MAX_NODES) -> Any:
    """``node`` built as `build_node` builds it (the same checks and errors), without recording
    the line of each part: a game log's entry, whose messages name the entry's own line."""
    return _Builder(file, max_nodes, lines=False).value(node, path, len(path))


def _compose(text: str, file: str) -> yaml.Node | None:
    loader = _Loader(text)
    try:
        try:
            node = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else None
            raise InputError(file, _yaml_problem(exc), line=line) from None
        except yaml.YAMLError as exc:
            raise InputError(file, _yaml_problem(exc)) from None
    finally:
        loader.dispose()
    return node


def load_yaml(
    path: str | Path,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_nodes: int = DEFAULT_MAX_NODES,
    what: str = "YAML file",
) -> Located:
    """Read and parse a YAML file with the limits above; errors are `InputError`s."""
    text = read_text(path, max_bytes=max_bytes, what=what)
    return load_yaml_text(text, str(path), max_nodes=max_nodes)

"""Bounded, safe YAML reading that remembers the line of every value.

Card files, decklists and game logs come from strangers, so reading them must never execute
anything, never blow up memory and never end in a traceback:

* only PyYAML's safe loader (the C one when available) is used: no Python tags;
* files over a size limit, binary files (NUL bytes) and text that is not UTF-8 are refused;
* anchors and aliases are allowed, but every node an alias expands to is counted and a
  document that expands past ``max_nodes`` (a "billion laughs" alias bomb) is refused;
* every value's line is kept in a map from its path (``("cards", 3, "power")``) to its
  1-based line, so a validation error can name the line it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import yaml

from .errors import InputError

try:  # the C loader composes about ten times faster; both are safe loaders
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

DEFAULT_MAX_BYTES = 2 * 1024 * 1024
DEFAULT_MAX_NODES = 200_000
MAX_DEPTH = 64

Path_ = tuple[Any, ...]
_PLAIN_TAGS = {"tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"}
_STR = "tag:yaml.org,2002:str"


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


class _Builder:
    """Turns composed nodes into Python values, counting nodes and recording lines."""

    def __init__(self, file: str, max_nodes: int) -> None:
        self.file = file
        self.max_nodes = max_nodes
        self.count = 0
        self.lines: dict[Path_, int] = {}
        self._constructor = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node, path: Path_ = ()) -> Any:
        self.count += 1
        if self.count > self.max_nodes:
            raise InputError(
                self.file,
                f"the document expands to more than {self.max_nodes} values "
                "(an alias bomb or a file far larger than expected); refused",
                line=node.start_mark.line + 1,
            )
        if len(path) > MAX_DEPTH:
            raise InputError(self.file, f"nested more than {MAX_DEPTH} levels deep (a recursive alias?); refused",
                             line=node.start_mark.line + 1)
        self.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.ScalarNode):
            if node.tag == _STR:  # most values (names): no constructor needed
                return node.value
            try:
                return self._constructor.construct_object(node, deep=True)
            except yaml.YAMLError as exc:
                raise InputError(self.file, _yaml_problem(exc), line=node.start_mark.line + 1) from None
        if isinstance(node, (yaml.SequenceNode, yaml.MappingNode)) and node.tag not in _PLAIN_TAGS:
            raise InputError(self.file, f"the tag {node.tag} is not allowed (plain YAML only)",
                             line=node.start_mark.line + 1)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(child, path + (i,)) for i, child in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            self._constructor.flatten_mapping(node)  # resolves "<<" merge keys
            result: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise InputError(self.file, "a mapping key must be a plain value",
                                     line=key_node.start_mark.line + 1)
                key = self._constructor.construct_object(key_node, deep=True)
                if isinstance(key, (list, dict)):
                    raise InputError(self.file, "a mapping key must be a plain value",
                                     line=key_node.start_mark.line + 1)
                if key in result:
                    raise InputError(self.file, f"key {key!r} appears twice in one mapping",
                                     line=key_node.start_mark.line + 1)
                result[key] = self.build(value_node, path + (key,))
            return result
        raise InputError(self.file, "unexpected YAML node", line=node.start_mark.line + 1)


def _yaml_problem(exc: yaml.YAMLError) -> str:
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    return f"not valid YAML: {problem}"


def read_text(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES, what: str = "file") -> str:
    """Read a text file, refusing missing, oversized, binary and non-UTF-8 files."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except FileNotFoundError:
        raise InputError(p, f"no such {what}") from None
    except OSError as exc:
        raise InputError(p, f"cannot read: {exc.strerror}") from None
    if p.is_dir():
        raise InputError(p, f"is a folder, expected a {what}")
    if size > max_bytes:
        raise InputError(p, f"{size} bytes is over the limit of {max_bytes} bytes for a {what}; refused")
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise InputError(p, f"cannot read: {exc.strerror}") from None
    return _decoded(raw, p, what)


def read_stream_text(stream: BinaryIO, file: str, max_bytes: int = DEFAULT_MAX_BYTES, what: str = "file") -> str:
    """Read a text from a byte stream (standard input) with a file's limits: at most
    ``max_bytes`` (never more is read), no binary data, UTF-8."""
    raw = stream.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise InputError(file, f"over the limit of {max_bytes} bytes for a {what}; refused")
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
    if node is None:
        return Located(None, file, {(): 1})
    builder = _Builder(file, max_nodes)
    data = builder.build(node)
    return Located(data, file, builder.lines)


def load_yaml(
    path: str | Path,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_nodes: int = DEFAULT_MAX_NODES,
    what: str = "YAML file",
) -> Located:
    """Read and parse a YAML file with the limits above; errors are `InputError`s."""
    text = read_text(path, max_bytes=max_bytes, what=what)
    return load_yaml_text(text, str(path), max_nodes=max_nodes)

"""Reading a log entry's form, shared by the engines' vocabularies: which kind of entry it
is and whether its keys belong to that kind. Errors name the file, the line and the key."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from .engine import EntryRef
from .errors import LogFormatError


def fail(ref: EntryRef, message: str, field: str | None = None) -> LogFormatError:
    """A `LogFormatError` at ``ref``'s line (raise it)."""
    return LogFormatError(ref.file, message, line=ref.line, field=field)


def entry_kind(entry: Any, kinds: Iterable[str], keys: Mapping[str, set[str]], ref: EntryRef,
               example: str) -> str:
    """The kind of ``entry`` (the first of ``kinds`` among its keys); every other key must be
    one of ``keys[kind]``. ``example`` shows a well-formed entry in the message."""
    if not isinstance(entry, dict):
        raise fail(ref, f"expected an entry, a mapping like {example}, got {entry!r}")
    kind = next((k for k in kinds if k in entry), None)
    if kind is None:
        raise fail(ref, f"unknown entry {sorted(map(str, entry))} (an entry is one of: {', '.join(kinds)})")
    if not entry.keys() <= keys[kind]:
        unknown = sorted(map(str, set(entry) - keys[kind]))
        raise fail(ref, f"unknown key {unknown[0]!r} (a {kind} entry has {', '.join(sorted(keys[kind]))})",
                   unknown[0])
    return kind

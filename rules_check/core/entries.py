"""Reading a log entry's form, shared by the engines' vocabularies: which kind of entry it
is and whether its keys belong to that kind. Errors name the file, the line and the key."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from pnp.data.errors import shown
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
        raise fail(ref, f"expected an entry, a mapping like {example}, got {shown(entry)}")
    kind = next((k for k in kinds if k in entry), None)
    if kind is None:
        raise fail(ref, f"unknown entry {shown(sorted(map(str, entry)))} (an entry is one of: {', '.join(kinds)})")
    if not entry.keys() <= keys[kind]:
        unknown = sorted(map(str, set(entry) - keys[kind]))
        raise fail(ref, f"unknown key {shown(unknown[0])} (a {kind} entry has {', '.join(sorted(keys[kind]))})",
                   unknown[0])
    return kind


NOTE = "note"
MAX_NOTE = 2000  # characters: a sentence or a paragraph a judge or a player wrote beside an entry


def note_removed(entry: Any) -> Any:
    """``entry`` as the rules read it: without the note written beside it (unchecked)."""
    return {k: v for k, v in entry.items() if k != NOTE} if isinstance(entry, dict) else entry


def without_note(entry: Any, ref: EntryRef) -> Any:
    """``entry`` without its optional ``note`` (what a player or a judge wrote beside it, in any
    game: "Ben said he had not drawn yet"). The note is checked here (one line or a paragraph of
    text) and never reaches a game's vocabulary, which knows nothing of it."""
    if not isinstance(entry, dict) or NOTE not in entry:
        return entry
    note = entry[NOTE]
    if not isinstance(note, str):
        raise fail(ref, f"note: expected some text, got {type(note).__name__}", NOTE)
    if len(note) > MAX_NOTE:
        raise fail(ref, f"note: at most {MAX_NOTE} characters, got {len(note):,}", NOTE)
    return note_removed(entry)

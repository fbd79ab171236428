"""A long log read one entry at a time, so its replay streams and its memory stays flat.

Building a whole log as Python data costs about 120 bytes of memory per byte of YAML (a
200,000-entry log: 400 MB and seconds) before the first entry is replayed, though a
violation at entry 57 decides it. Here the C YAML parser runs over the file's *events*
once (fast, nothing kept but a few numbers per entry) to find where each entry of the
top-level ``log:`` sequence starts and ends; the rest of the file (game, players, setup,
metadata) is read as usual, and each entry is read from its own slice of the text when the
replay comes to it (with the safe loader and its limits, as every file is).

A slice reads as the whole file would: the entry keeps its column (its first line is
padded to where it stood), so its block structure is unchanged, and its lines are counted
from where it starts. Anything this does not cover exactly (an anchor or alias, more than
one document, a log that is not a block or flow sequence under a top-level mapping) is read
the whole way (`outline` returns None); an entry that does not read on its own is read from
the whole file then, which gives its true error.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import yaml

from pnp.data.yamlsafe import load_yaml_text

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class Outline:
    """Where the log's entries are in the text, and the text without them."""

    header: str  # the file with the log's entries blanked out (same lines)
    spans: array[int]  # per entry: start index, end index, line (0-based), column

    def __len__(self) -> int:
        return len(self.spans) // 4


def outline(text: str) -> Outline | None:
    """The outline of ``text``, or None when it must be read the whole way."""
    loader = _Loader(text)
    try:
        return _outline(loader, text)
    except yaml.YAMLError:
        return None  # the whole read gives the error with its line
    finally:
        loader.dispose()


def _outline(loader: Any, text: str) -> Outline | None:
    events = iter(lambda: loader.get_event() if loader.check_event() else None, None)
    kinds = [type(e).__name__ for _, e in zip(range(3), events)]
    if kinds != ["StreamStartEvent", "DocumentStartEvent", "MappingStartEvent"]:
        return None
    spans = array("q")
    log_span: tuple[int, int] | None = None
    depth = 1  # inside the top mapping
    expecting_key = True
    for event in events:
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            return None
        if depth == 1 and isinstance(event, yaml.MappingEndEvent):
            break
        if depth == 1 and expecting_key:
            if not isinstance(event, yaml.ScalarEvent):
                return None
            expecting_key = False
            if event.value == "log" and log_span is None:
                key_end = event.end_mark.index  # type: ignore[union-attr]  # the parser marks every event
                value = next(events, None)
                if isinstance(value, (yaml.AliasEvent,)) or getattr(value, "anchor", None):
                    return None
                if isinstance(value, yaml.SequenceStartEvent):
                    end = _entries(events, spans)
                    if end is None:
                        return None
                    log_span = (key_end, end)
                elif not isinstance(value, yaml.ScalarEvent):
                    return None  # a mapping under log: the whole read names the problem
                expecting_key = True
            continue
        # a value of a key other than log: skip it whole
        depth += _depth_change(event)
        if depth == 1:
            expecting_key = True
    rest = [type(e).__name__ for e in events]
    if rest != ["DocumentEndEvent", "StreamEndEvent"] or log_span is None or not len(spans):
        return None
    start, end = log_span  # from the end of the key `log` to the end of its last entry
    blank = ": []" + "\n" * text.count("\n", start, end)  # the same lines, every entry gone
    return Outline(text[:start] + blank + text[end:], spans)


def _depth_change(event: Any) -> int:
    if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
        return 1
    if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
        return -1
    return 0


def _entries(events: Iterator[Any], spans: array[int]) -> int | None:
    """Record each item of the log's sequence; the index where the sequence ends."""
    last_end = None
    for event in events:
        if isinstance(event, yaml.SequenceEndEvent):
            return last_end if last_end is not None else event.start_mark.index  # type: ignore[union-attr]  # (as above)
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            return None
        start = event.start_mark
        end_mark = event.end_mark
        depth = _depth_change(event)
        while depth:
            inner = next(events, None)
            if inner is None:
                return None
            if isinstance(inner, yaml.AliasEvent) or getattr(inner, "anchor", None):
                return None
            depth += _depth_change(inner)
            end_mark = inner.end_mark
        spans.extend((start.index, end_mark.index, start.line, start.column))
        last_end = end_mark.index
    return None


@dataclass
class Entry:
    index: int
    line: int | None
    data: Any


class StreamedEntries:
    """The log's entries, each read when it is reached: iterate to replay; ``len`` is known
    from the outline; an index reads that one entry."""

    def __init__(self, text: str, file: str, shape: Outline, max_nodes: int,
                 whole: Callable[[], list[Entry]]) -> None:
        self.text, self.file, self.shape, self.max_nodes = text, file, shape, max_nodes
        self._read_whole = whole  # the entries read from the whole file, for what a slice cannot read
        self._whole_entries: list[Entry] | None = None

    def _whole(self) -> list[Entry]:
        if self._whole_entries is None:
            self._whole_entries = self._read_whole()
        return self._whole_entries

    def __len__(self) -> int:
        return len(self.shape)

    def __getitem__(self, i: int) -> Entry:
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self._read(i)

    def __iter__(self) -> Iterator[Entry]:
        for i in range(len(self)):
            yield self._read(i)

    def _read(self, i: int) -> Entry:
        start, end, line, column = self.shape.spans[4 * i: 4 * i + 4]
        try:
            doc = load_yaml_text(" " * column + self.text[start:end], self.file, max_nodes=self.max_nodes)
        except Exception:  # not readable on its own: read as the whole file reads it
            return self._whole()[i]
        return Entry(i, line + 1, doc.data)

"""Settling a dispute by looking at the table: the HTML report of a log
(``pnp check log FILE --html OUT``) and the table after one entry as data
(``pnp check log FILE --state N``).

`timeline` replays a log with the engine's view of the table after every entry; `page`
draws it as a self-contained page (the review view: page.css, page.js, and cards.js with
panels.css, which the table app's pages include too), `svg` each part of the table; `labels`
names the table shown as ``--state`` does, `rulings` quotes the rulings a violation cites.
This module writes the pages (one, or one per log with an index), the ``--state`` row, and
`review_page`, the page the table app serves at /review/NAME.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rules_check.core.adjudicate import REPORT_VERSION, LogReport, UnusableLog, ViolationRow
from rules_check.core.view import View

from .labels import table_label
from .page import index, page
from .timeline import Timeline, timeline

__all__ = ["MAX_PAGE_ENTRIES", "StateRow", "page", "review_page", "state_row", "state_schema", "state_text",
           "timeline", "write_pages"]

# a page draws the table after each entry: a log longer than this (a game is a few hundred
# entries; a log may hold 2,000,000) gets no page, and `--state N` shows any entry's table
MAX_PAGE_ENTRIES = 5_000


def _page_name(file: str, taken: set[str]) -> str:
    """The file name of a log's page in the report folder: its own name, made unique."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", Path(file).stem if file != "-" else "stdin").strip("-.") or "log"
    name, k = f"{stem}.html", 2
    while name in taken:
        name, k = f"{stem}-{k}.html", k + 1
    taken.add(name)
    return name


def write_pages(results: list[LogReport | UnusableLog], pages: dict[str, str], out: Path, many: bool) -> list[Path]:
    """The page of one log (``pages[file]``) into the file ``out``; of several (``many``), a
    page each and ``index.html`` into the folder ``out`` (a log without a page is listed with
    why). Written whole or not at all (pnp.data.atomic: a page that cannot be written is named,
    and a folder made for the pages is removed again)."""
    from pnp.data.atomic import Transaction, write_text_atomic
    from pnp.data.errors import InputError

    if not many:
        (result,) = results
        if result.file not in pages:
            return []
        write_text_atomic(out, pages[result.file])
        return [out]
    if out.exists() and not out.is_dir():
        raise InputError(out, "--html: several logs get a page each and an index: name a folder, not a file")
    taken: set[str] = {"index.html"}
    rows: list[tuple[LogReport | UnusableLog, str | None]] = []
    written = []
    with Transaction() as staged:
        for result in results:
            html = pages.get(result.file)
            if html is None:
                rows.append((result, None))
                continue
            name = _page_name(result.file, taken)
            staged.file(out / name).write_text(html, encoding="utf-8")
            rows.append((result, name))
            written.append(out / name)
        staged.file(out / "index.html").write_text(index(rows), encoding="utf-8")
        written.append(out / "index.html")
    return written


# --- --state N -----------------------------------------------------------------------------------


class StateRow(BaseModel):
    """``pnp check log FILE --state N --format json``: the table after entry N."""

    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = Field(description="The shape of this object; it changes only with a new number.")
    file: str
    game: str
    entry: int = Field(description="N: 0 is the setup, 1 the first entry.")
    line: Optional[int] = Field(description="The entry's line in the log file.")
    status: Literal["legal", "violation", "not replayed"] = Field(
        description="legal: the entry was applied; violation: it breaks a rule and the table is the one just "
                    "before it (with --all: after it, as the replay applied or skipped it); not replayed: the "
                    "replay stopped before it (view is null).")
    violations: list[ViolationRow] = Field(description="The rules this entry breaks.")
    table: Optional[Literal["after", "before"]] = Field(
        description="Which table `view` is: after: the table after the entry (a legal entry; with --all a "
                    "violation applied as written or skipped, as its violations' outcome says); before: the "
                    "table just before it (a rule broken, read strictly); null: not replayed.")
    outcome: Optional[Literal["applied as written", "entry skipped"]] = Field(
        None, description="With --all, at a violation: what the replay did with the entry (the table is the one "
                          "after it, so applied or skipped).")
    legal_moves: list[str] = Field(description="At a violation: the moves the rules allowed instead, as log "
                                               "entries (at most 40).")
    view: Optional[View] = Field(description="The table: the phase, who acts, facts, scores and its panels.")


def state_row(t: Timeline, n: int) -> StateRow:
    """The row of ``--state N`` from ``t`` (a timeline of entry N: ``timeline(..., only=n)``);
    an entry N that cannot be read (past where the replay stopped) is an `InputError`."""
    from pnp.data.errors import InputError

    step = next((s for s in t.steps if s.number == n), None)
    if step is None:
        raise InputError(t.log.file, f"--state: entry {n} cannot be read: {t.unread or 'not found'}")
    outcome = next((v.outcome for v in step.violations if v.outcome), None)
    return StateRow(version=REPORT_VERSION, file=t.log.file, game=t.log.game, entry=n, line=step.line,
                    status=step.status, table=step.table, outcome=outcome,
                    violations=[ViolationRow(**v.as_json()) for v in step.violations],
                    legal_moves=step.legal, view=step.view)


def review_page(log, engine) -> str:
    """The review view of ``log`` (a `rules_check.core.logfile.GameLog`) judged by ``engine``
    with every violation, as ``pnp check log FILE --all --html OUT`` writes it: the table app
    serves it at /review/NAME. A log of more entries than a page draws (MAX_PAGE_ENTRIES) raises
    `pnp.data.errors.InputError`, as ``--html`` gives it no page."""
    from pnp.data.errors import InputError

    if len(log.entries) > MAX_PAGE_ENTRIES:
        raise InputError(log.file, f"{len(log.entries):,} entries, over the {MAX_PAGE_ENTRIES:,} a page draws "
                                   f"(pnp check log FILE --state N shows the table after any entry)")
    return page(timeline(log, engine, all_violations=True))


def state_schema() -> dict:
    schema = TypeAdapter(StateRow).json_schema(mode="serialization")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema,
            "title": "pnp check log FILE --state N --format json"}


def _value(v: Union[int, str, None]) -> str:
    return "–" if v is None else str(v)


def state_text(row: StateRow) -> str:
    """The table after an entry, as lines of text."""
    where = table_label(row.entry, row.line, row.table if row.view is not None else None, row.outcome)
    lines = [f"{row.file}: {row.game}: {where}: {row.status}"]
    for v in row.violations:
        lines.append(f"  [{v.rule}] {v.message}")
    if row.violations and row.legal_moves:
        lines.append("  the rules allowed instead: " + "; ".join(row.legal_moves))
    view = row.view
    if view is None:
        return "\n".join(lines)
    head = [f"phase: {view.phase}"] if view.phase else []
    head += [f"to act: {view.active}"] if view.active else []
    head += [f"{f.label}: {_value(f.value)}" for f in view.facts]
    if view.scores:
        head.append("scores: " + ", ".join(f"{p} {s}" for p, s in view.scores.items()))
    if head:
        lines.append("  " + "; ".join(head))
    for p in view.panels:
        lines.append(f"  {p.title}:" + _panel_text(p))
    return "\n".join(lines)


def _card(c) -> str:
    return c.name + (f" ({c.mark})" if c.mark else "") + (f" [{c.note}]" if c.note else "")


def _panel_text(p) -> str:
    if p.kind == "zone":
        shown = [_card(c) for c in p.cards] + ([f"{p.hidden} hidden"] if p.hidden else [])
        return " " + (", ".join(shown) if shown else "empty") + (" (top first)" if p.order == "stack" and shown else "")
    if p.kind in ("slots", "ring"):
        spaces = p.slots if p.kind == "slots" else p.spaces
        parts = []
        for i, s in enumerate(spaces):
            here = ", ".join(_card(c) for c in s.cards) or "empty"
            pointer = " <-" if p.kind == "ring" and p.pointer == i else ""
            parts.append(f"    {s.label}: {here}" + (f" [{s.note}]" if s.note else "") + pointer)
        return "\n" + "\n".join(parts)
    if p.kind == "track":
        return " " + (", ".join(f"{m.label} on {p.spaces[m.at] if 0 <= m.at < len(p.spaces) else m.at}"
                                for m in p.markers) or "no markers")
    return " " + ", ".join(f"{v.label} {_value(v.value)}" for v in p.values)


def state_json(row: StateRow) -> str:
    return json.dumps(row.model_dump(mode="json"), indent=2, ensure_ascii=False)

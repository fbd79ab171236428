"""The dispute report as one self-contained HTML page (``pnp check log FILE --html OUT``).

The log's entries run down the left with their line numbers, grouped by turn (or round);
beside them, the table after the selected entry, drawn as SVG in the game's terms
(rules_check/dispute/svg.py), with the cards the entry names (its targets) and the cards
that arrived or moved outlined. The entry that breaks a rule is highlighted with the rule's
section, the message, the ruling it rests on quoted, the table just before it and the moves
the rules allowed there; the heading over the table says which table it is in the words
``--state N`` uses (rules_check/dispute/labels.py). The verdict sits at the top. Arrow keys
and clicks step through the entries; ``#entry-17`` links to one; a tap on a card opens its
details (cards.js, from the engine's ``card_details`` of the cards the page shows). On a
phone the entries and the table stack. Printed, each chosen entry gets a page of its own
(A4 landscape, numbered).

Everything is inline (CSS, script, SVG, data): the page opens without a network. Each
distinct panel picture is stored once, each entry lists the pictures of its table, and the
data is gzipped, so a 500-entry log stays well under a megabyte. The data is written one entry
at a time into the compressor (`_Packer`): neither the entries' data nor its JSON is ever held
whole, only what the page itself holds (the pictures, and the packed data).
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from html import escape
from importlib import resources
from pathlib import Path

from rules_check.core.adjudicate import LogReport, UnusableLog, result_line
from rules_check.core.view import View, details_shown, places

from .labels import heading, table_label
from .rulings import cited
from .svg import draw, player_colour
from .timeline import Step, Timeline

# the facts whose change starts a new group in the entry list, the first one a view has: a round
# of So Long, My World (its turns pass at every entry of a phase), a turn, a travel of relics
TURN_FACTS = ("round", "turn", "travels")

TITLES = {"kartomantik": "Kartomantik", "so-long-my-world": "So Long, My World", "visions": "Visions",
          "relics": "relics"}


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class _Packer:
    """JSON text, gzipped as it is written, then in base64: the pictures of a long game repeat
    the same cards over and over, and the browser unpacks them itself (DecompressionStream),
    so a 500-entry game is tens of kilobytes, not megabytes. Written a piece at a time (an
    entry's data), so only the packed bytes are kept."""

    def __init__(self) -> None:
        self._zip = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)  # the gzip format
        self._out: list[bytes] = []

    def write(self, text: str) -> None:
        self._out.append(self._zip.compress(text.encode("utf-8")))

    def packed(self) -> str:
        self._out.append(self._zip.flush())
        return base64.b64encode(b"".join(self._out)).decode("ascii")


class _Pictures:
    """Each distinct panel picture once, written into ``out`` as it is drawn (a JSON list's
    items, never kept); an entry's table is a list of their indexes."""

    def __init__(self, out: _Packer, players: list[str], colours: dict[str, str] | None = None) -> None:
        self.out, self.players, self.colours = out, players, colours
        self.owners: list[str | None] = []  # each picture's player (None: shared), to group them
        self._player = {p: p for p in players}  # a player's name, one string for every picture of theirs
        self._by_panel: dict[bytes, int] = {}  # a panel's JSON's digest -> its picture (drawing is the slow part)

    def table(self, view: View | None) -> list[int] | None:
        if view is None:
            return None
        out = []
        for panel in view.panels:
            key = hashlib.sha256(panel.model_dump_json().encode("utf-8")).digest()  # not the JSON: a digest a panel
            k = self._by_panel.get(key)
            if k is None:
                k = self._by_panel[key] = len(self.owners)
                self.out.write(("," if k else "") + _json(draw(panel, self.players, self.colours)))
                self.owners.append(self._player.get(panel.owner, panel.owner) if panel.owner else panel.owner)
            out.append(k)
        return out


def _head(view: View | None, decided: bool) -> dict | None:
    """The headline facts; a winner the table shows is left out where the verdict decides none
    (a log that breaks a rule), so the page never says "winner: Ben" over "no winner is decided"."""
    if view is None:
        return None
    facts = [[f.label, f.value] for f in view.facts if decided or f.label.lower() not in ("winner", "result")]
    return {"phase": view.phase, "active": view.active, "facts": facts, "scores": view.scores}


MARKER, VALUE, SPACE = -2, -3, -4  # in `_changed`'s rows: a track's marker, a counter's value, a space's note


def _others(view: View) -> set[tuple[str, int, str, object]]:
    """A view's markers (where each stands), counters (each value) and spaces' notes (the
    feelings on a vision of So Long, My World's clock)."""
    out: set[tuple[str, int, str, object]] = set()
    for p in view.panels:
        if p.kind in ("slots", "ring"):
            out |= {(p.id, SPACE, str(i), s.note) for i, s in enumerate(p.slots if p.kind == "slots" else p.spaces)}
        elif p.kind == "track":
            out |= {(p.id, MARKER, m.label, m.at) for m in p.markers}
        elif p.kind == "counters":
            out |= {(p.id, VALUE, v.label, v.value) for v in p.values}
    return out


def _changed(before: View | None, after: View | None) -> list[list]:
    """What the entry changed on the table, as [panel, space, name]: each card of ``after`` in
    a place holding more copies of it than in ``before`` (arrived or moved; space -1: the
    panel's own cards), each track marker that moved (space MARKER), each counter whose value
    changed (space VALUE) and each space whose note changed (space SPACE, the name its index)."""
    if before is None or after is None:
        return []
    was: dict[tuple[str, int, str], int] = {}
    for place in places(before):
        was[place] = was.get(place, 0) + 1
    out = []
    for place in places(after):
        if was.get(place, 0) > 0:
            was[place] -= 1
        elif list(place) not in out:
            out.append(list(place))
    old = _others(before)
    out += sorted([pid, kind, label] for pid, kind, label, value in _others(after) - old)
    return out


def _turn(view: View | None, players: list[str]) -> str | None:
    """The turn (round, travel) a table stands in, as the heading of its entries."""
    if view is None:
        return None
    facts = {f.label.lower(): f for f in view.facts if f.value is not None}
    for key in TURN_FACTS:
        if key in facts:
            f = facts[key]
            if key == "travels" and isinstance(f.value, int):  # relics: a turn starts with its travel
                return f"Turn {f.value + 1}"
            if key == "turn" and f.value in players:  # Visions names whose turn it is
                return f"{f.value}'s turn"
            return f"{f.label[:1].upper()}{f.label[1:]} {f.value}"
    return None


def _details(t: Timeline) -> dict[str, dict]:
    """The details (engine ``card_details``) of each card the page shows, by name."""
    if t.engine is None:
        return {}
    return details_shown(t.engine, [v for s in t.steps for v in (s.view, s.before)])


def _json_script(data: object) -> str:
    """JSON for a ``<script type="application/json">``: no "<" (so no "</script>"), no "&"."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def verdict(report: LogReport) -> tuple[str, str]:
    """(class, words): legal and complete, legal and unfinished, or illegal."""
    if not report.legal:
        return "illegal", "ILLEGAL"
    return "legal", "legal, complete" if report.complete else "legal, incomplete"


def _stopped(t: Timeline) -> str:
    r = t.report
    if r.stopped:
        return f"The replay stopped at entry {r.stopped.entry}: {r.stopped.reason}; this entry was not checked."
    if r.violations:
        first = r.violations[0]
        at = f"entry {first.entry}" if first.entry else "the setup"
        return f"The replay stops at the first rule broken ({at}); this entry was not checked (pnp check log --all " \
               "reads on)."
    return "This entry was not checked."


def page(t: Timeline, title: str | None = None) -> str:
    """The report page of ``t``'s log."""
    r, log = t.report, t.log
    # {"fragments": [...], "steps": [...], ...}: each picture written when it is first drawn, then
    # each entry's step; neither is kept, only the indexes of each entry's pictures
    data = _Packer()
    pictures = _Pictures(data, list(log.players), t.colours)
    data.write('{"fragments":[')
    tables = [(pictures.table(s.view), pictures.table(s.before)) for s in t.steps]
    data.write('],"steps":[')
    played_on: View | None = None  # the table the entry is played on: the one after the entry before it
    turns: list[str | None] = []
    for i, (s, (panels, before)) in enumerate(zip(t.steps, tables)):
        outcome = next((v.outcome for v in s.violations if v.outcome), None)
        on = s.before or played_on
        shown = {name for _, _, name in places(s.view) + places(s.before)}
        data.write(("," if i else "") + _json(
            {"n": s.number, "line": s.line, "text": s.text, "status": s.status, "table": s.table,
             "panels": panels, "head": _head(s.view or s.before, r.complete), "before": before,
             "labels": {"after": heading(table_label(s.number, s.line, "after", outcome)),
                        "before": heading(table_label(s.number, s.line, "before"))},
             "changed": _changed(on, s.view) if s.number and s.table == "after" else [],
             "targets": [w for w in s.words if w in shown and w not in log.players],
             "violations": [{"rule": v.rule, "message": v.message, "outcome": v.outcome,
                             "rulings": cited(v.rule, v.message)} for v in s.violations],
             "legal": s.legal if s.violations and s.before is not None else None, "more": s.legal_more}))
        turns.append(_turn(on, list(log.players)) if s.number else None)
        if s.view is not None:
            played_on = s.view
    first_bad = next((i for i, s in enumerate(t.steps) if s.violations), None)
    last_drawn = max((i for i, s in enumerate(t.steps) if s.view is not None), default=0)
    start = first_bad if first_bad is not None else last_drawn
    data.write('],"owners":[')
    for k, owner in enumerate(pictures.owners):  # a player's name each: written one by one too
        data.write(("," if k else "") + _json(owner))
    rest = {"start": start, "stopped": _stopped(t), "all": r.all_violations,
            "colours": {p: player_colour(p, list(log.players), t.colours) for p in log.players}}
    data.write("]," + _json(rest)[1:])
    game = TITLES.get(log.game, log.game)
    name = title or Path(log.file).name
    klass, words = verdict(r)
    meta = [f"{game}", f"players: {', '.join(log.players)}"]
    meta += [f"{k}: {v}" for k, v in r.metadata.as_json().items() if v is not None]
    violations = "".join(
        f'<li><a href="#entry-{v.entry or 0}">{_e(f"line {v.line}" if v.line else "setup")}'
        f'{_e(f", entry {v.entry}" if v.entry else "")}</a>: <span class="rule">[{_e(v.rule)}]</span> '
        f"{_e(v.message)}{_e(f' ({v.outcome})') if v.outcome else ''}</li>" for v in r.violations)
    entries, last_turn = [], None
    for s, turn in zip(t.steps, turns):
        if turn and turn != last_turn:
            entries.append(f'<li class="turn"><h2>{_e(turn)}</h2></li>')
        last_turn = turn or last_turn
        entries.append(_entry(s))
    entries = "".join(entries)
    if t.unread:
        entries += f'<li class="not-replayed"><a><span class="ln"></span><span class="n"></span><code>' \
                   f"the entries stop here: {_e(t.unread)}</code></a></li>"
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="pnp check log --html">
<title>{_e(name)}: {_e(words)} ({_e(game)})</title>
<style>{_asset("page.css")}{_asset("panels.css")}</style>
</head>
<body data-game="{_e(log.game)}" data-reading="{"all" if r.all_violations else "strict"}">
<header>
<h1>{_e(name)}</h1>
<div class="meta">{" · ".join(_e(m) for m in meta)}</div>
<div class="verdict {klass}" id="verdict"><p class="line"><span class="status">{_e(words)}</span>: \
<span class="result">{_e(result_line(r))}</span></p>
{f'<ul class="broken-list">{violations}</ul>' if violations else ""}</div>
<div class="keys no-print"><kbd>↑</kbd> <kbd>↓</kbd> step through the entries · <kbd>n</kbd> <kbd>p</kbd> the next or
previous rule broken · <kbd>Home</kbd> the setup · click an entry · tap a card for its details ·
<label><input type="checkbox" id="print-every"> print every entry (else the selected one and each rule broken)</label>
</div>
</header>
<main>
<ol id="entries" aria-label="the log's entries" tabindex="0">{entries}</ol>
<section id="table" aria-live="polite" aria-labelledby="where" tabindex="0">
<h2 id="where">The table</h2>
<div id="head"></div>
<div id="board"><noscript>The table is drawn by the page's script; allow scripts to see it.</noscript></div>
</section>
</main>
<div id="print"></div>
<script type="application/json" id="card-details">{_json_script(_details(t))}</script>
<script type="application/octet-stream" id="report-data" data-encoding="gzip+base64">{data.packed()}</script>
<script>{_asset("cards.js")}</script>
<script>{_asset("page.js")}</script>
</body>
</html>
"""


def _entry(s: Step) -> str:
    klass = {"violation": "violation", "legal": "", "not replayed": "not-replayed"}[s.status]
    line = "" if s.line is None else str(s.line)
    number = "" if s.number == 0 else str(s.number)
    return (f'<li id="entry-{s.number}" class="entry {klass}" data-n="{s.number}" data-status="{_e(s.status)}">'
            f'<a href="#entry-{s.number}" tabindex="-1"><span class="ln" title="line">{line}</span>'
            f'<span class="n" title="entry">{number}</span><code>{_e(s.text)}</code></a></li>')


def index(rows: list[tuple[LogReport | UnusableLog, str | None]]) -> str:
    """The page that lists many logs' verdicts, each linking to its own page (None: unusable)."""
    items = []
    for r, href in rows:
        if isinstance(r, UnusableLog):
            items.append(f'<tr class="unusable"><td>{_e(r.file)}</td><td>{_e(r.game or "")}</td>'
                         f'<td class="status">cannot be used</td><td>{_e(r.reason)}</td></tr>')
            continue
        klass, words = verdict(r)
        first = r.violations[0] if r.violations else None
        why = f"[{first.rule}] {first.message}" if first else result_line(r)
        name = f'<a href="{_e(href)}">{_e(r.file)}</a>' if href else f"{_e(r.file)} (too long to draw: no page)"
        items.append(f'<tr class="{klass}"><td>{name}</td><td>{_e(TITLES.get(r.game, r.game))}</td>'
                     f'<td class="status">{_e(words)}</td><td>{_e(why)}</td></tr>')
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Game logs: {len(rows)} checked</title>
<style>{_asset("page.css")}
table {{ border-collapse: collapse; margin: 16px 20px; background: #fffdf7; }}
td, th {{ border-bottom: 1px solid var(--line); padding: 6px 10px; text-align: left; vertical-align: top; }}
tr.illegal .status, tr.unusable .status {{ color: var(--bad); font-weight: 700; }}
tr.legal .status {{ color: var(--ok); font-weight: 700; }}
td {{ overflow-wrap: anywhere; }}
@media (max-width: 700px) {{  /* a phone: each log a block of its own lines, nothing wider than the screen */
  table {{ margin: 8px; width: calc(100% - 16px); }}
  thead {{ display: none; }}
  tr, td {{ display: block; }}
  tr {{ border-bottom: 1px solid var(--line); padding: 6px 0; }}
  td {{ border: 0; padding: 2px 8px; }}
}}
</style>
</head>
<body>
<header><h1>Game logs: {len(rows)} checked</h1></header>
<main>
<table id="logs"><thead><tr><th>log</th><th>game</th><th>verdict</th><th>why</th></tr></thead>
<tbody>{"".join(items)}</tbody></table>
</main>
</body>
</html>
"""

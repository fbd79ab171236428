"""Drawing a `View`'s panels as SVG: one small picture per panel, laid out by the page.

Each panel is drawn on its own, from its own data only, so an entry that moves one card
changes one or two pictures and the others are the same text as before: the page stores
each distinct picture once (a 500-entry log stays small). Cards carry ``class="card"``,
``data-name`` and ``data-card`` (cards.js opens a card's details on a tap: each card is a
button, reached by the keyboard), spaces ``class="slot"`` and ``data-label``, so tools and
tests read the table from the DOM (printed, the page writes each panel out as text from them).
"""

from __future__ import annotations

import math
import textwrap
from html import escape

from rules_check.core.view import Card, CountersPanel, Panel, RingPanel, Slot, SlotsPanel, TrackPanel, ZonePanel

CARD_W, CARD_H = 74, 100  # px: a card drawn at about a third of its size
GAP = 8
PAD = 10
TITLE_H = 22
LABEL_H = 30  # a space's label: two lines
PER_ROW = 6  # cards in a row of a zone before it wraps
MAX_DRAWN = 24  # cards drawn in one zone or space; the rest are counted
PLAYER_COLOURS = ["#2f6db5", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#16a085"]  # by seat
# a player's own colour (So Long, My World's players are their vision tokens' colours), by its word
NAMED_COLOURS = {"yellow": "#e0b000", "teal": "#138a8a", "purple": "#7b3fa0", "green": "#2e8b57", "red": "#c0392b",
                 "blue": "#2f6db5", "orange": "#d35400", "black": "#333333", "white": "#b8b2a4", "pink": "#d6588f"}


def player_colour(player: str | None, players: list[str], colours: dict[str, str] | None = None) -> str | None:
    """The colour a player's panels and markers are drawn in: the colour the player is named
    after ("Yellow"), else the one the game gives them (``colours``: player -> colour word),
    else one by seat; None for no player."""
    if player is None or player not in players:
        return None
    for word in (player, (colours or {}).get(player, "")):
        if word.strip().lower() in NAMED_COLOURS:
            return NAMED_COLOURS[word.strip().lower()]
    return PLAYER_COLOURS[players.index(player) % len(PLAYER_COLOURS)]
MARK_COLOURS = {"support": "#e8f1fb", "locked": "#f3e1e1", "face down": "#ddd8cc", "tapped": "#f1ecd9",
                "exhausted": "#f1ecd9", "night": "#dfe3ee", "night side": "#dfe3ee"}


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _lines(text: str, width: int, most: int) -> list[str]:
    lines = textwrap.wrap(text, width=width, break_long_words=True) or [""]
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = lines[-1][: max(1, width - 1)].rstrip() + "…"
    return lines


def _text(x: float, y: float, text: str, cls: str, anchor: str = "start") -> str:
    return f'<text x="{x:g}" y="{y:g}" class="{cls}" text-anchor="{anchor}">{_e(text)}</text>'


def _name_lines(name: str, w: int = CARD_W) -> tuple[list[str], bool]:
    """A card's name as the lines its face shows, and whether in the smaller type (a word
    too long for a line, "Dreamcatcher", is set smaller rather than broken)."""
    per_line = max(6, w // 7)
    small = max((len(word) for word in name.split()), default=0) > per_line
    return _lines(name, int(per_line * 1.25) if small else per_line, 4), small


def _peek(c: Card) -> int:
    """How much of a card shows above the one laid on it in a space: its name, whole."""
    lines, small = _name_lines(c.name)
    return 6 + len(lines) * (11 if small else 12)


def card(c: Card, x: float, y: float, w: int = CARD_W, h: int = CARD_H) -> str:
    """One card: its name on its face, its mark as its tint and a word at the foot, its note
    below the name."""
    fill = MARK_COLOURS.get((c.mark or "").lower(), "#fffdf7")
    parts = [f'<g class="card" {_button(c)}' + (f' data-mark="{_e(c.mark)}"' if c.mark else "")
             + (f' data-note="{_e(c.note)}"' if c.note else "") + ">",
             f"<title>{_e(c.name)}{' — ' + _e(c.note) if c.note else ''}{' (' + _e(c.mark) + ')' if c.mark else ''}"
             "</title>",
             f'<rect x="{x:g}" y="{y:g}" width="{w}" height="{h}" rx="5" class="face" fill="{fill}"/>']
    ty = y + 14
    lines, small = _name_lines(c.name, w)
    for line in lines:
        parts.append(_text(x + w / 2, ty, line, "name small" if small else "name", "middle"))
        ty += 11 if small else 12
    marks = _lines(c.mark, max(6, w // 5), 2) if c.mark else []  # "first manifestation": two lines, inside
    if c.note:
        ty += 2
        for line in _lines(c.note, max(6, w // 6), 3 - len(marks)):
            parts.append(_text(x + w / 2, ty, line, "note", "middle"))
            ty += 11
    for k, line in enumerate(marks):
        parts.append(_text(x + w / 2, y + h - 6 - (len(marks) - 1 - k) * 11, line, "mark", "middle"))
    parts.append("</g>")
    return "".join(parts)


def _button(c: Card) -> str:
    """A card's attributes as a button that opens its details (cards.js)."""
    said = c.name + (f", {c.mark}" if c.mark else "") + (f", {c.note}" if c.note else "")
    return (f'data-name="{_e(c.name)}" data-card="{_e(c.name)}" tabindex="0" role="button" '
            f'aria-label="{_e(said)}"')


def _back(x: float, y: float, n: int, what: str = "hidden") -> str:
    return (f'<g class="hidden-cards" data-count="{n}"><title>{n} {what}</title>'
            f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="5" class="back"/>'
            + _text(x + CARD_W / 2, y + CARD_H / 2 + 5, f"×{n}", "count", "middle") + "</g>")


def _frame(panel: Panel, width: float, height: float, body: str, colour: str | None) -> str:
    owner = f' data-owner="{_e(panel.owner)}"' if panel.owner else ""
    stripe = f'<rect x="0" y="0" width="5" height="{height:g}" fill="{colour}"/>' if colour else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="panel panel-{panel.kind}" id="panel-{_e(panel.id)}" '
            f'data-panel="{_e(panel.id)}"{owner} width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="group" aria-label="{_e(panel.title)}">'
            f'<rect x="0.5" y="0.5" width="{width - 1:g}" height="{height - 1:g}" rx="6" class="ground"/>{stripe}'
            + _text(PAD, 16, panel.title, "title") + body + "</svg>")


def _cards_grid(cards: list[Card], hidden: int, x0: float, y0: float, per_row: int) -> tuple[str, float, float]:
    """Cards in rows of ``per_row`` from (x0, y0), then the hidden ones as one back; the
    drawing and its width and height."""
    drawn = cards[:MAX_DRAWN]
    extra = len(cards) - len(drawn)
    n = len(drawn) + (1 if hidden or extra else 0)
    cols = max(1, min(per_row, n))
    rows = max(1, math.ceil(n / cols)) if n else 1
    out = []
    for i, c in enumerate(drawn):
        x = x0 + (i % cols) * (CARD_W + GAP)
        y = y0 + (i // cols) * (CARD_H + GAP)
        out.append(card(c, x, y))
    if hidden or extra:
        i = len(drawn)
        x = x0 + (i % cols) * (CARD_W + GAP)
        y = y0 + (i // cols) * (CARD_H + GAP)
        out.append(_back(x, y, hidden + extra, "hidden" if not extra else f"more ({extra} not drawn)"))
    if n == 0:
        return _text(x0, y0 + 14, "empty", "empty"), 80, 24
    return "".join(out), cols * (CARD_W + GAP) - GAP, rows * (CARD_H + GAP) - GAP


def zone(panel: ZonePanel, colour: str | None) -> str:
    if panel.order == "stack":  # a list, top first: the order is what matters
        rows = []
        y = TITLE_H + 4
        for i, c in enumerate(panel.cards[:MAX_DRAWN]):
            note = f" — {c.note}" if c.note else ""
            mark = f" ({c.mark})" if c.mark else ""
            rows.append(f'<g class="card" {_button(c)} data-position="{i + 1}">'
                        + _text(PAD, y + 12, f"{i + 1}.", "pos") + _text(PAD + 22, y + 12, f"{c.name}{mark}{note}",
                                                                         "name-line") + "</g>")
            y += 18
        if panel.hidden:
            said = f"and {panel.hidden} hidden" if panel.cards else \
                f"{panel.hidden} card{'s' * (panel.hidden != 1)}, face down"
            rows.append(f'<g class="hidden-cards" data-count="{panel.hidden}">'
                        + _text(PAD, y + 12, said, "note-line") + "</g>")
            y += 18
        if not panel.cards and not panel.hidden:
            rows.append(_text(PAD, y + 12, "empty", "empty"))
            y += 18
        longest = max([len(f"{c.name}{c.note or ''}{c.mark or ''}") for c in panel.cards[:MAX_DRAWN]] + [10])
        width = max(180, len(panel.title) * 8.2 + 2 * PAD, min(560, PAD * 2 + 30 + longest * 7.4))
        return _frame(panel, width, y + PAD, "".join(rows), colour)
    body, w, h = _cards_grid(panel.cards, panel.hidden, PAD, TITLE_H + 4, PER_ROW)
    title_w = len(panel.title) * 8.2 + 2 * PAD
    return _frame(panel, max(w + 2 * PAD, title_w, 120), TITLE_H + 4 + h + PAD, body, colour)


def _slot(s: Slot, x: float, y: float, w: float, h: float, index: int) -> str:
    parts = [f'<g class="slot" data-label="{_e(s.label)}" data-index="{index}"'
             + (f' data-note="{_e(s.note)}"' if s.note else "") + ">",
             f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" class="space"/>']
    for k, line in enumerate(_lines(s.label, int(w // 5.4), 2)):
        parts.append(_text(x + w / 2, y + 13 + k * 11, line, "label", "middle"))
    cy = y + LABEL_H
    shown = s.cards[:3]
    for c in shown:  # overlapping, each lower by the name of the one beneath: the top one last
        parts.append(card(c, x + (w - CARD_W) / 2, cy))
        cy += _peek(c)
    if len(s.cards) > len(shown):
        parts.append(_text(x + w / 2, y + h - 34, f"+{len(s.cards) - len(shown)} more", "note", "middle"))
    if s.note:
        for k, line in enumerate(_lines(s.note, int(w // 5.2), 3)):
            parts.append(_text(x + w / 2, y + h - 26 + k * 10, line, "note", "middle"))
    parts.append("</g>")
    return "".join(parts)


def _slot_height(slots: list[Slot]) -> float:
    deepest = max([sum(_peek(c) for c in s.cards[:3][:-1]) for s in slots] + [0])
    return LABEL_H + CARD_H + deepest + 36


def slots(panel: SlotsPanel, colour: str | None) -> str:
    w = CARD_W + 2 * GAP + 10
    h = _slot_height(panel.slots)
    body = "".join(_slot(s, PAD + i * (w + GAP), TITLE_H + 4, w, h, i) for i, s in enumerate(panel.slots))
    width = PAD * 2 + len(panel.slots) * (w + GAP) - GAP
    return _frame(panel, max(width, 140, len(panel.title) * 8.2 + 2 * PAD), TITLE_H + 4 + h + PAD, body, colour)


def ring(panel: RingPanel, colour: str | None) -> str:
    n = max(1, len(panel.spaces))
    w = CARD_W + 2 * GAP + 10
    h = _slot_height(panel.spaces)
    # adjacent spaces must not overlap: the two beside the top one are a radius apart in height
    radius = max(150.0, h + GAP, (w + GAP) * n / (2 * math.pi) + 40)
    size = 2 * radius + max(w, h) + 2 * PAD
    cx = cy = size / 2
    cy += TITLE_H / 2
    parts = [f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" class="dial"/>']
    for i, s in enumerate(panel.spaces):
        angle = -math.pi / 2 + 2 * math.pi * i / n  # the first space at the top, clockwise
        x = cx + radius * math.cos(angle) - w / 2
        y = cy + radius * math.sin(angle) - h / 2
        parts.append(_slot(s, x, y, w, h, i))
    if panel.pointer is not None and 0 <= panel.pointer < n:
        angle = -math.pi / 2 + 2 * math.pi * panel.pointer / n
        hx, hy = cx + (radius - h / 2 - 6) * math.cos(angle), cy + (radius - h / 2 - 6) * math.sin(angle)
        parts.append(f'<line x1="{cx:g}" y1="{cy:g}" x2="{hx:.1f}" y2="{hy:.1f}" class="hand" '
                     f'data-pointer="{panel.pointer}"/><circle cx="{cx:g}" cy="{cy:g}" r="5" class="hub"/>')
    if panel.centre:
        for k, line in enumerate(_lines(panel.centre, 22, 3)):
            parts.append(_text(cx, cy + 22 + k * 13, line, "centre", "middle"))
    return _frame(panel, size, size + TITLE_H, "".join(parts), colour)


def track(panel: TrackPanel, colour: str | None, players: list[str], colours: dict[str, str] | None = None) -> str:
    n = max(1, len(panel.spaces))
    cell = max(30, min(72, 6 * max((len(label) for label in panel.spaces), default=0) + 8))  # labels side by side
    per_row = max(5, 640 // cell)
    row_h = 56  # a space and its label
    rows = math.ceil(n / per_row)
    by_space: dict[int, list[str]] = {}
    for m in panel.markers:
        by_space.setdefault(m.at, []).append(m.label)
    parts = []
    for i, label in enumerate(panel.spaces):
        x = PAD + (i % per_row) * cell
        y = TITLE_H + 4 + (i // per_row) * row_h
        here = by_space.get(i, [])
        parts.append(f'<g class="space" data-index="{i}" data-label="{_e(label)}"'
                     + (f' data-markers="{_e(", ".join(here))}"' if here else "") + ">"
                     f'<rect x="{x + (cell - 30) / 2:g}" y="{y:g}" width="28" height="28" rx="3" class="cell"/>'
                     + _text(x + (cell - 2) / 2, y + 38, label, "tick", "middle"))
        for k, who in enumerate(here):
            fill = player_colour(who, players, colours) or "#555"
            cx, cy = x + (cell - 30) / 2 + 8 + (k % 2) * 12, y + 8 + (k // 2) * 12
            parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="5.5" '
                         f'fill="{fill}" class="marker" data-label="{_e(who)}"><title>{_e(who)}</title></circle>')
        parts.append("</g>")
    width = PAD * 2 + min(n, per_row) * cell
    width = max(width, 160, len(panel.title) * 8.2 + 2 * PAD)
    return _frame(panel, width, TITLE_H + 4 + rows * row_h + PAD, "".join(parts), colour)


def counters(panel: CountersPanel, colour: str | None) -> str:
    parts = []
    y = TITLE_H + 4
    widest = max([len(v.label) for v in panel.values] + [6])
    for v in panel.values:
        parts.append(f'<g class="value" data-label="{_e(v.label)}" data-value="{_e(v.value)}">'
                     + _text(PAD, y + 12, v.label, "label-left")
                     + _text(PAD + widest * 6.5 + 12, y + 12, "–" if v.value is None else str(v.value), "number")
                     + "</g>")
        y += 18
    longest = max([len(str(v.value)) for v in panel.values] + [4])
    width = max(150, len(panel.title) * 8.2 + 2 * PAD, PAD * 2 + widest * 6.5 + 12 + longest * 7.4)
    return _frame(panel, width, y + PAD, "".join(parts), colour)


def draw(panel: Panel, players: list[str], colours: dict[str, str] | None = None) -> str:
    """``panel`` as one ``<svg>`` element; a player's panel has a stripe of their colour
    (`player_colour`)."""
    colour = player_colour(panel.owner, players, colours)
    if isinstance(panel, ZonePanel):
        return zone(panel, colour)
    if isinstance(panel, SlotsPanel):
        return slots(panel, colour)
    if isinstance(panel, RingPanel):
        return ring(panel, colour)
    if isinstance(panel, TrackPanel):
        return track(panel, colour, players, colours)
    return counters(panel, colour)

"""When a card's triggered effect may be written (3.1 Triggered, 4.2.2-4.2.4), and what its
Chain allows (3.1 Support and Chain). Readings K17-K20 in docs/rulings.md.

The trigger is read from the opening words of the card's own text in the pool (never a
retyped card list), with a tolerant pattern: case and spacing are ignored, "On"/"At"
Revelation and "When"/"Whenever" are the same. A triggered effect is written as an `effect`
entry that puts it on the Stack (reading K20) and is legal only in its window, while its card is where the trigger
says, and once per window:

    before      "Before the Revelation"               Recovery Phase, card in hand or on the field
    revelation  "On Revelation" / "At Revelation"     right after the Revelation, a First Manifestation
    after       "After the Revelation"                right after the Revelation, card on the field
    enters      "When it enters the field / the       right after that card entered the Confrontation
                 Confrontation Zone [from your X]"    Zone (from X, when the text says so)
    support     "Whenever a manifestation of your     right after an opponent's manifestation entered
                 opponent enters ... in Support"      in Support, card on the field
    win, loss   "When it wins/loses a Confrontation"  right after the outcome (start of the Resolution),
                                                      card in the Confrontation/Stalemate Zone
    vessel      "When it is placed in an Empathic     right after that card went to an Empathic Vessel
                 Vessel"
    stalemate   "When a Confrontation (would) end(s)  right after a Stalemate
                 in a Stalemate"
    end         "At the end of the turn"              End Phase, card on the field
    beginning   "At the beginning of the turn"        Recovery Phase, card on the field
    passive     "As long as ..." (3.1 Passive)        any time, card on the field (its modifiers)

"Right after" means: before the next entry that is not an `effect` (every play, activate,
pass, place, bottom, mulligan or reveal closes the window; effects in a row share it).
"""

from __future__ import annotations

import re

TRIGGERS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((kind, re.compile(pattern, re.I)) for kind, pattern in (
    ("before", r"^\s*before\s+the\s+revelation"),
    ("revelation", r"^\s*(on|at)\s+revelation"),
    ("after", r"^\s*after\s+the\s+revelation"),
    ("enters", r"^\s*when(ever)?\s+it\s+enters\s+the\s+(field|confrontation\s+zone)"),
    ("support", r"^\s*when(ever)?\s+a\s+manifestation\s+of\s+your\s+opponent\s+enters\s+the\s+"
                r"confrontation\s+zone\s+in\s+support"),
    ("win", r"^\s*when(ever)?\s+it\s+wins\s+a\s+confrontation"),
    ("loss", r"^\s*when(ever)?\s+it\s+loses\s+a\s+confrontation"),
    ("vessel", r"^\s*when(ever)?\s+it\s+is\s+placed\s+in\s+an\s+empathic\s+vessel"),
    ("stalemate", r"^\s*when(ever)?\s+a\s+confrontation\s+(would\s+)?ends?\s+in\s+a\s+stalemate"),
    ("end", r"^\s*at\s+the\s+end\s+of\s+the\s+turn"),
    ("beginning", r"^\s*at\s+the\s+(beginning|start)\s+of\s+the\s+turn"),
    ("passive", r"^\s*as\s+long\s+as"),
))
FROM_ZONE = re.compile(r"^[^,.:]*?\benters\s+the\s+(?:field|confrontation\s+zone)\s+from\s+your\s+(\w+)", re.I)
CHAIN = re.compile(r"\bchain\s+from\s+your\s+(\w+)(?:\s*\(a\s+manifestation\s+with\s+base\s+power\s+(\d+)"
                   r"\s+or\s+less\))?", re.I)

WINDOW = {
    "before": "in the Recovery Phase, before the Revelation",
    "revelation": "right after the Revelation, for a First Manifestation just revealed",
    "after": "right after the Revelation",
    "enters": "right after it entered the Confrontation Zone",
    "support": "right after an opponent's manifestation entered the Confrontation Zone in Support",
    "win": "at the start of the Resolution, for the winner's manifestation in the Confrontation",
    "loss": "at the start of the Resolution, for the loser's manifestation in the Confrontation",
    "vessel": "right after it was placed in an Empathic Vessel",
    "stalemate": "right after a Confrontation ended in a Stalemate",
    "end": "in the End Phase",
    "beginning": "in the Recovery Phase (the beginning of the turn)",
    "passive": "while it is on the field",
}


def trigger_of(text: str) -> str | None:
    """The kind of the card's triggered (or passive) effect, from its opening words; None if
    its text opens with neither (an activated "Pay ...:" effect, a will's effect, a rule)."""
    for kind, pattern in TRIGGERS:
        if pattern.search(text or ""):
            return kind
    return None


def entry_zone(text: str) -> str | None:
    """"When it enters the field from your Interzone": the zone kind it must come from."""
    m = FROM_ZONE.search(text or "")
    return m.group(1).lower() if m else None


def chain_of(text: str) -> tuple[str, int | None] | None:
    """"Chain from your ZONE (a manifestation with base power N or less)": (zone kind, N)."""
    m = CHAIN.search(text or "")
    if not m:
        return None
    return m.group(1).lower(), int(m.group(2)) if m.group(2) else None

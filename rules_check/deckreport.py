"""Checking many decklists at once, and printing the verdicts (SPEC.md, "Decklists").

A file that cannot be used (binary, too large, not a decklist) gets a row of its own with the
reason, and the batch goes on: an organiser sees every problem of every file in one run.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from pnp.data.errors import InputError, InputErrors

from .deckcheck import DeckReport, check_deck
from .decklist import Decklist, read_decklist
from .pool import Pool

DECK_SUFFIXES = (".txt", ".dek", ".deck", ".yaml", ".yml", ".list")


@dataclass
class Unusable:
    """A file that could not be read as a decklist (exit code 2)."""

    file: str
    reason: str

    def as_json(self) -> dict:
        return {"file": self.file, "player": None, "legal": False, "cards": None, "points": None,
                "usable": False, "errors": [{"code": "unusable", "message": self.reason, "line": None,
                                             "card": None}], "warnings": []}


def expand(paths: list[Path]) -> list[Path]:
    """Files as given; a folder stands for its decklist files (by ending), in name order."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(f for f in p.iterdir() if f.is_file() and f.suffix.lower() in DECK_SUFFIXES))
        else:
            out.append(p)
    return out


def check_files(paths: list[Path], pool: Pool, registered: Decklist | None = None) -> list[DeckReport | Unusable]:
    results: list[DeckReport | Unusable] = []
    for path in expand(paths):
        try:
            results.append(check_deck(read_decklist(path), pool, registered))
        except InputErrors as exc:
            results.append(Unusable(str(path), "; ".join(str(e) for e in exc.errors)))
        except InputError as exc:
            results.append(Unusable(str(path), str(exc)))
    return results


def exit_code(results: list[DeckReport | Unusable]) -> int:
    """2 if any file could not be used, else 1 if any deck is illegal, else 0."""
    if any(isinstance(r, Unusable) for r in results):
        return 2
    return 1 if any(not r.legal for r in results) else 0


def as_json(results: list[DeckReport | Unusable]) -> str:
    return json.dumps([r.as_json() for r in results], indent=2, ensure_ascii=False)


def as_text(results: list[DeckReport | Unusable]) -> str:
    """A table, one row per file, then each file's problems, then a total."""
    rows = [("file", "player", "legal", "cards", "points", "problems", "fingerprint")]
    for r in results:
        if isinstance(r, Unusable):
            rows.append((r.file, "-", "unusable", "-", "-", "1 error", "-"))
            continue
        problems = f"{len(r.errors)} error{'s' * (len(r.errors) != 1)}"
        if r.warnings:
            problems += f", {len(r.warnings)} warning{'s' * (len(r.warnings) != 1)}"
        rows.append((r.file, r.player, "yes" if r.legal else "NO", str(r.cards), str(r.points), problems,
                     r.fingerprint))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    details = []
    for r in results:
        if isinstance(r, Unusable):
            details.append(f"{r.file}: cannot be used: {r.reason}")
            continue
        for p in r.errors + r.warnings:
            where = f"{r.file}:{p.line}" if p.line else r.file
            details.append(f"{where}: {p.kind} {p.code}: {p.message}")
    legal = sum(1 for r in results if isinstance(r, DeckReport) and r.legal)
    illegal = sum(1 for r in results if isinstance(r, DeckReport) and not r.legal)
    unusable = sum(1 for r in results if isinstance(r, Unusable))
    total = f"{len(results)} decklists: {legal} legal, {illegal} illegal" + (f", {unusable} unusable" if unusable else "")
    return "\n".join(lines + ([""] + details if details else []) + ["", total])

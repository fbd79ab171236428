"""What the start page of ``pnp table`` asks before a Kartomantik game (rules_check/core/questions.py):
each player's decklist, pasted as text and checked exactly as ``pnp check deck`` checks one
(Kartomantik 4.1 Building a Deck). Nothing else is the table's to decide: the first turn starts
with both players' Recovery Phase, the decks are shuffled (not asked), mulligans and the
Revelation are entries of the log (Kartomantik 4.2 Turn Structure and Phases)."""

from __future__ import annotations

import io
import re
import random
from pathlib import Path
from typing import Any

from rules_check.core.questions import BadAnswer, BadAnswers, Question, judged, read_answers

from .setup import EXAMPLE_DECKS

HELP = ("Paste the 30 cards the player registered, one a line, as pnp check deck reads them "
        "(\"1 Oppress\", a sideboard after \"Sideboard:\"). Kartomantik 4.1 Building a Deck: exactly 30 "
        "cards, at most 500 points of Manifestations, one copy of each card. Not the shuffled order.")


def key(player: str) -> str:
    return f"decklist:{player}"


def questions(engine, players: list[str]) -> list[Question]:
    return [Question(key=key(p), label=f"{p}'s decklist", kind="decklist", player=p, help=HELP)
            for p in players]


def deck_problems(engine, text: str) -> tuple[list[str], list[str], Any]:
    """The errors and warnings ``pnp check deck -`` prints for ``text`` (its lines, without
    the file), and the decklist read (None when unusable)."""
    from rules_check.decklist import Decklist, read_decklist_stream
    from rules_check.deckreport import check_files, details

    rows = check_files([Path("-")], engine.pool, stdin=io.BytesIO(text.encode("utf-8")))
    errors, warnings = [], []
    for line in details(rows):  # "-:17: error unknown-card: ..." -> "line 17: error unknown-card: ..."
        found = re.fullmatch(r"-(?::(\d+))?: (error|warning) (.*)", line, re.S)
        if found is None:
            errors.append(line)
            continue
        body = f"{found[2]} {found[3]}"
        (warnings if found[2] == "warning" else errors).append(f"line {found[1]}: {body}" if found[1] else body)
    try:
        read = read_decklist_stream(io.BytesIO(text.encode("utf-8")))
    except Exception:  # unusable: its message is among the errors already
        read = None
    return errors, warnings, read if isinstance(read, Decklist) else None


def setup(engine, players: list[str], answers: dict[str, Any]) -> dict[str, Any]:
    qs = questions(engine, players)
    order = {q.key: i for i, q in enumerate(qs)}
    wrong: list[BadAnswer] = []
    try:
        read = read_answers(qs, answers)
    except BadAnswer as exc:  # a decklist left out: the others are still checked
        wrong = list(exc.errors) if isinstance(exc, BadAnswers) else [exc]
        read = {k: v for k, v in answers.items() if k in order and isinstance(v, str) and v.strip()}
    out: dict[str, Any] = {}
    for q, p in zip(qs, players):
        if q.key not in read or any(e.key == q.key for e in wrong):
            continue
        errors, _, deck = deck_problems(engine, read[q.key])
        if errors or deck is None:
            wrong.append(BadAnswer(q, "; ".join(errors) or "not a decklist"))
            continue
        out[p] = {"cards": [engine.pool.get(e.name).name for e in deck.deck for _ in range(e.count)]}
    BadAnswers.of(sorted(wrong, key=lambda e: order.get(e.key, -1)))
    return judged(engine, players, out, qs, lambda path: key(path[0]) if path else None)


def random_decklist(rng: random.Random) -> str:
    """One of the bundled legal decks, as its file is written ("fill the rest at random")."""
    files = sorted(f for f in EXAMPLE_DECKS.glob("legal-*"))
    return rng.choice(files).read_text(encoding="utf-8")

"""What the start page of ``pnp table`` asks before a game of Visions (rules_check/core/questions.py):
the 5 cards of the river, as they are turned up (Visions: Setup, "Reveal the top 5 cards of the
draw pile to create the central river"). The seating order is the players' order, the first
listed plays first; the shuffle, the cards taken for the player count and the hands dealt are
not asked: nobody at the table sees them (reading V18)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.games.visions import models as tables
from rules_check.core.questions import Question, judged, read_answers


def questions(engine, players: list[str]) -> list[Question]:
    copies = Counter(engine.cards.order)
    return [Question(
        key="river", label="The river", kind="cards", options=list(copies), copies=dict(copies),
        count=tables.RIVER_SIZE, slots=[f"turned up {n}" for n in ("first", "second", "third", "fourth", "fifth")],
        help=f"The {tables.RIVER_SIZE} cards turned up from the draw pile, in the order turned up (Visions: Setup, "
             "\"Reveal the top 5 cards of the draw pile to create the central river\"). Each card "
             "exists 3 times (Visions: Components).")]


def setup(engine, players: list[str], answers: dict[str, Any]) -> dict[str, Any]:
    qs = questions(engine, players)
    read = read_answers(qs, answers)
    return judged(engine, players, {"river": read["river"]}, qs)

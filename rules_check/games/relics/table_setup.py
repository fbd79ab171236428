"""What the start page of ``pnp table`` asks before a game of relics (rules_check/core/questions.py):
the difficulty and the nine cards Setup deals, in the order dealt, as the player sees them
(ruling R12): the current location, the decision path, the future path's two columns, the two
cards drawn into the hand. The draw pile's order is never asked: it stays unseen."""

from __future__ import annotations

from typing import Any

from rules_check.core.questions import Question, judged, read_answers

DEALT = 9  # Setup: 1 current location, 2 decision path, 4 future path, 2 in hand
SLOTS = ["the current location", "decision path, top", "decision path, bottom", "future path, first column, top",
         "future path, first column, bottom", "future path, second column, top",
         "future path, second column, bottom", "hand: first card drawn", "hand: second card drawn"]


def questions(engine, players: list[str]) -> list[Question]:
    from .state import DIFFICULTIES

    return [
        Question(key="difficulty", label="Difficulty", kind="choice", options=sorted(DIFFICULTIES),
                 labels={"normal": "normal (energy 3 each)", "hard": "hard (energy 2 each)"}, default="normal",
                 help="relics: Setup, \"Place them on the 3 spaces. For a hard game, place them on the 2 spaces.\""),
        Question(key="dealt", label="The nine cards dealt", kind="cards", options=list(engine.cards.names),
                 count=DEALT, slots=SLOTS,
                 help="In the order relics: Setup deals them: 1 the current location, 2-3 the decision path, "
                      "4-5 the future path's first column, 6-7 its second column, 8-9 the two cards drawn "
                      "into the hand. Each location card exists once."),
    ]


def setup(engine, players: list[str], answers: dict[str, Any]) -> dict[str, Any]:
    qs = questions(engine, players)
    read = read_answers(qs, answers)
    return judged(engine, players, {"difficulty": read["difficulty"], "dealt": read["dealt"]}, qs)

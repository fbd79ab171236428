"""Kartomantik: the rulebook's tables the card models (``models``) and the effect vocabulary
(``vocabulary``) both read."""

from __future__ import annotations

# 1.1 The Temperaments: five base temperaments and two meta-temperaments, with their colours.
BASE_TEMPERAMENTS = ("phlegmatic", "choleric", "vitreous", "capricious", "melancholic")
META_TEMPERAMENTS = ("transcendent", "hollow")
TEMPERAMENTS = BASE_TEMPERAMENTS + META_TEMPERAMENTS
TEMPERAMENT_COLOURS = {  # 1.1: "Phlegmatic (Green)", "Choleric (Red)", ...
    "phlegmatic": "green",
    "choleric": "red",
    "vitreous": "blue",
    "capricious": "yellow",
    "melancholic": "purple",
    "transcendent": "white",
    "hollow": "black",
}

"""The final scoring of Visions ("Final Scoring"), as its own function.

    Your final score is the sum of the following 3 scores:
    - For your first Dream, multiply the most frequent Environment by the most frequent Category.
    - For your second Dream, do the same.
    - Add the points from the Reflection track.

A nightmare counts for nothing (ruling V3); the track's points are card data (ruling V9); a
cube on the Awakening space scores the track's last scoring space (V14: the track prints no
points for it; the awakened player wins whatever the scores, V7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from pnp.games.visions.models import CATEGORIES, ENVIRONMENTS, MAX_DREAMS

from .cards import Kind, Track
from .state import VisionsState


def dream_points(faces: Iterable[Kind | None]) -> int:
    """The count of the most frequent environment times that of the most frequent category
    among the dream's face-up cards (0 for a dream not started)."""
    categories = [0] * len(CATEGORIES)
    environments = [0] * len(ENVIRONMENTS)
    for face in faces:
        if face is not None:
            categories[face[0]] += 1
            environments[face[1]] += 1
    return max(environments) * max(categories)


def reflection_points(track: Track, space: int) -> int:
    """The points of a cube on ``space`` (the Awakening space scores as the last space, V14)."""
    return track.points[min(space, len(track.points) - 1)]


@dataclass(frozen=True)
class ScoreSheet:
    """One player's final score, part by part."""

    dreams: tuple[int, ...]
    reflection: int

    @property
    def total(self) -> int:
        return sum(self.dreams) + self.reflection


def score_sheet(state: VisionsState, player: str) -> ScoreSheet:
    dreams = tuple(dream_points(state.faces[(player, d)]) for d in range(1, MAX_DREAMS + 1))
    return ScoreSheet(dreams, reflection_points(state.track, state.cube[player]))


def scores(state: VisionsState) -> dict[str, int]:
    """Each player's final score (as of now when the game is not over)."""
    return {p: score_sheet(state, p).total for p in state.players}

"""The relics solo game: the rulebook's tables the card models (``models``) and the effect
vocabulary (``vocabulary``) both read."""

from __future__ import annotations

# The rules text never names the energy colours (the card art shows them): sample values.
ENERGY_COLOURS = ("red", "blue", "green")
# "2. Challenge": "Black challenges can be solved using any combination of any colour of energy."
BLACK = "black"
CHALLENGE_COLOURS = ENERGY_COLOURS + (BLACK,)

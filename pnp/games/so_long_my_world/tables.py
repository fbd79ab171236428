"""So Long, My World: the rulebook's tables the card models (``models``) and the effect vocabulary
(``vocabulary``) both read."""

from __future__ import annotations

# Setting Up the Game, "5. Prepare Feeling Reserve" and The Card Types, "Karma":
# "Hope/Nostalgia are positive, Resignation is neutral, Despair/Madness are negative".
FEELINGS: dict[str, str] = {
    "hope": "positive",
    "nostalgia": "positive",
    "resignation": "neutral",
    "despair": "negative",
    "madness": "negative",
}

# "2. Prepare the Vision Cards": the 6 normal visions. The rulebook names five of them
# (Event Phase and Vision Phase examples); "Empty City" is ours (sample data).
NORMAL_VISIONS = ("Place of Worship", "World's Edge Pub", "Special Person", "Death Drive", "Slaughter",
                  "Empty City")

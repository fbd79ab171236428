"""The relics solo game: its printing side's home (``tables``: the rulebook's tables)."""

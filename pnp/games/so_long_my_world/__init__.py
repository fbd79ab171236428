"""So Long, My World: its printing side's home (``tables``: the rulebook's tables)."""

"""Visions: its printing side's home (``models``: the rulebook's tables and the card models;
``game``: its spec). It has no effect vocabulary: its cards carry no scripts."""

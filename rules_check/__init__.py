"""The rules checker: Kartomantik tournament decklists, and the recorded game logs of all four
games judged by their rules engines (``rules_check.engines``, ``rules_check.core.adjudicate``).

Importable on its own, without the PDF generator::

    from rules_check import load_pool, read_decklist, check_deck
    report = check_deck(read_decklist("ana.txt"), load_pool())
    report.legal, report.errors, report.warnings
"""

from .deckcheck import DeckReport, Problem, check_deck
from .decklist import Decklist, Entry, parse_text, parse_yaml, read_decklist
from .pool import Pool, load_pool

__all__ = [
    "DeckReport", "Decklist", "Entry", "Pool", "Problem",
    "check_deck", "load_pool", "parse_text", "parse_yaml", "read_decklist",
]

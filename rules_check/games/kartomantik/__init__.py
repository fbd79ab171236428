"""Kartomantik, the constructed two-player card game: the rules engine.

One module per idea: ``state`` (where every card is, the Stack, priority, the modifiers),
``actions`` (the log vocabulary: parse and write entries), ``setup`` (the log's setup read, the
simulator's random one), ``rules`` (the readings at its top; ``check`` and ``apply`` as tables
over the modules of the rulebook's sections: ``mulligan``, ``confrontation``, ``playing`` with
``tribute`` and ``targets``, ``stack`` with ``resolve`` and ``priority``, ``end``, ``show``,
``plain``; what the rules do by themselves in ``phases``, ``sweep``, ``standing``, ``triggers``;
the legal set in ``candidates``), ``board`` and ``verbs`` (the cards' abilities and the effect
language's verbs), ``scoring`` (4.4), ``search`` (the simulated players) and ``engine`` (the
`Engine`, declared over them). The vocabulary is documented in ``docs/logs/kartomantik.md``,
the readings in ``docs/rulings.md``.
"""

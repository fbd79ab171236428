"""Kartomantik, the constructed two-player card game: the rules engine.

One module per idea (STYLE.md): ``state`` (where every card is, the Stack, priority, the
modifiers), ``actions`` (the log vocabulary: parse and write entries), ``effects`` (the card
effects the checker verifies: Oppress and Entrust, rulebook 2.3.1), ``rules`` (which actions
are legal and what they do, one named predicate per rule; the readings at its top),
``scoring`` (4.4) and ``engine`` (the `Engine` tying them). The vocabulary is documented in
``docs/logs/kartomantik.md``, the readings in ``docs/rulings.md``.
"""

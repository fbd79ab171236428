"""So Long, My World: the rules engine (multiplayer, So Long, My Love co-op).

``engine.SoLongEngine`` joins ``state`` (zones), ``actions`` (the log vocabulary), ``rules``
(one predicate per rule) and ``scoring`` (The End of All Things). Readings: the top of
``rules.py`` and ``docs/rulings-so-long-my-world.md``.
"""

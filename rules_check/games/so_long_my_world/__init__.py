"""So Long, My World: the rules engine (multiplayer, So Long, My Love co-op, Solo/Campaign Mode).

``engine.SoLongEngine`` joins ``state`` (zones), ``actions`` (the log vocabulary), ``rules``
(one predicate per rule), ``scoring`` (The End of All Things) and ``solo`` with ``paths`` (the
solo mode; Paths and Words in ``cards/so-long-my-world/paths.yaml``). Readings: the top of
``rules.py`` and ``docs/rulings.md``.
"""

"""Visions (Bruno Cathala and Florian Sirieix): the rules engine.

One module per idea, each above the ones it uses (no module imports one that imports it):
``cards`` (the card data the engine reads), ``state`` (where everything is), ``setup`` (the
log's setup read, or shuffled for the simulator), ``actions`` (the log vocabulary: parse and
write entries), ``dreams`` (which card may follow a dream's last), ``rules`` (which actions are
legal and what they do, one named predicate per rule and a table of them per kind of action;
the readings chosen are listed at its top), ``scoring`` (the final scoring) and ``engine``
(the `Engine` naming them). Logs written at the table, without the draw pile's order: ``seen``
(the questions asked of unseen cards: is or could be), ``moves`` (the moves a table state
allows) and ``table`` (the table view of a full log). The log vocabulary is documented in
``docs/logs/visions.md``, the readings in ``docs/rulings.md`` (V11-V22).
"""

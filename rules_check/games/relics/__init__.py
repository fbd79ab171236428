"""The relics solo game (Mike Berg, rules V3.1): the rules engine.

One module per idea, each above the ones it uses (no module imports one that imports it):
``rulebook`` (the sections messages cite), ``cards`` (the card data the engine reads), ``state``
(where every card is, which side is up, where the turn stands), ``actions`` (the log
vocabulary: parse and write entries), ``setup`` (a log's ``setup:`` read into a state, and a
random one), ``scoring``, ``costs`` (what a travel would cost), ``verbs`` and ``abilities`` (a
card's ability: its script run on the effect machine), ``turn`` (what an action does,
unchecked), ``search`` (ruling R6: what the abilities in hand let the player pay), ``rules``
(which actions are legal, one named predicate per rule; the readings chosen are listed at its
top) and ``engine`` (the `Engine`, declaration). For logs played with the real cards: ``seen``
(the unseen draw pile: the cards named off it, the questions over the unseen ones), ``moves``
(the moves the table app offers) and ``table`` (the table view of a full log). The vocabulary
is documented in ``docs/logs/relics.md``, the readings in ``docs/rulings.md`` (R1-R14).
"""

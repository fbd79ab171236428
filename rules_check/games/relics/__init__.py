"""The relics solo game (Mike Berg, rules V3.1): the rules engine.

One module per idea (STYLE.md): ``cards`` (the card data the engine reads), ``state`` (where
every card is, which side is up, where the turn stands), ``actions`` (the log vocabulary:
parse and write entries), ``rules`` (which actions are legal and what they do, one named
predicate per rule; the readings chosen are listed at its top), ``abilities`` (how the
simulator plays a card's ability as plain operations), ``scoring`` and ``engine`` (the
`Engine` tying them); for logs played with the real cards, ``seen`` (the unseen draw pile: the
cards named off it, the questions over the unseen ones) and ``table`` (the table view of a full
log). The vocabulary is documented in ``docs/logs/relics.md``, the readings
in ``docs/rulings.md`` (R1-R14).
"""

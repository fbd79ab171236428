"""The sections of the relics rulebook (V3.1) that messages cite, as every module of the engine
names them (the readings, "ruling Rn", are in ``docs/rulings.md``)."""

RULE_SETUP = "relics: Setup"
RULE_DECIDE = "relics: Turn Sequence 1, Decide"
RULE_1A = "relics: Turn Sequence 1a, Decide"
RULE_1B = "relics: Turn Sequence 1b, Decide"
RULE_CHALLENGE = "relics: Turn Sequence 2, Challenge"
RULE_LOOK_AHEAD = "relics: Turn Sequence 3, Look ahead"
RULE_ABILITIES = "relics: Card Abilities"
RULE_GOAL = "relics: Goal"

"""The Kartomantik rulebook's sections, as the checker's messages cite them ("Kartomantik 2.2
(Priority)"), and the phases some of its rules name."""

from __future__ import annotations

from .state import END, HAND_LIMIT_PHASE, PLACE, REACTION, RECOVERY, RESOLUTION

R = "Kartomantik"
RULE_MULLIGAN = f"{R} 4.2.1 (The Mulligan)"
RULE_RECOVERY = f"{R} 4.2.1 (Recovery Phase)"
RULE_REVELATION = f"{R} 4.2.2 (Revelation)"
RULE_REACTION = f"{R} 4.2.2 (Reaction)"
RULE_TRIBUTE = f"{R} 2.1 (How to Pay a Tribute)"
RULE_PRIORITY = f"{R} 2.2 (Priority)"
RULE_STACK = f"{R} 2.3 (The Stack System)"
RULE_PERSISTENT = f"{R} 1.2 (Wills, Persistent)"
RULE_SUPPORT = f"{R} 3.1 (Support and Chain)"
RULE_TARGETS = f"{R} 3.2 (Targets)"
RULE_VALIDITY = f"{R} 3.2 (Action Validity)"
RULE_GOLDEN = f"{R} 3.2 (The Golden Rule)"
RULE_OWNER = f"{R} 3.2 (Owner and Controller)"
RULE_ACTIVATED = f"{R} 3.1 (Activated)"
RULE_ZONES = f"{R} 3.2 (Game Zones)"
RULE_RESOLUTION = f"{R} 4.2.3 (When a Player Wins)"
RULE_END = f"{R} 4.2.4 (End Phase)"
RULE_SETUP = f"{R} 4.1 (Building a Deck)"
RULE_TRIGGERED = f"{R} 3.1 (Triggered)"
RULE_SHOW = f"{R} 1.3 (Game Zones)"  # a `show` entry: cards seen in a zone (reading K41)
RULE_END_GAME = f"{R} 4.4.1 (End Game Conditions)"
RULE_EFFECTS = f"{R} 3 (Understanding the Cards)"  # a card's effect: its script, its choices
PLAYABLE = (REACTION, RESOLUTION, END)
WILLS_FROM_HAND = {REACTION: RULE_REACTION, RESOLUTION: RULE_RESOLUTION, END: RULE_END}  # "Wills from their hand"
STACK_ONLY = (RECOVERY, PLACE, HAND_LIMIT_PHASE)  # reading K20: only passes, while triggers are on the Stack

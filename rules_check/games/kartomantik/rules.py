"""Which Kartomantik actions are legal and what they do (rulebook 1-4, rulings G1-G3, K1-K5): the
`Rules` the engine calls, each entry checked and applied by the module of its rulebook section.

The sections: mulligan.py (4.2.1 The Mulligan), confrontation.py (4.2.2 Revelation, 4.2.3 the
winner's placing), playing.py (3.1 Support and Chain, Activated; 1.2 Wills; 4.2.2 Reaction), with
tribute.py (2.1) and targets.py (3.2 Targets), stack.py (2.3 The Stack System: a triggered effect,
a pass, a choice), with resolve.py (2.3.3) and priority.py (2.2 Priority), end.py (4.2.4 End Phase:
the hand limit), show.py (1.3 Game Zones: cards seen) and plain.py (plain operations, K34). What
the rules do by themselves: phases.py (4.2), sweep.py (K13), standing.py (4.2.3 who would win),
triggers.py (3.1 Triggered). candidates.py lists the whole legal set.

Readings (docs/rulings.md, K6-K44), beside the rulings of docs/rulings.md:
- K6. Recovery draws, the Stack's resolution, every scripted effect, the Confrontation's
  outcome, the opponent's manifestations going to the winner's Empathic Vessel and the
  Stalemate move are done by the checker; the log records only choices.
- K7. A tribute card must be needed: removing any one of them would leave the tribute unpaid
  (2.1 "to reach a total ... equal to or greater").
- K8. Excess essence takes the tribute's temperament. Essence is used first, compulsorily:
  that of the tribute's temperament, then (for a Hollow tribute) any other, then Transcendent.
  Hollow essence pays only Hollow tributes. All of it is lost at the end of the turn.
- K9. Two consecutive compulsory mulligans in one Recovery Phase that still leave no
  manifestation in hand lose the game (4.4.1).
- K10. If a player cannot draw up to 7 in the Recovery Phase, the game ends before anyone
  draws: the deck keeps its cards for the 5-point bonus (ruling K4).
- K12. Support manifestations are played only in the Reaction (4.2.2); ephemeral wills in the
  Reaction, the Resolution window and the End Phase; persistent wills only in the End Phase
  with an empty Stack (1.2).
- K13. A manifestation whose power is 0 or less in the Confrontation Zone, an Interzone or
  the Stalemate Zone is destroyed into its owner's Limbo (ruling K3) after every entry;
  modifiers (power, temperament, control, effects lost or gained) are dropped when a card is
  anywhere else but on the Stack (3.2).
- K14. The winner's own cards placed at the bottom of the deck go in the order listed, after
  any displaced from the Interzone (4.2.3).
- K15. A power tie in which a player has no manifestation in the Confrontation is a Stalemate.
- K16. Priority after a Stack resolves: in the Reaction and the Resolution window by the
  normal rule (2.2: the player who would lose; the winner); in the End Phase to the opponent
  of the player who started the Stack (4.2.4).
- K17. "Enters the field" is entering the Confrontation Zone (by the Revelation, a Support
  resolving or a Chain); a move to an Interzone is not an entry.
- K18. A Chain happens only during the Confrontation (4.2.2 Reaction).
- K19. A turn ending with a hand above 7 waits for the `bottom` entry.
- K20. A triggered effect is put on the Stack by an `effect` entry, controlled by the card's
  controller; simultaneous triggers: the player who has Priority puts theirs first (the last
  winner where a phase has none), each in the order they choose; priority then goes to the
  opponent of the last one put. In a phase with no Priority players only pass until the Stack
  is empty.
- K29. A triggered effect whose condition was met must be put on the Stack before anything
  else happens (3.1: "placed on the Stack as soon as their condition is met"): any other
  entry first is a violation naming it.
- K30. An effect that asks a player for a choice as it resolves waits for that player's
  `choose` entry; nothing else happens until it is answered.
- K31. A card's own restriction holds under the Golden Rule (3.2): "It cannot be used to pay
  a Tribute" keeps it out of every tribute.
- K32. "When a Confrontation would end in a Stalemate" is a replacement, not a trigger: when
  both players pass and the outcome is a Stalemate, each such effect on the field is offered
  (the player with Priority first) before the Stalemate happens.
- K33. An outcome a log writes (`ops`) is compared with what the script does when the effect
  resolves; a difference is a violation at the entry that resolves it.
- K34. A card with no script (a pool without scripts) is checked as plain operations and
  listed as unverified (docs/logs/README.md, "Card effects").
- K35. A Chain may choose any manifestation of the zone it names, the card whose effect it is
  included (destroyed while its trigger waited on the Stack: 3.2 Independence of Effects);
  in `verbs.Chain`.
- K36. A trigger on entering the Confrontation Zone goes on the Stack even if its card has left
  at once (destroyed at power 0 as it entered): 3.2 Independence of Effects; in `triggers`.
- K37. A choice that cannot matter is not asked: a "you may" with nothing to act on (K23: a
  card looked at in an empty deck) does nothing, and a `choose` entry written for it is
  refused as answering no question (K30: a `choose` answers a question the effect asks);
  in `verbs.KWorld.may`.
- K38. A card played from a zone it is not in is cited by the rule that says where it is played
  from (3.1 Support and Chain: the hand or the Interzone; a Will "from their hand": 4.2.2
  Reaction, 4.2.3, 4.2.4), and the message says where it is in words ("in Ana's Limbo");
  a card its player does not own is 3.2 Owner and Controller's.
- K39. A deck given without its order (`cards:` or `decklist:` alone) is 30 unseen cards; a
  card an entry names where unseen ones are must be one they can still be ("Ana's hand cannot
  hold a copy of Oppress: Ana's decklist has 1, and it is in Ana's Limbo"); every question of a
  hand is "is or could be" (seen.py); a card played from the hand and its tribute must all fit in
  it (2.1). On a table state the legal set names each card a hand can be, once (table_moves.py).
- K40. A mulligan without an order: the hand shown (`hand:`) is named and decides compulsory or
  voluntary; a hand not shown is the voluntary mulligan at the first turn while it is unused,
  else a compulsory one accepted when some order allows it, *not decided by the log* (and so is
  the loss of 4.4.1 after the second). An order written names every card of the new deck.
- K41. `show` names cards the table saw (a deck's top cards, top first); an effect that needs an
  unseen card's face needs one first (1.3 Game Zones).
- K42. The deck's 5-point bonus (4.4.2) from what the log shows; otherwise its lower end, the
  winner only when decided, and the deck to show reported as not decided (scoring.py).
- K43. Cards exiled from a hand go face down (1.3 Game Zones, 9 Exile): where the hand holds
  unseen cards, a table log answers the choice `face down` for every card (all named, or none),
  and they go to the Exile unseen (verbs.Exile); shown at the end if the scores need them.
- K44. At the table, after a second consecutive compulsory mulligan whose new hand was not
  shown (K40: not decided), the next hand shown with no manifestation decides 4.4.1: the player
  loses the match there, and that mulligan is not made (4.2.1 allows no third).
"""

from __future__ import annotations

from typing import Any, Callable

from rules_check.core.errors import IllegalAction

from .actions import Action, Activate, Bottom, Choose, Effect, Mulligan, Pass, Place, Play, Reveal, Show
from .candidates import candidates
from .confrontation import apply_place, apply_reveal, check_place, check_reveal
from .end import apply_bottom, check_bottom, check_hand_limit
from .mulligan import apply_mulligan, check_mulligan
from .playing import apply_activate, apply_play, check_activate, check_play
from .priority import check_nothing_waiting
from .rulebook import RULE_END_GAME
from .show import check_show, show
from .stack import apply_choose, apply_effect, apply_pass, check_choose, check_effect, check_pass
from .state import HAND_LIMIT_PHASE, OVER, KState

__all__ = ["apply", "candidates", "check"]

Handler = Callable[[KState, Any], None]
# each entry's check and what it does, by its kind (docs/logs/kartomantik.md)
CHECKS: dict[type, Handler] = {
    Mulligan: check_mulligan, Reveal: check_reveal, Effect: check_effect, Play: check_play,
    Activate: check_activate, Pass: check_pass, Choose: check_choose, Place: check_place,
    Bottom: check_bottom, Show: check_show}
APPLY: dict[type, Handler] = {
    Show: show, Mulligan: apply_mulligan, Reveal: apply_reveal, Effect: apply_effect, Play: apply_play,
    Activate: apply_activate, Pass: apply_pass, Choose: apply_choose, Place: apply_place, Bottom: apply_bottom}


def check(state: KState, action: Action) -> None:
    """Raise `IllegalAction` unless ``action`` is legal now: a `show` at any moment (reading K41);
    else nothing once the game is over (4.4.1), nothing before a choice asked or a trigger waiting
    (readings K29, K30) or the hand limit (4.2.4), then the entry's own rules."""
    if isinstance(action, Show):  # what the table saw, at any moment (reading K41)
        check_show(state, action)
        return
    if state.phase == OVER:
        raise IllegalAction(RULE_END_GAME, "the game is over")
    if state.resolving is not None or state.pending:  # (most entries: nothing waits)
        check_nothing_waiting(state, action)
    if state.phase == HAND_LIMIT_PHASE:
        check_hand_limit(state, action)
    CHECKS[type(action)](state, action)


def apply(state: KState, action: Action) -> None:
    """What ``action`` does, unchecked (the simulator's fast path); what its check worked out is
    taken over by the apply of a pass or a choice (stack.py `Kept`), and dropped after any apply."""
    if type(action) is not Pass:  # (what the Reaction's standing was worked out on may change)
        state.standing = None
    APPLY[type(action)](state, action)
    state.kept = None

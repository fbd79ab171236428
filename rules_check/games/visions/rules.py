"""The rules of Visions: which actions are legal (`check`), what they do (`apply`) and which
are worth considering (`candidates`). The Visions rulebook is cited by its sections ("Visions:
Echo").

How the rules are read, and where each reading comes from (OpenSpiel's hearts.h style):

* Turns. The players play in the order the log lists them, the first listed first (ruling G1;
  V11 in docs/rulings.md). A turn is "1 - Play a Card", then "2 - Refill Your Hand".
* Start a dream ("1 - Play a Card, A"): any card; twice per game at most (MAX_DREAMS). Dreams
  are numbered 1 and 2 in the order they were started.
* Continue a dream ("1 - Play a Card, B"): the card shares the environment or the category of
  the dream's last card; after a nightmare, any card (ruling V3).
* Nightmare ("1 - Play a Card, C"): face down at the end of one of the player's dreams (V1);
  the player steals a card from a chosen other player who has one (V10), who draws the top
  card of the draw pile (V2); impossible when the draw pile is empty (rulebook, V2). Always
  allowed otherwise; so a player who can neither start nor continue must play one.
* Reflection ("Reflection"): the card just played against the card at the same position in
  the other dream (V4); environment and category are one match each; per match the cube moves
  one space and the top card of the draw pile goes to the river (none once it is empty).
  Face-down cards match nothing (V3). Reaching the Awakening space wins at once (V7): the
  game ends there, even in the middle of a turn (V14: the cube stops on that space; V15: the
  reflection is resolved before the echo, so an awakening card's echo gives no play).
* Echo ("Echo"): a card identical (category and environment) to a face-up card already in the
  same dream (V3) gives one more play, in either dream, starting the second dream included
  (V16); an echo on that play gives the final play; nothing more (V5). The extra play is
  compulsory while any play (a nightmare included) is possible; when none is, it is lost and
  the turn goes on to the refill (V5, V17). No refill between the plays.
* Refill ("2 - Refill Your Hand to 3 Cards"): exactly the cards needed to have 3, or all the
  river and draw pile still hold (V12), taken one at a time from the river; whenever the river
  is empty it is refilled to 5 from the draw pile (V6), even by the last card a player needed
  (V13). When no card is to be taken (a steal refilled the hand, or nothing is left), the
  turn ends without a refill entry (V12).
* The end ("End of the Game", V8): once the draw pile is empty, a player who can neither start
  nor continue a dream skips (an entry); the game ends when every player has skipped in a row,
  or at the end of a turn that leaves the draw pile, the river and every hand empty.

Logs written at the table, without the draw pile's order (issue 24; ``seen`` holds the unseen
cards' questions; docs/rulings.md V18-V22):

* V18. A setup without ``deck:`` is a table's: the river is named, each hand is named or unseen,
  the draw pile and the box are unseen cards of the 75 less every card seen. A log is legal when
  some order of them makes every entry legal; the checker never guesses one.
* V19. The cards turned up from the draw pile to the river (a reflection, the river refilled)
  are named by the entry that turns them up (``revealed:``, in order): exactly as many as the
  rules turn up. Left out, they stay unseen in the river until an entry names them.
* V20. A nightmare may be written ``face down`` and its steal without the stolen card: the card
  that leaves the hand unseen may be any card of it, so the hand's cards become unseen first
  (each may be the one that left). The robbed player's draw stays unseen.
* V21. A rule over a hand's unseen cards is decided when the log decides it: a skip, or an
  echo's extra play lost (V17), is accepted when some cards the hand can hold fit no dream, and
  reported as not decided by the log unless the cards shown (``show:``) or named decide it; it
  is a violation when every card the hand can hold would fit. The next entry says whether an
  undecided echo's play was made.
* V22. The scores need no card that the table does not see: the dreams are face up, a
  nightmare scores nothing (V3) and the track is open. No end reveal is written.

Each rule is one small predicate below, raising `IllegalAction` with the rulebook section (and
the ruling) it applies. ``check`` never changes the state; ``apply`` trusts its caller (the
simulator's fast path) and changes the state in place: no copies.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any, Callable, Iterator

from pnp.games.visions.models import HAND_SIZE, MAX_DREAMS, RIVER_SIZE
from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.core.zones import is_unseen, unseen_count

from . import seen
from .actions import Action, ContinueDream, Nightmare, Refill, Show, Skip, StartDream
from .dreams import DREAMS, can_continue
from .state import DECK, OVER, PLAY, REFILL, RIVER, VisionsState

TURN = "Visions: Game Overview"
START = "Visions: 1 - Play a Card, A"
CONTINUE = "Visions: 1 - Play a Card, B"
NIGHTMARE = "Visions: 1 - Play a Card, C"
ECHO = "Visions: Echo"
REFILL_RULE = "Visions: 2 - Refill Your Hand to 3 Cards"
END = "Visions: End of the Game"
REFLECTION = "Visions: Reflection"
SHOWN = "Visions: Game Overview (reading V21)"

PLAYS_PER_TURN = 3  # the play, the echo's play, the final play ("Echo", ruling V5)


# --- what the state says ---------------------------------------------------------------------


def a_dream_play(state: VisionsState, player: str) -> tuple[str | None, str] | None:
    """A seen card of ``player``'s hand that can start or continue a dream, with what it does
    (None when no seen card can: then only a nightmare is possible, or a skip: ruling V8). Any
    card starts a dream: then the card is None when the hand holds only unseen ones."""
    hand = state.hand(player)
    if not hand:
        return None
    if state.dreams[player] < MAX_DREAMS:
        return next((c for c in hand if not is_unseen(c)), None), "start a dream"
    for card in hand:
        if is_unseen(card):
            continue
        for d in DREAMS:
            if can_continue(state, player, d, card):
                return card, f"continue dream {d}"
    return None


def can_play(state: VisionsState, player: str) -> bool | None:
    """Whether ``player`` has any play: start, continue, or a nightmare (which needs a card in
    the draw pile and a dream to end: rulings V1, V2). None when the hand's unseen cards leave
    it open (reading V21)."""
    hand = state.hand(player)
    if not hand:
        return False
    if state.dreams[player] < MAX_DREAMS or state.deck:
        return True  # start a dream; or, with both dreams started, a nightmare is possible
    if a_dream_play(state, player) is not None:
        return True
    return seen.can_dream(state, player) if unseen_count(hand) else False


def refill_due(state: VisionsState, player: str) -> int:
    """How many cards ``player`` must take: up to 3 in hand, as far as the river and the draw
    pile reach (ruling V12)."""
    need = HAND_SIZE - len(state.hand(player))
    if need <= 0:
        return 0
    return min(need, len(state.river) + len(state.deck))


def others_with_cards(state: VisionsState, player: str) -> list[str]:
    return [p for p in state.players if p != player and state.hand(p)]


# --- the predicates: one per rule ------------------------------------------------------------


def check_not_over(state: VisionsState) -> None:
    """Nothing happens after the end ("End of the Game"; an awakening ends it at once, V7)."""
    if state.phase == OVER:
        why = f"{state.awakened} reached the Awakening space" if state.awakened else "the game has ended"
        raise IllegalAction(END, f"the game is over: {why}")


def check_turn(state: VisionsState, player: str) -> None:
    """Only the player whose turn it is acts (seating order, the first listed first: G1, V11).
    Another player's entry while the turn still owes a step names that step: the refill
    ("2 - Refill Your Hand to 3 Cards") or the echo's play ("Echo", V5)."""
    if player == state.current:
        return
    current = state.current
    if state.phase == REFILL:
        due = refill_due(state, current)
        cards = ", ".join(["CARD"] * due)
        raise IllegalAction(REFILL_RULE, f"{current}'s refill is missing: {current} takes {due} "
                            f"card{'s' * (due != 1)} from the river ({{player: {current}, refill: [{cards}]}}) "
                            f"before {player}'s turn")
    if state.made:
        raise IllegalAction(f"{ECHO} (ruling V5)", f"{current}'s echo gives another play, compulsory while a play "
                            f"is possible: it is still {current}'s turn, not {player}'s")
    raise IllegalAction(f"{TURN} (ruling G1)", f"it is {current}'s turn, not {player}'s")


def check_may_play(state: VisionsState, player: str) -> None:
    """A turn has one play, more only after an echo ("Echo", ruling V5)."""
    if state.phase != REFILL:
        return
    if state.echo and state.made == PLAYS_PER_TURN:
        raise IllegalAction(f"{ECHO} (ruling V5)", f"{player} has made the final play of the turn (an echo "
                            "on it gives nothing): refill the hand")
    if state.echo:
        raise IllegalAction(f"{ECHO} (ruling V17)", f"{player}'s echo gave another play but none was possible: "
                            "refill the hand")
    if state.made > 1:
        raise IllegalAction(ECHO, f"{player}'s last play was not an echo: no other play this turn; refill the hand")
    raise IllegalAction(TURN, f"{player} has played this turn's card (it was not an echo): refill the hand")


def check_holds(state: VisionsState, player: str, card: str | None, rule: str) -> None:
    """A card is played from the player's own hand ("On your turn ... play one card from your
    hand"): one it holds, or one its unseen cards can be (reading V18). A nightmare played face
    down (``card`` None, reading V20) needs a card in the hand."""
    hand = state.hand(player)
    if card is None:
        if not hand:
            raise IllegalAction(rule, f"{player} has no card in hand")
        return
    if card in hand:
        return
    if not unseen_count(hand):
        raise IllegalAction(rule, f"{shown(card)} is not in {player}'s hand ({_list(hand)})")
    if seen.unseen_that_can_be(state, hand, card) is None:
        seen.check_holds(state, state.hand_zones[player], [card], rule)  # raises, saying why


def check_can_start(state: VisionsState, player: str) -> None:
    """Two dreams per player at most ("1 - Play a Card, A", note)."""
    if state.dreams[player] >= MAX_DREAMS:
        raise IllegalAction(START, f"{player} already has {MAX_DREAMS} dreams: a player can start a dream "
                            f"only {MAX_DREAMS} times per game")


def check_dream_started(state: VisionsState, player: str, dream: int, rule: str) -> None:
    """A dream is continued (or ended by a nightmare, V1) only once started."""
    if dream > state.dreams[player]:
        started = state.dreams[player]
        has = "no dream yet" if not started else "only dream 1" if started == 1 else f"{started} dreams"
        raise IllegalAction(rule, f"{player} has {has}: dream {dream} is not started")


def check_matches_last(state: VisionsState, player: str, dream: int, card: str) -> None:
    """The card shares the environment or the category of the dream's last card, unless that
    card is a nightmare ("1 - Play a Card, B"; "C": "any card may follow it"; ruling V3)."""
    if not can_continue(state, player, dream, card):
        last = state.dream(player, dream)[-1]
        raise IllegalAction(CONTINUE, f"{shown(card)} shares neither the environment nor the category of "
                            f"{shown(last)}, the last card of {player}'s dream {dream}")


def check_draw_pile_for_nightmare(state: VisionsState) -> None:
    """"It is impossible to play a nightmare if there are no more cards left in the deck"
    ("1 - Play a Card, C"; ruling V2)."""
    if not state.deck:
        raise IllegalAction(f"{NIGHTMARE} (ruling V2)", "a nightmare is impossible: the draw pile is empty")


def check_steal(state: VisionsState, action: Nightmare) -> None:
    """The nightmare steals from a chosen other player who has a card; nothing when no other
    player has one ("1 - Play a Card, C"; ruling V10). The card is random: the log names it and
    the checker confirms it was in that player's hand."""
    rule = f"{NIGHTMARE} (ruling V10)"
    victims = others_with_cards(state, action.player)
    if action.victim is None:
        if victims:
            raise IllegalAction(rule, f"a nightmare steals a card: name the player robbed ({_list(victims)}) "
                                "and the card stolen")
        return
    if action.victim == action.player:
        raise IllegalAction(rule, f"{action.player} cannot steal from themself: choose another player")
    hand = state.hand(action.victim)
    if not hand:
        raise IllegalAction(rule, f"{action.victim} has no card to steal")
    if action.stolen is None:
        return  # left open for the simulator to draw (`steal`), or not shown at the table (V20)
    if action.stolen not in hand:
        if not unseen_count(hand):
            raise IllegalAction(NIGHTMARE, f"{shown(action.stolen)} is not in {action.victim}'s hand ({_list(hand)})")
        if seen.unseen_that_can_be(state, hand, action.stolen) is None:
            seen.check_holds(state, state.hand_zones[action.victim], [action.stolen], NIGHTMARE)  # raises


def check_skip(state: VisionsState, action: Skip) -> None:
    """A player skips only when the draw pile is empty and no card of the hand can start or
    continue a dream ("End of the Game"; ruling V8); before that, such a player must play a
    nightmare ("1 - Play a Card, C", note). An echo's extra play is not skipped (V5)."""
    player = action.player
    if state.phase == REFILL:
        raise IllegalAction(TURN, f"{player} has played: refill the hand, do not skip")
    if state.made:
        raise IllegalAction(f"{ECHO} (ruling V5)", f"{player}'s echo gives another play, compulsory while a "
                            "play is possible")
    found = a_dream_play(state, player)
    if found is not None:
        card, what = found
        said = repr(card) if card is not None else f"any card of {player}'s hand"
        raise IllegalAction(f"{END} (ruling V8)", f"{player} cannot skip: {said} can {what}")
    hand = state.hand(player)
    if state.deck and hand:
        raise IllegalAction(f"{NIGHTMARE} (ruling V8)", f"{player} can neither start nor continue a dream "
                            "and must play a nightmare: the draw pile is not empty")
    if unseen_count(hand) and seen.can_dream(state, player):
        raise IllegalAction(f"{END} (ruling V8)", f"{player} cannot skip: {player}'s hand holds "
                            f"{unseen_count(hand)} unseen cards, and only {seen.other_cards(state, player)} of the "
                            "cards they can be fit neither dream: one of them can continue a dream (reading V21)")


def check_refill(state: VisionsState, action: Refill) -> VisionsState | None:
    """The cards come from the river, one at a time, the river refilled to 5 from the draw pile
    whenever it empties (ruling V6); exactly as many as the hand lacks, or all that is left
    ("2 - Refill Your Hand to 3 Cards"; ruling V12). Not before the turn's plays are made."""
    player = action.player
    if state.phase != REFILL:
        if state.made:
            raise IllegalAction(f"{ECHO} (ruling V5)", f"{player}'s echo gives another play, compulsory while a "
                                "play is possible: play before refilling")
        raise IllegalAction(TURN, f"{player} must play a card before refilling")
    due = refill_due(state, player)
    lacking = HAND_SIZE - len(state.hand(player))
    need = f"to have {HAND_SIZE}" if due == lacking else "(all that the river and the draw pile still hold)"
    if len(action.cards) > due:
        raise IllegalAction(f"{REFILL_RULE} (ruling V12)", f"{player} takes {len(action.cards)} cards; the hand "
                            f"takes {due} {need}")
    trial = None
    if state.zones.unknown or action.revealed is not None:
        trial = _tried(state, action)  # the cards named where unseen ones are
    else:
        river = list(state.river)
        deck = state.deck
        left = len(deck)
        for card in action.cards:
            if card not in river:
                raise IllegalAction(REFILL_RULE, f"{shown(card)} is not in the river ({_list(river)})")
            river.remove(card)
            if not river and left:
                k = min(RIVER_SIZE, left)
                river = deck[left - k:left][::-1]
                left -= k
    if len(action.cards) < due:
        raise IllegalAction(f"{REFILL_RULE} (ruling V12)", f"{player} takes {len(action.cards)} cards; the hand "
                            f"must take {due} {need}")
    return trial


def check_show(state: VisionsState, action: Show) -> None:
    """Cards shown from a hand are cards it holds, or that its unseen cards can be, together
    (reading V21)."""
    seen.check_holds(state, state.hand_zones[action.player], action.cards, SHOWN)


def is_echo_lost(state: VisionsState, action: Action) -> bool:
    """Whether ``action`` says that an open echo's extra play was not made (reading V21): the
    refill, or another player's entry."""
    return state.open_echo and (action.player != state.current or isinstance(action, Refill))


def check(state: VisionsState, action: Action) -> None:
    """Raise `IllegalAction` unless ``action`` is legal now. Changes nothing on the table: a
    check that tried ``action`` on a copy (the cards it names where unseen ones are, or turns up:
    readings V18, V19) leaves that copy in ``state.tried``, for `apply` to take over."""
    state.tried = None
    check_not_over(state)
    if isinstance(action, Show):  # a hand shown: by anyone, whoever's turn it is (reading V21)
        check_show(state, action)
        return
    judged = state
    if is_echo_lost(state, action):
        judged = state.copy()  # judged on the table the lost play leaves (V17)
        _lose_echo(judged)
    check_turn(judged, action.player)
    trial = CHECKS[type(action)](judged, action)
    if trial is not None:
        state.tried = (action, trial)


def _tried(state: VisionsState, action: Action) -> VisionsState:
    """``action`` applied to a copy of ``state`` (what a check tries: `check` keeps it for `apply`)."""
    trial = state.copy()
    apply(trial, action)
    return trial


def check_start(state: VisionsState, action: StartDream) -> VisionsState | None:
    """"1 - Play a Card, A": a card of the hand, while the player has a dream left to start."""
    check_may_play(state, action.player)
    check_holds(state, action.player, action.card, START)
    check_can_start(state, action.player)
    if action.revealed is not None:
        return _tried(state, action)  # the cards turned up (reading V19)
    return None


def check_continue(state: VisionsState, action: ContinueDream) -> VisionsState | None:
    """"1 - Play a Card, B": a card of the hand that follows the dream's last card."""
    check_may_play(state, action.player)
    check_dream_started(state, action.player, action.dream, CONTINUE)
    check_holds(state, action.player, action.card, CONTINUE)
    check_matches_last(state, action.player, action.dream, action.card)
    if action.revealed is not None:
        return _tried(state, action)  # the cards turned up (reading V19)
    return None


def check_nightmare(state: VisionsState, action: Nightmare) -> None:
    """"1 - Play a Card, C": a card of the hand at the end of a dream started, while the draw
    pile has a card; the steal (rulings V1, V2, V10)."""
    check_may_play(state, action.player)
    check_holds(state, action.player, action.card, NIGHTMARE)
    check_draw_pile_for_nightmare(state)
    check_dream_started(state, action.player, action.dream, f"{NIGHTMARE} (ruling V1)")
    check_steal(state, action)


# The check of each entry of a turn, by its class (`check`; a show is judged at any time).
CHECKS: dict[type, Callable[[VisionsState, Any], VisionsState | None]] = {
    StartDream: check_start, ContinueDream: check_continue, Nightmare: check_nightmare, Refill: check_refill,
    Skip: check_skip,
}


# --- what actions do -------------------------------------------------------------------------


def apply(state: VisionsState, action: Action) -> None:
    """Apply ``action`` (legal: unchecked) in place. When the check just before tried this
    action (the same object) on a copy of this state, the state becomes that copy (`check`)."""
    tried = state.tried
    if tried is not None:
        state.tried = None
        if tried[0] is action:
            state.adopt(tried[1])
            return
    if isinstance(action, Show):  # a hand shown: by anyone, whoever's turn it is (reading V21)
        _show(state, action)
        return
    if is_echo_lost(state, action):
        _lose_echo(state)
    APPLY[type(action)](state, action)


def _refilled(state: VisionsState, action: Refill) -> None:
    _refill(state, action.player, action.cards, action.revealed)
    _end_turn(state)


def _skipped(state: VisionsState, action: Skip) -> None:
    player = action.player
    hand = state.hand(player)
    if unseen_count(hand) and seen.can_dream(state, player) is None:
        state.notes.append((f"{END} (ruling V8)", f"{player} skips: the log does not show {player}'s hand "
                            f"({unseen_count(hand)} unseen cards), and some of the cards they can be would "
                            "continue a dream: only a player who can neither start nor continue one skips "
                            "(reading V21)"))
    state.skips += 1
    if state.skips >= len(state.players):
        state.phase = OVER  # every player skipped in a row (ruling V8)
    else:
        _end_turn(state)


def _played(state: VisionsState, action: StartDream | ContinueDream | Nightmare) -> None:
    """A card played ("1 - Play a Card"): where it goes and whether it echoes (`PLAYS`), then the
    echo's play, compulsory while one is possible (V5), or the refill."""
    player = action.player
    state.skips = 0
    state.open_echo = False
    PLAYS[type(action)](state, action)
    state.made += 1
    if state.phase == OVER:
        return  # an awakening: the game ends at once (V7), the echo included (V15)
    if state.echo and state.made < PLAYS_PER_TURN:
        can = can_play(state, player)
        if can:
            return  # the echo's play, compulsory (V5); when none is possible it is lost (V17)
        if can is None:
            state.open_echo = True  # the next entry tells (reading V21)
            return
    _after_play(state, player)


def _started(state: VisionsState, action: StartDream) -> None:
    state.dreams[action.player] += 1
    _place(state, action.player, state.dreams[action.player], action.card, action.revealed, START)


def _continued(state: VisionsState, action: ContinueDream) -> None:
    _place(state, action.player, action.dream, action.card, action.revealed, CONTINUE)


def _after_play(state: VisionsState, player: str) -> None:
    if refill_due(state, player):
        state.phase = REFILL
    else:
        _end_turn(state)  # nothing to take: no refill entry (ruling V12)


def _lose_echo(state: VisionsState) -> None:
    """An open echo's extra play was not made (reading V21): lost, as V17 has it, on the
    condition that no card of the hand could start or continue a dream: not decided by the log."""
    player = state.current
    state.open_echo = False
    state.notes.append((f"{ECHO} (ruling V17)", f"{player}'s echo gave another play, and the log shows none: it "
                        f"is lost only if no card of {player}'s hand can continue a dream; the log does not show "
                        f"{player}'s hand ({unseen_count(state.hand(player))} unseen cards), and some of the cards "
                        "they can be would (reading V21)"))
    _after_play(state, player)


def _show(state: VisionsState, action: Show) -> None:
    """Cards of a hand shown: its unseen cards named (reading V21); an open echo may be settled."""
    zone = state.hand_zones[action.player]
    hand = state.zones[zone]
    for card, k in sorted(Counter(action.cards).items()):
        for _ in range(k - hand.count(card)):
            seen.name_unseen(state, zone, card, SHOWN)
    if state.open_echo and action.player == state.current:
        can = can_play(state, action.player)
        if can is not None:
            state.open_echo = False
            if not can:
                _after_play(state, action.player)  # the play is lost (V17)


class _Reveal:
    """The cards an entry names as turned up from the draw pile to the river (reading V19),
    named one by one as the rules turn them up; `done` checks that the counts agree."""

    __slots__ = ("cards", "rule", "turned")

    def __init__(self, cards: tuple[str, ...], rule: str) -> None:
        self.cards, self.rule, self.turned = cards, rule, 0

    def turn_up(self, state: VisionsState) -> None:
        deck = state.deck
        if self.turned < len(self.cards):
            seen.name(state, DECK, self.cards[self.turned], self.rule, index=len(deck) - 1)
        self.turned += 1
        state.river.append(deck.pop())

    def done(self) -> None:
        if self.turned != len(self.cards):
            raise IllegalAction(self.rule, f"the entry names {len(self.cards)} card{'s' * (len(self.cards) != 1)} "
                                f"revealed; the rules turn up {self.turned} from the draw pile to the river "
                                "(reading V19)")


def _reveal(cards: tuple[str, ...] | None, rule: str) -> _Reveal | None:
    return _Reveal(cards, rule) if cards is not None else None


def _from_hand(state: VisionsState, player: str, card: str, rule: str) -> None:
    """``card`` leaves ``player``'s hand: a seen one, or an unseen one named (reading V18)."""
    try:
        state.hand(player).remove(card)
    except ValueError:
        seen.take(state, state.hand_zones[player], card, rule)


def _place(state: VisionsState, player: str, dream: int, card: str, revealed: tuple[str, ...] | None = None,
           rule: str = CONTINUE) -> None:
    """A card face up at the end of ``dream``: its reflection, then whether it echoes (``echo``)."""
    _from_hand(state, player, card, rule)
    state.dream(player, dream).append(card)
    faces = state.faces[(player, dream)]
    kind = state.cards.kinds[card]
    echo = kind in faces  # a face-up card identical to it is already in the dream ("Echo"; V3)
    faces.append(kind)
    reveal = _reveal(revealed, REFLECTION)
    _reflect(state, player, dream, kind, len(faces) - 1, reveal)
    if reveal is not None:
        reveal.done()
    state.echo = echo


def _reflect(state: VisionsState, player: str, dream: int, kind: tuple[int, int], position: int,
             reveal: _Reveal | None = None) -> None:
    """"Reflection": each match with the card at the same position in the other dream (V4)
    moves the cube one space and adds the top card of the draw pile to the river."""
    other = state.faces[(player, MAX_DREAMS + 1 - dream)]
    facing = other[position] if position < len(other) else None
    if facing is None:
        return  # nothing there, or a nightmare: it matches nothing (V3)
    matches = (kind[0] == facing[0]) + (kind[1] == facing[1])
    if not matches:
        return
    deck, river = state.deck, state.river
    for _ in range(matches):
        if deck:
            if reveal is not None:
                reveal.turn_up(state)
            else:
                river.append(deck.pop())
    awakening = state.track.awakening
    state.cube[player] = min(state.cube[player] + matches, awakening)  # V14: it stops there
    if state.cube[player] >= awakening:
        state.awakened = player  # "you immediately win the game" (V7)
        state.phase = OVER


def _nightmare(state: VisionsState, action: Nightmare) -> None:
    """Face down at the end of the dream (V1, V3); the steal, and the robbed player's draw (V2).
    A nightmare echoes nothing (it matches nothing, V3)."""
    player = action.player
    card = action.card
    if card is None:  # face down, unseen (V20): any card of the hand
        zone = state.hand_zones[player]
        seen.hide_hand(state, zone)
        card = seen.take_unseen(state, zone)
    else:
        _from_hand(state, player, card, NIGHTMARE)
    state.dream(player, action.dream).append(card)
    state.faces[(player, action.dream)].append(None)
    if action.victim is not None:
        robbed = state.hand(action.victim)
        stolen = action.stolen
        if stolen is None:  # stolen at random, not shown (V20)
            zone = state.hand_zones[action.victim]
            seen.hide_hand(state, zone)
            stolen = seen.take_unseen(state, zone)
        else:
            _from_hand(state, action.victim, stolen, NIGHTMARE)
        state.hand(player).append(stolen)
        if state.deck:
            robbed.append(state.deck.pop())
    state.echo = False


def _refill(state: VisionsState, player: str, cards: tuple[str, ...], revealed: tuple[str, ...] | None = None) -> None:
    hand, river = state.hand(player), state.river
    reveal = _reveal(revealed, f"{REFILL_RULE} (ruling V6)")
    for card in cards:
        try:
            river.remove(card)
        except ValueError:
            seen.take(state, RIVER, card, REFILL_RULE)
        hand.append(card)
        if not river:
            _refill_river(state, reveal)
    if reveal is not None:
        reveal.done()


def _refill_river(state: VisionsState, reveal: _Reveal | None = None) -> None:
    """"Whenever the river is empty, refill it to 5 cards (or with the remaining cards in the
    draw pile)" (ruling V6)."""
    deck, river = state.deck, state.river
    for _ in range(min(RIVER_SIZE, len(deck))):
        if reveal is not None:
            reveal.turn_up(state)
        else:
            river.append(deck.pop())


def _end_turn(state: VisionsState) -> None:
    state.turn = (state.turn + 1) % len(state.players)
    state.phase = PLAY
    state.made = 0
    state.echo = False
    if not state.deck and not state.river and not any(state.hand(p) for p in state.players):
        state.phase = OVER  # nothing is left to play (ruling V8)


# What each entry of a turn does, by its class (`apply`), and where each kind of play puts its card
# (`_played`; each sets ``echo``).
APPLY: dict[type, Callable[[VisionsState, Any], None]] = {
    StartDream: _played, ContinueDream: _played, Nightmare: _played, Refill: _refilled, Skip: _skipped,
}
PLAYS: dict[type, Callable[[VisionsState, Any], None]] = {
    StartDream: _started, ContinueDream: _continued, Nightmare: _nightmare,
}


# --- what is worth considering (the simulator) -----------------------------------------------


def candidates(state: VisionsState) -> Iterator[Action]:
    """Every legal action (``Engine.legal_actions`` filters with `check`); on a table state the
    engine offers ``moves.candidates`` instead (the cards its unseen ones can be).

    A nightmare's victim is the player's choice ("randomly steal one card from a player of
    your choice"): one action per victim. The card stolen is chance: it is left open here and
    drawn by the simulator's random numbers (`steal`, an OpenSpiel chance node)."""
    if state.phase == OVER:
        return
    player = state.current
    if state.phase == REFILL:
        for cards in refill_choices(state.river, state.deck, refill_due(state, player)):
            yield Refill(player, cards)
        return
    hand = list(dict.fromkeys(state.hand(player)))
    started = state.dreams[player]
    if started < MAX_DREAMS:
        for card in hand:
            yield StartDream(player, card)
    for d in DREAMS[:started]:
        for card in hand:
            yield ContinueDream(player, d, card)
    if state.deck and started:
        victims = others_with_cards(state, player) or [None]
        for card in hand:
            for d in DREAMS[:started]:
                for victim in victims:
                    yield Nightmare(player, card, d, victim, None)
    if not state.made:
        yield Skip(player)


def steal(state: VisionsState, action: Action, rng: random.Random) -> Action:
    """The chance part of a nightmare: the card stolen, "randomly" from the victim's hand. Not
    on a table state: the stolen card is unseen there, unless shown (reading V20)."""
    if (isinstance(action, Nightmare) and action.victim is not None and action.stolen is None
            and not state.zones.unknown):
        return replace(action, stolen=rng.choice(state.hand(action.victim)))
    return action


def refill_choices(river: list[str], deck: list[str], due: int) -> Iterator[tuple[str, ...]]:
    """Every different set of cards a refill of ``due`` cards can take (in river order; the
    river refilled from the top of ``deck`` when it empties)."""

    def walk(river: list[str], left: int, due: int, start: int, taken: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        if due == 0 or not river:
            yield taken
            return
        tried = set()
        for i in range(start, len(river)):
            card = river[i]
            if card in tried:
                continue
            tried.add(card)
            rest = river[:i] + river[i + 1:]
            if rest:
                if due == 1 or i < len(rest):
                    yield from walk(rest, left, due - 1, i, taken + (card,))
            else:
                k = min(RIVER_SIZE, left)
                yield from walk(deck[left - k:left][::-1], left - k, due - 1, 0, taken + (card,))

    sets: set[tuple[str, ...]] = set()
    for taken in walk(list(river), len(deck), due, 0, ()):
        key = tuple(sorted(taken))
        if key not in sets:
            sets.add(key)
            yield taken


def _list(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "none"

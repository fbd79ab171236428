"""What each verb of a Kartomantik script does (the words are ``pnp/games/kartomantik/vocabulary.py``).

`KWorld` is the Kartomantik side of the effect machine (`rules_check.effects.machine`): it
finds what a phrase names on the table, asks a player for each choice the text leaves to
them (which card to discard, which Temperament, whether to use a "you may"), and changes the
table through `moves`, so the triggers see it and the outcome is recorded.

Readings (docs/rulings.md, K23-K28, K35, K37), each cited where it applies:
- K23 "it": the card itself, except after a step that looked at or revealed a card (``it`` is
  that card, and names nothing when there was none to look at: an empty deck) and in a
  trigger about another card (the manifestation that entered).
- K24 A discarded card goes to its owner's Limbo (1.3 Limbo: "played and resolved Ephemeral
  Wills, Manifestations used as Tributes, and destroyed cards"; Melancholic "recalls the past
  from the Limbo" of the cards it makes discard).
- K25 A player with fewer cards than a step asks does what they can (draws, discards); "exile
  two cards from your hand. If you cannot" means fewer than two: none is exiled, and the
  `otherwise` happens.
- K26 Chain "allows you to put any manifestation into Support" (3.1): the player may Chain
  none; a Chain happens only during the Confrontation (reading K18).
- K27 Values worked out by an effect are fixed when it resolves (a group's members, "its power
  is equal to"): a manifestation entering afterwards is not affected.
- K28 A card put into a full Interzone displaces one of its three, chosen by the Interzone's
  owner, to the bottom of its owner's deck (1.3.5).
- K35 A Chain's "any manifestation" (3.1) includes the card whose effect it is: destroyed while
  its trigger waited on the Stack, it may be Chained from the Limbo (3.2 Independence of
  Effects).
- K37 A "you may" with nothing to act on is not asked (`Verb.acts_on`): the step does nothing.
"""

from __future__ import annotations

import itertools
from typing import Any

from pnp.games.kartomantik.models import BASE_TEMPERAMENTS, TEMPERAMENTS
from pnp.games.kartomantik.vocabulary import Group, Pick, Place, Ref, Target, Top, Who
from pnp.effects.language import Ability, Step
from pnp.effects.phrases import Phrase
from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.core.zones import is_unseen, pile_of, unseen_count
from rules_check.effects.machine import Frame, Request, Verb

from . import board
from .moves import add, move
from .rulebook import RULE_EFFECTS
from .seen import is_manifestation_of, options
from .state import (CONFRONTATION, INTERZONE_SPACES, REACTION, STACK, STALEMATE, Delayed, KState, StackItem,
                    item, name_of, owner_of, zone, zone_name)

OWNER_ONLY = ("hand", "deck", "limbo", "exile", "interzone")  # 3.2 Game Zones
# reading K43: a card exiled from the hand goes face down (1.3 Game Zones: Exile); a table log may
# answer the choice with this word for each card, and the cards stay unseen
FACE_DOWN = "face down"


# --- reading a player's answer -----------------------------------------------------------------


def read_card(state: KState, chooser: str):
    """A card named in a ``choose`` entry: ``OWNER/Name``, or a name of the chooser's own."""
    def read(raw: Any) -> Any:
        if raw is None or (isinstance(raw, str) and raw.strip().lower() == "none"):
            return None
        if isinstance(raw, str) and raw.strip().lower() == FACE_DOWN:
            return FACE_DOWN
        if not isinstance(raw, str):
            raise IllegalAction(RULE_EFFECTS, f"expected a card, got {shown(raw)}")
        owner, _, name = raw.partition("/") if "/" in raw else (chooser, "", raw)
        card = state.pool.get(name) if owner.strip() in state.players else None  # type: ignore[union-attr]
        if card is None:
            raise IllegalAction(RULE_EFFECTS, f"{shown(raw)} is not a card (write OWNER/Card Name)")
        return item(owner.strip(), card.name)
    return read


def read_cards(state: KState, chooser: str, ordered: bool):
    one = read_card(state, chooser)

    def read(raw: Any) -> tuple:
        values = raw if isinstance(raw, list) else [raw]
        cards = tuple(one(v) for v in values)
        return cards if ordered else tuple(sorted(cards))
    return read


def read_yes(raw: Any) -> bool | None:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip().lower() in ("yes", "no"):
        return raw.strip().lower() == "yes"
    raise IllegalAction(RULE_EFFECTS, f"expected yes or no, got {shown(raw)}")


def write_cards(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


# --- the world ----------------------------------------------------------------------------------


class KWorld:
    """The table a frame acts on."""

    rule = RULE_EFFECTS

    def __init__(self, state: KState) -> None:
        self.state = state
        self.verbs = VERBS

    # what phrases name

    def it(self, frame: Frame) -> str | None:
        """Reading K23: the card the trigger is about, or the one a step looked at or revealed
        (None: that step found no card, and "it" names nothing), else the card itself."""
        return frame.bindings.get("it", frame.source)

    def things(self, frame: Frame, phrase: Phrase) -> list[str]:
        """The cards a subject phrase names now (a group is fixed at this moment, K27)."""
        s = self.state
        if isinstance(phrase, Ref):
            if phrase.name == "it":
                found = self.it(frame)
                return [found] if found is not None else []
            if phrase.name == "this":
                return [frame.source]
            if phrase.name in ("target", "targets"):
                return list(frame.bindings.get("targets", ()))
            found = frame.bindings.get(phrase.name)
            return [found] if isinstance(found, str) else []
        if isinstance(phrase, Group):
            where = CONFRONTATION if phrase.zone == "there" else None
            return board.group_members(s, phrase, board.manifestations_in_play(s), frame.source, frame.controller,
                                       frame.bindings.get("chosen"), where)
        if isinstance(phrase, Top):
            deck = s.deck(frame.controller)
            return list(reversed(deck[-phrase.count:])) if deck else []
        raise TypeError(phrase)

    def players(self, frame: Frame, who: Who | None) -> list[str]:
        me = frame.controller
        if who is None or who.who == "you":
            return [me]
        if who.who == "opponent":
            return [self.state.other(me)]
        if who.who == "owner":
            return [owner_of(frame.source)]
        return [me, self.state.other(me)]  # each player: the controller first

    def place(self, frame: Frame, place: Place, it: str) -> tuple[str, bool]:
        """The zone a place phrase names, for card ``it`` (3.2 Game Zones: a zone without owner is
        the controller's; the Limbo, Deck, Hand, Exile and Interzone hold only their owner's cards)."""
        if place.zone == STALEMATE:
            return STALEMATE, False
        player = owner_of(it) if place.whose == "owner" else frame.controller
        if place.zone in OWNER_ONLY:
            player = owner_of(it)
        return zone(place.zone, player), place.bottom

    # the machine's questions

    def test(self, frame: Frame, condition: Phrase) -> bool:
        s, me = self.state, frame.controller
        key = condition.key  # type: ignore[attr-defined]
        if key == "in your interzone":
            return frame.source in s.zones[zone("interzone", me)]
        if key == "you won":
            return s.turn_winner == me
        if key == "opponent first greater":
            table = board.powers(s)
            theirs = [it for it in s.first if it in s.zones[CONFRONTATION] and s.controller(it) != me]
            return bool(theirs) and table.get(theirs[0], 0) > table.get(frame.source, board.power(s, frame.source))
        if key == "opponent controls more":
            mine = sum(1 for it in s.zones[CONFRONTATION] if s.controller(it) == me)
            return sum(1 for it in s.zones[CONFRONTATION] if s.controller(it) != me) > mine
        if key == "revealed manifestation":
            shown = frame.bindings.get("it")
            return shown is not None and s.is_manifestation(shown)
        raise ValueError(f"unknown condition {key!r}")

    def may(self, frame: Frame, step: Step) -> Request | None:
        """"You may": asked only when the step has something to act on (reading K37; K23: "look
        at the top card of your deck. You may put it ..." with an empty deck asks nothing)."""
        if not self.verbs[step.verb].acts_on(self, frame, step):
            return None
        return Request("may", frame.controller, [True, False], f"whether to {step.verb} ('you may')", read_yes,
                       lambda v: "yes" if v else "no")

    def remember(self, frame: Frame, step: Step) -> None:
        """3.2 "Memory" of Effects: the step waits for its event, about the card it names."""
        subject = frame.bindings.get("chained")
        if subject is None:
            return
        ability = Ability("triggered", (Step(step.verb, step.value, step.options, path=step.path),), step.when,
                          index=-1, path=step.path)
        self.state.delayed.append(Delayed(frame.source, ability, frame.controller, step.when.key, subject))  # type: ignore[union-attr]

    def request_cards(self, frame: Frame, name: str, chooser: str, options: list[str], count: int, what: str,
                      ordered: bool = False, size: int | None = None) -> Request | None:
        """``size``: how many cards the zone holds, when ``options`` also lists what its unseen
        cards can be (reading K39: more names than cards)."""
        if name in frame.answers:
            return None
        n = min(count, len(options), len(options) if size is None else size)
        if n == 0:
            return None
        if n == 1:
            return Request(name, chooser, [(o,) for o in options], what,
                           read_cards(self.state, chooser, False), write_cards)
        combos = itertools.permutations(options, n) if ordered else itertools.combinations(sorted(options), n)
        return Request(name, chooser, [tuple(c) for c in combos], what, read_cards(self.state, chooser, ordered),
                       write_cards)

    def into_interzone(self, frame: Frame, it: str, dst: str) -> Request | None:
        """Reading K28: a full Interzone asks which card makes room."""
        full = self.state.zones[dst]
        if dst.startswith("interzone:") and len(full) >= INTERZONE_SPACES and "displace" not in frame.answers:
            return self.request_cards(frame, "displace", owner_of(it), list(full), 1,
                                      f"a manifestation of {zone_name(dst)} to put at the bottom of the deck (1.3.5)")
        return None

    def put(self, frame: Frame, it: str, dst: str, bottom: bool = False, support: bool = False,
            src: str | None = None) -> None:
        src = src or source_of(self.state, frame, it)
        if src is None or src == dst and not bottom:
            return
        if dst.startswith("interzone:") and frame.answers.get("displace"):
            out = frame.answers["displace"][0]
            move(self.state, out, dst, zone("deck", owner_of(out)), bottom=True, frame=frame)
        move(self.state, it, src, dst, bottom, support, frame)


def source_of(state: KState, frame: Frame, it: str) -> str | None:
    """Where ``it`` is: an unseen card a step names is the top card of the controller's deck (the
    only unseen card a phrase names: "the top card of your deck", reading K39)."""
    if is_unseen(it):
        return zone("deck", frame.controller)
    return state.zone_of(it)


# --- the verbs --------------------------------------------------------------------------------


def _is_on_table(w: KWorld, it: str) -> bool:
    return it in board.manifestations_in_play(w.state)


class Power(Verb):
    """3.2 Modifiers: permanent, or until the end of the turn (``turn.ITEM``)."""

    def run(self, w, frame, step):
        things = w.things(frame, step.get("of") or Ref("it", "it"))
        key = "turn" if step.get("until") is not None else "power"
        for it in things:
            if _is_on_table(w, it):
                amount = w.state.base_power(it) if step.value == "base power" else step.value
                add(w.state, f"{key}.{it}", amount, frame)
        return True


class SetPower(Verb):
    """"its power is equal to the power of your opponent's First Manifestation": fixed when it
    resolves (K27), as a modifier until the end of the turn."""

    def run(self, w, frame, step):
        s = w.state
        it = (w.things(frame, step.get("of")) or [None])[0] if step.get("of") is not None else frame.source
        if it is None or not _is_on_table(w, it):
            return False
        table = board.powers(s)
        theirs = [x for x in s.first if x in s.zones[CONFRONTATION] and s.controller(x) != frame.controller]
        value = table[theirs[0]] if theirs else 0
        add(s, f"turn.{it}", value - table[it], frame)
        return True


class Choose(Verb):
    """"choose a (base) Temperament" / "choose a manifestation in your Limbo": bound as
    ``chosen`` for the steps after it (that Temperament, that card)."""

    def request(self, w, frame, step):
        if "chosen" in frame.answers:
            return None
        key = step.value.key
        if key in ("base temperament", "temperament"):
            options = list(BASE_TEMPERAMENTS if key == "base temperament" else TEMPERAMENTS)
            return Request("chosen", frame.controller, options, step.value.words,
                           lambda raw: raw.strip().lower() if isinstance(raw, str) else raw)
        limbo = [it for it in w.state.zones[zone("limbo", frame.controller)] if w.state.is_manifestation(it)]
        if not limbo:
            return None
        return Request("chosen", frame.controller, limbo, step.value.words, read_card(w.state, frame.controller))

    def run(self, w, frame, step):
        frame.bindings["chosen"] = frame.answers.get("chosen")
        return frame.bindings["chosen"] is not None


class Temperament(Verb):
    def run(self, w, frame, step):
        it = frame.source if step.get("of") is None else w.things(frame, step.get("of"))[0]
        chosen = frame.bindings.get("chosen")
        if chosen is None or not _is_on_table(w, it):
            return False
        w.state.temperaments[it] = chosen
        return True


class GainEffects(Verb):
    def run(self, w, frame, step):
        it = frame.source if step.get("of") is None else w.things(frame, step.get("of"))[0]
        chosen = frame.bindings.get("chosen")
        if chosen is None or not w.state.is_on_field(it):
            return False
        w.state.granted.setdefault(it, []).append(name_of(chosen))
        return True


class LoseEffects(Verb):
    def run(self, w, frame, step):
        for it in w.things(frame, step.value):
            w.state.muted.add(it)
        return True


class GainControl(Verb):
    def run(self, w, frame, step):
        for it in w.things(frame, step.value):
            if it in w.state.zones[CONFRONTATION]:
                w.state.control[it] = frame.controller
        return True


class Destroy(Verb):
    """A destroyed card goes to its owner's Limbo (1.3, ruling K3)."""

    def run(self, w, frame, step):
        done = True
        for it in w.things(frame, step.value):
            src = w.state.zone_of(it)
            if src is None or not (src in (CONFRONTATION, STALEMATE) or src.startswith(("interzone:", "field:"))):
                done = False
                continue
            move(w.state, it, src, zone("limbo", owner_of(it)), frame=frame)
        return done


class Put(Verb):
    """"put X into/at/in Y" and "move X to Y" (3.2 Play and Move: a movement, not a play)."""

    def _place(self, step: Step) -> Place:
        return next(v for v in step.options.values() if isinstance(v, Place))

    def _what(self, w: KWorld, frame: Frame, step: Step) -> list[str]:
        if isinstance(step.value, Pick):
            return list(frame.answers.get("card", ()))
        return w.things(frame, step.value)

    def _options(self, w: KWorld, frame: Frame, pick: Pick) -> list[str]:
        s = w.state
        return options(s, zone(pick.zone, frame.controller), None if pick.kind == "card" else is_manifestation_of(s))

    def acts_on(self, w, frame, step):
        """A card to put: one to pick from the zone named, or the card the phrase names (none
        when "it" is a card looked at that was not there, reading K23)."""
        if isinstance(step.value, Pick):
            return bool(self._options(w, frame, step.value))
        return bool(w.things(frame, step.value))

    def request(self, w, frame, step):
        if isinstance(step.value, Pick) and "card" not in frame.answers:
            pick = step.value
            options = self._options(w, frame, pick)
            place = self._place(step)
            return w.request_cards(frame, "card", frame.controller, options, pick.count,
                                   f"{pick.words} to put {place.prep} {place.words}",
                                   size=len(w.state.zones[zone(pick.zone, frame.controller)]))
        for it in self._what(w, frame, step):
            dst, _ = w.place(frame, self._place(step), it)
            asked = w.into_interzone(frame, it, dst)
            if asked is not None:
                return asked
        return None

    def run(self, w, frame, step):
        things = self._what(w, frame, step)
        pick = zone(step.value.zone, frame.controller) if isinstance(step.value, Pick) else None
        for it in things:
            dst, bottom = w.place(frame, self._place(step), it)
            w.put(frame, it, dst, bottom, src=pick)  # a card picked: from the zone named, seen or not
        return bool(things)


class Counter(Verb):
    """A Will on the Stack leaves it without resolving (Silent Equation, Bad Timing)."""

    def run(self, w, frame, step):
        s = w.state
        for it in w.things(frame, step.value):
            found = next((i for i in s.items if i.is_card and i.card == it), None)
            if found is None:
                continue
            s.items.remove(found)
            place = next(v for v in step.options.values() if isinstance(v, Place))
            dst, bottom = w.place(frame, place, it)
            move(s, it, STACK, dst, bottom, frame=frame)
        return True


class Draw(Verb):
    def run(self, w, frame, step):
        done = True
        for p in w.players(frame, step.get("who")):
            for _ in range(step.value):
                deck = w.state.deck(p)
                if not deck:
                    done = False  # reading K25
                    break
                move(w.state, deck[-1], zone("deck", p), zone("hand", p), frame=frame)
        return done


class Discard(Verb):
    """The discarding player chooses (reading K24: to their Limbo)."""

    def request(self, w, frame, step):
        for p in w.players(frame, step.get("who")):
            name = f"discard {p}"
            if name not in frame.answers:
                asked = w.request_cards(frame, name, p, options(w.state, zone("hand", p)), step.value,
                                        f"{'a card' if step.value == 1 else f'{step.value} cards'} of their hand "
                                        f"to discard", size=len(w.state.hand(p)))
                if asked is not None:
                    return asked
        return None

    def run(self, w, frame, step):
        done = True
        for p in w.players(frame, step.get("who")):
            chosen = frame.answers.get(f"discard {p}", ())
            done = done and len(chosen) == step.value
            for it in chosen:
                move(w.state, it, zone("hand", p), zone("limbo", p), frame=frame)
        return done


class Points(Verb):
    def run(self, w, frame, step):
        for p in w.players(frame, step.get("who")):
            add(w.state, f"points.{p}", step.value, frame)
        return True


class Chain(Verb):
    """3.1 Support and Chain (reading K26)."""

    def request(self, w, frame, step):
        s = w.state
        if "chained" in frame.answers or s.phase != REACTION:
            return None
        src = zone(step.value.key, frame.controller)
        most = int(step.get("limit").key) if step.get("limit") is not None else None
        # "any manifestation" (3.1 Support and Chain), the card whose effect it is included: an
        # effect on the Stack resolves without its source (3.2 Independence of Effects), and a
        # manifestation destroyed while its Chain waited may be Chained from the Limbo (reading K35)
        is_manifestation = is_manifestation_of(s)
        chains = options(s, src, is_manifestation if most is None else
                         lambda it: is_manifestation(it) and s.base_power(it) <= most, once=True)
        if not chains:
            return None
        return Request("chained", frame.controller, chains + [None],
                       f"a manifestation to Chain from {step.value.words} (or none)",
                       read_card(s, frame.controller), lambda v: v if v is not None else "none")

    def run(self, w, frame, step):
        it = frame.answers.get("chained")
        if it is None:
            return False
        src = zone(step.value.key, frame.controller)
        if it not in w.state.zones[src]:  # a card of the hand still unseen (reading K39) is named
            src = w.state.zone_of(it) or src
        move(w.state, it, src, CONFRONTATION, support=True, frame=frame)
        frame.bindings["chained"] = it
        return True


class Look(Verb):
    """The card looked at becomes ``it`` (reading K23); with an empty deck there is none, and
    "it" then names nothing (not the card whose ability it is)."""

    def run(self, w, frame, step):
        top = w.things(frame, step.value)
        frame.bindings["it"] = top[0] if top else None
        return bool(top)


class Arrange(Verb):
    """"look at the top N cards of your deck and put them back in any order": the order, top first."""

    def request(self, w, frame, step):
        top = w.things(frame, Top("", step.value))
        if len(top) < 2 or "order" in frame.answers:
            return None
        for it in top:
            w.state.card(it)  # unseen cards cannot be ordered by name: UnseenCard (reading K41)
        return Request("order", frame.controller, [tuple(p) for p in itertools.permutations(top)],
                       f"the order of the top {len(top)} cards of the deck, top first",
                       read_cards(w.state, frame.controller, True), write_cards)

    def run(self, w, frame, step):
        order = frame.answers.get("order")
        if not order:
            return True
        deck = w.state.deck(frame.controller)
        deck[-len(order):] = list(reversed(order))  # the first listed on top
        return True


class Exile(Verb):
    def request(self, w, frame, step):
        if isinstance(step.value, Pick) and "card" not in frame.answers:
            hand = options(w.state, zone("hand", frame.controller))
            if len(w.state.hand(frame.controller)) < step.value.count:  # reading K25: cannot
                return None
            asked = w.request_cards(frame, "card", frame.controller, hand, step.value.count,
                                    f"{step.value.words} to exile", size=len(w.state.hand(frame.controller)))
            if asked is not None and unseen_count(w.state.hand(frame.controller)):
                n = len(asked.options[0])
                asked.options.append((FACE_DOWN,) * n)  # reading K43
                asked.what += f" (at the table: {', '.join([FACE_DOWN] * n)}, reading K43)"
            return asked
        return None

    def run(self, w, frame, step):
        if isinstance(step.value, Pick):
            chosen = frame.answers.get("card", ())
            if len(chosen) < step.value.count:
                return False
            things = list(chosen)
        else:
            things = w.things(frame, step.value)
        if FACE_DOWN in things:
            return _is_exile_face_down(w, frame, len(things))
        for it in things:
            src = zone("hand", frame.controller) if isinstance(step.value, Pick) else source_of(w.state, frame, it)
            if src is not None:
                move(w.state, it, src, zone("exile", owner_of(it)), frame=frame)
        return bool(things)


def _is_exile_face_down(w: KWorld, frame: Frame, n: int) -> bool:
    """Reading K43: ``n`` cards of the hand exiled face down, unseen. The table cannot tell which
    of the hand's cards went, a card seen there before as well as an unseen one: the hand's seen
    cards become unseen first (a looser bound, never a wrong one: rules_check/core/zones.py)."""
    hand = zone("hand", frame.controller)
    items = w.state.zones[hand]
    if unseen_count(items) < len(items):
        w.state.zones.conceal(hand, pile_of(next(x for x in items if is_unseen(x))))
    for _ in range(n):
        it = next(x for x in reversed(items) if is_unseen(x))
        move(w.state, it, hand, zone("exile", frame.controller), frame=frame)
    return True


class Reveal(Look):
    """Shown to both players: to the checker, who knows every card's place, the same as looking
    (the card becomes ``it``, reading K23)."""


class Copy(Verb):
    """A copy of a Will on the Stack, controlled by the copier; "You may choose new targets"."""

    def _original(self, w: KWorld, frame: Frame) -> StackItem | None:
        targets = frame.bindings.get("targets", ())
        return next((i for i in w.state.items if i.is_card and targets and i.card == targets[0]), None)

    def request(self, w, frame, step):
        original = self._original(w, frame)
        if original is None or original.ability is None or original.ability.target is None or "copy" in frame.answers:
            return None
        spec = original.ability.target
        assert isinstance(spec, Target)
        options = [tuple(original.targets)] + [t for t in board.target_choices(w.state, spec, frame.controller,
                                                                                 original.card)
                                                if t != tuple(original.targets)]
        return Request("copy", frame.controller, options, "the copy's targets (the same, or new ones)",
                       read_cards(w.state, frame.controller, True), write_cards)

    def run(self, w, frame, step):
        original = self._original(w, frame)
        if original is None:
            return False
        targets = frame.answers.get("copy", original.targets)
        w.state.items.append(StackItem(original.card, frame.controller, original.ability, False, tuple(targets),
                                       copy=True, kind="copy"))
        return True


class SwitchPower(Verb):
    def run(self, w, frame, step):
        things = w.things(frame, step.value)
        if len(things) != 2 or not all(_is_on_table(w, it) for it in things):
            return False
        table = board.powers(w.state)
        a, b = things
        key = "turn" if step.get("until") is not None else "power"
        add(w.state, f"{key}.{a}", table[b] - table[a], frame)
        add(w.state, f"{key}.{b}", table[a] - table[b], frame)
        return True


class Win(Verb):
    """Loaded Dice: "you may exile this Will: you win that Confrontation instead"."""

    def request(self, w, frame, step):
        if "win" in frame.answers:
            return None
        return Request("win", frame.controller, [True, False],
                       f"whether to {step.get('paying').words} and win the Confrontation", read_yes,
                       lambda v: "yes" if v else "no")

    def run(self, w, frame, step):
        if not frame.answers.get("win"):
            return False
        src = w.state.zone_of(frame.source)
        if src is None:
            return False
        move(w.state, frame.source, src, zone("exile", owner_of(frame.source)), frame=frame)
        w.state.winner = frame.controller
        return True


class Continuous(Verb):
    """`keep` and `cannot`: static effects, read by `board` (they never run)."""

    def run(self, w, frame, step):
        raise AssertionError(f"{step.verb} is a static effect")


VERBS: dict[str, Verb] = {
    "power": Power(), "set power": SetPower(), "temperament": Temperament(), "gain effects": GainEffects(),
    "lose effects": LoseEffects(), "lose all effects": LoseEffects(), "gain control": GainControl(),
    "destroy": Destroy(), "put": Put(), "move": Put(), "counter": Counter(), "draw": Draw(), "discard": Discard(),
    "points": Points(), "chain": Chain(), "look": Look(), "arrange": Arrange(), "reveal": Reveal(),
    "exile": Exile(), "choose": Choose(), "copy": Copy(), "switch power": SwitchPower(), "win": Win(),
    "keep": Continuous(), "cannot": Continuous(),
}

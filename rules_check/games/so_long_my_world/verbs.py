"""What each verb of a So Long, My World script does (the words are
``pnp/effects/so_long_my_world.py``).

`SWorld` is this game's side of the effect machine (`rules_check.effects.machine`). A card's
choices are written in its entry, by name, as in relics: ``to:`` (where a chosen Vision moves)
and ``take:`` (the Feelings taken) beside ``play:``, the rulebook's own keys beside a Vision's
``effect:`` (``discard``, ``move``/``from``, ``remove``), the others in ``choose: {...}``:

    choose player   player      the other player the card names
    change vision   to          a Vision (one mover), or {PLAYER: VISION, ...} (several)
    swap visions    players     the two players (Zero Hour)
    choose order    order       the players, first to act first
    take feelings   take        the Feelings taken
    move feeling    from, feeling, to   where it leaves, which Feeling, where it goes
    discard/remove  discard/remove      the card, from the hand / the field
    trade           return      the Feeling returned
    "you may"       may         yes or no

Readings (docs/rulings.md SL23-SL26):
- SL23 A chosen Vision changes only to an unlocked Vision, the card player's when the text
  says "of your choice", else the mover's; a player on a Vision off the clock (a Gestalt
  Vision, L'Uno) has no adjacent one and stays. "Any unlocked Vision" is another one.
- SL24 "Choose another player on your Vision" with nobody there does nothing (the card is
  still played and paid).
- SL25 Changes to the Vision Phase order made in the Hindrance Phase take effect when the
  Vision Phase starts (from the First Player, then who acts last); made in the Vision Phase
  (Hindrance cards may be played in step 3, SL7) they reorder the players yet to act.
- SL26 A round rule ("This round, ...") holds until the End Phase.
"""

from __future__ import annotations

import itertools
from typing import Any

from pnp.effects.language import Step
from pnp.effects.phrases import Phrase
from rules_check.core.errors import IllegalAction
from rules_check.core.ops import Op
from rules_check.effects import Frame, Request, answer_sets, leftover, run

from .state import (DISCARD, EVENT_DECK, FEELINGS, HINDRANCE, MARK, REMNANT_DECK, SOLO, SYSTEM, VISION_PHASE, SoLongState,
                    chosen, field_of, hand, stock, tokens, vision_zone)

RULE_CARDS = "So Long, My World: 4. Vision Phase, 3. Play Cards"
RULE_EVENT = "So Long, My World: 1. Event Phase"
RULE_HINDRANCE = "So Long, My World: 3. Hindrance Phase"


def _names(values: Any) -> str:
    return ", ".join(map(str, values))


class SWorld:
    """The So Long, My World table a card acts on."""

    rule = RULE_HINDRANCE

    def __init__(self, state: SoLongState) -> None:
        self.state = state
        self.verbs = VERBS
        self.supply: dict[str, Any] = {}  # the answers an entry writes (a choice with one option is asked if written)

    def asks(self, name: str, options: list) -> bool:
        """Whether to ask ``name``: when there is a choice, or when the entry answers it anyway
        (so that a written answer is checked, not ignored)."""
        return len(options) > 1 or name in self.supply

    def test(self, frame: Frame, condition: Phrase) -> bool:
        raise AssertionError("no So Long, My World script has a condition yet")

    def may(self, frame: Frame, step: Step) -> Request:
        """"You may ...": the player answers yes or no (``choose: {may: yes}``)."""
        def read(raw: Any) -> bool:
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.strip().lower() in ("yes", "no"):
                return raw.strip().lower() == "yes"
            raise IllegalAction(self.rule, f"expected yes or no, got {raw!r}")
        return Request("may", frame.controller, [True, False], f"whether to {step.verb} ('you may')", read,
                       lambda v: "yes" if v else "no")

    def remember(self, frame: Frame, step: Step) -> None:
        raise AssertionError("no So Long, My World script remembers a step yet")

    # --- what a card changes -----------------------------------------------------------------

    def move(self, frame: Frame, item: str, src: str, dst: str) -> None:
        """Every change a card makes goes through here, so its outcome is recorded (a log that
        writes it as operations is compared with it, SPEC.md principle 4)."""
        self.state.zones.move(item, src, dst)
        frame.outcome.append(Op("move", item=item, src=src, dst=dst))

    def move_vision(self, frame: Frame, p: str, to: str) -> None:
        """``p``'s chosen Vision token goes back behind the screen; the one of ``to`` is put.
        In the solo game the player is where they reached, with no token there: they move, and
        "After moving, you may repeat the Reach an unlocked Vision action" (Solo Mode F.A.Q.)."""
        s = self.state
        here = s.vision_of[p]
        if here == to:
            return
        if s.mode == SOLO:
            s.vision_of[p] = to
            s.reached = False
            return
        self.move(frame, s.token_for(p, here), chosen(p), tokens(p))
        self.move(frame, s.token_for(p, to), tokens(p), chosen(p))
        s.vision_of[p] = to

    def destinations(self, p: str, kind: str, named: str | None) -> list[str]:
        """Where ``p``'s chosen Vision may change to (reading SL23); nowhere for a solo player
        who has not reached a Vision this turn."""
        s = self.state
        here = s.vision_of.get(p)
        if here is None:
            return []
        if kind == "named":
            out = [named] if named in s.unlocked() else []
        elif kind == "any":
            out = [v for v in s.unlocked() if v != here]
        else:
            out = [v for v in s.adjacent(here) if v not in s.locked]
        if s.mode == SOLO:
            return [v for v in out if v != here]
        return [v for v in out if v != here and s.token_for(p, v) in s.zones[tokens(p)]]


class Verb:
    def request(self, w: SWorld, frame: Frame, step: Step) -> Request | None:
        return None

    def run(self, w: SWorld, frame: Frame, step: Step) -> bool:
        raise NotImplementedError


def _read_player(w: SWorld):
    def read(raw: Any) -> str:
        if raw not in w.state.players:
            raise IllegalAction(w.rule, f"{raw!r} is not a player ({_names(w.state.players)})")
        return raw
    return read


def _read_vision(w: SWorld):
    def read(raw: Any) -> str:
        name = w.state.data.resolve(raw) if isinstance(raw, str) else None
        if name is None or name not in w.state.data.visions:
            raise IllegalAction(w.rule, f"{raw!r} is not a Vision")
        return name
    return read


class ChoosePlayer(Verb):
    def request(self, w, frame, step):
        if "player" in frame.answers:
            return None
        s = w.state
        options = [p for p in s.order() if p != frame.controller]
        if step.value.key == "other here":
            options = [p for p in options if s.vision_of.get(p) == s.vision_of.get(frame.controller)]
        if not options:
            return None  # reading SL24
        return Request("player", frame.controller, options, step.value.words, _read_player(w))

    def run(self, w, frame, step):
        chosen_ = frame.answers.get("player")
        if chosen_ is None:
            return False
        frame.bindings["they"] = chosen_
        return True


class ChangeVision(Verb):
    def movers(self, w: SWorld, frame: Frame, step: Step) -> list[str]:
        who = step.get("who")
        key = who.key if who is not None else "you"
        s = w.state
        if key == "chosen":
            return [frame.bindings["they"]] if "they" in frame.bindings else []
        if key == "others here":
            here = s.vision_of[frame.controller]
            return [p for p in s.order() if p != frame.controller and s.vision_of.get(p) == here]
        return [frame.controller]

    def moving(self, w: SWorld, frame: Frame, step: Step) -> list[str]:
        """The movers who have somewhere to go (reading SL23)."""
        dest = step.value
        return [p for p in self.movers(w, frame, step) if w.destinations(p, dest.kind, dest.vision)]

    def request(self, w, frame, step):
        if "to" in frame.answers or step.value.kind == "named":  # "to Special Person": nothing to choose
            return None
        dest = step.value
        movers = self.moving(w, frame, step)
        if not movers:
            return None
        chooser = movers[0] if dest.kind == "adjacent" else frame.controller  # "of your choice": the card player
        several = step.get("who") is not None and step.get("who").key == "others here"
        if not several:
            what = f"where {movers[0]}'s chosen Vision goes from {w.state.vision_of[movers[0]]} ({dest.words})"
            return Request("to", chooser, w.destinations(movers[0], dest.kind, dest.vision), what, _read_vision(w))
        what = f"where the chosen Visions of {_names(movers)} go ({dest.words})"
        combos = itertools.product(*[w.destinations(p, dest.kind, dest.vision) for p in movers])
        options = [tuple(zip(movers, c)) for c in combos]

        def read(raw: Any) -> tuple:
            if not isinstance(raw, dict):
                raise IllegalAction(w.rule, f"expected {{PLAYER: VISION, ...}} for {_names(movers)}, got {raw!r}")
            vision = _read_vision(w)
            return tuple((p, vision(raw[p]) if p in raw else None) for p in movers)
        return Request("to", chooser, options, what, read, lambda v: dict(v))

    def run(self, w, frame, step):
        if step.value.kind == "named":
            movers = self.moving(w, frame, step)
            for p in movers:
                w.move_vision(frame, p, step.value.vision)
            return bool(movers)
        answer = frame.answers.get("to")
        if answer is None:
            return False
        moves = [(self.moving(w, frame, step)[0], answer)] if isinstance(answer, str) else \
            [(p, to) for p, to in answer if to is not None]
        for p, to in moves:
            w.move_vision(frame, p, to)
        return True


class SwapVisions(Verb):
    def request(self, w, frame, step):
        if step.value.key != "two" or "players" in frame.answers:
            return None
        pairs = [tuple(sorted(c)) for c in itertools.combinations(w.state.players, 2)]

        def read(raw: Any) -> tuple:
            if not (isinstance(raw, list) and len(raw) == 2):
                raise IllegalAction(w.rule, f"expected two players, got {raw!r}")
            return tuple(sorted(_read_player(w)(p) for p in raw))
        return Request("players", frame.controller, pairs, "the two players whose chosen Visions are swapped", read,
                       list)

    def run(self, w, frame, step):
        if step.value.key == "two":
            pair = frame.answers.get("players")
        else:
            pair = (frame.controller, frame.bindings.get("they"))
        if not pair or None in pair:
            return False
        a, b = pair
        va, vb = w.state.vision_of[a], w.state.vision_of[b]
        w.move_vision(frame, a, vb)
        w.move_vision(frame, b, va)
        return True


class ActLast(Verb):
    def run(self, w, frame, step):
        p = frame.bindings.get("they")
        if p is None:
            return False
        s = w.state
        if s.phase == VISION_PHASE:  # reading SL25: among those yet to act
            rest = s.sequence[s.turn:]
            if p in rest[1:]:
                rest.remove(p)
                s.sequence[s.turn:] = rest + [p]
        else:
            s.act_last.append(p)
        return True


class ChooseOrder(Verb):
    def _players(self, w: SWorld) -> list[str]:
        s = w.state
        return s.sequence[s.turn + 1:] if s.phase == VISION_PHASE else s.order()

    def request(self, w, frame, step):
        if "order" in frame.answers:
            return None
        players = self._players(w)
        if len(players) < 2:
            return None

        def read(raw: Any) -> tuple:
            if not isinstance(raw, list):
                raise IllegalAction(w.rule, f"expected the players in order, got {raw!r}")
            return tuple(_read_player(w)(p) for p in raw)
        return Request("order", frame.controller, list(itertools.permutations(players)),
                       "the order of the Vision Phase, first to act first", read, list)

    def run(self, w, frame, step):
        order = frame.answers.get("order")
        if not order:
            return False
        s = w.state
        if s.phase == VISION_PHASE:
            s.sequence[s.turn + 1:] = list(order)
        else:
            s.vision_order = list(order)
            s.act_last = []
        return True


class FirstPlayer(Verb):
    def run(self, w, frame, step):
        s = w.state
        s.first = s.players.index(frame.controller)
        if s.phase == HINDRANCE:
            s.vision_order = None  # the Vision Phase goes from the new First Player (reading SL25)
        return True


class TakeFeelings(Verb):
    """Soul Box (ruling SL8): 2 Feelings of the chosen Vision, all when fewer are there."""

    def request(self, w, frame, step):
        if "take" in frame.answers or frame.controller not in w.state.vision_of:
            return None
        there = w.state.feelings_on(w.state.vision_of[frame.controller])
        n = min(step.value, len(there))
        options = sorted({tuple(sorted(c)) for c in itertools.combinations(there, n)})  # [()] on an empty Vision

        def read(raw: Any) -> tuple:
            if not isinstance(raw, list) or any(f not in FEELINGS for f in raw):
                raise IllegalAction(w.rule, f"expected a list of Feelings, got {raw!r}")
            return tuple(sorted(raw))
        return Request("take", frame.controller, options, f"the {n} Feelings taken from "
                       f"{w.state.vision_of[frame.controller]}", read, list)

    def run(self, w, frame, step):
        taken = frame.answers.get("take", ())
        if not taken:
            return False
        vision = w.state.vision_of[frame.controller]
        for f in taken:
            w.move(frame, f, vision_zone(vision), stock(frame.controller))
        return len(taken) == step.value


class ThisRound(Verb):
    def run(self, w, frame, step):
        w.state.round_rules.add(step.value.key)  # reading SL26
        return True


def recipients(w: SWorld, frame: Frame, step: Step) -> list[str]:
    """Who a step's ``who:`` names; "each player here": the player resolving a Vision's event
    in their own Vision Phase (ruling SL2), each on their turn. Players who paid a Mark of Sol
    to ignore a Reboot are left out ("Reboot Cards")."""
    spared = frame.bindings.get("ignore", ())
    return [p for p in _named(w, frame, step) if p not in spared]


def _named(w: SWorld, frame: Frame, step: Step) -> list[str]:
    who = step.get("who")
    key = who.key if who is not None else "you"
    s = w.state
    if key == "each":
        return s.order()
    if key == "no field":
        return [p for p in s.order() if not s.zones[field_of(p)]]
    if key == "others":
        return [p for p in s.order() if p != frame.controller]
    if key == "first":
        return [s.first_player()]
    if key == "you and chosen":
        return [frame.controller] + ([frame.bindings["they"]] if "they" in frame.bindings else [])
    return [frame.controller]


class Receive(Verb):
    """From the System, as much as it has left; a Mark of Sol as a drain gains one (SL10: first
    from the Gestalt Visions, which unlock when emptied; in the solo game from the System)."""

    def run(self, w, frame, step):
        from .rules import gain_mark

        s = w.state
        got = True
        for p in recipients(w, frame, step):
            for _ in range(step.value.amount):
                if step.value.item == "mark-of-sol" and s.mode == SOLO:
                    if MARK not in s.zones[SYSTEM]:
                        got = False
                        continue
                    w.move(frame, MARK, SYSTEM, stock(p))
                    s.marks_gained += 1
                elif step.value.item == "mark-of-sol":
                    src = gain_mark(s, p)
                    if src is None:
                        got = False
                        continue
                    frame.outcome.append(Op("move", item=MARK, src=src, dst=stock(p)))
                elif step.value.item in s.zones[SYSTEM]:
                    w.move(frame, step.value.item, SYSTEM, stock(p))
                else:
                    got = False
        return got


class Draw(Verb):
    def run(self, w, frame, step):
        s = w.state
        got = True
        for p in recipients(w, frame, step):
            for _ in range(step.value):
                if not s.zones[REMNANT_DECK]:
                    got = False
                    continue
                w.move(frame, s.zones[REMNANT_DECK][-1], REMNANT_DECK, hand(p))
        return got


class _Pick(Verb):
    """A card the player picks in a zone of theirs, to the discard pile (``name``: the
    choice's key: ``discard`` from the hand, ``remove`` from the field)."""

    name = ""
    zone = staticmethod(hand)
    what = ""

    def request(self, w, frame, step):
        if self.name in frame.answers:
            return None
        options = sorted(set(c for c in w.state.zones[self.zone(frame.controller)] if c in w.state.data.cards))
        if not options:
            return None
        return Request(self.name, frame.controller, options, self.what,
                       lambda raw: w.state.data.resolve(raw) if isinstance(raw, str) else raw)

    def run(self, w, frame, step):
        card = frame.answers.get(self.name)
        if card is None:
            return False
        w.move(frame, card, self.zone(frame.controller), DISCARD)
        return True


class Discard(_Pick):
    name, what = "discard", "the card discarded from your hand"


class Remove(_Pick):
    name, what = "remove", "the card removed from your field"
    zone = staticmethod(field_of)


class ReturnAll(Verb):
    """"Return all the Feelings on the Visions to the System" (a Reboot: it affects the
    table, so a player's Mark of Sol does not spare it)."""

    def run(self, w, frame, step):
        s = w.state
        for v in s.visions:
            for f in s.feelings_on(v):
                w.move(frame, f, vision_zone(v), SYSTEM)
        return True


class MoveFeeling(Verb):
    """A Feeling from one Vision to another: which Vision it leaves (``from``), which Feeling
    (``feeling``) and where it goes (``to``) are choices when the text leaves them. Never onto a
    locked Vision (Glossary); nothing in a round where no Feeling may move (Silence of the Birds)."""

    def _mover(self, w, frame, step) -> str | None:
        found = recipients(w, frame, step)
        return found[0] if found else None

    def _to(self, w, frame, step, src: str) -> list[str]:
        s = w.state
        to = step.get("to")
        if to.kind == "named":
            out = [to.vision]
        elif to.kind == "chosen":
            mover = self._mover(w, frame, step)
            out = [s.vision_of[mover]] if mover in s.vision_of else []
        elif to.kind == "adjacent":
            out = s.adjacent(src)
        else:
            out = list(s.visions)
        return [v for v in out if v != src and v not in s.locked]

    def _from(self, w, frame, step) -> list[str]:
        s = w.state
        src, to = step.get("from"), step.get("to")
        if src.kind == "named":
            out = [src.vision]
        elif src.kind == "adjacent" and to.kind == "named":  # Slaughter: "from an adjacent Vision"
            out = s.adjacent(to.vision)
        else:
            out = [v for v in s.visions if v not in s.locked]
        return [v for v in out if s.feelings_on(v) and self._to(w, frame, step, v)]

    def request(self, w, frame, step):
        s = w.state
        if "no vision moves" in s.round_rules or self._mover(w, frame, step) is None:
            return None
        chooser = self._mover(w, frame, step)
        sources = self._from(w, frame, step)
        if not sources:
            return None
        if "from" not in frame.answers:
            if (step.get("from").kind != "named" and len(sources) > 1) or "from" in w.supply:
                return Request("from", chooser, sources, "the Vision the Feeling leaves", _read_vision(w))
            frame.answers["from"] = sources[0]
        src = frame.answers["from"]
        kinds = sorted(set(s.feelings_on(src)))
        if "feeling" not in frame.answers:
            if w.asks("feeling", kinds):
                return Request("feeling", chooser, kinds, f"the Feeling moved from {src}",
                               lambda raw: raw.strip().lower() if isinstance(raw, str) else raw)
            frame.answers["feeling"] = kinds[0]
        dests = self._to(w, frame, step, src)
        if "to" not in frame.answers:
            if w.asks("to", dests):
                return Request("to", chooser, dests, f"the Vision the Feeling goes to from {src}", _read_vision(w))
            frame.answers["to"] = dests[0]
        return None

    def run(self, w, frame, step):
        if "to" not in frame.answers:
            return False
        w.move(frame, frame.answers["feeling"], vision_zone(frame.answers["from"]), vision_zone(frame.answers["to"]))
        return True


class Look(Verb):
    def run(self, w, frame, step):
        deck = w.state.zones[EVENT_DECK]
        if not deck:
            return False
        frame.bindings["it"] = deck[-1]
        return True


class Put(Verb):
    """The card looked at to the bottom of its deck."""

    def run(self, w, frame, step):
        it = frame.bindings.get("it")
        deck = w.state.zones[EVENT_DECK]
        if it is None or it not in deck:
            return False
        deck.remove(it)
        deck.insert(0, it)
        frame.outcome.append(Op("move", item=it, src=EVENT_DECK, dst=EVENT_DECK, bottom=True))
        return True


class Trade(Verb):
    """Place of Worship: a Feeling of the stock (the player's choice) back to the System, then
    the tokens from it; with no Feeling in the stock, nothing happens."""

    def request(self, w, frame, step):
        if "return" in frame.answers:
            return None
        options = sorted({f for f in w.state.zones[stock(frame.controller)] if f in FEELINGS})
        if not options:
            return None
        return Request("return", frame.controller, options, "the Feeling returned from your stock",
                       lambda raw: raw.strip().lower() if isinstance(raw, str) else raw)

    def run(self, w, frame, step):
        back = frame.answers.get("return")
        if back is None:
            return False
        w.move(frame, back, stock(frame.controller), SYSTEM)
        if step.value.item in w.state.zones[SYSTEM]:
            w.move(frame, step.value.item, SYSTEM, stock(frame.controller))
        return True


VERBS: dict[str, Verb] = {
    "choose player": ChoosePlayer(),
    "change vision": ChangeVision(),
    "swap visions": SwapVisions(),
    "act last": ActLast(),
    "choose order": ChooseOrder(),
    "first player": FirstPlayer(),
    "take feelings": TakeFeelings(),
    "this round": ThisRound(),
    "receive": Receive(),
    "draw": Draw(),
    "discard": Discard(),
    "remove": Remove(),
    "return all": ReturnAll(),
    "move feeling": MoveFeeling(),
    "look": Look(),
    "put": Put(),
    "trade": Trade(),
}


def run_script(state: SoLongState, source: str, what: str, script: Any, controller: str, answers: dict[str, Any],
               rule: str, bindings: dict[str, Any] | None = None, shortcuts: tuple[str, ...] = ()) -> Frame:
    """Run ``source``'s script (a card's, an event's, a Vision's: ``what`` names it with its text) for
    ``controller`` with the entry's answers; `IllegalAction` for a choice left out (naming it
    and the legal ones), one not legal, or one no step asks. ``shortcuts``: the choices an entry
    writes as keys of its own (``to``, ``take``) rather than in ``choose``."""
    assert script is not None and script.effect is not None
    frame = Frame(source, script.effect, controller, bindings=dict(bindings or {}))
    world = SWorld(state)
    world.rule = rule
    supply = dict(answers)
    world.supply = supply
    request = run(world, frame, supply)
    if request is not None:
        key = request.name if request.name in shortcuts else f"choose: {{{request.name}: ...}}"
        raise IllegalAction(rule, f"{what} asks {request.chooser} {request.what}: write it in the entry, {key} (the "
                                  f"choices: {request.shown()})")
    leftover(supply, what, rule)
    return frame


def play_card(state: SoLongState, player: str, card: str, answers: dict[str, Any], rule: str) -> Frame:
    c = state.data.cards[card]
    return run_script(state, card, f"{card} (\"{c.text}\")", c.script, player, answers, rule, shortcuts=("to", "take"))


def answers_of(state: SoLongState, player: str, card: str) -> list[dict[str, Any]]:
    """Every set of answers ``card`` can be played with now: the simulator's whole legal set."""
    return answers_for(state, player, card, state.data.cards[card].script)


def answers_for(state: SoLongState, player: str, source: str, script: Any) -> list[dict[str, Any]]:
    """Every set of answers ``source``'s script (a card, a Vision) can run with now."""
    if script is None or script.effect is None:
        return [{}]
    return answer_sets(lambda: (SWorld(state.copy()), Frame(source, script.effect, player)))


def run_event(state: SoLongState, event: str, controller: str, answers: dict[str, Any] | None = None,
              rule: str = RULE_EVENT, ignore: tuple[str, ...] = ()) -> Frame:
    """An event's effect: in the Event Phase for the First Player (a Reboot's spares the players
    in ``ignore``, who paid a Mark of Sol), or, for an event naming a Vision, in the Vision Phase
    for the player there resolving it (ruling SL2). The choices are the entry's ``choose``."""
    e = state.data.events[event]
    return run_script(state, event, f"{event} (\"{e.text}\")", e.script, controller, answers or {}, rule,
                      {"ignore": tuple(ignore)})


def run_vision(state: SoLongState, vision: str, player: str, answers: dict[str, Any], rule: str) -> Frame:
    """A Vision's effect ("4. Vision Phase, 1. Vision's Effect") from its script."""
    v = state.data.visions[vision]
    return run_script(state, vision, f"{vision}'s effect (\"{v.text}\")", v.script, player, answers, rule)

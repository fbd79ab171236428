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
    change          change      which token changes (Father's Old Coat, when two types count)

Readings (docs/rulings.md SL23-SL26, SL28, SL36-SL38):
- SL23 A chosen Vision changes only to an unlocked Vision, the card player's when the text
  says "of your choice", else the mover's; a player on a Vision off the clock (a Gestalt
  Vision, L'Uno) has no adjacent one and stays. "Any unlocked Vision" is another one.
- SL24 "Choose another player on your Vision" with nobody there does nothing (the card is
  still played and paid).
- SL25 Changes to the Vision Phase order made in the Hindrance Phase take effect when the
  Vision Phase starts (from the First Player, then who acts last); made in the Vision Phase
  (Hindrance cards may be played in step 3, SL7) they reorder the players yet to act.
- SL26 A round rule ("This round, ...") holds until the End Phase.
- SL28 Father's Old Coat asks which token changes when tokens of two types count as the one
  named (The Sky Turns Grey).
- SL36 "Other" is another card, not another name (`others_in_field`).
- SL37 An outcome written empty (``ops: []``) is an outcome: ``written=()`` is checked,
  ``written=None`` is no outcome written.
- SL38 Of alike tokens (one Vision's, two colours), a written outcome's is the one moved.
"""

from __future__ import annotations

import itertools
from typing import Any

from pnp.effects.language import EFFECT, Ability, Step
from pnp.effects.phrases import Phrase
from rules_check.core.errors import IllegalAction
from rules_check.core.ops import Op
from rules_check.effects import Frame, Request, Verb, answer_sets, describe, leftover, mismatch, run

from rules_check.core.zones import is_unseen

from . import continuous, seen
from .marks import gain_mark, mark_source
from .state import (BOX, DISCARD, EVENT_DECK, FEELINGS, GESTALT_DECK, HINDRANCE, MARK, REMNANT_DECK, SOLO, SYSTEM,
                    VISION_PHASE, SoLongState, chosen, field_of, hand, stock, tokens, vision_zone)

RULE_CARDS = "So Long, My World: 4. Vision Phase, 3. Play Cards"
RULE_EVENT = "So Long, My World: 1. Event Phase"
RULE_HINDRANCE = "So Long, My World: 3. Hindrance Phase"


def _names(values: Any) -> str:
    return ", ".join(map(str, values))


class SWorld:
    """The So Long, My World table a card acts on."""

    rule = RULE_HINDRANCE

    def __init__(self, state: SoLongState, answerer: str | None = None) -> None:
        self.state = state
        self.verbs = VERBS
        self.supply: dict[str, Any] = {}  # the answers an entry writes (a choice with one option is asked if written)
        # who writes the entry being read: a question for another player waits for their own
        # entry ({player: P, choose: {...}}), as "each player ... of their choice" asks
        self.answerer = answerer
        # reading an entry (not enumerating choices): "each player may" left unanswered by its
        # player is declined (reading SL33)
        self.defaults = False
        # an outcome the entry writes as operations: where the rules leave which of two alike
        # tokens moves (a Vision token of another colour), it is read as written (reading SL38)
        self.written: tuple[Op, ...] = ()
        # finding a script's first question (`first_question`): a choice with one option is a
        # question too (a solo Reach's effect is declined when its first one is not answered)
        self.ask_all = False

    def asks(self, name: str, options: list, chooser: str | None = None) -> bool:
        """Whether to ask ``name``: when there is a choice, or when the entry answers it anyway
        (so that a written answer is checked, not ignored); a single option of another
        player's is never waited for."""
        if len(options) > 1 or self.ask_all:
            return True
        return name in self.supply and (chooser is None or self.answerer in (None, chooser))

    def others(self, p: str) -> list[str]:
        """The players "another player" can name for ``p``; in the solo game ``p`` alone
        (Solo Mode F.A.Q.: "All lines that refer to other players must be read as they refer to
        yourself", reading SL27)."""
        s = self.state
        if s.mode == SOLO:
            return [p]
        return [q for q in s.order() if q != p]

    def test(self, frame: Frame, condition: Phrase) -> bool:
        raise AssertionError("no So Long, My World script has a condition yet")

    def may(self, frame: Frame, step: Step) -> Request:
        """"You may ...": the player answers yes or no (``choose: {may: yes}``)."""
        return may_request(self, frame.controller, f"whether to {step.verb} ('you may')")

    def remember(self, frame: Frame, step: Step) -> None:
        raise AssertionError("no So Long, My World script remembers a step yet")

    # --- what a card changes -----------------------------------------------------------------

    def move(self, frame: Frame, item: str, src: str, dst: str) -> None:
        """Every change a card makes goes through here, so its outcome is recorded (a log that
        writes it as operations is compared with it: docs/logs/README.md, "Card effects")."""
        s = self.state
        s.zones.move(item, src, dst)
        frame.outcome.append(Op("move", item=item, src=src, dst=dst))
        if src.startswith("vision:") and dst.startswith("stock:") and not s.feelings_on(src.split(":", 1)[1]):
            continuous.happened(s, continuous.YOU_EMPTY_A_VISION, dst.split(":", 1)[1])

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


def _yes_no(w: "SWorld"):
    def read(raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in ("yes", "no"):
            return raw.strip().lower() == "yes"
        raise IllegalAction(w.rule, f"expected yes or no, got {raw!r}")
    return read


def may_request(w: "SWorld", chooser: str, what: str) -> Request:
    """A "may": yes or no, written ``may: yes``."""
    return Request("may", chooser, [True, False], what, _yes_no(w), lambda v: "yes" if v else "no")


def _feeling(raw: Any) -> Any:
    return raw.strip().lower() if isinstance(raw, str) else raw


def _feelings(w: "SWorld"):
    def read(raw: Any) -> tuple:
        if not isinstance(raw, list) or any(_feeling(f) not in FEELINGS for f in raw):
            raise IllegalAction(w.rule, f"expected a list of Feelings, got {raw!r}")
        return tuple(sorted(_feeling(f) for f in raw))
    return read


def _card(w: "SWorld"):
    def read(raw: Any) -> Any:
        return w.state.data.resolve(raw) if isinstance(raw, str) else raw
    return read


def combos(items: list[str], n: int) -> list[tuple[str, ...]]:
    """The different choices of ``n`` of ``items`` (Feelings of a kind are alike)."""
    if len(set(items)) == len(items):  # all different (a hand's cards): the same, without the set's work
        return list(itertools.combinations(sorted(items), n))
    return sorted({tuple(sorted(c)) for c in itertools.combinations(items, n)})


class Each(Verb):
    """A step every player it names does in turn order ("each player ..."), each answering
    their own questions ("of their choice"): a question of another player than the one who
    writes the entry waits for that player's entry. Each player's part is done as soon as
    their answers are in, so the next player chooses on the table it left ("Starting with the
    First Player ..."). ``optional`` ("each player may"): first a yes or no."""

    def ask(self, w: "SWorld", frame: Frame, step: Step, p: str, got: dict[str, Any]) -> Request | None:
        """The next question ``p``'s part asks, given their answers so far (None: none)."""
        return None

    def act(self, w: "SWorld", frame: Frame, step: Step, p: str, got: dict[str, Any]) -> bool:
        """Do ``p``'s part; True when it was done in full."""
        raise NotImplementedError

    def can(self, w: "SWorld", frame: Frame, step: Step, p: str) -> bool:
        """Whether ``p`` can do the optional part at all (else no yes-or-no is asked)."""
        return True

    def players(self, w: "SWorld", frame: Frame, step: Step) -> list[str]:
        return recipients(w, frame, step)

    def request(self, w, frame, step):
        st = frame.answers
        if "_who" not in st:
            st.update({"_who": tuple(self.players(w, frame, step)), "_done": (), "_full": True, "_got": ()})
        for p in st["_who"]:
            if p in st["_done"]:
                continue
            got = dict(st["_got"])
            for k in [k for k in st if not k.startswith("_")]:
                got[k.removesuffix(f" for {p}")] = st.pop(k)
            st["_got"] = tuple(got.items())
            if step.get("optional"):
                if not self.can(w, frame, step, p):
                    got["may"] = False
                if "may" not in got and w.defaults and p == w.answerer and "may" not in w.supply:
                    got["may"] = False  # not written: declined (reading SL33)
                if "may" not in got:
                    return self.named(w, frame, p, may_request(w, p, f"whether to {step.verb} ({p}: 'may')"))
            if step.get("optional") and not got["may"]:
                ok = True
            else:
                question = self.ask(w, frame, step, p, got)
                st["_got"] = tuple(got.items())  # what ask did already (Draw: the cards drawn)
                if question is not None:
                    question = self.named(w, frame, p, question)
                    if question.options and not w.asks(question.name, question.options, question.chooser):
                        st[question.name] = question.options[0]
                        return self.request(w, frame, step)
                    if question.options:
                        return question
                ok = self.act(w, frame, step, p, got)
            st["_done"] = st["_done"] + (p,)
            st["_got"] = ()
            st["_full"] = st["_full"] and ok
        return None

    @staticmethod
    def named(w: "SWorld", frame: Frame, p: str, question: Request) -> Request:
        """A question about ``p``'s part is named ``NAME for P`` when one entry answers it
        beside other players' (the card player choosing for two, A Song for Two; a log written
        as operations); in ``p``'s own entry, plain ``NAME``."""
        own = question.chooser == p and (w.answerer is not None or p == frame.controller)
        if not own and len(frame.answers.get("_who", ())) > 1:
            question.name = f"{question.name} for {p}"
        return question

    def run(self, w, frame, step):
        return frame.answers.get("_full", True)


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
        options = [p for p in w.others(frame.controller) if p != frame.controller]
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


class ChangeVision(Each):
    """Each mover's chosen Vision token moves (reading SL23): to the Vision named, or where the
    mover chooses ("an adjacent one": in their own entry when they are not the card player), or
    the card player ("of your choice")."""

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

    def players(self, w, frame, step):
        """The movers who have somewhere to go (reading SL23)."""
        dest = step.value
        return [p for p in self.movers(w, frame, step) if w.destinations(p, dest.kind, dest.vision)]

    def ask(self, w, frame, step, p, got):
        dest = step.value
        if "to" in got or dest.kind == "named":  # "to Special Person": nothing to choose
            return None
        chooser = p if dest.kind == "adjacent" else frame.controller  # "of your choice": the card player
        return Request("to", chooser, w.destinations(p, dest.kind, dest.vision),
                       f"where {p}'s chosen Vision goes from {w.state.vision_of[p]} ({dest.words})", _read_vision(w))

    def act(self, w, frame, step, p, got):
        to = step.value.vision if step.value.kind == "named" else got.get("to")
        if to is None:
            return False
        w.move_vision(frame, p, to)
        return True

    def run(self, w, frame, step):
        return bool(frame.answers.get("_who")) and frame.answers.get("_full", True)


class SwapVisions(Verb):
    def request(self, w, frame, step):
        if step.value.key != "two" or "players" in frame.answers:
            return None
        pairs = [tuple(sorted(c)) for c in itertools.combinations(w.state.players, 2) if self.can(w, *c)]
        if not pairs:
            return None

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
        if not self.can(w, a, b):
            return False
        va, vb = w.state.vision_of[a], w.state.vision_of[b]
        w.move_vision(frame, a, vb)
        w.move_vision(frame, b, va)
        return True

    @staticmethod
    def can(w: SWorld, a: str, b: str) -> bool:
        """Both hold the token of the other's Vision (one renounced, The Last Train, is gone;
        reading SL32)."""
        s = w.state
        va, vb = s.vision_of.get(a), s.vision_of.get(b)
        if va is None or vb is None:
            return False
        if s.mode == SOLO or va == vb:
            return True
        return s.token_for(a, vb) in s.zones[tokens(a)] and s.token_for(b, va) in s.zones[tokens(b)]


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


def order_request(w: SWorld, frame: Frame, items: list[str], read_one, what: str, question: str) -> Request | None:
    """"Choose the order": every order of ``items`` (first first; None with fewer than two)."""
    if len(items) < 2:
        return None

    def read(raw: Any) -> tuple:
        if not isinstance(raw, list):
            raise IllegalAction(w.rule, f"expected {what} in order, got {raw!r}")
        return tuple(read_one(x) for x in raw)
    return Request("order", frame.controller, sorted(set(itertools.permutations(items))), question, read, list)


class ChooseOrder(Verb):
    def _players(self, w: SWorld) -> list[str]:
        s = w.state
        return s.sequence[s.turn + 1:] if s.phase == VISION_PHASE else s.order()

    def request(self, w, frame, step):
        if "order" in frame.answers:
            return None
        return order_request(w, frame, self._players(w), _read_player(w), "the players",
                             "the order of the Vision Phase, first to act first")

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


class ThisRound(Verb):
    def run(self, w, frame, step):
        w.state.round_rules.add(step.value.key)  # reading SL26
        return True


def recipients(w: "SWorld", frame: Frame, step: Step) -> list[str]:
    """Who a step's ``who:`` names; "each player here": the player resolving a Vision's event
    in their own Vision Phase (ruling SL2), each on their turn. Players who paid a Mark of Sol
    to ignore a Reboot are left out ("Reboot Cards")."""
    spared = frame.bindings.get("ignore", ())
    return list(dict.fromkeys(p for p in _named(w, frame, step) if p not in spared))  # "you and that player": once


def _named(w: "SWorld", frame: Frame, step: Step) -> list[str]:
    who = step.get("who")
    key = who.key if who is not None else "you"
    s = w.state
    if key == "each":
        return s.order()
    if key == "no field":
        return [p for p in s.order() if not s.zones[field_of(p)]]
    if key == "others":
        return w.others(frame.controller)
    if key == "first":
        return [s.first_player()]
    if key in ("you and chosen", "you and other"):  # the card player and "they" (once: `recipients`)
        return [frame.controller] + ([frame.bindings["they"]] if "they" in frame.bindings else [])
    return [frame.controller]


def gain(w: "SWorld", frame: Frame, p: str, item: str) -> bool:
    """``p`` receives ``item`` (a Feeling or a Mark of Sol) from the System, if it has one. A
    Mark of Sol comes from where every gained Mark comes from (reading SL10: with the Gestalt
    Visions variant, Clocktower Library first, then the next, which unlock when emptied; then
    the System)."""

    s = w.state
    if item == MARK:
        src = gain_mark(s, p)
        if src is None:
            return False
        frame.outcome.append(Op("move", item=MARK, src=src, dst=stock(p)))
        return True
    if item not in s.zones[SYSTEM]:
        return False
    w.move(frame, item, SYSTEM, stock(p))
    return True


def gain_possible(w: "SWorld", item: str) -> bool:
    """Whether ``item`` can be gained now (`gain`)."""

    return mark_source(w.state) is not None if item == MARK else item in w.state.zones[SYSTEM]


def item_of(tokens_: Any) -> str:
    return MARK if tokens_.item == "mark-of-sol" else tokens_.item


def feelings_request(w: "SWorld", name: str, chooser: str, pool: list[str], n: int, what: str) -> Request | None:
    """A choice of ``n`` Feelings of ``pool`` (all of it when it holds fewer): one Feeling is
    written as itself, several as a list; None when there is nothing to choose from."""
    options = combos(pool, min(n, len(pool)))
    if options == [()]:
        return None
    if n == 1:
        return Request(name, chooser, [o[0] for o in options], what, _feeling)
    return Request(name, chooser, options, what, _feelings(w), list)


def receive_question(w: "SWorld", tokens_: Any, p: str, chooser: str, name: str = "receive") -> Request | None:
    """The Feelings ``p`` receives "of your/their choice", among those the System has."""
    have = [f for f in w.state.zones[SYSTEM] if f in FEELINGS]
    n = tokens_.amount
    return feelings_request(w, name, chooser, have, n, f"the {n} Feeling{'s' if n > 1 else ''} {p} receives from "
                                                       f"the System")


def receive(w: "SWorld", frame: Frame, p: str, tokens_: Any, got: dict[str, Any], name: str = "receive",
            times: int = 1) -> bool:
    """``p`` receives ``tokens_`` (``times`` over): fixed tokens, or the Feelings chosen."""
    if tokens_.item in ("your choice", "their choice"):
        chosen_ = got.get(name)
        if chosen_ is None:
            return False
        items = [chosen_] if isinstance(chosen_, str) else list(chosen_)
        return all(gain(w, frame, p, f) for f in items) and len(items) == tokens_.amount
    return all([gain(w, frame, p, item_of(tokens_)) for _ in range(tokens_.amount * times)])


class Receive(Each):
    """From the System, as much as it has left. "1 more": of what the step before gave.
    "for each ..., up to N": counted when the step is done."""

    def request(self, w, frame, step):
        who = step.get("who")
        if who is not None and who.key == "you and other" and "they" not in frame.bindings:
            options = [q for q in w.others(frame.controller) if q != frame.controller]
            if "player" not in frame.answers and options:
                return Request("player", frame.controller, options, "another player of your choice",
                               _read_player(w))
            if "player" in frame.answers:
                frame.bindings["they"] = frame.answers.pop("player")
        return super().request(w, frame, step)

    def ask(self, w, frame, step, p, got):
        if step.value.item in ("your choice", "their choice") and "receive" not in got:
            chooser = frame.controller if step.value.item == "your choice" else p
            return receive_question(w, step.value, p, chooser)
        if step.value.item == "vision token" and "token" not in got:  # a solo Path's bonus: which Vision's
            options = sorted({w.state.data.tokens[t][0] for t in w.state.zones[SYSTEM] if t in w.state.data.tokens})
            return Request("token", p, options, "the Vision whose token is received from the System",
                           _read_vision(w)) if options else None
        return None

    def act(self, w, frame, step, p, got):
        tokens_ = step.value
        if tokens_.item == "more":
            tokens_ = frame.bindings.get("received", tokens_)
            if tokens_.item == "more":
                return False
        if tokens_.item == "vision token":
            vision = got.get("token")
            there = [t for t in w.state.zones[SYSTEM] if w.state.data.tokens.get(t, ("",))[0] == vision]
            if not there:
                return False
            own = w.state.token_for(p, vision) if p in w.state.colours else None
            named = [op.item for op in w.written if op.kind == "move" and op.item in there
                     and (op.src, op.dst) == (SYSTEM, tokens(p))]
            # the token a written outcome names (any colour: alike for the player, reading SL38),
            # else the player's colour first
            w.move(frame, named[0] if named else own if own in there else there[0], SYSTEM, tokens(p))
            return True
        times = 1
        each = step.get("for each")
        if each is not None:
            times = min(counted(w, frame, p, each.key), step.get("up to"))
        done = receive(w, frame, p, tokens_, got, times=times)
        frame.bindings["received"] = tokens_
        return done


def counted(w: "SWorld", frame: Frame, p: str, what: str) -> int:
    """What a "for each" counts for ``p``."""
    s = w.state
    if what in ("despair", "hope"):
        return sum(1 for x in s.zones[stock(p)] if what in counts_as(s, x))
    if what == "discarded":
        return frame.bindings.get("discarded", 0)
    karma = what.split()[0]  # "other card with a positive karma in your field": another card (reading SL36)
    return sum(1 for c in others_in_field(w, frame, p) if s.data.cards[c].karma == karma)


def counts_as(state: SoLongState, token: str) -> set[str]:
    """The Feeling types a token counts as: its own; this round, a {hope} also as a
    {resignation} (The Sky Turns Grey; card costs do not change; reading SL28)."""
    if token == "hope" and "hope is resignation" in state.round_rules:
        return {"hope", "resignation"}
    return {token}


def draw(w: "SWorld", frame: Frame, p: str, cards: Any, times: int = 1) -> bool:
    s = w.state
    got = True
    for n, deck in cards.parts:
        zone = GESTALT_DECK if deck == "gestalt" else REMNANT_DECK
        for _ in range(n * times):
            if not s.zones[zone]:
                got = False
                continue
            w.move(frame, s.zones[zone][-1], zone, hand(p))
    return got


def _source_name(frame: Frame) -> str:
    return str(frame.source)


def cards_in(w: "SWorld", zone: str) -> list[str]:
    """The Remnant and Gestalt cards of a zone, each name once (the choices it offers); of a hand
    with unseen cards, every card they can be too (seen.options, reading SL41)."""
    return seen.options(w.state, zone)


class ShowFirst(IllegalAction):
    """An effect looks at unseen top cards of ``zone`` (a table log): the log shows them first
    (reading SL41); the moves of a table state offer that show instead (table_moves.py)."""

    def __init__(self, rule: str, message: str, zone: str) -> None:
        super().__init__(rule, message)
        self.zone = zone


def shown_top(w: "SWorld", zone: str, depth: int, what: str) -> list[str]:
    """The top ``depth`` cards of a deck an effect looks at, top first: a table log shows them
    first (``show: {DECK: [...]}``, reading SL41)."""
    top = list(reversed(w.state.zones[zone][-depth:]))
    if any(is_unseen(x) for x in top):
        raise ShowFirst(w.rule, f"{what} looks at the top {len(top)} cards of the {zone}: the log shows them "
                                f"first ({{show: {{{zone}: [...]}}}}, top first; reading SL41)", zone)
    return top


def hand_question(w: "SWorld", p: str, chooser: str, name: str = "discard", what: str = "") -> Request | None:
    options = cards_in(w, hand(p))
    if not options:
        return None
    return Request(name, chooser, options, what or f"the card {p} discards from their hand", _card(w))


class Draw(Each):
    def ask(self, w, frame, step, p, got):
        if step.get("then discard") is not None and "drawn" not in got:
            got["drawn"] = draw(w, frame, p, step.value)  # the cards come in before the discard
        if step.get("then discard") is not None and "discard" not in got:
            return hand_question(w, p, p)
        return None

    def act(self, w, frame, step, p, got):
        if step.get("then discard") is not None:
            card = got.get("discard")
            if card is not None:
                w.move(frame, card, hand(p), DISCARD)
            return bool(got.get("drawn")) and card is not None
        times = 1
        each = step.get("for each")
        if each is not None:
            times = counted(w, frame, p, each.key)
            if step.get("up to"):
                times = min(times, step.get("up to"))
        return draw(w, frame, p, step.value, times)


class Discard(Each):
    """A card of the hand to the discard pile: the owner's choice, or at random (a chance
    node: the log writes the card that came out, the simulator draws it). Then what it buys
    (``to draw``, ``to receive``) or what comes with it (``and return``)."""

    def ask(self, w, frame, step, p, got):
        if "discard" not in got and "at random" not in got:
            q = hand_question(w, p, p, "at random", f"the card discarded at random from {p}'s hand") \
                if step.value.key == "random" else hand_question(w, p, p)
            if q is not None:
                return q
        if step.get("to receive") is not None and "receive" not in got and "discard" in got:
            return receive_question(w, step.get("to receive"), p, p)
        if step.get("and return") is not None and "return" not in got:
            return return_question(w, step.get("and return").key, p)
        return None

    def can(self, w, frame, step, p):
        return bool(cards_in(w, hand(p)))

    def act(self, w, frame, step, p, got):
        card = got.get("discard", got.get("at random"))
        done = card is not None
        if card is not None:
            w.move(frame, card, hand(p), DISCARD)
            frame.bindings["discarded"] = frame.bindings.get("discarded", 0) + 1
            if step.get("to draw") is not None:
                done = draw(w, frame, p, step.get("to draw")) and done
            if step.get("to receive") is not None:
                done = receive(w, frame, p, step.get("to receive"), got) and done
        if step.get("and return") is not None:
            done = give_back(w, frame, p, got.get("return", ())) and done
        return done


def others_in_field(w: "SWorld", frame: Frame, p: str) -> list[str]:
    """The cards of ``p``'s field other than the card whose effect it is: "other" means another
    card, not another name (a second copy of it is another card; reading SL36). The card
    played lies in its player's field by now (pay_and_place), once."""
    rest = [c for c in w.state.zones[field_of(p)] if c in w.state.data.cards]
    if frame.source in rest:
        rest.remove(frame.source)
    return rest


def field_options(w: "SWorld", frame: Frame, key: str, p: str) -> list[tuple[str, str]]:
    """(owner, card) pairs a "remove" can take: of ``p``'s field, another's, anyone's."""
    s = w.state
    if key in ("field", "other of yours"):
        owners = [p]
    elif key == "another's":
        owners = [q for q in w.others(p) if q != p]
    else:
        owners = s.order()
    out = []
    for q in owners:
        names = sorted(set(others_in_field(w, frame, q))) if key == "other of yours" else cards_in(w, field_of(q))
        for c in names:
            if key == "positive, anyone's" and s.data.cards[c].karma != "positive":
                continue
            out.append((q, c))
    return out


class Remove(Each):
    """A card of a field to the discard pile (Death Drive: "it goes to the discard pile")."""

    def ask(self, w, frame, step, p, got):
        if "remove" in got:
            return None
        options = field_options(w, frame, step.value.key, p)
        if not options:
            return None
        mine = all(q == p for q, _ in options)
        if mine:
            return Request("remove", p, [c for _, c in options], f"the card {p} removes from their field", _card(w))

        def read(raw: Any) -> tuple:
            if not (isinstance(raw, dict) and len(raw) == 1):
                raise IllegalAction(w.rule, f"expected {{PLAYER: CARD}}, got {raw!r}")
            (q, c), = raw.items()
            return (q, _card(w)(c))
        return Request("remove", p, options, "the card removed, with whose field it is in", read,
                       lambda v: {v[0]: v[1]})

    def can(self, w, frame, step, p):
        return bool(field_options(w, frame, step.value.key, p))

    def act(self, w, frame, step, p, got):
        pick = got.get("remove")
        if pick is None:
            return False
        owner, card = (p, pick) if isinstance(pick, str) else pick
        w.move(frame, card, field_of(owner), DISCARD)
        if step.get("to receive") is not None:
            return receive(w, frame, p, step.get("to receive"), got)
        return True


def return_question(w: "SWorld", key: str, p: str) -> Request | None:
    """What ``p`` returns to the System, when it is theirs to choose."""
    s = w.state
    mine = [x for x in s.zones[stock(p)] if x in FEELINGS]
    if key == "despair or madness":
        options = sorted({x for x in mine if x in ("despair", "madness")})
        return Request("return", p, options, f"the Feeling {p} returns ({{despair}} or {{madness}})", _feeling) \
            if options else None
    if key in ("1 of choice", "2 of choice", "half"):
        n = {"1 of choice": 1, "2 of choice": 2}.get(key, len(mine) // 2)
        what = f"the Feeling {p} returns to the System" if n == 1 else f"the {n} Feelings {p} returns to the System"
        return feelings_request(w, "return", p, mine, n, what)
    return None


def give_back(w: "SWorld", frame: Frame, p: str, what: Any) -> bool:
    items = [what] if isinstance(what, str) else list(what)
    for x in items:
        w.move(frame, x, stock(p), SYSTEM)
    return bool(items)


class Return(Each):
    """Tokens of a stock back to the System: the owner chooses which (reading SL29: "half of
    their Feelings" counts Feelings only, rounded down)."""

    def ask(self, w, frame, step, p, got):
        if "return" not in got:
            q = return_question(w, step.value.key, p)
            if q is not None:
                return q
        if step.get("to receive") is not None and "return" in got and "receive" not in got:
            return receive_question(w, step.get("to receive"), p, p) \
                if step.get("to receive").item.endswith("choice") else None
        return None

    def can(self, w, frame, step, p):
        return self.fixed(w, step, p) is not None or return_question(w, step.value.key, p) is not None

    def fixed(self, w, step, p) -> str | None:
        """The token returned when there is nothing to choose ({mark-of-sol}, {despair})."""
        key = step.value.key
        item = {"mark": MARK}.get(key, key)
        if key in ("mark", "despair"):
            have = [x for x in w.state.zones[stock(p)] if item in counts_as(w.state, x) or x == item]
            return have[0] if have else None
        return None

    def act(self, w, frame, step, p, got):
        what = got.get("return")
        if what is None:
            what = self.fixed(w, step, p)
        done = what is not None and give_back(w, frame, p, what)
        if done and step.get("to receive") is not None:
            done = receive(w, frame, p, step.get("to receive"), got)
        if step.get("and draw") is not None:
            done = draw(w, frame, p, step.get("and draw")) and done
        return done


class Give(Each):
    """A Feeling (or a card of the hand) of one player's to another: Collective Unconscious
    ("gives you ... of their choice"), Hand in Hand, L'Uno."""

    def receiver(self, w, frame, step, p) -> list[str]:
        key = step.get("to").key
        if key == "you":
            return [frame.controller]
        s = w.state
        others = [q for q in w.others(p) if q != p]
        if key == "other here":
            return [q for q in others if s.vision_of.get(q) == s.vision_of.get(p)]
        return others

    def things(self, w, step, p) -> list[str]:
        s = w.state
        out = sorted({x for x in s.zones[stock(p)] if x in FEELINGS})
        if step.value.key == "feeling or card":
            out += seen.options(s, hand(p))
        return out

    def can(self, w, frame, step, p):
        return bool(self.things(w, step, p)) and bool(self.receiver(w, frame, step, p))

    def ask(self, w, frame, step, p, got):
        if "to" not in got:
            to = self.receiver(w, frame, step, p)
            if to:
                return Request("to", p, to, f"the player {p} gives to", _read_player(w))
        if "give" not in got and got.get("to") is not None:
            options = self.things(w, step, p)
            return Request("give", p, options, f"what {p} gives to {got['to']}",
                           lambda raw: _feeling(raw) if _feeling(raw) in FEELINGS else _card(w)(raw)) \
                if options else None
        return None

    def act(self, w, frame, step, p, got):
        thing, to = got.get("give"), got.get("to")
        if thing is None or to is None or to == p:
            return False
        if thing in FEELINGS:
            w.move(frame, thing, stock(p), stock(to))
        else:
            w.move(frame, thing, hand(p), hand(to))
        if step.get("then receive") is not None:
            return receive(w, frame, p, step.get("then receive"), got)
        return True


class TakeFeelings(Each):
    """Feelings into the taker's stock: from their chosen Vision (Soul Box, ruling SL8: all
    when fewer are there), any one Vision, an adjacent Vision, each adjacent Vision (of one
    type), or another player's stock."""

    def sources(self, w, frame, step, p) -> list[str]:
        """The zones the Feelings may come from."""
        s = w.state
        kind = step.get("from").kind
        here = s.vision_of.get(p)
        if kind == "chosen":
            return [vision_zone(here)] if here is not None else []
        if kind == "stock":
            return [stock(q) for q in w.others(p) if q != p]
        if kind in ("adjacent", "each adjacent"):
            visions = s.adjacent(here) if here is not None else []
        else:
            visions = s.unlocked()
        return [vision_zone(v) for v in visions]

    @staticmethod
    def zone(w, step, p, got) -> str:
        """The zone the Feelings are taken from: the taker's Vision, or the one chosen."""
        kind = step.get("from").kind
        if kind == "chosen":
            return vision_zone(w.state.vision_of[p])
        return stock(got["from"]) if kind == "stock" else vision_zone(got["from"])

    def there(self, w, zone: str, kind: str | None) -> list[str]:
        return [x for x in w.state.zones[zone] if x in FEELINGS and (kind is None or x == kind)]

    def can(self, w, frame, step, p):
        return any(self.there(w, z, step.value.kind) for z in self.sources(w, frame, step, p))

    def ask(self, w, frame, step, p, got):
        kind = step.get("from").kind
        if kind == "each adjacent" or "take" in got:
            return None
        zones = [z for z in self.sources(w, frame, step, p) if self.there(w, z, step.value.kind)]
        if not zones:  # nothing there: a written "take: []" is still read (Soul Box on an empty Vision)
            return Request("take", p, [()], "the Feelings taken (none are there)", _feelings(w), list)
        if kind != "chosen" and "from" not in got:
            label = "player whose stock" if kind == "stock" else "Vision"
            names = [z.split(":", 1)[1] for z in zones]
            return Request("from", p, names, f"the {label} {p} takes from", _read_player(w) if kind == "stock"
                           else _read_vision(w))
        zone = self.zone(w, step, p, got)
        there = self.there(w, zone, step.value.kind)
        sizes = range(1, min(step.value.amount, len(there)) + 1) if step.get("up to") else \
            [min(step.value.amount, len(there))]
        options = [c for n in sizes for c in combos(there, n)]
        return Request("take", p, options, f"the Feelings {p} takes from {zone.split(':', 1)[1]}", _feelings(w),
                       list)

    def act(self, w, frame, step, p, got):
        kind = step.get("from").kind
        if kind == "each adjacent":
            done = True
            for zone in self.sources(w, frame, step, p):
                found = self.there(w, zone, step.value.kind)
                if found:
                    w.move(frame, found[0], zone, stock(p))
                else:
                    done = False
            return done
        taken = got.get("take", ())
        if not taken:
            return False
        zone = self.zone(w, step, p, got)
        for f in taken:
            w.move(frame, f, zone, stock(p))
        return len(taken) == step.value.amount


class PutExtra(Each):
    """A Feeling of the System onto a Vision (Empty Shelves: the First Player's choice; Calm
    Before: the Vision with the fewest Feelings, the First Player choosing among those tied,
    reading SL30). Never onto a locked Vision (Glossary)."""

    def ask(self, w, frame, step, p, got):
        if "where" in got:
            return None
        s = w.state
        options = s.unlocked()
        if step.get("where").key == "fewest":
            fewest = min(len(s.feelings_on(v)) for v in options) if options else 0
            options = [v for v in options if len(s.feelings_on(v)) == fewest]
        return Request("where", p, options, "the Vision the extra Feeling goes on", _read_vision(w))

    def act(self, w, frame, step, p, got):
        where = got.get("where")
        item = item_of(step.value)
        if where is None or item not in w.state.zones[SYSTEM]:
            return False
        w.move(frame, item, SYSTEM, vision_zone(where))
        return True


class Renounce(Each):
    """A Vision token behind the screen leaves the game (to the box), for what it buys."""

    def options(self, w, p) -> list[str]:
        return sorted(set(w.state.zones[tokens(p)]))

    def can(self, w, frame, step, p):
        return bool(self.options(w, p))

    def ask(self, w, frame, step, p, got):
        if "renounce" not in got:
            return Request("renounce", p, self.options(w, p), f"the Vision token {p} renounces",
                           lambda raw: raw)
        if step.get("to receive") is not None and "receive" not in got:
            return receive_question(w, step.get("to receive"), p, p)
        return None

    def act(self, w, frame, step, p, got):
        token = got.get("renounce")
        if token is None:
            return False
        w.move(frame, token, tokens(p), BOX)
        return receive(w, frame, p, step.get("to receive"), got) if step.get("to receive") is not None else True


class SwapFeeling(Each):
    """Last Orders: a Feeling of the stock for a Feeling of the System (another type, or the
    swap changes nothing)."""

    def pairs(self, w, p) -> list[tuple[str, str]]:
        s = w.state
        mine = sorted({x for x in s.zones[stock(p)] if x in FEELINGS})
        system = sorted({x for x in s.zones[SYSTEM] if x in FEELINGS})
        return [(a, b) for a in mine for b in system if a != b]

    def can(self, w, frame, step, p):
        return bool(self.pairs(w, p))

    def ask(self, w, frame, step, p, got):
        if "swap" in got:
            return None

        def read(raw: Any) -> tuple:
            if not (isinstance(raw, dict) and set(raw) == {"give", "get"}):
                raise IllegalAction(w.rule, f"expected {{give: FEELING, get: FEELING}}, got {raw!r}")
            return (_feeling(raw["give"]), _feeling(raw["get"]))
        return Request("swap", p, self.pairs(w, p), f"the Feeling {p} gives the System and the one they get", read,
                       lambda v: {"give": v[0], "get": v[1]})

    def act(self, w, frame, step, p, got):
        pair = got.get("swap")
        if pair is None:
            return False
        w.move(frame, pair[0], stock(p), SYSTEM)
        w.move(frame, pair[1], SYSTEM, stock(p))
        return True


class ReturnCard(Each):
    """Mirror Faces: a card of the field back to the hand."""

    def can(self, w, frame, step, p):
        return bool(cards_in(w, field_of(p)))

    def ask(self, w, frame, step, p, got):
        if "card" in got:
            return None
        options = cards_in(w, field_of(p))
        return Request("card", p, options, f"the card {p} returns to their hand", _card(w)) if options else None

    def act(self, w, frame, step, p, got):
        card = got.get("card")
        if card is None:
            return False
        w.move(frame, card, field_of(p), hand(p))
        return True


class _Orders(list):
    """The orders a player may put back top cards some of which the log never named (reading
    SL41): every order of as many different events that holds the named ones; whether the
    unseen ones can be the others is decided when they are named (`seen.name_top`)."""

    def __init__(self, state: SoLongState, top: list[str]) -> None:
        super().__init__([f"an order of the top {len(top)} Event cards"])
        self.state, self.top = state, top

    def __contains__(self, value: Any) -> bool:
        named = [x for x in self.top if not is_unseen(x)]
        return (isinstance(value, tuple) and len(value) == len(self.top) and len(set(value)) == len(value)
                and all(x in self.state.data.events for x in value) and all(x in value for x in named))


class Arrange(Verb):
    """Progress: the top 3 Event cards back in an order of the player's choice (``order``,
    top first)."""

    def request(self, w, frame, step):
        if "order" in frame.answers:
            return None
        top = w.state.zones[EVENT_DECK][-3:]
        if any(is_unseen(x) for x in top):  # looked at by the player: the order written, or none (SL41)
            if "order" not in w.supply:
                if any(not is_unseen(x) for x in top):
                    raise IllegalAction(w.rule, f"{_source_name(frame)}: the top {len(top)} Event cards hold a card "
                                                f"the log named: write the order they are put back in (order: [...])")
                return None
            return Request("order", frame.controller, _Orders(w.state, top), "the order of the top Event cards, top first",
                           lambda raw: tuple(_card(w)(x) for x in raw) if isinstance(raw, list) else raw, list)
        return order_request(w, frame, list(reversed(top)), _card(w), "the cards",
                             "the order of the top Event cards, top first")

    def run(self, w, frame, step):
        order = frame.answers.get("order")
        deck = w.state.zones[EVENT_DECK]
        if order is None:
            return len(deck) > 0
        n = len(order)
        for card in order:  # the cards the player saw, named where unseen ones are (reading SL41)
            seen.name_top(w.state, EVENT_DECK, card, n, w.rule)
        if list(reversed(deck[-n:])) != list(order):
            del deck[-n:]
            deck.extend(reversed(order))
        return True


class LookAt(Verb):
    """The Last Photograph, Clocktower Library: one of the top 3 cards of a deck into the
    hand; the others discarded, or put at the bottom of the deck (in their order)."""

    def request(self, w, frame, step):
        if "take" in frame.answers:
            return None
        top = sorted(set(shown_top(w, step.value.key, 3, _source_name(frame))))
        if not top:
            return None
        return Request("take", frame.controller, top, f"the card taken from {step.value.words}", _card(w))

    def run(self, w, frame, step):
        zone = step.value.key
        deck = w.state.zones[zone]
        top = shown_top(w, zone, 3, _source_name(frame))
        card = frame.answers.get("take")
        if card is None:
            return False
        w.move(frame, card, zone, hand(frame.controller))
        top.remove(card)
        for c in top:
            if step.get("others").key == "discard":
                w.move(frame, c, zone, DISCARD)
            else:
                deck.remove(c)
                deck.insert(0, c)
                frame.outcome.append(Op("move", item=c, src=zone, dst=zone, bottom=True))
        return len(top) == 2


class ChooseVision(Verb):
    def request(self, w, frame, step):
        if "vision" in frame.answers:
            return None
        return Request("vision", frame.controller, w.state.unlocked(), "a Vision", _read_vision(w))

    def run(self, w, frame, step):
        frame.bindings["it"] = frame.answers.get("vision")
        return frame.bindings["it"] is not None


class ChooseFeeling(Verb):
    def request(self, w, frame, step):
        if "feeling" in frame.answers:
            return None
        return Request("feeling", frame.controller, list(FEELINGS), "a Feeling type", _feeling)

    def run(self, w, frame, step):
        frame.bindings["type"] = frame.answers.get("feeling")
        return True


class TakeEvery(Verb):
    """Unanimous Feeling: every Feeling of the chosen type (and, The Sky Turns Grey, what
    counts as it) on the Visions into the stock."""

    def run(self, w, frame, step):
        kind = frame.bindings.get("type")
        s = w.state
        found = False
        for v in s.visions:
            for f in s.feelings_on(v):
                if kind in counts_as(s, f):
                    w.move(frame, f, vision_zone(v), stock(frame.controller))
                    found = True
        return found


class SwapCards(Verb):
    """Clocks Without Hands: two neighbouring Visions change places around the clock; their
    Feelings and tokens stay on them (a Vision's zone travels with its card)."""

    def pairs(self, s: SoLongState) -> list[tuple[str, str]]:
        n = len(s.clock)
        return [tuple(sorted((s.clock[i], s.clock[(i + 1) % n]))) for i in range(n)]  # type: ignore[misc]

    def request(self, w, frame, step):
        if "visions" in frame.answers:
            return None

        def read(raw: Any) -> tuple:
            if not (isinstance(raw, list) and len(raw) == 2):
                raise IllegalAction(w.rule, f"expected two Visions, got {raw!r}")
            return tuple(sorted(_read_vision(w)(v) for v in raw))
        return Request("visions", frame.controller, sorted(set(self.pairs(w.state))), "the two adjacent Visions "
                       "swapped", read, list)

    def run(self, w, frame, step):
        pair = frame.answers.get("visions")
        if pair is None:
            return False
        c = w.state.clock
        i, j = c.index(pair[0]), c.index(pair[1])
        c[i], c[j] = c[j], c[i]
        return True


class Unlock(Verb):
    """First Light After: a locked Vision of the player's choice is unlocked (an overloaded
    Vision, or a Gestalt Vision still holding Marks of Sol, which keep them)."""

    def request(self, w, frame, step):
        if "vision" in frame.answers:
            return None
        options = [v for v in w.state.visions if v in w.state.locked]
        if not options:
            return None
        return Request("vision", frame.controller, options, "the locked Vision unlocked", _read_vision(w))

    def run(self, w, frame, step):
        v = frame.answers.get("vision")
        if v is None:
            return False
        w.state.locked.discard(v)
        return True


class TakeCard(Verb):
    def request(self, w, frame, step):
        if "card" in frame.answers:
            return None
        options = cards_in(w, DISCARD)
        return Request("card", frame.controller, options, "the card taken from the discard pile", _card(w)) \
            if options else None

    def run(self, w, frame, step):
        card = frame.answers.get("card")
        if card is None:
            return False
        w.move(frame, card, DISCARD, hand(frame.controller))
        return True


class TakeMore(Verb):
    """The Last Escalator: 1 more of the affinity Feeling just drained, from the System (of
    a Karma Catalyst's two, the owner's choice)."""

    def request(self, w, frame, step):
        kinds = sorted(set(frame.bindings.get("drained", ())))
        if "take" in frame.answers or len(kinds) < 2:
            return None
        return Request("take", frame.controller, kinds, "the Feeling taken 1 more of", _feeling)

    def run(self, w, frame, step):
        kinds = sorted(set(frame.bindings.get("drained", ())))
        kind = frame.answers.get("take", kinds[0] if kinds else None)
        return kind is not None and gain(w, frame, frame.controller, kind)


class Change(Verb):
    """Father's Old Coat: a Feeling of the stock back to the System for another from it (The
    Sky Turns Grey: a {hope} counts as a {resignation}). When tokens of more than one type
    count as the Feeling named, the player chooses which one changes (``change: hope``;
    reading SL28): the rules never pick a token for them."""

    @staticmethod
    def candidates(w: SWorld, frame: Frame, step: Step) -> list[str]:
        s = w.state
        return sorted({x for x in s.zones[stock(frame.controller)] if step.value.key in counts_as(s, x)})

    def request(self, w, frame, step):
        if "change" in frame.answers:
            return None
        options = self.candidates(w, frame, step)
        if not options or not w.asks("change", options):
            return None
        return Request("change", frame.controller, options,
                       f"the token of {frame.controller}'s stock that changes (what counts as {{{step.value.key}}})",
                       _feeling)

    def run(self, w, frame, step):
        p = frame.controller
        options = self.candidates(w, frame, step)
        token = frame.answers.get("change", options[0] if options else None)
        if token is None or not gain_possible(w, item_of(step.get("into"))):
            return False
        w.move(frame, token, stock(p), SYSTEM)
        return gain(w, frame, p, item_of(step.get("into")))


class Resolve(Verb):
    """Monochrome Corridor: the script of an unlocked normal Vision, as if the player were on
    it (its choices are the entry's, beside ``vision``)."""

    def request(self, w, frame, step):
        s = w.state
        if "vision" not in frame.answers:
            options = [v for v in s.clock if v not in s.locked and s.data.visions[v].script is not None]
            return Request("vision", frame.controller, options, "the normal Vision whose effect is resolved",
                           _read_vision(w)) if options else None
        inner = frame.bindings.get("_inner")
        if inner is None:
            vision = frame.answers["vision"]
            inner = Frame(vision, s.data.visions[vision].script.effect, frame.controller)
            frame.bindings["_inner"] = inner
            frame.bindings["_here"] = s.vision_of.get(frame.controller)
            s.vision_of[frame.controller] = vision  # "as if you were on it"
        return run(w, inner, frame.answers)

    def run(self, w, frame, step):
        inner = frame.bindings.pop("_inner", None)
        if inner is None:
            return False
        w.state.vision_of[frame.controller] = frame.bindings.pop("_here")
        frame.outcome.extend(inner.outcome)
        return inner.done


class ReturnAll(Verb):
    """"Return all the Feelings on the Visions to the System" (a Reboot: it affects the
    table, so a player's Mark of Sol does not spare it)."""

    def run(self, w, frame, step):
        s = w.state
        visions = [frame.bindings["it"]] if step.value.key == "it" and "it" in frame.bindings else s.visions
        for v in visions:
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
            if (step.get("from").kind != "named" and len(sources) > 1) or "from" in w.supply or w.ask_all:
                return Request("from", chooser, sources, "the Vision the Feeling leaves", _read_vision(w))
            frame.answers["from"] = sources[0]
        src = frame.answers["from"]
        kinds = sorted(set(s.feelings_on(src)))
        if "feeling" not in frame.answers:
            if w.asks("feeling", kinds):
                return Request("feeling", chooser, kinds, f"the Feeling moved from {src}",
                               _feeling)
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
        del deck[len(deck) - 1 - deck[::-1].index(it)]  # the card looked at: the topmost (an unseen one too)
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
                       _feeling)

    def run(self, w, frame, step):
        back = frame.answers.get("return")
        if back is None:
            return False
        w.move(frame, back, stock(frame.controller), SYSTEM)
        gain(w, frame, frame.controller, item_of(step.value))  # a Mark of Sol as every gained one (SL10)
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
    "return": Return(),
    "give": Give(),
    "arrange": Arrange(),
    "look at": LookAt(),
    "return all": ReturnAll(),
    "move feeling": MoveFeeling(),
    "look": Look(),
    "put": Put(),
    "trade": Trade(),
    "choose vision": ChooseVision(),
    "choose feeling": ChooseFeeling(),
    "take every": TakeEvery(),
    "swap cards": SwapCards(),
    "unlock": Unlock(),
    "take card": TakeCard(),
    "put extra": PutExtra(),
    "renounce": Renounce(),
    "swap feeling": SwapFeeling(),
    "return card": ReturnCard(),
    "resolve": Resolve(),
    "take more": TakeMore(),
    "change": Change(),
}


def run_script(state: SoLongState, source: str, what: str, script: Any, controller: str, answers: dict[str, Any],
               rule: str, bindings: dict[str, Any] | None = None, shortcuts: tuple[str, ...] = (),
               answerer: str | None = None, written: tuple[Op, ...] | None = None) -> Frame:
    """Run ``source``'s script (a card's, an event's, a Vision's: ``what`` names it with its text) for
    ``controller`` with the entry's answers; `IllegalAction` for a choice left out (naming it
    and the legal ones), one not legal, or one no step asks. ``shortcuts``: the choices an entry
    writes as keys of its own (``to``, ``take``) rather than in ``choose``. A question for
    another player than ``answerer`` (who writes the entry; the controller by default) waits
    for their entry: the frame is returned with it in ``waiting``. An entry that writes the
    outcome as operations (``written``; ``()``: "nothing", None: no outcome written, reading
    SL37) and no choices is read as the choices that give it."""
    assert script is not None
    bindings = dict(bindings or {})
    if script.effect is None:  # a continuous card: nothing happens when it is played (continuous.py)
        leftover(dict(answers), what, rule)
        return Frame(source, Ability(EFFECT, ()), controller)
    answerer = answerer or controller
    if written is not None and not answers:
        found = _answers_giving(state, source, script, controller, bindings, written)
        if found is not None:
            answers, answerer = found, None  # every choice is in the outcome written
    frame = Frame(source, script.effect, controller, bindings=bindings)
    return _go(state, frame, answerer, answers, rule, what, shortcuts, written)


def _go(state: SoLongState, frame: Frame, answerer: str | None, answers: dict[str, Any], rule: str, what: str,
        shortcuts: tuple[str, ...] = (), written: tuple[Op, ...] | None = None) -> Frame:
    """Run ``frame`` on the table with the answers ``answerer``'s entry writes: a question for
    another player leaves it waiting (``frame.waiting``); one of the answerer's left out, or an
    answer no step asked, is a violation."""
    world = SWorld(state, answerer)
    world.defaults = True
    world.rule = rule
    world.written = written or ()
    supply = dict(answers)
    world.supply = supply
    frame.waiting = None
    request = run(world, frame, supply)
    if request is not None and answerer is not None and request.chooser != answerer:
        frame.waiting = request
    elif request is not None:
        key = request.name if request.name in shortcuts else f"choose: {{{request.name}: ...}}"
        if written is not None and not answers:  # an outcome written that no choice gives (reading SL37)
            raise IllegalAction(rule, f"{what} asks {request.chooser} {request.what}, and no choice does what the "
                                      f"entry writes ({describe(written)}): write the choice, {key} (the choices: "
                                      f"{request.shown()})")
        raise IllegalAction(rule, f"{what} asks {request.chooser} {request.what}: write it in the entry, {key} (the "
                                  f"choices: {request.shown()})")
    leftover(supply, what, rule)
    return frame


def _answers_giving(state: SoLongState, source: str, script: Any, controller: str, bindings: dict[str, Any],
                    written: tuple[Op, ...]) -> dict[str, Any] | None:
    """The choices with which the script does what ``written`` says (None: no choices do)."""
    def start() -> tuple[SWorld, Frame]:
        world = SWorld(state.copy())
        world.written = written or ()
        return world, Frame(source, script.effect, controller, bindings=dict(bindings))

    for answers in answer_sets(start):
        world, frame = start()
        if run(world, frame, dict(answers)) is None and not mismatch(written, frame.outcome):
            return answers
    return None


def resume(state: SoLongState, frame: Frame, player: str, answers: dict[str, Any], rule: str, what: str) -> Frame:
    """Go on with an effect waiting for ``player``'s choice (``{player: P, choose: {...}}``)."""
    return _go(state, frame, player, answers, rule, what)


def answers_to_wait(state: SoLongState) -> list[dict[str, Any]]:
    """Every set of answers the player an effect waits for can write in their entry (all the
    questions of their part: World's Edge Pub's discard and draw, Error Code's discard and
    return): the simulator's whole legal set of that entry."""
    assert state.waiting is not None and state.waiting.frame.waiting is not None
    chooser = state.waiting.frame.waiting.chooser

    def start() -> tuple[SWorld, Frame]:
        trial = state.copy()
        frame = trial.waiting.frame  # type: ignore[union-attr]
        frame.waiting = None
        return SWorld(trial, chooser), frame

    return answer_sets(start)


def play_card(state: SoLongState, player: str, card: str, answers: dict[str, Any], rule: str,
              written: tuple[Op, ...] | None = None) -> Frame:
    c = state.data.cards[card]
    return run_script(state, card, f"{card} (\"{c.text}\")", c.script, player, answers, rule, shortcuts=("to", "take"),
                      written=written)


def answers_of(state: SoLongState, player: str, card: str) -> list[dict[str, Any]]:
    """Every set of answers ``card`` can be played with now: the simulator's whole legal set."""
    return answers_for(state, player, card, state.data.cards[card].script)


def answers_for(state: SoLongState, player: str, source: str, script: Any,
                bindings: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every set of answers ``source``'s script (a card, a Vision) can run with now, as far as
    ``player`` answers them (other players answer in entries of their own)."""
    if script is None or script.effect is None:
        return [{}]
    return answer_sets(lambda: (SWorld(state.copy(), player), Frame(source, script.effect, player,
                                                                    bindings=dict(bindings or {}))))


def run_event(state: SoLongState, event: str, controller: str, answers: dict[str, Any] | None = None,
              rule: str = RULE_EVENT, ignore: tuple[str, ...] = (), written: tuple[Op, ...] | None = None) -> Frame:
    """An event's effect: in the Event Phase for the First Player (a Reboot's spares the players
    in ``ignore``, who paid a Mark of Sol), or, for an event naming a Vision, in the Vision Phase
    for the player there resolving it (ruling SL2). The choices are the entry's ``choose``."""
    e = state.data.events[event]
    return run_script(state, event, f"{event} (\"{e.text}\")", e.script, controller, answers or {}, rule,
                      {"ignore": tuple(ignore)}, written=written)


def first_question(state: SoLongState, player: str, source: str, script: Any) -> Request | None:
    """The first question ``source``'s script asks ``player`` on this table, a choice with a
    single option included (None: it asks nothing)."""
    if script is None or script.effect is None:
        return None
    world = SWorld(state.copy(), player)
    world.ask_all = True
    return run(world, Frame(source, script.effect, player), {})


def run_vision(state: SoLongState, vision: str, player: str, answers: dict[str, Any], rule: str,
               written: tuple[Op, ...] | None = None) -> Frame:
    """A Vision's effect ("4. Vision Phase, 1. Vision's Effect") from its script."""
    v = state.data.visions[vision]
    return run_script(state, vision, f"{vision}'s effect (\"{v.text}\")", v.script, player, answers, rule,
                      written=written)

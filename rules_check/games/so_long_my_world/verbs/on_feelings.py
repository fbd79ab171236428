"""The verbs of Feelings and Marks of Sol: received, returned, given, taken, put on a Vision,
swapped, changed (reading SL28), moved, traded."""

from __future__ import annotations

from typing import Any

from pnp.effects.language import Step
from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.effects import Frame, Request, Verb

from .. import seen
from ..state import FEELINGS, MARK, SYSTEM, hand, stock, tokens, vision_zone
from .acts import can_gain, counted, counts_as, draw, gain, give_back, item_of, receive, recipients
from .each import Each
from .readers import (combos, read_card, read_feeling, read_feelings, read_player, read_vision, receive_question,
                      return_question)
from .world import SWorld


class Receive(Each):
    """From the System, as much as it has left. "1 more": of what the step before gave.
    "for each ..., up to N": counted when the step is done."""

    def request(self, w, frame, step):
        who = step.options.get("who")
        if who is not None and who.key == "you and other" and "they" not in frame.bindings:
            options = [q for q in w.others(frame.controller) if q != frame.controller]
            if "player" not in frame.answers and options:
                return Request("player", frame.controller, options, "another player of your choice",
                               read_player(w))
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
                           read_vision(w)) if options else None
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
        each = step.options.get("for each")
        if each is not None:
            times = min(counted(w, frame, p, each.key), step.options.get("up to"))
        done = receive(w, frame, p, tokens_, got, times=times)
        frame.bindings["received"] = tokens_
        return done


class Return(Each):
    """Tokens of a stock back to the System: the owner chooses which (reading SL29: "half of
    their Feelings" counts Feelings only, rounded down)."""

    def ask(self, w, frame, step, p, got):
        if "return" not in got:
            q = return_question(w, step.value.key, p)
            if q is not None:
                return q
        if step.options.get("to receive") is not None and "return" in got and "receive" not in got:
            return receive_question(w, step.options.get("to receive"), p, p) \
                if step.options.get("to receive").item.endswith("choice") else None
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
        if done and step.options.get("to receive") is not None:
            done = receive(w, frame, p, step.options.get("to receive"), got)
        if step.options.get("and draw") is not None:
            done = draw(w, frame, p, step.options.get("and draw")) and done
        return done


class Give(Each):
    """A Feeling (or a card of the hand) of one player's to another: Collective Unconscious
    ("gives you ... of their choice"), Hand in Hand, L'Uno."""

    def receiver(self, w, frame, step, p) -> list[str]:
        key = step.options.get("to").key
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
                return Request("to", p, to, f"the player {p} gives to", read_player(w))
        if "give" not in got and got.get("to") is not None:
            options = self.things(w, step, p)
            return Request("give", p, options, f"what {p} gives to {got['to']}",
                           lambda raw: read_feeling(raw) if read_feeling(raw) in FEELINGS else read_card(w)(raw)) \
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
        if step.options.get("then receive") is not None:
            return receive(w, frame, p, step.options.get("then receive"), got)
        return True


class TakeFeelings(Each):
    """Feelings into the taker's stock: from their chosen Vision (Soul Box, ruling SL8: all
    when fewer are there), any one Vision, an adjacent Vision, each adjacent Vision (of one
    type), or another player's stock."""

    def sources(self, w, frame, step, p) -> list[str]:
        """The zones the Feelings may come from."""
        s = w.state
        kind = step.options.get("from").kind
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
        kind = step.options.get("from").kind
        if kind == "chosen":
            return vision_zone(w.state.vision_of[p])
        return stock(got["from"]) if kind == "stock" else vision_zone(got["from"])

    def there(self, w, zone: str, kind: str | None) -> list[str]:
        return [x for x in w.state.zones[zone] if x in FEELINGS and (kind is None or x == kind)]

    def can(self, w, frame, step, p):
        return any(self.there(w, z, step.value.kind) for z in self.sources(w, frame, step, p))

    def ask(self, w, frame, step, p, got):
        kind = step.options.get("from").kind
        if kind == "each adjacent" or "take" in got:
            return None
        zones = [z for z in self.sources(w, frame, step, p) if self.there(w, z, step.value.kind)]
        if not zones:  # nothing there: a written "take: []" is still read (Soul Box on an empty Vision)
            return Request("take", p, [()], "the Feelings taken (none are there)", read_feelings(w), list)
        if kind != "chosen" and "from" not in got:
            label = "player whose stock" if kind == "stock" else "Vision"
            names = [z.split(":", 1)[1] for z in zones]
            return Request("from", p, names, f"the {label} {p} takes from", read_player(w) if kind == "stock"
                           else read_vision(w))
        zone = self.zone(w, step, p, got)
        there = self.there(w, zone, step.value.kind)
        sizes = range(1, min(step.value.amount, len(there)) + 1) if step.options.get("up to") else \
            [min(step.value.amount, len(there))]
        options = [c for n in sizes for c in combos(there, n)]
        return Request("take", p, options, f"the Feelings {p} takes from {zone.split(':', 1)[1]}", read_feelings(w),
                       list)

    def act(self, w, frame, step, p, got):
        kind = step.options.get("from").kind
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
        if step.options.get("where").key == "fewest":
            fewest = min(len(s.feelings_on(v)) for v in options) if options else 0
            options = [v for v in options if len(s.feelings_on(v)) == fewest]
        return Request("where", p, options, "the Vision the extra Feeling goes on", read_vision(w))

    def act(self, w, frame, step, p, got):
        where = got.get("where")
        item = item_of(step.value)
        if where is None or item not in w.state.zones[SYSTEM]:
            return False
        w.move(frame, item, SYSTEM, vision_zone(where))
        return True


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
                raise IllegalAction(w.rule, f"expected {{give: FEELING, get: FEELING}}, got {shown(raw)}")
            return (read_feeling(raw["give"]), read_feeling(raw["get"]))
        return Request("swap", p, self.pairs(w, p), f"the Feeling {p} gives the System and the one they get", read,
                       lambda v: {"give": v[0], "get": v[1]})

    def act(self, w, frame, step, p, got):
        pair = got.get("swap")
        if pair is None:
            return False
        w.move(frame, pair[0], stock(p), SYSTEM)
        w.move(frame, pair[1], SYSTEM, stock(p))
        return True


class ChooseFeeling(Verb):
    def request(self, w, frame, step):
        if "feeling" in frame.answers:
            return None
        return Request("feeling", frame.controller, list(FEELINGS), "a Feeling type", read_feeling)

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


class TakeMore(Verb):
    """The Last Escalator: 1 more of the affinity Feeling just drained, from the System (of
    a Karma Catalyst's two, the owner's choice)."""

    def request(self, w, frame, step):
        kinds = sorted(set(frame.bindings.get("drained", ())))
        if "take" in frame.answers or len(kinds) < 2:
            return None
        return Request("take", frame.controller, kinds, "the Feeling taken 1 more of", read_feeling)

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
                       read_feeling)

    def run(self, w, frame, step):
        p = frame.controller
        options = self.candidates(w, frame, step)
        token = frame.answers.get("change", options[0] if options else None)
        if token is None or not can_gain(w, item_of(step.options.get("into"))):
            return False
        w.move(frame, token, stock(p), SYSTEM)
        return gain(w, frame, p, item_of(step.options.get("into")))


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
        to = step.options.get("to")
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
        src, to = step.options.get("from"), step.options.get("to")
        if src.kind == "named":
            out = [src.vision]
        elif src.kind == "adjacent" and to.kind == "named":  # Slaughter: "from an adjacent Vision"
            out = s.adjacent(to.vision)
        else:
            out = [v for v in s.visions if v not in s.locked]
        return [v for v in out if s.feelings_on(v) and self._to(w, frame, step, v)]

    def request(self, w, frame, step):
        s = w.state
        if "no vision moves" in s.round_rules:
            return None
        chooser = self._mover(w, frame, step)  # (found once: the step asks again after each answer)
        if chooser is None:
            return None
        sources = self._from(w, frame, step)
        if not sources:
            return None
        if "from" not in frame.answers:
            if (step.options.get("from").kind != "named" and len(sources) > 1) or "from" in w.supply or w.ask_all:
                return Request("from", chooser, sources, "the Vision the Feeling leaves", read_vision(w))
            frame.answers["from"] = sources[0]
        src = frame.answers["from"]
        kinds = sorted(set(s.feelings_on(src)))
        if "feeling" not in frame.answers:
            if w.asks("feeling", kinds):
                return Request("feeling", chooser, kinds, f"the Feeling moved from {src}",
                               read_feeling)
            frame.answers["feeling"] = kinds[0]
        dests = self._to(w, frame, step, src)
        if "to" not in frame.answers:
            if w.asks("to", dests):
                return Request("to", chooser, dests, f"the Vision the Feeling goes to from {src}", read_vision(w))
            frame.answers["to"] = dests[0]
        return None

    def run(self, w, frame, step):
        if "to" not in frame.answers:
            return False
        w.move(frame, frame.answers["feeling"], vision_zone(frame.answers["from"]), vision_zone(frame.answers["to"]))
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
                       read_feeling)

    def run(self, w, frame, step):
        back = frame.answers.get("return")
        if back is None:
            return False
        w.move(frame, back, stock(frame.controller), SYSTEM)
        gain(w, frame, frame.controller, item_of(step.value))  # a Mark of Sol as every gained one (SL10)
        return True

"""The verbs of the players and their Visions: a player chosen, a Vision changed to or
swapped (reading SL23), the order the players act in (reading SL25), a round rule (SL26),
a Vision chosen, unlocked, resolved, its token renounced, Visions changing places."""

from __future__ import annotations

import itertools
from typing import Any

from pnp.effects.language import Step
from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.effects import Frame, Request, Verb, run

from ..state import BOX, HINDRANCE, VISION_PHASE, SoLongState, tokens
from .acts import receive
from .each import Each
from .readers import read_player, read_vision, order_request, receive_question
from .world import SWorld


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
        return Request("player", frame.controller, options, step.value.words, read_player(w))

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
        who = step.options.get("who")
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
                       f"where {p}'s chosen Vision goes from {w.state.vision_of[p]} ({dest.words})", read_vision(w))

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
                raise IllegalAction(w.rule, f"expected two players, got {shown(raw)}")
            return tuple(sorted(read_player(w)(p) for p in raw))
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
        if va == vb:
            return True
        return w.has_token(a, vb) and w.has_token(b, va)


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
        return order_request(w, frame, self._players(w), read_player(w), "the players",
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
        if step.options.get("to receive") is not None and "receive" not in got:
            return receive_question(w, step.options.get("to receive"), p, p)
        return None

    def act(self, w, frame, step, p, got):
        token = got.get("renounce")
        if token is None:
            return False
        w.move(frame, token, tokens(p), BOX)
        gets = step.options.get("to receive")
        return receive(w, frame, p, gets, got) if gets is not None else True


class ChooseVision(Verb):
    def request(self, w, frame, step):
        if "vision" in frame.answers:
            return None
        return Request("vision", frame.controller, w.state.unlocked(), "a Vision", read_vision(w))

    def run(self, w, frame, step):
        frame.bindings["it"] = frame.answers.get("vision")
        return frame.bindings["it"] is not None


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
                raise IllegalAction(w.rule, f"expected two Visions, got {shown(raw)}")
            return tuple(sorted(read_vision(w)(v) for v in raw))
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
        return Request("vision", frame.controller, options, "the locked Vision unlocked", read_vision(w))

    def run(self, w, frame, step):
        v = frame.answers.get("vision")
        if v is None:
            return False
        w.state.locked.discard(v)
        return True


class Resolve(Verb):
    """Monochrome Corridor: the script of an unlocked normal Vision, as if the player were on
    it (its choices are the entry's, beside ``vision``)."""

    def request(self, w, frame, step):
        s = w.state
        if "vision" not in frame.answers:
            options = [v for v in s.clock if v not in s.locked and s.data.visions[v].script is not None]
            return Request("vision", frame.controller, options, "the normal Vision whose effect is resolved",
                           read_vision(w)) if options else None
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

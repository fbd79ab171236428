"""The verbs of cards: drawn, discarded, removed from a field, returned, arranged, looked at
(the top of a deck), taken."""

from __future__ import annotations

from typing import Any

from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.core.ops import Op
from rules_check.effects import Request, Verb
from rules_check.core.zones import is_unseen

from .. import seen
from ..state import DISCARD, EVENT_DECK, field_of, hand
from .acts import Orders, source_name, cards_in, counted, draw, field_options, give_back, receive, shown_top
from .each import Each
from .readers import read_card, hand_question, order_request, receive_question, return_question


class Draw(Each):
    def ask(self, w, frame, step, p, got):
        if step.options.get("then discard") is not None and "drawn" not in got:
            got["drawn"] = draw(w, frame, p, step.value)  # the cards come in before the discard
        if step.options.get("then discard") is not None and "discard" not in got:
            return hand_question(w, p, p)
        return None

    def act(self, w, frame, step, p, got):
        if step.options.get("then discard") is not None:
            card = got.get("discard")
            if card is not None:
                w.move(frame, card, hand(p), DISCARD)
            return bool(got.get("drawn")) and card is not None
        times = 1
        each = step.options.get("for each")
        if each is not None:
            times = counted(w, frame, p, each.key)
            if step.options.get("up to"):
                times = min(times, step.options.get("up to"))
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
        if step.options.get("to receive") is not None and "receive" not in got and "discard" in got:
            return receive_question(w, step.options.get("to receive"), p, p)
        if step.options.get("and return") is not None and "return" not in got:
            return return_question(w, step.options.get("and return").key, p)
        return None

    def can(self, w, frame, step, p):
        return seen.has_options(w.state, hand(p))  # (any card at all: none listed)

    def act(self, w, frame, step, p, got):
        card = got.get("discard", got.get("at random"))
        done = card is not None
        if card is not None:
            w.move(frame, card, hand(p), DISCARD)
            frame.bindings["discarded"] = frame.bindings.get("discarded", 0) + 1
            if step.options.get("to draw") is not None:
                done = draw(w, frame, p, step.options.get("to draw")) and done
            if step.options.get("to receive") is not None:
                done = receive(w, frame, p, step.options.get("to receive"), got) and done
        if step.options.get("and return") is not None:
            done = give_back(w, frame, p, got.get("return", ())) and done
        return done


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
            return Request("remove", p, [c for _, c in options], f"the card {p} removes from their field", read_card(w))

        def read(raw: Any) -> tuple:
            if not (isinstance(raw, dict) and len(raw) == 1):
                raise IllegalAction(w.rule, f"expected {{PLAYER: CARD}}, got {shown(raw)}")
            (q, c), = raw.items()
            return (q, read_card(w)(c))
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
        if step.options.get("to receive") is not None:
            return receive(w, frame, p, step.options.get("to receive"), got)
        return True


class ReturnCard(Each):
    """Mirror Faces: a card of the field back to the hand."""

    def can(self, w, frame, step, p):
        return seen.has_options(w.state, field_of(p))  # (any card at all: none listed)

    def ask(self, w, frame, step, p, got):
        if "card" in got:
            return None
        options = cards_in(w, field_of(p))
        return Request("card", p, options, f"the card {p} returns to their hand", read_card(w)) if options else None

    def act(self, w, frame, step, p, got):
        card = got.get("card")
        if card is None:
            return False
        w.move(frame, card, field_of(p), hand(p))
        return True


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
                    raise IllegalAction(w.rule, f"{source_name(frame)}: the top {len(top)} Event cards hold a card "
                                                f"the log named: write the order they are put back in (order: [...])")
                return None
            return Request("order", frame.controller, Orders(w.state, top), "the order of the top Event cards, top first",
                           lambda raw: tuple(read_card(w)(x) for x in raw) if isinstance(raw, list) else raw, list)
        return order_request(w, frame, list(reversed(top)), read_card(w), "the cards",
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
        top = sorted(set(shown_top(w, step.value.key, 3, source_name(frame))))
        if not top:
            return None
        return Request("take", frame.controller, top, f"the card taken from {step.value.words}", read_card(w))

    def run(self, w, frame, step):
        zone = step.value.key
        deck = w.state.zones[zone]
        top = shown_top(w, zone, 3, source_name(frame))
        card = frame.answers.get("take")
        if card is None:
            return False
        w.move(frame, card, zone, hand(frame.controller))
        top.remove(card)
        for c in top:
            if step.options.get("others").key == "discard":
                w.move(frame, c, zone, DISCARD)
            else:
                deck.remove(c)
                deck.insert(0, c)
                if w.record:
                    frame.outcome.append(Op("move", item=c, src=zone, dst=zone, bottom=True))
        return len(top) == 2


class TakeCard(Verb):
    def request(self, w, frame, step):
        if "card" in frame.answers:
            return None
        options = cards_in(w, DISCARD)
        return Request("card", frame.controller, options, "the card taken from the discard pile", read_card(w)) \
            if options else None

    def run(self, w, frame, step):
        card = frame.answers.get("card")
        if card is None:
            return False
        w.move(frame, card, DISCARD, hand(frame.controller))
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
        if w.record:
            frame.outcome.append(Op("move", item=it, src=EVENT_DECK, dst=EVENT_DECK, bottom=True))
        return True

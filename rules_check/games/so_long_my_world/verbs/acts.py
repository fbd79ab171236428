"""What several verbs do to the table: gain a Feeling or a Mark of Sol (ruling SL10), draw,
count what counts as a token (The Sky Turns Grey), the cards of a zone, the top cards a
look shows (`ShowFirst`), the other cards in a field (reading SL36)."""

from __future__ import annotations

from typing import Any

from pnp.effects.language import Step
from rules_check.core.errors import IllegalAction
from rules_check.core.ops import Op
from rules_check.effects import Frame
from rules_check.core.zones import is_unseen

from .. import seen
from ..marks import gain_mark, mark_source
from ..state import GESTALT_DECK, MARK, REMNANT_DECK, SYSTEM, SoLongState, field_of, hand, stock
from .world import SWorld


def recipients(w: "SWorld", frame: Frame, step: Step) -> list[str]:
    """Who a step's ``who:`` names; "each player here": the player resolving a Vision's event
    in their own Vision Phase (ruling SL2), each on their turn. Players who paid a Mark of Sol
    to ignore a Reboot are left out ("Reboot Cards")."""
    spared = frame.bindings.get("ignore", ())
    named = _named(w, frame, step)
    if spared:  # (none spared, the usual case: no filter)
        named = [p for p in named if p not in spared]
    return list(dict.fromkeys(named)) if len(named) > 1 else named  # "you and that player": once


def _named(w: "SWorld", frame: Frame, step: Step) -> list[str]:
    who = step.options.get("who")
    if who is None:  # "you" (most steps): the controller, no other name tried
        return [frame.controller]
    key = who.key
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
        if w.record:
            frame.outcome.append(Op("move", item=MARK, src=src, dst=stock(p)))
        return True
    if item not in s.zones[SYSTEM]:
        return False
    w.move(frame, item, SYSTEM, stock(p))
    return True


def can_gain(w: "SWorld", item: str) -> bool:
    """Whether ``item`` can be gained now (`gain`)."""

    return mark_source(w.state) is not None if item == MARK else item in w.state.zones[SYSTEM]


def item_of(tokens_: Any) -> str:
    return MARK if tokens_.item == "mark-of-sol" else tokens_.item


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


def source_name(frame: Frame) -> str:
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


def give_back(w: "SWorld", frame: Frame, p: str, what: Any) -> bool:
    items = [what] if isinstance(what, str) else list(what)
    for x in items:
        w.move(frame, x, stock(p), SYSTEM)
    return bool(items)


class Orders(list):
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

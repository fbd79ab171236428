"""`SWorld`: this game's side of the effect machine (`rules_check.effects.machine`), the table a
card acts on: who answers, what a move records, where a Vision may change to; and its "you
may" question."""

from __future__ import annotations

from typing import Any

from pnp.effects.language import Step
from pnp.effects.phrases import Phrase
from pnp.data.errors import shown
from rules_check.core.errors import IllegalAction
from rules_check.core.ops import Op
from rules_check.effects import Frame, Request, Verb

from .. import continuous
from ..state import SoLongState, chosen, tokens


RULE_CARDS = "So Long, My World: 4. Vision Phase, 3. Play Cards"
RULE_EVENT = "So Long, My World: 1. Event Phase"
RULE_HINDRANCE = "So Long, My World: 3. Hindrance Phase"


def names_text(values: Any) -> str:
    return ", ".join(map(str, values))


class SWorld:
    """The So Long, My World table a card acts on."""

    rule = RULE_HINDRANCE

    def __init__(self, state: SoLongState, verbs: dict[str, Verb], answerer: str | None = None) -> None:
        self.state = state
        self.verbs = verbs  # the table {word: verb} (table.py; run.py passes it)
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
        # whether the frame's ``outcome`` lists what the steps do (an Op per change): only an entry
        # that writes its outcome (``ops``, ``path_event``) is compared with it; a script run with
        # none written (most entries, and each "may" settled, each trigger fired) skips the list
        self.record = False
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
        """The players "another player" can name for ``p`` (the solo game's: `SoloWorld`)."""
        return [q for q in self.state.order() if q != p]

    def test(self, frame: Frame, condition: Phrase) -> bool:
        raise AssertionError("no So Long, My World script has a condition yet")

    def may(self, frame: Frame, step: Step) -> Request:
        """"You may ...": the player answers yes or no (``choose: {may: yes}``)."""
        return may_request(self, frame.controller, f"whether to {step.verb} ('you may')")

    def remember(self, frame: Frame, step: Step) -> None:
        raise AssertionError("no So Long, My World script remembers a step yet")

    # --- what a card changes -----------------------------------------------------------------

    def move(self, frame: Frame, item: str, src: str, dst: str) -> None:
        """Every change a card makes goes through here, so its outcome is recorded when the entry
        writes one (``record``: a log that writes it as operations is compared with it:
        docs/logs/README.md, "Card effects")."""
        s = self.state
        s.zones.move(item, src, dst)
        if self.record:
            frame.outcome.append(Op("move", item=item, src=src, dst=dst))
        if src.startswith("vision:") and dst.startswith("stock:") and not s.feelings_on(src.split(":", 1)[1]):
            continuous.happened(s, continuous.YOU_EMPTY_A_VISION, dst.split(":", 1)[1])

    def move_vision(self, frame: Frame, p: str, to: str) -> None:
        """``p``'s chosen Vision token goes back behind the screen; the one of ``to`` is put."""
        s = self.state
        here = s.vision_of[p]
        if here == to:
            return
        self.move(frame, s.token_for(p, here), chosen(p), tokens(p))
        self.move(frame, s.token_for(p, to), tokens(p), chosen(p))
        s.vision_of[p] = to

    def destinations(self, p: str, kind: str, named: str | None) -> list[str]:
        """Where ``p``'s chosen Vision may change to (reading SL23); nowhere for a player on no
        Vision (a solo player who has not reached one this turn)."""
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
        return [v for v in out if v != here and self.has_token(p, v)]

    def has_token(self, p: str, vision: str) -> bool:
        """Whether ``p`` holds the token of ``vision`` behind the screen (what changing to it needs)."""
        return self.state.token_for(p, vision) in self.state.zones[tokens(p)]


class SoloWorld(SWorld):
    """The solo game's table (Solo/Campaign Mode): one player, who reaches Visions instead of
    placing tokens."""

    def others(self, p: str) -> list[str]:
        """Solo Mode F.A.Q.: "All lines that refer to other players must be read as they refer
        to yourself" (reading SL27)."""
        return [p]

    def move_vision(self, frame: Frame, p: str, to: str) -> None:
        """The player moves to where they reach, with no token there, and "After moving, you may
        repeat the Reach an unlocked Vision action" (Solo Mode F.A.Q.)."""
        s = self.state
        if s.vision_of[p] == to:
            return
        s.vision_of[p] = to
        s.reached = False

    def has_token(self, p: str, vision: str) -> bool:
        """No token is needed to be on a Vision."""
        return True


def read_yes_no(w: "SWorld"):
    def read(raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in ("yes", "no"):
            return raw.strip().lower() == "yes"
        raise IllegalAction(w.rule, f"expected yes or no, got {shown(raw)}")
    return read


def may_request(w: "SWorld", chooser: str, what: str) -> Request:
    """A "may": yes or no, written ``may: yes``."""
    return Request("may", chooser, [True, False], what, read_yes_no(w), lambda v: "yes" if v else "no")

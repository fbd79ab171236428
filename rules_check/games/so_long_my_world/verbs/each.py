"""`Each`: a verb done by each player its step names, one after another (the players asked in
turn order)."""

from __future__ import annotations

from typing import Any

from pnp.effects.language import Step
from rules_check.effects import Frame, Request, Verb

from .acts import recipients
from .world import SWorld, may_request


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
        optional = step.options.get("optional")  # (`step.get`, asked once, not once per player)
        for p in st["_who"]:
            if p in st["_done"]:
                continue
            got = dict(st["_got"])
            if len(st) > 4:  # answers besides the four bookkeeping keys above
                for k in [k for k in st if not k.startswith("_")]:
                    got[k.removesuffix(f" for {p}")] = st.pop(k)
            if optional:
                if not self.can(w, frame, step, p):
                    got["may"] = False
                if "may" not in got and w.defaults and p == w.answerer and "may" not in w.supply:
                    got["may"] = False  # not written: declined (reading SL33)
                if "may" not in got:
                    st["_got"] = tuple(got.items())  # (the answers so far kept while the "may" is asked)
                    return self.named(w, frame, p, may_request(w, p, f"whether to {step.verb} ({p}: 'may')"))
            if optional and not got["may"]:
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

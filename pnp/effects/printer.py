"""Printing a script as card text: one source of truth for what is printed and what is played.

Each verb prints its own clause (``destroy a target manifestation on the field``); this module
puts the clauses together: the ability's opening words (its trigger, cost or condition), the
steps joined as their ``join:`` says (a new sentence, ``, then``, ``:`` or ``and``), ``you may`` for
an optional step, ``if ...,`` for a conditional one, ``If you cannot, ...`` for ``otherwise``.
"""

from __future__ import annotations

from .phrases import Phrase, count_words
from .script import Ability, Script, Step, Vocabulary


def capital(text: str) -> str:
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:]
    return text


class Printer:
    """What a verb's ``render`` is given: the vocabulary and the ability being printed, with
    helpers that keep track of what the text has already named."""

    def __init__(self, vocab: Vocabulary, ability: Ability) -> None:
        self.vocab = vocab
        self.ability = ability
        self._named_target = False

    def target(self) -> str:
        """The ability's target: ``a target X`` the first time, ``it`` (``them``) after."""
        spec = self.ability.target
        assert spec is not None
        if self._named_target:
            return "them" if getattr(spec, "plural", False) else "it"
        self._named_target = True
        return getattr(spec, "printed", None) or f"a target {spec.words}"

    def noun(self, phrase: Phrase) -> str:
        """A subject or object phrase: the target as `target` says, anything else as written."""
        if phrase.refers_to_target:
            return self.target()
        return phrase.words

    def count(self, n: int, noun: str) -> str:
        return count_words(n, noun, self.vocab.numbers)


def render_step(step: Step, printer: Printer) -> str:
    verb = printer.vocab.verbs[step.verb]
    clause = verb.render(step, printer)
    if step.may:
        clause = f"you may {clause}"
    if step.condition is not None:
        clause = f"if {step.condition.words}, {clause}"
    if step.when is not None:
        clause = f"If {step.when.words}, {clause}"
    if step.otherwise:
        clause += ". If you cannot, " + join_steps(step.otherwise, printer, lead="")
    return clause


def join_steps(steps: tuple[Step, ...], printer: Printer, lead: str) -> str:
    out = ""
    for i, step in enumerate(steps):
        clause = render_step(step, printer)
        if i == 0:
            out = f"{lead} {clause}" if lead else clause
        elif step.join == "then":
            out += f", then {clause}"
        elif step.join == "colon":
            out += f": {clause}"
        elif step.join == "and":
            out += f" and {clause}"
        else:
            out += f". {capital(clause)}"
    return out


def render_ability(ability: Ability, vocab: Vocabulary) -> str:
    printer = Printer(vocab, ability)
    lead = vocab.prefix(ability)
    if ability.kind == "triggered" and ability.condition is not None:
        lead = f"{lead} if {ability.condition.words},"
    text = join_steps(ability.steps, printer, lead)
    return capital(text) + "."


def render_script(script: Script, vocab: Vocabulary) -> str:
    return " ".join(render_ability(a, vocab) for a in script.abilities)

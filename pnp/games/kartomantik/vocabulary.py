"""Kartomantik's words for the effect language (rulebook 3, "Understanding the Cards").

Every phrase a Kartomantik script may use, what it means and how it prints. The rules engine
(``rules_check/games/kartomantik/verbs.py``) executes the verbs; docs/effects.md lists them
with an example each. Sections cited: 1.3 Game Zones, 2.1 Tributes, 3.1 Types of Effects
(Activated, Passive, Triggered, Support and Chain), 3.2 Reading the Effects (Targets,
Modifiers, "Memory" of Effects), 4.2 the phases.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .tables import BASE_TEMPERAMENTS, TEMPERAMENTS

from pnp.effects.language import ACTIVATED, EFFECT, STATIC, TRIGGERED, Ability, Step, Verb, Vocabulary
from pnp.effects.phrases import Grammar, Phrase, PhraseError, Word, closed, integer, number, signed
from pnp.effects.printer import Printer

# --- zones (1.3), as a card names them, seen from its controller -------------------------------

# phrase -> (zone, whose): whose is "any" (either player's), "you", "opponent" or "owner"
ZONES = {
    "the field": ("field", "any"),
    "the confrontation zone": ("confrontation", "any"),
    "the interzone": ("interzone", "any"),
    "your interzone": ("interzone", "you"),
    "your opponent's interzone": ("interzone", "opponent"),
    "your limbo": ("limbo", "you"),
    "your opponent's limbo": ("limbo", "opponent"),
    "the stack": ("stack", "any"),
    "the stalemate zone": ("stalemate", "any"),
    "your hand": ("hand", "you"),
}
_ZONE = "|".join(re.escape(z).replace(r"\ ", r"\s+") for z in ZONES)
_WHERE = rf"(?P<prep>on|in|from)\s+(?P<zone>{_ZONE})"


def zone_of(words: str) -> tuple[str, str]:
    return ZONES[" ".join(words.lower().split())]


@dataclass(frozen=True)
class Target(Phrase):
    """What an ability targets (3.2 Targets): declared when it goes on the Stack."""

    count: int = 1
    kind: str = "manifestation"  # manifestation | will | ephemeral will | persistent will
    you_control: bool = False
    highest: bool = False  # "with the highest power on the field"
    zone: str = "field"
    whose: str = "any"
    power_max: int | None = None
    base_power_max: int | None = None
    tribute_max: int | None = None
    entered_in_support: bool = False
    printed: str = ""

    @property
    def plural(self) -> bool:
        return self.count > 1


def _target(m: re.Match, words: str) -> Target:
    count = number(m["count"]) if m["count"] else 1
    kind = " ".join(m["kind"].lower().split()).rstrip("s")
    if (count > 1) != m["kind"].lower().endswith("s"):
        raise PhraseError(f"{words!r}: say 'manifestation' for one target, 'two manifestations' for two")
    zone, whose = zone_of(m["zone"])
    rest = words[m.end("count"):].strip() if m["count"] else words
    printed = (f"{m['count']} target {rest}" if m["count"] else f"a target {words}")
    stat = (m["stat"] or "").lower()
    return Target(words, count, kind, bool(m["control"]), bool(m["highest"]), zone, whose,
                  int(m["n"]) if stat == "power" else None,
                  int(m["n"]) if stat == "base power" else None,
                  int(m["t"]) if m["t"] else None, bool(m["support"]), printed)


TARGETS = Grammar("a target (what, where, which)", [(
    r"(?:(?P<count>two|three|[2-3])\s+)?(?P<kind>manifestations?|ephemeral\s+wills?|persistent\s+wills?|wills?)"
    r"(?P<control>\s+you\s+control)?(?P<highest>\s+with\s+the\s+highest\s+power)?\s+" + _WHERE +
    r"(?:\s+with\s+(?P<stat>power|base\s+power)\s+(?P<n>\d{1,2})\s+or\s+less"
    r"|\s+with\s+a\s+tribute\s+of\s+(?P<t>\d{1,2})\s+or\s+less)?"
    r"(?P<support>\s+that\s+entered\s+in\s+support)?", _target)], [
    "manifestation on the field", "manifestation on the field with power 4 or less",
    "manifestation you control in the Confrontation Zone", "Ephemeral Will on the Stack",
    "manifestation from your Limbo", "two manifestations in the Confrontation Zone"])


# --- subjects and objects ---------------------------------------------------------------------


@dataclass(frozen=True)
class Ref(Phrase):
    """A thing the ability already knows: the card itself (``it``, ``this``), its target(s), the
    trigger's subject, or what an earlier step chose, looked at, revealed or Chained."""

    name: str = "it"  # it | this | target | targets | chosen | chained | entering
    plural: bool = False

    @property
    def refers_to_target(self) -> bool:
        return self.name in ("target", "targets")


@dataclass(frozen=True)
class Group(Phrase):
    """Every manifestation that fits (3.2 Modifiers: a group gets a modifier at once)."""

    whose: str = "any"  # any | you | opponent
    other: bool = False
    temperament: str | None = None  # a temperament, or "chosen" (that Temperament)
    zone: str | None = None  # None: on the field; "there": where the static's card is
    base_power: int | None = None
    in_support: bool = False  # put in Support (entered the Confrontation Zone in Support)
    plural: bool = True


@dataclass(frozen=True)
class Pick(Phrase):
    """Cards the player picks when the step happens: ``a card from your hand``."""

    count: int = 1
    kind: str = "card"  # card | manifestation
    zone: str = "hand"
    whose: str = "you"
    plural: bool = False


@dataclass(frozen=True)
class Top(Phrase):
    """The top card(s) of your deck."""

    count: int = 1
    plural: bool = False


_TEMPERAMENT = "|".join(TEMPERAMENTS)


def _group(m: re.Match, words: str) -> Group:
    g = m.groupdict()
    temp = (g.get("temp") or "").lower() or None
    if g.get("that"):
        temp = "chosen"
    zone = None
    if g.get("zone"):
        zone = zone_of(g["zone"])[0]
    elif g.get("there"):
        zone = "there"
    whose = "you" if g.get("your") else "opponent" if g.get("opp") else "any"
    plural = not g.get("each")
    return Group(words, whose, bool(g.get("other")), temp, zone,
                 int(g["bp"]) if g.get("bp") else None, bool(g.get("support")), plural)


REFS = {"it": ("it", False), "this": ("this", False), "target": ("target", False), "targets": ("targets", True),
        "that card": ("chosen", False), "the chained manifestation": ("chained", False)}

_REF_RULES = [(re.escape(k).replace(r"\ ", r"\s+"), lambda m, w, k=k: Ref(w, *REFS[k])) for k in REFS]
_GROUP_RULES = [
    (rf"(?P<each>each|every)\s+(?P<other>other\s+)?(?:(?P<temp>{_TEMPERAMENT})\s+)?manifestation"
     rf"(?:\s+(?:on|in)\s+(?P<zone>{_ZONE}))?(?:\s+with\s+base\s+power\s+(?P<bp>\d))?", _group),
    (rf"(?P<your>your)\s+(?P<other>other\s+)?(?:(?P<temp>{_TEMPERAMENT})\s+)?manifestations"
     rf"(?P<support>\s+put\s+in\s+support)?(?P<there>\s+there)?", _group),
    (r"(?P<opp>your\s+opponent's)\s+manifestations(?:\s+of\s+(?P<that>that\s+temperament))?", _group),
    (r"manifestations\s+(?P<opp>your\s+opponent)\s+puts\s+in\s+(?P<support>support)", _group),
]
_PICK_RULES = [
    (r"(?P<n>a|an|one|two|three)\s+(?P<kind>cards?|manifestations?)\s+(?:from|in)\s+(?P<zone>your\s+hand|your\s+limbo)",
     lambda m, w: Pick(w, number(m["n"]), m["kind"].lower().rstrip("s"), zone_of(m["zone"])[0], "you",
                       number(m["n"]) > 1)),
]
_TOP_RULES = [
    (r"the\s+top\s+card\s+of\s+your\s+deck", lambda m, w: Top(w, 1)),
]

SUBJECTS = Grammar("what the step acts on", _REF_RULES + _GROUP_RULES, [
    "it", "target", "each other manifestation on the field with base power 1",
    "your other Phlegmatic manifestations there", "your Hollow manifestations"])
DESTROYED = Grammar("what is destroyed", _REF_RULES + _GROUP_RULES, [
    "target", "it", "every manifestation in the Stalemate Zone"])
PUT = Grammar("what is put", _REF_RULES + _PICK_RULES, [
    "target", "it", "a card from your hand", "a manifestation from your hand"])
EXILED = Grammar("what is exiled", _REF_RULES + _PICK_RULES + _TOP_RULES, [
    "it", "two cards from your hand", "the top card of your deck"])
SEEN = Grammar("which cards", _TOP_RULES, ["the top card of your deck"])


@dataclass(frozen=True)
class Who(Phrase):
    """The player a step is about: you, your opponent, each player, the card's owner."""

    who: str = "you"  # you | opponent | each | owner


WHO = closed("a player ('you', 'your opponent', 'each player', 'its owner')",
             {"you": "you", "your opponent": "opponent", "each player": "each", "its owner": "owner"})


def _who(raw: object, path: tuple = ()) -> Who:
    w = WHO(raw)
    return Who(w.words, w.key)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Place(Phrase):
    """Where a step puts a card: ``into your hand``, ``at the bottom of its owner's deck``."""

    zone: str = "hand"
    whose: str = "you"  # you | owner | opponent | any
    bottom: bool = False
    prep: str = "into"


PLACES = {
    "your hand": ("hand", "you", False),
    "the bottom of your deck": ("deck", "you", True),
    "the bottom of its owner's deck": ("deck", "owner", True),
    "your empathic vessel": ("vessel", "you", False),
    "your interzone": ("interzone", "you", False),
    "your interzone instead of the stalemate zone": ("interzone", "you", False),
    "the stalemate zone": ("stalemate", "any", False),
    "its owner's limbo": ("limbo", "owner", False),
}
_PLACE = closed("a place", {k: k for k in PLACES})


def _place(prep: str):
    def parse(raw: object, path: tuple = ()) -> Place:
        w = _PLACE(raw)
        zone, whose, bottom = PLACES[w.key]  # type: ignore[attr-defined]
        return Place(w.words, zone, whose, bottom, prep)
    return parse


DURATION = closed("a duration ('the end of the turn')", {"the end of the turn": "turn"})
STATS = closed("a value", {"base power": "base power"})


def _count(raw: object, path: tuple = ()) -> int:
    return integer(1, 6)(raw)


# --- triggers (3.1 Triggered, 4.2) ------------------------------------------------------------

# phrase -> (key, opening word, what follows it)
TRIGGERS = {
    "before the revelation": ("before", "", ":"),
    "revelation": ("revelation", "On", ":"),
    "after the revelation": ("after", "", ":"),
    "it enters the field": ("enters", "When", ","),
    "it enters the confrontation zone": ("enters", "When", ":"),
    "it enters the field from your interzone": ("enters from interzone", "When", ","),
    "a manifestation of your opponent enters the confrontation zone in support": ("opponent support", "Whenever", ","),
    "it wins a confrontation": ("wins", "When", ","),
    "it loses a confrontation": ("loses", "When", ","),
    "it is placed in an empathic vessel": ("vessel", "When", ","),
    "a confrontation ends in a stalemate": ("stalemate", "When", ","),
    "a confrontation would end in a stalemate": ("would stalemate", "When", ","),
    "the end of the turn": ("end of turn", "At", ","),
    "the beginning of the turn": ("beginning of turn", "At", ","),
    # a remembered step (3.2 "Memory" of Effects): "If the Chained manifestation wins ..."
    "the chained manifestation wins the confrontation": ("chained wins", "If", ","),
}


@dataclass(frozen=True)
class Trigger(Phrase):
    key: str = ""
    lead: str = ""
    sep: str = ","


_TRIGGER_WORDS = closed("a trigger", {k: k for k in TRIGGERS})


def _trigger(raw: object, path: tuple = ()) -> Trigger:
    w = _TRIGGER_WORDS(raw)
    key, lead, sep = TRIGGERS[w.key]  # type: ignore[attr-defined]
    return Trigger(w.words, key, lead, sep)


CONDITIONS = closed("a condition", {
    "it is in your interzone": "in your interzone",
    "you won the confrontation": "you won",
    "your opponent's first manifestation has greater power": "opponent first greater",
    "your opponent controls more manifestations in the confrontation zone": "opponent controls more",
    "it is a manifestation": "revealed manifestation",
})
STATES = closed("a state (`while:`)", {
    "always": "always",
    "it is in the confrontation zone": "in the confrontation zone",
    "it is in your interzone": "in your interzone",
    "it is on the field": "on the field",
    "it is the only manifestation you control in the confrontation zone": "only one",
})


@dataclass(frozen=True)
class Cost(Phrase):
    """An activated effect's cost (3.1 Activated, "Pay [cost]:"): a tribute, or exiling it."""

    temperament: str | None = None
    amount: int = 0
    exile: bool = False


COSTS = Grammar("a cost ('Pay {choleric}1', 'Exile it')", [
    (rf"pay\s+\{{(?P<t>{_TEMPERAMENT})\}}\s*(?P<n>\d{{1,2}})",
     lambda m, w: Cost(w, m["t"].lower(), int(m["n"]))),
    (r"exile\s+it", lambda m, w: Cost(w, exile=True)),
], ["Pay {choleric}1", "Exile it"])


def prefix(ability: Ability) -> str:
    """What is printed before the steps: the trigger, the cost or the state."""
    if ability.kind == TRIGGERED:
        t = ability.trigger
        assert isinstance(t, Trigger)
        return f"{t.lead} {t.words}{t.sep}".strip()
    if ability.kind == ACTIVATED:
        assert ability.cost is not None
        return f"{ability.cost.words}:"
    if ability.kind == STATIC:
        assert isinstance(ability.condition, Word)
        return "" if ability.condition.key == "always" else f"As long as {ability.condition.words},"
    return ""


# --- verbs ------------------------------------------------------------------------------------


def _subject(step: Step, p: Printer, default: str = "it") -> tuple[str, bool]:
    """The step's ``of:`` (or the card itself), printed, and whether it is plural."""
    subject = step.get("of")
    if subject is None:
        return default, False
    return p.noun(subject), bool(getattr(subject, "plural", False))


def _verb(singular: str, plural: bool) -> str:
    if not plural:
        return singular
    return {"gets": "get", "gains": "gain", "loses": "lose", "has": "have", "is": "are"}.get(singular, singular)


def _until(step: Step) -> str:
    return " until the end of the turn" if step.get("until") is not None else ""


def _render_power(step: Step, p: Printer) -> str:
    who, plural = _subject(step, p)
    if step.value == "base power":
        return f"{who} {_verb('gains', plural)} power equal to its base power{_until(step)}"
    text = f"{who} {_verb('gets', plural)} {signed(step.value)} power"
    if step.get("for each") is not None:
        text += f" for each {step.get('for each').words}"
    if step.get("while in") is not None:
        text += f" while in {step.get('while in').words}"
    return text + _until(step)


def _power_value(raw: object, path: tuple = ()) -> int | str:
    if isinstance(raw, str) and " ".join(raw.lower().split()) == "base power":
        return "base power"
    return integer(-9, 9, signed=True)(raw)


def _check_power(step: Step, kind: str) -> None:
    if kind == STATIC and step.get("until") is not None:
        raise PhraseError("a continuous effect lasts as long as its `while:`; it has no `until:`")
    if kind != STATIC and (step.get("for each") is not None or step.get("while in") is not None):
        raise PhraseError("`for each` and `while in` belong to a continuous effect (a `while:` ability)")


FOR_EACH = closed("what is counted", {"other manifestation you control there": "own others there"})
WHILE_IN = closed("a zone", {"the confrontation zone": "confrontation"})
SET_POWER = closed("a power", {"the power of your opponent's first manifestation": "opponent first"})
THAT_TEMPERAMENT = closed("a temperament", {"that temperament": "chosen"})
THAT_CARD = closed("a card", {"that card": "chosen"})
CHOICES = closed("a choice", {"a base temperament": "base temperament", "a temperament": "temperament",
                              "a manifestation in your limbo": "limbo manifestation"})
CHAIN_FROM = closed("a zone to Chain from", {"your hand": "hand", "your interzone": "interzone", "your limbo": "limbo"})
LIMIT = Grammar("a limit ('base power 2 or less')", [
    (r"base\s+power\s+(?P<n>\d)\s+or\s+less", lambda m, w: Word(w, m["n"]))], ["base power 2 or less"])
WIN = closed("a Confrontation", {"that confrontation": "that"})
PAYING = closed("a cost", {"exile this will": "exile"})
KEEP = closed("what is kept", {"excess essence you generate": "essence"})
CANNOT = closed("what it cannot do", {"be used to pay a tribute": "pay a tribute"})


def _phrase(grammar: Grammar):
    def parse(raw: object, path: tuple = ()) -> Phrase:
        return grammar(raw)
    return parse


def _one_place(*preps: str):
    def check(step: Step, kind: str) -> None:
        given = [k for k in preps if step.get(k) is not None]
        if len(given) != 1:
            raise PhraseError(f"`{step.verb}` needs one of {', '.join(preps)} (where it goes)")
    return check


def _place_of(step: Step) -> Place:
    return next(v for k, v in step.options.items() if isinstance(v, Place))


def _who_verb(step: Step, p: Printer, base: str, singular: str) -> str:
    who = step.get("who")
    if who is None or who.who == "you":
        return f"{(who.words + ' ') if who is not None else ''}{base}"
    return f"{who.words} {singular}"


def _draw(step: Step, p: Printer) -> str:
    return _who_verb(step, p, "draw", "draws") + " " + p.count(step.value, "card")


def _discard(step: Step, p: Printer) -> str:
    return _who_verb(step, p, "discard", "discards") + " " + p.count(step.value, "card")


def _points(step: Step, p: Printer) -> str:
    who = step.get("who")
    n = step.value
    if who is None or who.who == "you":
        return f"{who.words if who else 'you'} {'gain' if n > 0 else 'lose'} {abs(n)} points"
    return f"{who.words} {'gains' if n > 0 else 'loses'} {abs(n)} points"


def _counter(step: Step, p: Printer) -> str:
    place = _place_of(step)
    if place.zone == "deck":
        return f"put {p.noun(step.value)} at {place.words}. That Will does not resolve"
    return f"{p.noun(step.value)} goes to {place.words} without resolving"


def _check_target(step: Step, kind: str) -> None:
    if not step.value.refers_to_target:
        raise PhraseError(f"`{step.verb}` acts on the ability's `target`")


def _check_put(step: Step, kind: str) -> None:
    _one_place("into", "at", "in")(step, kind)


VERBS: dict[str, Verb] = {v.name: v for v in [
    Verb("power", _power_value, _render_power,
         {"of": _phrase(SUBJECTS), "until": _phrase(DURATION), "for each": _phrase(FOR_EACH),
          "while in": _phrase(WHILE_IN)}, use="both", check=_check_power,
         doc="a power modifier (3.2 Modifiers): `power: -3` (or `base power`: gains power equal to it)"),
    Verb("set power", _phrase(SET_POWER),
         lambda s, p: f"until the end of the turn, {'its' if s.get('of') is None else p.noun(s.get('of')) + chr(39) + 's'}"
                      f" power is equal to {s.value.words}",
         {"of": _phrase(SUBJECTS), "until": _phrase(DURATION)}, frozenset({"until"}),
         doc="its power becomes a value, worked out when it resolves"),
    Verb("temperament", _phrase(THAT_TEMPERAMENT),
         lambda s, p: f"until the end of the turn, {_subject(s, p)[0]} is of {s.value.words}",
         {"of": _phrase(SUBJECTS), "until": _phrase(DURATION)}, frozenset({"until"}),
         doc="its temperament becomes the one chosen (4.2.3: the last one entered decides a tie)"),
    Verb("gain effects", _phrase(THAT_CARD),
         lambda s, p: f"until the end of the turn, {_subject(s, p)[0]} has {s.value.words}'s effects",
         {"of": _phrase(SUBJECTS), "until": _phrase(DURATION)}, frozenset({"until"}),
         doc="it has the effects of the card chosen (3.2 Modifiers: gains effects)"),
    Verb("lose effects", _phrase(SUBJECTS),
         lambda s, p: f"{p.noun(s.value)} loses its effects{_until(s)}", {"until": _phrase(DURATION)},
         check=_check_target, doc="3.2 Modifiers: a card loses its effects"),
    Verb("lose all effects", _phrase(SUBJECTS),
         lambda s, p: f"{p.noun(s.value)} loses all its effects{_until(s)}", {"until": _phrase(DURATION)},
         check=_check_target, doc="the same as `lose effects`, printed 'loses all its effects'"),
    Verb("gain control", _phrase(SUBJECTS),
         lambda s, p: f"gain control of {p.noun(s.value)}{_until(s)}", {"until": _phrase(DURATION)},
         check=_check_target, doc="3.2 Owner and Controller: you control it"),
    Verb("destroy", _phrase(DESTROYED), lambda s, p: f"destroy {p.noun(s.value)}",
         doc="it goes to its owner's Limbo (1.3)"),
    Verb("put", _phrase(PUT), lambda s, p: f"put {p.noun(s.value)} {_place_of(s).prep} {_place_of(s).words}",
         {"into": _place("into"), "at": _place("at"), "in": _place("in")}, check=_check_put,
         doc="moves a card (3.2 Play and Move)"),
    Verb("move", _phrase(SUBJECTS), lambda s, p: f"move {p.noun(s.value)} to {s.get('to').words}",
         {"to": _place("to")}, frozenset({"to"}), doc="moves a card (3.2 Play and Move)"),
    Verb("counter", _phrase(SUBJECTS), _counter, {"at": _place("at"), "to": _place("to")},
         check=lambda s, k: (_check_target(s, k), _one_place("at", "to")(s, k)),
         doc="a Will on the Stack leaves it without resolving"),
    Verb("draw", _count, _draw, {"who": _who}, doc="draws cards from the top of the deck"),
    Verb("discard", _count, _discard, {"who": _who},
         doc="the player chooses cards of their hand; they go to their Limbo"),
    Verb("points", integer(-50, 50, signed=True), _points, {"who": _who},
         doc="points gained or lost from effects (4.4.2)"),
    Verb("chain", _phrase(CHAIN_FROM),
         lambda s, p: f"Chain from {s.value.words}" + (f" (a manifestation with {s.get('limit').words})"
                                                       if s.get("limit") is not None else ""),
         {"limit": _phrase(LIMIT)}, doc="3.1 Support and Chain: one manifestation into Support"),
    Verb("look", _phrase(SEEN), lambda s, p: f"look at {s.value.words}", doc="look at the top card of your deck"),
    Verb("arrange", _count,
         lambda s, p: f"look at the top {p.count(s.value, 'card')[2:] if s.value == 1 else p.count(s.value, 'card')} "
                      f"of your deck and put them back in any order",
         doc="look at the top N cards of your deck and put them back in the order you choose"),
    Verb("reveal", _phrase(SEEN), lambda s, p: f"reveal {s.value.words}", doc="show the top card of your deck"),
    Verb("exile", _phrase(EXILED), lambda s, p: f"exile {p.noun(s.value)}", doc="to its owner's Exile (1.3)"),
    Verb("choose", _phrase(CHOICES), lambda s, p: f"choose {s.value.words}",
         doc="a choice a later step refers to (that Temperament, that card)"),
    Verb("copy", _phrase(SUBJECTS),
         lambda s, p: f"copy {p.noun(s.value)}. You may choose new targets for the copy",
         check=_check_target, doc="a copy of a Will on the Stack, under your control"),
    Verb("switch power", _phrase(SUBJECTS), lambda s, p: f"switch the power of {p.noun(s.value)}{_until(s)}",
         {"until": _phrase(DURATION)}, check=_check_target, doc="two targets swap their power"),
    Verb("win", _phrase(WIN), lambda s, p: f"you may {s.get('paying').words}: you win {s.value.words} instead",
         {"paying": _phrase(PAYING)}, frozenset({"paying"}),
         doc="a replacement: pay to win the Confrontation that would end in a Stalemate"),
    Verb("keep", _phrase(KEEP), lambda s, p: f"{s.value.words} is not lost at the end of the turn", use=STATIC,
         doc="2.1 Excess Essence outlives the turn"),
    Verb("cannot", _phrase(CANNOT), lambda s, p: f"{_subject(s, p)[0]} cannot {s.value.words}",
         {"of": _phrase(SUBJECTS)}, use=STATIC, doc="3.2 The Golden Rule: an absolute restriction"),
]}

VOCABULARY = Vocabulary(
    game="kartomantik",
    verbs=VERBS,
    triggers=_trigger,
    conditions=CONDITIONS,
    states=STATES,
    costs=COSTS,
    targets=TARGETS,
    prefix=prefix,
    numbers="words",
)

__all__ = ["VOCABULARY", "Target", "Ref", "Group", "Pick", "Top", "Who", "Place", "Trigger", "Cost",
           "BASE_TEMPERAMENTS", "EFFECT"]

"""What the start page of ``pnp table`` asks before a game of So Long, My World
(rules_check/core/questions.py): what the table decides and what it sees face up, as the
rulebook's "Setting Up the Game" lays it out (reading SL39). The mode (So Long, My World; with 2
players So Long, My Love; with 1 the solo mode and its Path), the variants, the First Player, the
six normal visions as placed around the clock, each player's first feeling, the Heartbreak card,
L'Uno and the Gestalt deck's size in the co-op mode, and the End card a previous game drew.
The events, the Reboot, the Remnant cards dealt and drafted, the Gestalt and catalyst decks are
shuffled or face down: not asked, they stay unseen."""

from __future__ import annotations

from typing import Any

from rules_check.core.questions import Question, judged, read_answers

from .state import COOP, GESTALT_VISIONS, KARMA_CATALYSTS, MULTIPLAYER, SOLO

T = "So Long, My World"
NO_END_CARD = "none"
FEELINGS = ["hope", "nostalgia"]


def _clock(engine) -> Question:
    normal = [v for v, d in engine.cards.visions.items() if d.kind == "normal"]
    return Question(key="clock", label="The clock's six visions", kind="cards", options=normal, count=len(normal),
                    slots=["the first"] + [f"then clockwise, {n}" for n in ("second", "third", "fourth", "fifth", "sixth")],
                    help=f"The {len(normal)} normal Vision cards as they lie around the clock, clockwise "
                         f"({T}: Setting Up the Game, 2. Prepare the Vision Cards; reading SL1).")


def _feelings(players: list[str]) -> Question:
    return Question(key="first_feelings", label="First feelings", kind="per_player", options=FEELINGS,
                    players=list(players),
                    help=f"\"Each player chooses one Hope or Nostalgia\" ({T}: Setting Up the Game, "
                         "5. Prepare Feeling Reserve).")


def _solo_questions(engine, players: list[str]) -> list[Question]:
    from .paths import load_paths

    paths = [p.name for p in load_paths(engine.cards).paths if not p.requires]
    return [
        Question(key="path", label="The Path", kind="choice", options=paths,
                 help=f"The scenario played ({T}: Solo/Campaign Mode, 1. Choose a Path). A Path that a "
                      "Word unlocks needs the earlier logs of the campaign: write that setup by hand."),
        _clock(engine), _feelings(players)]


def questions(engine, players: list[str]) -> list[Question]:
    if len(players) == 1:
        return _solo_questions(engine, players)
    c = engine.cards
    coop = [COOP]
    modes = [MULTIPLAYER, COOP] if len(players) == 2 else [MULTIPLAYER]
    return [
        Question(key="mode", label="Mode", kind="choice", options=modes, default=MULTIPLAYER,
                 labels={MULTIPLAYER: f"{T} (2 to 5 players)", COOP: "So Long, My Love (2-player co-op)"},
                 help="So Long, My Love is played by two players together, against the game "
                      f"({T}: So Long, My Love (2-player co-op mode))."),
        Question(key="heartbreak", label="Heartbreak card", kind="choice", options=sorted(c.heartbreaks),
                 labels={h: f"{h} (starts at hour {d.start_hour})" for h, d in sorted(c.heartbreaks.items())},
                 when={"mode": coop},
                 help=f"\"Choose one Heartbreak card and read it\" ({T}: So Long, My Love): it sets the clock "
                      "and the goal."),
        Question(key="gestalt_deck", label="Gestalt deck: how many cards", kind="number", minimum=0,
                 maximum=len(dict.fromkeys(c.gestalts)), default=2 * len(players), when={"mode": coop},
                 help=f"\"Build a Gestalt deck following the directions of the card\" ({T}: So Long, My Love): "
                      "how many cards it holds (they stay face down)."),
        Question(key="luno", label="L'Uno in play", kind="choice", options=["yes", "no"], default="yes",
                 when={"mode": coop},
                 help=f"\"This special Vision card can be added to co-op games\" ({T}: So Long, My Love, L'UNO)."),
        Question(key="variants", label="Variants", kind="choices", options=[GESTALT_VISIONS, KARMA_CATALYSTS],
                 labels={GESTALT_VISIONS: "Gestalt Visions", KARMA_CATALYSTS: "Karma Catalysts (with Gestalt Visions)"},
                 required=False, when={"mode": [MULTIPLAYER]},
                 help=f"{T}: Variants. Karma Catalysts go under Gestalt Visions: that variant is needed too."),
        Question(key="first_player", label="First Player", kind="choice", options=list(players),
                 default=players[0],
                 help=f"Who holds the First Player token ({T}: Setting Up the Game, 8. Choose the First Player)."),
        _clock(engine),
        _feelings(players),
        Question(key="end_card", label="End card of the previous game", kind="choice",
                 options=[NO_END_CARD, *c.ends], default=NO_END_CARD, required=False,
                 labels={NO_END_CARD: "none (a first game)"},
                 help=f"\"Each one has an effect that must be carried to the next game\" ({T}: End Cards). "
                      "The Carriage is checked against the previous game's log, which is not asked here: "
                      "it is then listed as unverified."),
    ]


def setup(engine, players: list[str], answers: dict[str, Any]) -> dict[str, Any]:
    qs = questions(engine, players)
    read = read_answers(qs, answers)
    if len(players) == 1:
        out = {"mode": SOLO, "path": read["path"], "clock": read["clock"], "first_feelings": read["first_feelings"]}
        return judged(engine, players, out, qs)
    out: dict[str, Any] = {"mode": read["mode"]}
    if read["mode"] == COOP:
        out.update(heartbreak=read["heartbreak"], gestalt_deck=read["gestalt_deck"])
        if read["luno"] == "yes":
            out["luno"] = True
    elif read.get("variants"):
        out["variants"] = read["variants"]
    out.update(first_player=read["first_player"], clock=read["clock"], first_feelings=read["first_feelings"])
    if read.get("end_card") not in (None, NO_END_CARD):
        out["end_card"] = read["end_card"]
    return judged(engine, players, out, qs)

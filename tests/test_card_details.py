"""What a tap on a card shows a judge (issue 25): each game's ``details.card_details(engine)``
(rules_check/games/GAME/details.py), a `CardDetail` for every name a `Card` of that game's
views can have.

Simulated games (rules_check/core/simulate.py ``play``, full logs and logs as written at the
table) give the views after every entry; every card any panel shows must have its detail, and
the details of known cards must say what the card data says.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
import tableviews

from pnp.games.kartomantik.models import TEMPERAMENT_COLOURS
from pnp.games.visions.models import CATEGORIES, ENVIRONMENTS, fragment_name
from rules_check.core.errors import IllegalAction
from rules_check.core.logfile import read_log
from rules_check.core.simulate import play
from rules_check.core.view import Card, CardDetail, RingPanel, SlotsPanel, View, ZonePanel, slug
from rules_check.engines import engines
from rules_check.games.kartomantik.engine import KartomantikEngine
from rules_check.games.so_long_my_world.view import roman
from rules_check.games.visions.view import UNSEEN_NIGHTMARE
from rules_check.pool import Pool

ENGINES = engines()
# players per game: every player count whose table differs (solo, co-op, 3 and 5 players)
TABLES = {
    "kartomantik": [["Ana", "Ben"]],
    "visions": [["Ana", "Ben"], ["Ana", "Ben", "Cy", "Dee", "Eve"]],
    "relics": [["Solo"]],
    "so-long-my-world": [["Solo"], ["Ana", "Ben"], ["Ana", "Ben", "Cy"]],
}
SEEDS = (1, 2, 3, 4)
# the panels (without the player's name) whose cards the simulated games reach: every panel
# that can show a card, so that each is checked
PANELS = {
    "kartomantik": {"confrontation", "exile", "field", "hand", "interzone", "limbo", "stack", "stalemate", "vessel"},
    "relics": {"discard", "draw", "hand", "location", "paths", "relics"},
    "so-long-my-world": {"clock", "discard", "event", "event-discard", "field", "gestalt-visions", "hand", "l-uno",
                         "sequences", "tokens", "vision"},
    "visions": {"dream-1", "dream-2", "hand", "river"},
}
# the clock's spaces hold each player's Vision Token, shown by the player's name
SLMW_TOKEN_PANELS = {"clock", "gestalt-visions", "l-uno"}


def shown(view: View) -> list[tuple[str, Card]]:
    """Every card the view shows, with the id of its panel."""
    out = []
    for p in view.panels:
        if isinstance(p, ZonePanel):
            out += [(p.id, c) for c in p.cards]
        elif isinstance(p, SlotsPanel):
            out += [(p.id, c) for s in p.slots for c in s.cards]
        elif isinstance(p, RingPanel):
            out += [(p.id, c) for s in p.spaces for c in s.cards]
    return out


@lru_cache(maxsize=None)
def views(game: str) -> tuple[list[View], ...]:
    """The views after every entry of the simulated games of ``game``, one list per game."""
    engine = ENGINES[game]
    out = []
    for players in TABLES[game]:
        for seed in SEEDS:
            for table in (False, True):
                seen: list[View] = []
                _, end = play(engine, players, seed, "random", watch=lambda state, action: seen.append(
                    engine.view(state)), table=table)
                assert engine.is_over(end)
                out.append(seen)
    return tuple(out)


def placeholder(game: str, pid: str, card: Card, players: set[str]) -> bool:
    """A card the view shows that is no card of the box: a face-down Nightmare the log never
    named (Visions), a player's Vision Token on a Vision (So Long, My World)."""
    if game == "visions":
        return card.name == UNSEEN_NIGHTMARE and card.mark == "face down"
    if game == "so-long-my-world":
        return pid in SLMW_TOKEN_PANELS and card.name in players and card.note in ("Vision Token", "reached")
    return False


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_card_shown_has_its_detail(game):
    engine = ENGINES[game]
    details = engine.card_details()
    assert details is engine.card_details()  # built once per engine
    assert all(isinstance(d, CardDetail) for d in details.values())
    looked_up, exceptions, panels = set(), set(), set()
    for game_views in views(game):
        players = {v for view in game_views for v in view.scores} | {view.active for view in game_views}
        prefixes = tuple(f"{slug(p)}-" for p in players if p)
        for view in game_views:
            for pid, card in shown(view):
                panels.add(pid.split("-", 1)[1] if pid.startswith(prefixes) else pid)
                if card.name in details:
                    d = details[card.name]
                    # the full name: the card's own, or the printed name in OWNER/Name (Kartomantik)
                    assert d.name == card.name or card.name == f"{card.name.split('/', 1)[0]}/{d.name}"
                    assert d.kind and d.rule and d.fields
                    looked_up.add(card.name)
                else:
                    assert placeholder(game, pid, card, players), f"{game}: no detail for {card.name!r} in {pid}"
                    exceptions.add(card.name)
    assert len(looked_up) >= 15
    assert panels == PANELS[game]
    if game == "visions":
        assert exceptions == {UNSEEN_NIGHTMARE}  # the logs written at the table have unnamed nightmares
    elif game == "so-long-my-world":
        assert exceptions == {"Solo", "Ana", "Ben", "Cy"}
    else:
        assert exceptions == set()
    if game == "kartomantik":  # cards in play are named OWNER/Name
        assert {n.split("/", 1)[0] for n in looked_up if "/" in n} == {"Ana", "Ben"}


def test_every_card_of_the_example_logs_has_its_detail():
    """The example logs (examples/logs, as users write them): the views after every entry up
    to the first violation, and the table just before it."""
    replayed = 0
    for path in sorted(tableviews.EXAMPLES.glob("*.yaml")):
        log = read_log(path, ENGINES)
        try:
            r = tableviews.replay(path)
        except IllegalAction:  # a setup that breaks a rule (visions-illegal-setup): no table
            continue
        replayed += 1
        details = ENGINES[log.game].card_details()
        for view in r.views + ([r.before] if r.before else []):
            for pid, card in shown(view):
                assert card.name in details or placeholder(log.game, pid, card, set(log.players)), \
                    f"{path.name}: no detail for {card.name!r} in {pid}"
    assert replayed >= 35


def fields(d: CardDetail) -> dict:
    return {f.label: f.value for f in d.fields}


# --- Kartomantik --------------------------------------------------------------------------------


def test_kartomantik_manifestation_and_will_say_what_the_pool_says():
    engine = ENGINES["kartomantik"]
    details = engine.card_details()
    assert set(details) == {c.name for c in engine.pool.cards.values()}
    for card in engine.pool.cards.values():
        d, f = details[card.name], fields(details[card.name])
        assert d.text == card.text and d.text
        assert card.text in d.script  # the script printed by the effects language
        if card.type == "manifestation":
            assert d.kind == "manifestation" and d.rule == "Kartomantik 1.2 (Manifestations)"
            assert f["temperament"] == f"{card.temperament} ({TEMPERAMENT_COLOURS[card.temperament]})"
            assert (f["base power"], f["points"]) == (card.power, card.points)
        else:
            assert d.kind == f"{card.will} will" and d.rule == "Kartomantik 1.2 (Wills)"
            t = card.tribute
            assert f["tribute cost"] == (f"{t.amount} {t.temperament} ({TEMPERAMENT_COLOURS[t.temperament]})"
                                         if t else "none")
        assert ("keywords" in f) == bool(card.keywords)

    moss = details["Moss Choir"]
    assert fields(moss)["temperament"] == "phlegmatic (green)"
    assert fields(moss)["keywords"] == "Support"
    assert moss.script.startswith("Passive (3.1): As long as it is in the Confrontation Zone")
    # a card in play is shown as OWNER/Name: found under its printed name
    assert details["Ben/Moss Choir"] is moss and "Ana/Moss Choir" in details
    assert details.get("Ana/No Such Card") is None and "No Such Card" not in details
    with pytest.raises(KeyError):
        details["Ana/No Such Card"]


def test_kartomantik_details_are_the_engines_pool():
    """Each engine its own details: an engine with another pool shows that pool's cards."""
    base = ENGINES["kartomantik"].pool
    card = base.get("Oppress")
    other = KartomantikEngine(Pool(cards={"oppress": card}, source="test"))
    details = other.card_details()
    assert list(details) == ["Oppress"]
    assert fields(details["Oppress"])["tribute cost"] == f"{card.tribute.amount} {card.tribute.temperament} " \
                                                         f"({TEMPERAMENT_COLOURS[card.tribute.temperament]})"
    assert len(ENGINES["kartomantik"].card_details()) == len(base.cards)


# --- Visions ------------------------------------------------------------------------------------


def test_visions_fragment_keeps_its_environment_and_category():
    engine = ENGINES["visions"]
    details = engine.card_details()
    assert len(details) == 25  # "75 Dream Fragment cards: 3x (Environments x 5 Categories)"
    d = details["Mythical Creature in the Galactic Valley"]
    assert fields(d) == {"category": "Mythical Creatures", "environment": "Galactic Valley", "copies in the box": 3}
    assert (d.kind, d.rule, d.text, d.script) == ("dream fragment card", "Visions: 1 - Play a Card", None, None)
    for name, (category, environment) in engine.cards.kinds.items():
        f = fields(details[name])
        assert (f["category"], f["environment"]) == (CATEGORIES[category], ENVIRONMENTS[environment])
        assert fragment_name(f["category"], f["environment"]) == name


# --- relics -------------------------------------------------------------------------------------


def test_relics_card_shows_both_sides_corners_and_banners():
    engine = ENGINES["relics"]
    details = engine.card_details()
    assert set(details) == set(engine.cards.names)
    for name, sides in engine.cards.sides.items():
        d, f = details[name], fields(details[name])
        for face in ("day", "night"):
            side = sides[face]
            for corner, label in ((side.top_left, "top-left"), (side.bottom_right, "bottom-right")):
                want = f"{corner.colour} {corner.amount}" if corner else "none"
                assert f[f"{face} side {label} challenge"] == want
            assert f[f"{face} side number"] == side.number
            assert f"{face.capitalize()} side: {side.ability}" in d.text.splitlines()
            r = side.reward
            assert f[f"{face} side banner"] == (f"{r.relic}, half {r.half} ({r.colour} relic)" if r.is_relic
                                                 else f"{r.amount} {r.energy} energy")
        assert d.rule == "relics: Anatomy of a Card"
    relic_cards = [d for d in details.values() if any("relic)" in str(v.value) for v in d.fields)]
    assert len(relic_cards) == 6  # three relics of two halves


# --- So Long, My World ----------------------------------------------------------------------------


def test_slmw_vision_affinity_event_text_and_remnant_cost():
    engine = ENGINES["so-long-my-world"]
    data = engine.cards
    details = engine.card_details()
    groups = (data.cards, data.events, data.visions, data.heartbreaks, data.ends)
    assert len(details) == sum(len(g) for g in groups)  # no two cards of the box share a name
    for name, v in data.visions.items():
        f = fields(details[name])
        if v.kind == "gestalt":
            assert f["affinity feeling"] == "none printed: its Karma Catalyst gives them"
            assert f["Marks of Sol (on its back)"] == v.marks_of_sol
        else:
            assert f.get("affinity feeling", f.get("affinity feelings")) == (", ".join(v.affinity) or "none")
        assert details[name].text == (v.text or None)
    assert fields(details["Place of Worship"])["affinity feeling"] == data.visions["Place of Worship"].affinity[0]

    # 1. Event Phase, example: Last Broadcast's Feelings; its text as printed
    last = details["Last Broadcast"]
    assert last.kind == "Event card" and last.text == data.events["Last Broadcast"].text and last.text
    assert fields(last)["Feelings put on the Visions"] == (
        "Place of Worship: 1 nostalgia; World's Edge Pub: 1 resignation; Special Person: 1 hope; "
        "Death Drive: 1 despair")
    for name, e in data.events.items():
        assert details[name].text == e.text and details[name].kind == ("Reboot card" if e.reboot else "Event card")
        who = fields(details[name])["effect for"]
        assert who.startswith("all players, at once") if e.reboot else \
            who == (f"the players who chose {e.vision}" if e.vision else "all players")

    # the starting card Life is a Journey "costs Hope", a Hindrance card with a glyph
    life = fields(details["Life is a Journey"])
    assert life["feeling cost"] == "1 hope" and life["karma"] == "positive"
    assert life["insight points"] == "a glyph (starting card)"
    assert life["effect"].startswith("Hindrance")
    for name, c in data.cards.items():
        f = fields(details[name])
        assert f["feeling cost"] == ", ".join(f"{n} {feeling}" for feeling, n in c.cost.items() if n)
        assert f["karma"] == c.karma
        assert details[name].kind == ("Gestalt card" if c.gestalt else
                                      "starting Remnant card" if c.starting else "Remnant card")
        if not c.starting:
            assert f["insight points"] == c.insight
    coop = details[next(iter(data.heartbreaks))]
    assert coop.kind == "Heartbreak card" and coop.text == data.heartbreaks[coop.name].goal
    assert fields(coop)["time counter starts at hour"] == roman(data.heartbreaks[coop.name].start_hour)
    continuous = [n for n, d in details.items() if fields(d).get("effect", "").startswith("Continuous")]
    assert continuous and all(data.cards[n].script.kinds.keys() & {"triggered", "static"} for n in continuous)

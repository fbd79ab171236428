"""``pnp table``'s start page: what the table decides before a game recorded at the table starts
(rules_check/core/questions.py, rules_check/games/*/table_setup.py, rules_check/table/start.py and
start.js). The answers become the setup a table log gives; the engine judges it, and the file the
server writes is a log ``pnp check log`` accepts. A wrong answer gets a message that names the
question; a Kartomantik decklist gets exactly the message ``pnp check deck`` prints."""

from __future__ import annotations

import json
import random
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from pnp.cli import app
from rules_check.decklist import read_decklist
from rules_check.engines import engines
from rules_check.core.questions import BadAnswer, filled
from rules_check.table.server import Running
from rules_check.table.session import TableGame

ENGINES = engines()
DECKS = Path(__file__).resolve().parent.parent / "examples" / "decks"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 900}
CLOCK = ["Empty City", "Slaughter", "Place of Worship", "Special Person", "Death Drive", "World's Edge Pub"]
RIVER = ["Time in the Icy Birches", "Music in the Burning Desert", "Flight in the Hidden Village",
         "Time in the Icy Birches", "Dreamcatcher in the Galactic Valley"]
DEALT = ["Ashen Field", "Hollow Oak", "Fallen Shrine", "Drowned Orchard", "Tidal Caves", "Cliffside Path",
         "Shattered Bridge", "Sunken Road", "Broken Mill"]


def deck(name: str) -> str:
    return (DECKS / name).read_text(encoding="utf-8")


def checked(path: Path) -> dict:
    """``pnp check log FILE --format json``: the checker's own verdict on the file written."""
    result = CliRunner().invoke(app, ["check", "log", str(path), "--format", "json"])
    return json.loads(result.stdout)[0]


def check_deck_says(text: str) -> str:
    """What ``pnp check deck -`` prints for ``text``, its error lines joined as the start page
    joins them ("-:17: error ..." reads "line 17: error ..."; the file ``-`` is the player's)."""
    result = CliRunner().invoke(app, ["check", "deck", "-"], input=text)
    lines = [line for line in result.stdout.splitlines() if line.startswith("-:") and ": error " in line]
    assert lines, result.stdout
    return "; ".join(re.sub(r"^-:(\d+): ", r"line \1: ", line).removeprefix("-: ") for line in lines)


def new_game(tmp_path: Path, game: str, players: list[str], setup: dict) -> Path:
    """The setup as ``pnp table`` starts a game with it: judged, written, then checked."""
    path = tmp_path / f"{game}.yaml"
    TableGame.new(path, ENGINES[game], players, setup)
    return path


def legal_start(path: Path) -> dict:
    report = checked(path)
    assert report["usable"] and report["legal"] and not report["violations"], report
    return report


def refused(game: str, players: list[str], answers: dict) -> BadAnswer:
    with pytest.raises(BadAnswer) as caught:
        ENGINES[game].setup_from_answers(players, answers)
    return caught.value


# --- the questions and the setups they give ----------------------------------------------------------


def test_kartomantik_asks_each_decklist_and_nothing_else(tmp_path):
    qs = ENGINES["kartomantik"].setup_questions(["Ana", "Ben"])
    assert [(q.key, q.kind, q.label) for q in qs] == [("decklist:Ana", "decklist", "Ana's decklist"),
                                                       ("decklist:Ben", "decklist", "Ben's decklist")]
    assert all("Kartomantik 4.1 Building a Deck" in q.help for q in qs)
    setup = ENGINES["kartomantik"].setup_from_answers(["Ana", "Ben"], {
        "decklist:Ana": deck("legal-yellow-tempo.txt"), "decklist:Ben": deck("exported-burning-logic-client.txt")})
    pool = ENGINES["kartomantik"].pool
    for player, file in (("Ana", "legal-yellow-tempo.txt"), ("Ben", "exported-burning-logic-client.txt")):
        listed = read_decklist(DECKS / file)  # the printed names, as the deck check matches them
        assert setup[player] == {"cards": [pool.get(e.name).name for e in listed.deck for _ in range(e.count)]}
        assert len(setup[player]["cards"]) == 30
    assert "Envy's Mask" in setup["Ana"]["cards"]  # written with a curly apostrophe in the file
    legal_start(new_game(tmp_path, "kartomantik", ["Ana", "Ben"], setup))


@pytest.mark.parametrize("file", ["illegal-31-cards.txt", "illegal-540-points.txt",
                                  "illegal-duplicate-and-misspelled.txt"])
def test_a_decklist_is_refused_with_the_message_pnp_check_deck_prints(file):
    text = deck(file)
    error = refused("kartomantik", ["Ana", "Ben"], {"decklist:Ana": deck("legal-yellow-tempo.txt"),
                                                     "decklist:Ben": text})
    assert error.key == "decklist:Ben"
    assert str(error) == "Ben's decklist: " + check_deck_says(text)


def test_the_decklist_messages_are_the_deck_checks(tmp_path):
    two = "1 Jester of Thorns\n" + deck("legal-yellow-tempo.txt")  # a second copy, and 31 cards
    said = str(refused("kartomantik", ["Ana", "Ben"], {"decklist:Ana": two,
                                                       "decklist:Ben": deck("legal-yellow-tempo.txt")}))
    assert said.startswith("Ana's decklist: line 1: error duplicate: Jester of Thorns appears twice (lines 1 and 9)")
    assert "error deck-size: the deck has 31 cards; a deck has exactly 30 (rulebook 4.1)" in said
    assert str(refused("kartomantik", ["Ana", "Ben"], {"decklist:Ana": deck("legal-yellow-tempo.txt")})) == \
        "Ben's decklist: not answered"
    assert "error points: points 540 > 500" in str(refused(
        "kartomantik", ["Ana", "Ben"], {"decklist:Ana": deck("illegal-540-points.txt"),
                                        "decklist:Ben": deck("legal-yellow-tempo.txt")}))


def test_visions_asks_the_river_as_turned_up(tmp_path):
    (q,) = ENGINES["visions"].setup_questions(["Ana", "Ben", "Cleo"])
    assert (q.key, q.kind, q.count, q.copies["Time in the Icy Birches"]) == ("river", "cards", 5, 3)
    assert len(q.options) == 25 and "Visions: Setup" in q.help
    setup = ENGINES["visions"].setup_from_answers(["Ana", "Ben", "Cleo"], {"river": [r.lower() for r in RIVER]})
    assert setup == {"river": RIVER}  # names as a decklist's: case does not count
    legal_start(new_game(tmp_path, "visions", ["Ana", "Ben", "Cleo"], setup))


def test_visions_refuses_a_river_the_box_cannot_hold():
    four = ["Time in the Icy Birches"] * 4 + ["Music in the Burning Desert"]
    assert str(refused("visions", ["Ana", "Ben"], {"river": four})) == \
        "The river: Time in the Icy Birches is named 4 times; the game has 3 copies"
    assert str(refused("visions", ["Ana", "Ben"], {"river": RIVER[:4]})) == "The river: expected 5 cards, not 4"
    said = str(refused("visions", ["Ana", "Ben"], {"river": RIVER[:4] + ["Time in the Icy Birch"]}))
    assert said == ("The river: expected a card name, not 'Time in the Icy Birch' "
                    "(did you mean 'Time in the Icy Birches' or 'Music in the Icy Birches' or "
                    "'Flight in the Icy Birches'?)")


def test_relics_asks_the_difficulty_and_the_nine_cards_dealt(tmp_path):
    difficulty, dealt = ENGINES["relics"].setup_questions(["Ana"])
    assert (difficulty.key, difficulty.options, difficulty.default) == ("difficulty", ["hard", "normal"], "normal")
    assert (dealt.key, dealt.count, dealt.slots[0], dealt.slots[-1]) == \
        ("dealt", 9, "the current location", "hand: second card drawn")
    setup = ENGINES["relics"].setup_from_answers(["Ana"], {"difficulty": "hard", "dealt": DEALT})
    assert setup == {"difficulty": "hard", "dealt": DEALT}
    assert ENGINES["relics"].setup_from_answers(["Ana"], {"dealt": DEALT})["difficulty"] == "normal"
    legal_start(new_game(tmp_path, "relics", ["Ana"], setup))


def test_relics_refuses_a_card_dealt_twice_and_an_unknown_difficulty():
    assert str(refused("relics", ["Ana"], {"dealt": DEALT[:8] + ["Hollow Oak"]})) == \
        "The nine cards dealt: Hollow Oak is named 2 times; the game has 1 copy"
    assert str(refused("relics", ["Ana"], {"difficulty": "easy", "dealt": DEALT})) == \
        "Difficulty: expected one of (hard, normal), not 'easy'"
    assert str(refused("relics", ["Ana"], {"dealt": DEALT, "draw_pile": DEALT})).startswith(
        "answers: no question 'draw_pile'")


def test_so_long_my_world_asks_what_the_table_lays_out(tmp_path):
    qs = ENGINES["so-long-my-world"].setup_questions(["Ana", "Ben"])
    assert [q.key for q in qs] == ["mode", "heartbreak", "gestalt_deck", "luno", "variants", "first_player",
                                   "clock", "first_feelings", "end_card"]
    by = {q.key: q for q in qs}
    assert by["mode"].options == ["multiplayer", "co-op"] and by["heartbreak"].when == {"mode": ["co-op"]}
    assert by["first_player"].options == ["Ana", "Ben"] and "8. Choose the First Player" in by["first_player"].help
    assert ENGINES["so-long-my-world"].setup_questions(["A", "B", "C"])[0].options == ["multiplayer"]
    setup = ENGINES["so-long-my-world"].setup_from_answers(["Ana", "Ben"], {
        "mode": "multiplayer", "variants": ["karma catalysts", "gestalt visions"], "first_player": "Ben",
        "clock": CLOCK, "first_feelings": {"Ana": "hope", "Ben": "nostalgia"}, "end_card": "Shipwreck",
        "heartbreak": "Last Dance"})  # asked only in co-op: not written
    assert setup == {"mode": "multiplayer", "variants": ["gestalt visions", "karma catalysts"], "first_player": "Ben",
                     "clock": CLOCK, "first_feelings": {"Ana": "hope", "Ben": "nostalgia"}, "end_card": "Shipwreck"}
    report = legal_start(new_game(tmp_path, "so-long-my-world", ["Ana", "Ben"], setup))
    assert report["game"] == "so-long-my-world"


def test_so_long_my_love_and_the_solo_path(tmp_path):
    coop = ENGINES["so-long-my-world"].setup_from_answers(["Ana", "Ben"], {
        "mode": "co-op", "heartbreak": "Last Dance", "gestalt_deck": 6, "luno": "yes", "clock": CLOCK,
        "first_feelings": {"Ana": "hope", "Ben": "hope"}})
    assert coop == {"mode": "co-op", "heartbreak": "Last Dance", "gestalt_deck": 6, "luno": True,
                    "first_player": "Ana", "clock": CLOCK, "first_feelings": {"Ana": "hope", "Ben": "hope"}}
    legal_start(new_game(tmp_path, "so-long-my-world", ["Ana", "Ben"], coop))
    path, clock, feelings = ENGINES["so-long-my-world"].setup_questions(["Ana"])
    assert (path.key, clock.key, feelings.players) == ("path", "clock", ["Ana"])
    assert "The Last Lighthouse" in path.options and "Solo/Campaign Mode" in path.help
    solo = ENGINES["so-long-my-world"].setup_from_answers(["Ana"], {
        "path": "The Last Lighthouse", "clock": CLOCK, "first_feelings": {"Ana": "nostalgia"}})
    assert solo == {"mode": "solo", "path": "The Last Lighthouse", "clock": CLOCK,
                    "first_feelings": {"Ana": "nostalgia"}}
    (tmp_path / "so-long-my-world.yaml").unlink()
    legal_start(new_game(tmp_path, "so-long-my-world", ["Ana"], solo))


def test_so_long_my_world_refuses_with_the_question_named():
    base = {"clock": CLOCK, "first_feelings": {"Ana": "hope", "Ben": "hope"}}
    error = refused("so-long-my-world", ["Ana", "Ben"], {**base, "variants": ["karma catalysts"]})
    assert (error.key, str(error)) == ("variants", "Variants: Karma Catalysts go under Gestalt Visions: that "
                                                   "variant is needed too (So Long, My World: Setting Up the Game)")
    assert str(refused("so-long-my-world", ["Ana", "Ben"], {**base, "mode": "co-op"})) == \
        "Heartbreak card: not answered"
    assert str(refused("so-long-my-world", ["Ana", "Ben"], {**base, "first_feelings": {"Ana": "hope",
                                                                                      "Ben": "despair"}})) == \
        "First feelings: Ben: expected one of (hope, nostalgia), not 'despair'"
    assert str(refused("so-long-my-world", ["Ana", "Ben"], {**base, "first_feelings": {"Ana": "hope"}})) == \
        "First feelings: Ben: not answered"
    assert str(refused("so-long-my-world", ["Ana", "Ben"], {**base, "clock": CLOCK[:5] + CLOCK[:1]})) == \
        "The clock's six visions: Empty City is named 2 times; the game has 1 copy"
    assert str(refused("so-long-my-world", ["Ana", "Ben"], {**base, "mode": "co-op", "heartbreak": "Last Dance",
                                                            "gestalt_deck": 40})) == \
        "Gestalt deck: how many cards: expected a number from 0 to 22, not 40"


@pytest.mark.parametrize("game,players", [("kartomantik", ["Ana", "Ben"]), ("visions", ["Ana", "Ben", "Cleo"]),
                                          ("relics", ["Ana"]), ("so-long-my-world", ["Ana"]),
                                          ("so-long-my-world", ["Ana", "Ben"]),
                                          ("so-long-my-world", ["Ana", "Ben", "Cleo", "Dan", "Eve"])])
def test_answers_drawn_at_random_give_a_legal_start(tmp_path, game, players):
    from rules_check.games.kartomantik.table_setup import random_decklist

    engine = ENGINES[game]
    for seed in range(3):
        answers = filled(engine.setup_questions(players), {}, random.Random(seed), players, random_decklist)
        setup = engine.setup_from_answers(players, answers)
        path = tmp_path / f"{seed}.yaml"
        TableGame.new(path, engine, players, setup)
        legal_start(path)


def test_the_answers_by_kind():
    from rules_check.core.questions import Question, asked, read_answer

    number = Question(key="n", label="How many", kind="number", minimum=0, maximum=8)
    assert read_answer(number, "6") == 6
    with pytest.raises(BadAnswer, match="^How many: expected a whole number, not 'six'$"):
        read_answer(number, "six")
    picks = Question(key="v", label="Variants", kind="choices", options=["a", "b"], required=False)
    assert read_answer(picks, ["B", "a"]) == ["a", "b"] and read_answer(picks, None) == []
    with pytest.raises(BadAnswer, match="^Variants: an option is chosen twice$"):
        read_answer(picks, ["a", "a"])
    mode = Question(key="mode", label="Mode", kind="choice", options=["x", "y"], default="x")
    only_y = Question(key="h", label="H", kind="choice", options=["1"], when={"mode": ["y"]})
    assert [q.key for q in asked([mode, only_y], {})] == ["mode"]
    assert [q.key for q in asked([mode, only_y], {"mode": "y"})] == ["mode", "h"]


# --- the server ---------------------------------------------------------------------------------------


def call(url: str, body: dict | None = None) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"},
                                     method="GET" if body is None else "POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@pytest.fixture
def server(tmp_path):
    with Running(tmp_path, ENGINES) as url:
        yield url, tmp_path


def test_the_server_asks_the_questions_and_starts_from_the_answers(server):
    url, folder = server
    status, asked = call(f"{url}/api/setup/relics?players=Ana")
    assert status == 200 and [q["key"] for q in asked["questions"]] == ["difficulty", "dealt"]
    assert asked["questions"][1]["count"] == 9
    status, made = call(f"{url}/api/new", {"game": "relics", "players": ["Ana"], "name": "r1",
                                           "answers": {"difficulty": "hard", "dealt": DEALT}})
    assert (status, made) == (200, {"name": "r1.yaml"})
    assert legal_start(folder / "r1.yaml")["game"] == "relics"
    status, snap = call(f"{url}/api/games/r1.yaml")
    assert status == 200 and snap["legal"]


def test_the_server_refuses_a_wrong_answer_naming_its_question(server):
    url, folder = server
    text = deck("illegal-31-cards.txt")
    status, said = call(f"{url}/api/new", {"game": "kartomantik", "players": ["Ana", "Ben"], "name": "k1",
                                           "answers": {"decklist:Ana": text,
                                                       "decklist:Ben": deck("legal-yellow-tempo.txt")}})
    assert status == 400 and said == {"error": "Ana's decklist: " + check_deck_says(text), "question": "decklist:Ana"}
    # every wrong answer at once, each beside its question
    status, said = call(f"{url}/api/new", {"game": "kartomantik", "players": ["Ana", "Ben"], "name": "k1",
                                           "answers": {"decklist:Ben": text}})
    assert status == 400 and said["question"] == "decklist:Ana"
    assert said["answers"] == {"decklist:Ana": "Ana's decklist: not answered",
                               "decklist:Ben": "Ben's decklist: " + check_deck_says(text)}
    assert said["error"] == "\n".join(said["answers"].values())
    status, said = call(f"{url}/api/setup/kartomantik?players=Ana")
    assert (status, said) == (400, {"error": "Kartomantik is played by 2 players, not 1"})
    status, said = call(f"{url}/api/new", {"game": "relics", "players": ["Ana"], "name": "r1",
                                           "answers": {"dealt": DEALT}, "setup": {"difficulty": "hard"}})
    assert status == 400 and "not both" in said["error"]
    assert list(folder.iterdir()) == []  # nothing written


def test_the_deck_check_beside_the_decklist(server):
    url, _ = server
    status, said = call(f"{url}/api/deck", {"text": deck("illegal-540-points.txt")})
    assert status == 200 and said["cards"] == 30
    assert said["errors"] == [check_deck_says(deck("illegal-540-points.txt"))]
    status, said = call(f"{url}/api/deck", {"text": deck("legal-yellow-tempo.txt")})
    assert (status, said["errors"], said["cards"], said["player"]) == (200, [], 30, None)
    status, said = call(f"{url}/api/deck", {"text": "Player: Ben\n" + deck("legal-yellow-tempo.txt")})
    assert said["player"] == "Ben"  # the page says so beside Ana's box


def test_fill_the_rest_at_random_keeps_what_was_answered(server):
    url, folder = server
    status, drawn = call(f"{url}/api/setup/so-long-my-world/random",
                         {"players": ["Ana", "Ben"], "answers": {"mode": "co-op", "heartbreak": "The Letter"}})
    assert status == 200 and drawn["answers"]["heartbreak"] == "The Letter"
    assert sorted(drawn["answers"]["clock"]) == sorted(CLOCK) and "variants" not in drawn["answers"]
    status, made = call(f"{url}/api/new", {"game": "so-long-my-world", "players": ["Ana", "Ben"], "name": "s",
                                           "answers": drawn["answers"]})
    assert status == 200
    written = checked(folder / "s.yaml")
    assert written["legal"]
    # neither answers nor a setup: drawn at random, as the API always did (tests, bench/table.py)
    status, made = call(f"{url}/api/new", {"game": "visions", "players": ["Ana", "Ben"], "name": "v"})
    assert status == 200 and checked(folder / "v.yaml")["legal"]


# --- in Chromium, at a phone's width -------------------------------------------------------------------


def start_page(browser, url: str, viewport=PHONE):
    page = browser.new_context(viewport=viewport, has_touch=viewport is PHONE, is_mobile=viewport is PHONE).new_page()
    page.goto(url + "/")
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=30_000)
    return page


def name_game(page, game: str, players: str, name: str) -> None:
    page.select_option("#new-game", game)
    page.fill("#new-players", players)
    page.locator("#new-players").dispatch_event("change")
    page.fill("#new-name", name)
    page.wait_for_selector("#setup-questions .question", state="attached", timeout=30_000)


def question(page, key: str):
    return page.locator(f'.question[data-key="{key}"]')


def fill_cards(page, key: str, cards: list[str]) -> None:
    inputs = question(page, key).locator("input")
    assert inputs.count() == len(cards)
    for i, card in enumerate(cards):
        inputs.nth(i).fill(card)


def start(page, folder: Path, name: str) -> dict:
    """Tap Start: the game page opens, and the file written is a log the checker accepts."""
    page.locator("#new button[type=submit]").click()
    page.wait_for_url(f"**/games/{name}", timeout=30_000)
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=30_000)
    page.wait_for_function("() => document.getElementById('verdict').textContent.length > 0")
    return legal_start(folder / name)


def no_sideways_scroll(page) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def test_start_each_game_through_the_form_on_a_phone(browser, server):
    url, folder = server
    page = start_page(browser, url)

    # Kartomantik: a decklist of 31 cards shows pnp check deck's message beside it, then a legal one
    name_game(page, "kartomantik", "Ana, Ben", "kartomantik-1")
    assert question(page, "decklist:Ana").locator("legend").text_content() == "Ana's decklist"
    no_sideways_scroll(page)
    bad = deck("illegal-31-cards.txt")
    question(page, "decklist:Ana").locator("textarea").fill(bad)
    question(page, "decklist:Ana").locator("textarea").dispatch_event("change")
    page.wait_for_selector('.question[data-key="decklist:Ana"] .deck-check li', state="attached")
    shown = question(page, "decklist:Ana").locator(".deck-check li").all_text_contents()
    assert shown == [check_deck_says(bad)]
    question(page, "decklist:Ben").locator("textarea").fill(deck("legal-red-blue-burning-logic.txt"))
    page.locator("#new button[type=submit]").click()
    page.wait_for_function("() => document.getElementById('new-error').textContent.length > 0")
    said = question(page, "decklist:Ana").locator("p.error").text_content()
    assert said == "Ana's decklist: " + check_deck_says(bad)
    question(page, "decklist:Ana").locator("textarea").fill(deck("legal-yellow-tempo.txt"))
    question(page, "decklist:Ana").locator("textarea").dispatch_event("change")
    page.wait_for_function("() => document.querySelector('.deck-check li') && "
                           "document.querySelector('.deck-check li').textContent === 'legal: 30 cards'")
    report = start(page, folder, "kartomantik-1.yaml")
    assert report["game"] == "kartomantik"

    # Visions: the river, card by card, from the searchable list (after a number of players it refuses)
    page = start_page(browser, url)
    page.select_option("#new-game", "kartomantik")
    page.fill("#new-players", "Ana, Ben, Cleo")
    page.locator("#new-players").dispatch_event("change")
    page.wait_for_function("() => document.getElementById('new-error').textContent.length > 0")
    assert page.locator("#new-error").text_content() == "Kartomantik is played by 2 players, not 3"
    assert page.locator("#setup-questions .question").count() == 0
    name_game(page, "visions", "Ana, Ben, Cleo", "visions-1")
    assert question(page, "river").locator("label").all_text_contents()[0] == "1. turned up first"
    fill_cards(page, "river", RIVER)
    start(page, folder, "visions-1.yaml")
    setup = yaml.safe_load((folder / "visions-1.yaml").read_text())["setup"]
    assert setup == {"river": RIVER}

    # relics: the difficulty, then the nine cards in the order dealt
    page = start_page(browser, url)
    name_game(page, "relics", "Ana", "relics-1")
    question(page, "difficulty").locator("select").select_option("hard")
    fill_cards(page, "dealt", DEALT)
    start(page, folder, "relics-1.yaml")

    # So Long, My Love: the co-op mode shows its Heartbreak card and hides the variants
    page = start_page(browser, url)
    name_game(page, "so-long-my-world", "Ana, Ben", "slmw-1")
    assert not question(page, "heartbreak").is_visible() and question(page, "variants").is_visible()
    question(page, "mode").locator("select").select_option("co-op")
    assert question(page, "heartbreak").is_visible() and not question(page, "variants").is_visible()
    question(page, "heartbreak").locator("select").select_option("Last Dance")
    question(page, "first_player").locator("select").select_option("Ben")
    page.locator("#new button[type=submit]").click()  # every question left out is named beside it
    page.wait_for_function("() => document.getElementById('new-error').textContent.length > 0")
    assert question(page, "clock").locator("p.error").text_content() == "The clock's six visions: not answered"
    assert question(page, "first_feelings").locator("p.error").text_content() == "First feelings: not answered"
    assert list(folder.glob("slmw-1*")) == []
    fill_cards(page, "clock", CLOCK)
    feelings = question(page, "first_feelings").locator("select")
    feelings.nth(0).select_option("hope")
    feelings.nth(1).select_option("nostalgia")
    no_sideways_scroll(page)
    start(page, folder, "slmw-1.yaml")
    written = yaml.safe_load((folder / "slmw-1.yaml").read_text())["setup"]
    assert written == {"mode": "co-op", "heartbreak": "Last Dance", "gestalt_deck": 4, "luno": True,
                       "first_player": "Ben", "clock": CLOCK, "first_feelings": {"Ana": "hope", "Ben": "nostalgia"}}


def test_fill_the_rest_at_random_shows_what_it_drew_before_the_start(browser, server):
    url, folder = server
    for viewport in (PHONE, DESKTOP):
        page = start_page(browser, url, viewport)
        name = f"random-{viewport['width']}"
        name_game(page, "so-long-my-world", "Ana, Ben, Cleo", name)
        question(page, "first_player").locator("select").select_option("Cleo")
        page.fill("#new-players", "Ana, Ben, Cleo, Dan")  # a player sits down late: the answers stay
        page.locator("#new-players").dispatch_event("change")
        page.wait_for_function("() => document.querySelectorAll('.question[data-key=first_feelings] select')"
                               ".length === 4")
        page.get_by_role("button", name="Fill the rest at random").click()
        page.wait_for_function("() => document.getElementById('new-random-note').textContent.length > 0")
        assert "drawn at random" in page.locator("#new-random-note").text_content()
        clock = question(page, "clock").locator("input")
        drawn = [clock.nth(i).input_value() for i in range(6)]
        assert sorted(drawn) == sorted(CLOCK)  # shown in the form: nothing is drawn silently
        assert question(page, "first_player").locator("select").input_value() == "Cleo"
        no_sideways_scroll(page)
        start(page, folder, f"{name}.yaml")
        written = yaml.safe_load((folder / f"{name}.yaml").read_text())["setup"]
        assert written["clock"] == drawn and written["first_player"] == "Cleo"
        assert sorted(written["first_feelings"]) == ["Ana", "Ben", "Cleo", "Dan"]


def test_names_from_the_questions_are_text_not_markup(browser, tmp_path):
    """A player's name is shown in the questions (first feelings, the First Player) as text."""
    with Running(tmp_path, ENGINES) as url:
        page = start_page(browser, url)
        name_game(page, "so-long-my-world", "<img src=x onerror=alert(1)>, Ben", "h")
        labels = question(page, "first_feelings").locator("label").all_text_contents()
        assert labels[0].startswith("<img src=x onerror=alert(1)>")
        assert page.locator("#start img").count() == 0


def test_the_questions_need_the_token_off_loopback(tmp_path):
    with Running(tmp_path, ENGINES, token="s3cret-token") as url:
        for path, body in (("/api/setup/relics?players=Ana", None), ("/api/deck", {"text": "1 Oppress"}),
                           ("/api/setup/relics/random", {"players": ["Ana"]})):
            request = urllib.request.Request(url + path, data=None if body is None else json.dumps(body).encode(),
                                             method="GET" if body is None else "POST")
            with pytest.raises(urllib.error.HTTPError) as refused_:
                urllib.request.urlopen(request, timeout=30)
            assert refused_.value.code == 403
        status, asked = call(f"{url}/api/setup/relics?players=Ana&token=s3cret-token")
        assert status == 200 and asked["questions"]

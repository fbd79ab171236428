"""``pnp table``: the server that records a game at the table (rules_check/table/). Each test starts
the real server (uvicorn) on 127.0.0.1 and a free port, in a thread that stops with the test, and
talks to it as the page does; the browser tests drive Debian's Chromium at a phone's width
(390 x 844) and a desktop's. The file a game is recorded in is judged by ``pnp check log``."""

from __future__ import annotations

import json
import random
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from rules_check.engines import engines
from rules_check.table.server import Running

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 900}


def call(url: str, body: dict | None = None, headers: dict | None = None) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json", **(headers or {})},
                                     method="GET" if body is None else "POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as exc:
        raw = exc.read()
        try:
            return exc.code, json.loads(raw)
        except ValueError:
            return exc.code, {"text": raw.decode(errors="replace")}


def checked(path: Path) -> dict:
    """``pnp check log FILE --format json``: the checker's own verdict on the recorded file."""
    result = CliRunner().invoke(app, ["check", "log", str(path), "--format", "json"])
    return json.loads(result.stdout)[0]


@pytest.fixture
def server(tmp_path):
    with Running(tmp_path, engines()) as url:
        yield url, tmp_path


def new_game(url: str, game: str, players: list[str], name: str = "g1") -> dict:
    status, made = call(f"{url}/api/new", {"game": game, "players": players, "name": name})
    assert status == 200, made
    status, snap = call(f"{url}/api/games/{made['name']}")
    assert status == 200
    return snap


def test_a_game_is_recorded_saved_and_resumed(tmp_path):
    with Running(tmp_path, engines()) as url:
        snap = new_game(url, "visions", ["Ana", "Ben"])
        assert snap["entries"] == [] and snap["moves"] and snap["legal"] and not snap["complete"]
        for _ in range(5):
            status, snap = call(f"{url}/api/games/g1.yaml/entries", {"entry": snap["moves"][0]["entry"]})
            assert status == 200 and snap["moves"]
        written = [e["text"] for e in snap["entries"]]
    # the file is the log, written after every entry: the checker judges it as the page did
    report = checked(tmp_path / "g1.yaml")
    assert report["legal"] and not report["complete"] and report["entries"] == 5
    assert report["scores"] == snap["scores"]
    with Running(tmp_path, engines()) as url:  # a new server resumes the game from its file
        status, again = call(f"{url}/api/games/g1.yaml")
        assert status == 200 and [e["text"] for e in again["entries"]] == written
        assert [m["text"] for m in again["moves"]] == [m["text"] for m in snap["moves"]]
        status, undone = call(f"{url}/api/games/g1.yaml/undo", {})
        assert status == 200 and [e["text"] for e in undone["entries"]] == written[:4]
    assert checked(tmp_path / "g1.yaml")["entries"] == 4


def test_an_illegal_move_is_recorded_with_its_rule(server):
    """Recording what happened matters more than preventing it: a move the rules forbid, typed in
    the log's words, is kept and shows its violation and rule at once, as the checker judges it."""
    url, folder = server
    snap = new_game(url, "visions", ["Ana", "Ben"])
    card = snap["moves"][0]["entry"]["start dream"]
    status, snap = call(f"{url}/api/games/g1.yaml/entries", {"text": f"{{player: Ben, start dream: {card}}}"})
    assert status == 200
    [entry] = snap["entries"]
    assert entry["violation"]["rule"].startswith("Visions")
    assert not snap["legal"]
    report = checked(folder / "g1.yaml")
    assert [(v["entry"], v["rule"], v["message"]) for v in report["violations"]] == [
        (1, entry["violation"]["rule"], entry["violation"]["message"])]


def test_what_is_not_an_entry_is_refused_and_nothing_is_written(server):
    url, folder = server
    new_game(url, "relics", ["Ana"])
    before = (folder / "g1.yaml").read_text()
    for body in ({"text": "{fly: Ana}"}, {"text": "[1, 2"}, {"entry": [1, 2]}, {"text": ""}):
        status, answer = call(f"{url}/api/games/g1.yaml/entries", body)
        assert status == 400 and answer["error"], body
    assert (folder / "g1.yaml").read_text() == before


def test_names_from_the_page_stay_inside_the_folder(server):
    url, folder = server
    for name in ("../evil", "/etc/passwd", "a/b", "..yaml", "x" * 200):
        status, answer = call(f"{url}/api/new", {"game": "relics", "players": ["Ana"], "name": name})
        assert status == 400 and "name" in answer["error"] or "outside" in answer["error"], name
    for players in (["A/B"], ["Ana\u202eneB"], ["x" * 41], ["Ana", "Ana"], []):
        status, answer = call(f"{url}/api/new", {"game": "relics", "players": players, "name": "p"})
        assert status == 400, players
    status, _ = call(f"{url}/api/games/..%2F..%2Fetc%2Fpasswd")
    assert status in (400, 404)
    assert sorted(p.name for p in folder.iterdir()) == []
    status, answer = call(f"{url}/api/new", {"game": "relics", "players": ["Ana", "Ben"], "name": "two"})
    assert status == 400 and answer["error"] == "relics is played by 1 player, not 2"


def test_a_request_without_the_token_is_refused(tmp_path):
    """With --host 0.0.0.0 every request must carry the token printed with the URL (as Jupyter's)."""
    with Running(tmp_path, engines(), token="s3cret-token") as url:
        status, answer = call(f"{url}/api/games")
        assert status == 403 and "token" in answer["text"]
        status, _ = call(f"{url}/api/games?token=wrong")
        assert status == 403
        request = urllib.request.Request(f"{url}/api/games?token=s3cret-token")
        with urllib.request.urlopen(request) as response:
            cookie = response.headers["set-cookie"].split(";")[0]
            assert response.status == 200
        status, _ = call(f"{url}/api/games", headers={"Cookie": cookie})
        assert status == 200
        status, _ = call(f"{url}/api/new", {"game": "relics", "players": ["Ana"], "name": "x"})
        assert status == 403 and not (tmp_path / "x.yaml").exists()


def test_pages_following_a_game_hear_each_entry(server):
    """Server-sent events: a second device on the same game is told of each new entry."""
    url, _ = server
    snap = new_game(url, "visions", ["Ana", "Ben"])
    heard: list[str] = []
    ready = threading.Event()

    def listen() -> None:
        with urllib.request.urlopen(f"{url}/api/games/g1.yaml/events", timeout=30) as stream:
            for raw in stream:
                line = raw.decode().strip()
                if line.startswith("data:"):
                    heard.append(line.removeprefix("data:").strip())
                    ready.set()
                    if len(heard) == 2:
                        return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    assert ready.wait(10)
    status, after = call(f"{url}/api/games/g1.yaml/entries", {"entry": snap["moves"][0]["entry"]})
    listener.join(10)
    assert heard == [str(snap["version"]), str(after["version"])]


# a whole game where one is short; the long ones (Kartomantik about 250 entries, So Long, My World
# with 2 players about 150) record their first moves: each entry is judged with the whole log again
@pytest.mark.parametrize("game,players,moves", [("visions", ["Ana", "Ben", "Cleo"], None), ("relics", ["Ana"], None),
                                                ("kartomantik", ["Ana", "Ben"], 40),
                                                ("so-long-my-world", ["Ana", "Ben"], 40)])
def test_a_game_recorded_move_by_move_is_judged_as_the_page_showed(server, game, players, moves):
    """Every move taken from those the page offers (to the end, or ``moves`` of them): the file is
    judged by ``pnp check log`` as the page showed it, legal, with the same scores (and, at the
    end, complete with the same winner)."""
    url, folder = server
    snap = new_game(url, game, players)
    rng = random.Random(7)
    for _ in range(moves or 1000):
        if snap["over"]:
            break
        assert snap["moves"], snap.get("moves_error")
        status, snap = call(f"{url}/api/games/g1.yaml/entries", {"entry": rng.choice(snap["moves"])["entry"]})
        assert status == 200 and snap["legal"], snap["entries"][-1]
    report = checked(folder / "g1.yaml")
    assert report["legal"] and report["entries"] == len(snap["entries"]) and report["scores"] == snap["scores"]
    if moves is None:
        assert snap["over"] and snap["complete"] and report["complete"] and report["winner"] == snap["winner"]


# --- in Chromium ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    from test_dispute_page import ARGS, chromium

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=ARGS)
        yield b
        b.close()


def ready(page) -> None:
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=20_000)


def tap_a_move(page) -> None:
    """Tap the first move offered; a move with several forms opens them, then the first is tapped."""
    first = page.locator("#moves .move:visible").first
    head = "head" in (first.get_attribute("class") or "")
    first.click()
    if head:
        page.locator("#moves .forms:visible .move").first.click()
    ready(page)


def test_record_on_a_phone_and_follow_on_a_second_page(server, browser):
    url, folder = server
    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    phone.goto(url + "/")
    ready(phone)
    phone.select_option("#new-game", "visions")
    phone.fill("#new-players", "Ana, Ben")
    phone.fill("#new-name", "tuesday")
    phone.click("#new button[type=submit]")
    phone.wait_for_url("**/games/tuesday.yaml")
    ready(phone)
    other = browser.new_context(viewport=DESKTOP).new_page()
    other.goto(url + "/games/tuesday.yaml")
    ready(other)
    for n in range(1, 7):
        tap_a_move(phone)
        assert phone.locator("#entries li").count() == n
        other.wait_for_function(f"() => document.querySelectorAll('#entries li').length === {n}", timeout=10_000)
        for page, width in ((phone, PHONE["width"]), (other, DESKTOP["width"])):
            assert page.evaluate("document.documentElement.scrollWidth") <= width  # never sideways
    assert phone.inner_text("#verdict").startswith("legal so far · 6 entries")
    assert other.inner_text("#verdict") == phone.inner_text("#verdict")
    assert checked(folder / "tuesday.yaml")["entries"] == 6
    # an illegal move typed in: its rule shows on the entry at once
    legal = phone.locator("#moves .move[data-text]").first.get_attribute("data-text")
    mover, wrong = ("Ana", "Ben") if "player: Ana" in legal else ("Ben", "Ana")
    phone.fill("#other-text", legal.replace(f"player: {mover}", f"player: {wrong}"))
    phone.click("#other button[type=submit]")
    ready(phone)
    assert phone.locator("#entries li.violation").count() == 1
    assert phone.inner_text("#entries li.violation .rule").startswith("[Visions")
    assert phone.inner_text("#verdict").startswith("ILLEGAL: 1 violation · 7 entries")
    phone.reload()  # the page resumes from the server, which resumes from the file
    ready(phone)
    assert phone.locator("#entries li").count() == 7 and phone.locator("#entries li.violation").count() == 1
    phone.screenshot(path=str(folder.parent / "phone.png"))

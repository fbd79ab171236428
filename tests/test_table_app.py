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
import yaml
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


def test_notes_and_branches_are_kept_in_the_file(server):
    """A note beside an entry is written into the log (read by no rule: the verdict stands); a
    branch from entry N is a new game with the first N entries, going on from there."""
    url, folder = server
    snap = new_game(url, "relics", ["Ana"])
    for _ in range(3):
        status, snap = call(f"{url}/api/games/g1.yaml/entries", {"entry": snap["moves"][0]["entry"]})
    status, noted = call(f"{url}/api/games/g1.yaml/note", {"entry": 2, "note": "  Ana <b>was</b> unsure  "})
    assert status == 200 and noted["entries"][1]["note"] == "Ana <b>was</b> unsure"
    assert noted["scores"] == snap["scores"] and [e["text"] for e in noted["entries"]] == [
        e["text"] for e in snap["entries"]]
    report = checked(folder / "g1.yaml")
    assert report["legal"] and report["entries"] == 3
    assert "note: Ana <b>was</b> unsure" in (folder / "g1.yaml").read_text()
    for bad in ({"entry": 9, "note": "x"}, {"entry": 1, "note": "x" * 2001}, {"entry": "1", "note": "x"}):
        status, answer = call(f"{url}/api/games/g1.yaml/note", bad)
        assert status == 400 and answer["error"], bad
    status, made = call(f"{url}/api/games/g1.yaml/branch", {"after": 1, "name": "what-if"})
    assert status == 200 and made == {"name": "what-if.yaml"}
    status, branch = call(f"{url}/api/games/what-if.yaml")
    assert [e["text"] for e in branch["entries"]] == [snap["entries"][0]["text"]] and branch["moves"]
    assert checked(folder / "what-if.yaml")["metadata"]["notes"] == "a branch of g1.yaml after entry 1"
    assert checked(folder / "g1.yaml")["entries"] == 3  # the game branched from is left as it was
    status, answer = call(f"{url}/api/games/g1.yaml/branch", {"after": 1, "name": "what-if"})
    assert status == 400 and "already exists" in answer["error"]


# A whole game as a table sees it: a simulated game (real shuffles, so the cards turn up as they
# would) written down as the table saw it (its table view). Recorded entry by entry, each is one of
# the moves the server offers, save those the table app does not offer yet (written in the log's
# words instead): cards shown after the end, and two kinds of entry turning up several cards.
WHOLE_GAMES = [("visions", ["Ana", "Ben", "Cleo"], 1), ("relics", ["Ana"], 1), ("kartomantik", ["Ana", "Ben"], 7),
               ("so-long-my-world", ["Ana", "Ben"], 1)]


def written_not_offered(entry: dict) -> bool:
    """The entries the table app does not offer as moves (docs/table.md, "Not offered yet")."""
    if "show" in entry:  # cards shown: after the end, or several of a pile at once
        return True
    return "refill" in entry and "revealed" in entry  # Visions: a refill that turns up the river again


def table_game(game: str, players: list[str], seed: int) -> dict:
    from rules_check.core.simulate import simulate
    from rules_check.core.tableview import table_view

    return table_view(engines()[game], simulate(engines()[game], players, seed))


@pytest.mark.parametrize("game,players,seed", WHOLE_GAMES)
def test_a_game_recorded_move_by_move_is_judged_as_the_page_showed(server, game, players, seed):
    """A whole game recorded through the server, each entry one of the moves offered (each judged
    on the state the server keeps, not the whole log again): the file is judged by ``pnp check
    log`` as the page showed it: legal, complete, with the same scores and winner."""
    url, folder = server
    table = table_game(game, players, seed)
    status, made = call(f"{url}/api/new", {"game": game, "players": players, "name": "g1", "setup": table["setup"]})
    assert status == 200, made
    status, snap = call(f"{url}/api/games/g1.yaml")
    typed = 0
    for entry in table["log"]:
        offered = [m["entry"] for m in snap["moves"]]
        if entry in offered:
            status, snap = call(f"{url}/api/games/g1.yaml/entries", {"entry": entry})
        else:
            assert written_not_offered(entry), f"a legal move not offered: {entry}"
            typed += 1
            status, snap = call(f"{url}/api/games/g1.yaml/entries", {"text": yaml.safe_dump(entry,
                                default_flow_style=True, sort_keys=False, width=10_000)})
        assert status == 200 and snap["legal"], snap["entries"][-1]
    assert typed <= 3
    report = checked(folder / "g1.yaml")
    assert report["legal"] and report["entries"] == len(snap["entries"]) and report["scores"] == snap["scores"]
    assert snap["over"] and snap["complete"] and report["complete"] and report["winner"] == snap["winner"]


def test_ctrl_c_stops_the_server_with_everything_saved(tmp_path):
    """``pnp table`` as a user runs it, stopped by Ctrl-C (SIGINT) right after a move: it exits
    cleanly (no traceback), and the file holds every entry, judged legal, with no temporary file left."""
    import signal
    import socket
    import subprocess
    import sys
    import time

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "table", "--dir", str(tmp_path), "--no-browser",
                             "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if call(f"{url}/api/games")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        snap = new_game(url, "visions", ["Ana", "Ben"])
        for _ in range(8):
            status, snap = call(f"{url}/api/games/g1.yaml/entries", {"entry": snap["moves"][0]["entry"]})
            assert status == 200
        following = urllib.request.urlopen(f"{url}/api/games/g1.yaml/events", timeout=30)  # a page left open
        following.readline()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    following.close()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "stopped" in out
    report = checked(tmp_path / "g1.yaml")
    assert report["legal"] and report["entries"] == 8 and report["scores"] == snap["scores"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g1.yaml"]


# --- in Chromium ------------------------------------------------------------------------------------


def ready(page) -> None:
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=30_000)


def phone_page(browser, url: str):
    page = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    page.goto(url)
    ready(page)
    return page


def entries_shown(page) -> int:
    return page.locator("#entries li").count()


def recorded_after(page, before: int) -> None:
    """Wait until the page has answered and shows more than ``before`` entries."""
    ready(page)
    page.wait_for_function(f"() => document.querySelectorAll('#entries li').length > {before}", timeout=30_000)


def tap_a_move(page, rng: random.Random | None = None) -> None:
    """Tap a move as a player would: open a group of moves, then tap one option after another
    (the card, its target, ...; naming a card seen from the list under its filter) until the entry
    is recorded. ``rng`` picks among the options (None: always the first)."""
    pick = (lambda n: rng.randrange(n)) if rng else (lambda n: 0)
    before = entries_shown(page)
    groups = page.locator("#moves details")
    group = groups.nth(pick(groups.count()))
    if group.get_attribute("open") is None:
        group.locator("summary").click()
    for _ in range(20):
        options = group.locator("button.move:visible")
        option = options.nth(pick(options.count()))
        leaf = option.get_attribute("data-text") is not None
        option.click()
        if leaf:
            recorded_after(page, before)
            return
    raise AssertionError("twenty taps and no entry recorded")


def said(value) -> str:
    """A part of an entry as the page's options label it (table.js ``said``)."""
    if isinstance(value, list):
        return ", ".join(said(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {said(v)}" for k, v in value.items())
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def tap_entry(page, move: dict) -> None:
    """Record ``move`` (one the page offers: {group, player, entry}) by tapping as a player would:
    its group, then each question the page asks (the card, its target...), naming a card through
    the filter where the page asks for a name."""
    before = entries_shown(page)
    key = (f"{move['player']}: " if move["player"] else "") + move["group"]
    group = page.locator("#moves details").filter(has=page.locator("summary", has_text=key)).first
    if group.get_attribute("open") is None:
        group.locator("summary").click()
    entry = move["entry"]
    for _ in range(20):
        named, question = group.locator("label.name span"), group.locator("p.question")
        buttons = group.locator("button.move:visible")
        if named.count() or question.count():
            if named.count():  # "Name the card: KEY (N possible)": the name typed into the filter
                asked = named.first.inner_text().removeprefix("Name the card: ").rsplit(" (", 1)[0]
            else:  # "KEY?"
                asked = question.first.inner_text().removesuffix("?")
            label = said(entry[asked]) if asked in entry else "(none)"
            if named.count():
                group.locator("input.filter").fill(label)
            option = [b for b in buttons.all() if b.inner_text() == label]
            assert option, (asked, label, entry, [b.inner_text() for b in buttons.all()])
        else:  # one move left: its button
            option = [b for b in buttons.all() if b.get_attribute("data-text") == move["text"]]
            assert option, move["text"]
        leaf = option[0].get_attribute("data-text") is not None
        option[0].click()
        if leaf:
            recorded_after(page, before)
            return
    raise AssertionError(f"twenty taps and {entry} not recorded")


def type_entry(page, entry: dict) -> None:
    """Write ``entry`` in the log's words in the "what happened" box, as a player would."""
    before = entries_shown(page)
    page.fill("#other-text", yaml.safe_dump(entry, default_flow_style=True, sort_keys=False, width=10_000).strip())
    page.click("#other button[type=submit]")
    recorded_after(page, before)


def never_sideways(page, width: int) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def shown_scores(page) -> dict[str, int]:
    """The scores the page's verdict line shows (``... · Ana 12, Ben 9; winner: Ana``)."""
    line = page.inner_text("#verdict").split(" · ")[2].split(";")[0]
    return {name: int(score) for name, score in (part.rsplit(" ", 1) for part in line.split(", ") if part)}


@pytest.mark.parametrize("game,players,seed", WHOLE_GAMES)
def test_a_whole_game_tapped_on_a_phone_with_a_restart(tmp_path, browser, game, players, seed):
    """Done when (issue 25): a whole game of each game recorded by tapping legal moves at 390 x 844
    (the cards seen named through the page's filter); the server restarted half way and the game
    resumed from its file; finished; ``pnp check log`` judges the file legal and complete with the
    scores the page showed."""
    table = table_game(game, players, seed)
    half = len(table["log"]) // 2
    for start, stop in ((0, half), (half, len(table["log"]))):
        with Running(tmp_path, engines()) as url:  # the second: a new server resumes the game from its file
            if start == 0:
                call(f"{url}/api/new", {"game": game, "players": players, "name": "tapped", "setup": table["setup"]})
            page = phone_page(browser, url + "/games/tapped.yaml")
            assert entries_shown(page) == start
            for entry in table["log"][start:stop]:
                offered = [m for m in call(f"{url}/api/games/tapped.yaml")[1]["moves"] if m["entry"] == entry]
                if offered:
                    tap_entry(page, offered[0])
                else:
                    assert written_not_offered(entry), entry
                    type_entry(page, entry)
            never_sideways(page, PHONE["width"])
            if stop == len(table["log"]):
                assert page.inner_text("#verdict").startswith("legal, complete")
                scores, n = shown_scores(page), entries_shown(page)
            page.context.close()
    report = checked(tmp_path / "tapped.yaml")
    assert report["legal"] and report["complete"] and report["entries"] == n and report["scores"] == scores


def test_record_on_a_phone_and_follow_on_a_second_page(server, browser):
    url, folder = server
    new_game(url, "visions", ["Ana", "Ben"], "tuesday")
    phone = phone_page(browser, url + "/games/tuesday.yaml")
    other = browser.new_context(viewport=DESKTOP).new_page()
    other.goto(url + "/games/tuesday.yaml")
    ready(other)
    for n in range(1, 7):
        tap_a_move(phone)
        assert entries_shown(phone) == n
        other.wait_for_function(f"() => document.querySelectorAll('#entries li').length === {n}", timeout=10_000)
        never_sideways(phone, PHONE["width"])
        never_sideways(other, DESKTOP["width"])
    assert phone.inner_text("#verdict").startswith("legal so far · 6 entries")
    assert other.inner_text("#verdict") == phone.inner_text("#verdict")
    assert checked(folder / "tuesday.yaml")["entries"] == 6
    # an illegal move typed in: its rule shows on the entry at once
    status, snap = call(f"{url}/api/games/tuesday.yaml")
    legal = snap["moves"][0]["text"]
    mover, wrong = ("Ana", "Ben") if "player: Ana" in legal else ("Ben", "Ana")
    phone.fill("#other-text", legal.replace(f"player: {mover}", f"player: {wrong}"))
    phone.click("#other button[type=submit]")
    ready(phone)
    assert phone.locator("#entries li.violation").count() == 1
    assert phone.inner_text("#entries li.violation .rule").startswith("[Visions")
    assert phone.inner_text("#verdict").startswith("ILLEGAL: 1 violation · 7 entries")
    # a note on an entry, written by tapping it: saved in the file, shown on both pages
    phone.click("#entry-3 button.entry")
    hostile = 'Ben asked <img src=x onerror="document.title=1"> to see the card'
    phone.fill("#entry-3 textarea", hostile)
    phone.click("#entry-3 .note-form button")
    ready(phone)
    assert phone.inner_text("#entry-3 .note") == f"note: {hostile}"  # text, never markup
    assert phone.locator("#entries img").count() == 0 and phone.title() == "pnp table"
    other.wait_for_selector("#entry-3 .note", state="attached", timeout=10_000)
    assert other.locator("#entries img").count() == 0
    assert yaml.safe_load((folder / "tuesday.yaml").read_text())["log"][2]["note"] == hostile
    phone.reload()  # the page resumes from the server, which resumes from the file
    ready(phone)
    assert entries_shown(phone) == 7 and phone.locator("#entries li.violation").count() == 1
    phone.screenshot(path=str(folder.parent / "phone.png"))


def test_a_branch_from_an_entry_goes_on_another_way(server, browser):
    """Branch from any entry ("what if Ana had passed"): a new game from there, legal moves offered."""
    url, folder = server
    new_game(url, "relics", ["Ana"], "main")
    phone = phone_page(browser, url + "/games/main.yaml")
    for _ in range(4):
        tap_a_move(phone)
    phone.click("#entry-2 button.entry")
    phone.fill("#entry-2 .branch-form input", "what-if")
    phone.click("#entry-2 .branch-form button")
    phone.wait_for_url("**/games/what-if.yaml")
    ready(phone)
    assert entries_shown(phone) == 2 and phone.locator("#moves button.move").count()
    tap_a_move(phone)
    assert checked(folder / "what-if.yaml")["entries"] == 3 and checked(folder / "main.yaml")["entries"] == 4


def test_the_review_view_opens_from_the_game(server, browser):
    """The review link opens the dispute page of the game as recorded, served by the same server."""
    url, folder = server
    new_game(url, "relics", ["Ana"], "rev")
    phone = phone_page(browser, url + "/games/rev.yaml")
    for _ in range(3):
        tap_a_move(phone)
    phone.click("#review")
    phone.wait_for_url("**/review/rev.yaml")
    phone.wait_for_selector("#entries li", state="attached")
    assert phone.locator("#entries li").count() >= 3
    assert "legal" in phone.inner_text("#verdict").lower()


def test_a_tap_on_a_card_of_the_table_shows_what_a_judge_needs(server, browser):
    """Forge's card detail panel: a tap on a Kartomantik card on the table opens its temperament
    and base power (a manifestation) or its tribute cost (a Will), from the card data: a tribute
    dispute can be checked at the table."""
    url, folder = server
    table = table_game("kartomantik", ["Ana", "Ben"], 0)
    call(f"{url}/api/new", {"game": "kartomantik", "players": ["Ana", "Ben"], "name": "k", "setup": table["setup"]})
    for entry in table["log"][:6]:  # the Revelation and the first plays: cards face up on the table
        assert call(f"{url}/api/games/k.yaml/entries", {"entry": entry})[0] == 200
    phone = phone_page(browser, url + "/games/k.yaml")
    assert phone.locator("#panels [data-card]").count()
    known = engines()["kartomantik"].card_details()
    for i in range(min(4, phone.locator("#panels [data-card]").count())):
        card = phone.locator("#panels [data-card]").nth(i)
        detail = known[card.get_attribute("data-card")]
        card.click()
        phone.wait_for_selector("#card-detail[open]", state="attached")
        assert phone.inner_text("#card-detail-name") == detail.name
        shown = phone.inner_text("#card-detail")
        wanted = ["temperament", "base power"] if detail.kind == "manifestation" else ["tribute cost"]
        assert [f.label for f in detail.fields][:len(wanted)] == wanted
        for field in detail.fields:
            assert f"{field.label}\n{field.value}" in shown, (field, shown)
        assert detail.text in shown
        phone.click("#card-detail button.close")
        phone.wait_for_selector("#card-detail[open]", state="detached")
    never_sideways(phone, PHONE["width"])


def test_a_file_edited_by_hand_is_read_again_not_written_over(server):
    """Never lose a user's data: a game file changed in an editor while the server has it open is
    read again before the next entry, so the next entry goes after the edit; a file edited into
    something that is not a log is refused with its line, and left as it is."""
    url, folder = server
    snap = new_game(url, "relics", ["Ana"])
    for _ in range(2):
        status, snap = call(f"{url}/api/games/g1.yaml/entries", {"entry": snap["moves"][0]["entry"]})
    path = folder / "g1.yaml"
    log = yaml.safe_load(path.read_text())
    log["event"] = "Solo league, week 3"  # the editor's change
    log["log"] = log["log"][:1]
    path.write_text(yaml.safe_dump(log, sort_keys=False))
    status, again = call(f"{url}/api/games/g1.yaml")
    assert status == 200 and len(again["entries"]) == 1 and again["version"] > snap["version"]
    status, after = call(f"{url}/api/games/g1.yaml/entries", {"entry": again["moves"][0]["entry"]})
    assert status == 200 and len(after["entries"]) == 2
    report = checked(path)
    assert report["legal"] and report["entries"] == 2 and report["metadata"]["event"] == "Solo league, week 3"
    path.write_text(path.read_text() + "  - {travel: [unclosed\n")
    broken = path.read_text()
    status, answer = call(f"{url}/api/games/g1.yaml/entries", {"entry": after["moves"][0]["entry"]})
    assert status == 400 and "g1.yaml is not a game log pnp table can open" in answer["error"]
    import re

    found = re.search(r"g1\.yaml:(\d+): not valid YAML", answer["error"])  # the line where YAML gave up
    assert found and int(found.group(1)) >= len(broken.splitlines()) and path.read_text() == broken

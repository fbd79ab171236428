"""Visions logs written at the table (issue 24; readings V18-V22): a setup without the draw pile's
order and without the hands, nightmares face down, steals unseen, the cards turned up to the
river named as they are turned up, hands shown where a rule needs them. The table view of a
simulated game (rules_check/core/tableview.py) is such a log of the same game: it must be judged
legal, with the same scores and winner."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from logmutants import caught
from rules_check.core.adjudicate import adjudicate, as_text
from rules_check.core.engine import EntryRef
from rules_check.core.logfile import log_in_memory as in_memory
from rules_check.core.logfile import read_log
from rules_check.core.simulate import simulate
from rules_check.core.tableview import table_view
from rules_check.core.zones import unseen_count
from rules_check.engines import engines

ENGINE = engines()["visions"]
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "logs"
NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve"]
SEEDS = 7  # per policy and player count: 2 policies x 4 player counts x 7 = 56 games

COMPONENTS = "Visions: Components"
START = "Visions: 1 - Play a Card, A"
CONTINUE = "Visions: 1 - Play a Card, B"
NIGHTMARE = "Visions: 1 - Play a Card, C"
REFILL = "Visions: 2 - Refill Your Hand to 3 Cards"
REFLECTION = "Visions: Reflection"
ECHO = "Visions: Echo"
END = "Visions: End of the Game"
SHOWN = "Visions: Game Overview (reading V21)"

TIB, MIB, FBD = "Time in the Icy Birches", "Music in the Icy Birches", "Flight in the Burning Desert"
TGV, DGV = "Time in the Galactic Valley", "Dreamcatcher in the Galactic Valley"
RIVER = ["Flight in the Icy Birches", "Music in the Hidden Village", TGV, "Dreamcatcher in the Burning Desert",
         "Mythical Creature in the Enchanted Forest"]


def judge(entries: list, setup: dict | None = None, players: list[str] | None = None):
    log = {"game": "visions", "players": players or NAMES[:2], "setup": setup or {"river": RIVER}, "log": entries}
    return adjudicate(in_memory(log), ENGINE)


def first(report) -> tuple:
    v = report.violations[0]
    return v.line, v.entry, v.rule, v.message


def replay(log: dict, upto: int | None = None):
    """The state after the first ``upto`` entries of ``log`` (all of them by default)."""
    *_, (_, _, state) = before_each(log, upto)
    return state


def before_each(log: dict, upto: int | None = None):
    """(index, entry, the state before it) for each entry of ``log``, then (len, None, the state
    after the last): one replay, the state changed in place between two steps."""
    state = ENGINE.new_state(list(log["players"]), log["setup"], "<test>", lambda path: None)
    entries = log["log"][:upto]
    for i, entry in enumerate(entries):
        yield i, entry, state
        action = ENGINE.parse(entry, state, EntryRef("<test>", i, None))
        ENGINE.check(state, action)
        ENGINE.apply(state, action)
    yield len(entries), None, state


@pytest.fixture(scope="module")
def games() -> list[tuple[dict, dict]]:
    """(full log, table view) of SEEDS games per policy (random, greedy) and player count (2-5)."""
    out = []
    for policy in ("random", "greedy"):
        for n in range(2, 6):
            for seed in range(SEEDS):
                full = simulate(ENGINE, NAMES[:n], seed, policy)
                out.append((full, table_view(ENGINE, full)))
    return out


# --- the table views of simulated games -----------------------------------------------------------------


def test_table_views_are_legal_with_the_same_result(games):
    assert len(games) >= 50
    assert {len(full["players"]) for full, _ in games} == {2, 3, 4, 5}
    for full, table in games:
        whole, seen = adjudicate(in_memory(full), ENGINE), adjudicate(in_memory(table), ENGINE)
        assert whole.legal and whole.complete
        assert seen.legal and seen.complete, seen.violations
        assert (seen.scores, seen.winner) == (whole.scores, whole.winner)
        assert seen.undecided == [] and seen.unverified == []  # the hands shown where a rule needed them


def test_a_table_view_writes_no_order_and_no_hidden_card(games):
    face_down = revealed = shows = 0
    for full, table in games:
        assert table["setup"] == {"river": full["setup"]["river"]}  # no hands, no draw pile
        for e in table["log"]:
            assert "stolen" not in e  # a random steal is not seen (reading V20)
            if "nightmare" in e:
                assert e["nightmare"] == "face down"
                face_down += 1
            revealed += "revealed" in e
            shows += "show" in e
    assert face_down and revealed and shows  # the vocabulary is exercised


def test_a_search_game_too():
    full = simulate(ENGINE, NAMES[:2], 1, "search")
    whole, seen = adjudicate(in_memory(full), ENGINE), adjudicate(in_memory(table_view(ENGINE, full)), ENGINE)
    assert seen.legal and seen.complete and (seen.scores, seen.winner) == (whole.scores, whole.winner)


def test_mutations_of_table_views_are_caught(games):
    """Each entry written twice, or replaced by another, in 14 table views (every fourth game: both
    policies, 2 to 5 players): 2,070 of 2,102 mutants caught (98.5%). What escapes is another
    legal game: a `show` written twice or replaced by another (the same hand shown again: 20), a
    face-down nightmare replaced by another the player could as well have played (9), a dream
    continued with another card that the rest of the log allows (3)."""
    found, tried = caught([t for _, t in games[::4]], lambda log: adjudicate(in_memory(log), ENGINE),
                          random.Random(5))
    assert tried > 2000 and found / tried >= 0.97, (found, tried)


def test_the_cli_writes_the_table_view(tmp_path):
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path / "t.yaml"
    result = CliRunner().invoke(app, ["simulate", "visions", "--players", "3", "--seed", "3", "--view", "table",
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "--view table" in text.splitlines()[0] and "river:" in text and "deck:" not in text
    report = adjudicate(read_log(out, engines()), ENGINE)
    assert report.legal and report.complete


# --- exact entries ----------------------------------------------------------------------------------------


def test_a_card_seen_twice():
    """Ana shows her hand, plays Time in the Icy Birches, and plays it again: her hand is seen."""
    r = judge([{"player": "Ana", "show": [TIB, MIB, FBD]},
               {"player": "Ana", "start dream": TIB},
               {"player": "Ana", "refill": [RIVER[0]]},
               {"player": "Ben", "start dream": DGV},
               {"player": "Ben", "refill": [RIVER[1]]},
               {"player": "Ana", "continue dream": 1, "card": TIB}])
    assert first(r) == (6, 6, CONTINUE, f"'{TIB}' is not in Ana's hand ({MIB}, {FBD}, {RIVER[0]})")


def test_one_copy_more_than_the_components():
    """Two in the river and one in Ana's dream: Ben's unseen hand cannot hold a fourth."""
    river = [TGV, TGV, RIVER[0], RIVER[1], RIVER[3]]
    r = judge([{"player": "Ana", "start dream": TGV},
               {"player": "Ana", "refill": [RIVER[0]]},
               {"player": "Ben", "start dream": TGV}], {"river": river})
    assert first(r) == (3, 3, COMPONENTS, f"Ben's hand cannot hold {TGV}: the game has 3, and they are seen: "
                                          "1 in Ana's first Dream, 2 in the river")
    r = judge([{"player": "Ana", "start dream": TGV}, {"player": "Ana", "show": [TGV, TGV]}], {"river": river})
    assert first(r) == (2, 2, COMPONENTS, f"Ana's hand cannot hold 2 copies of {TGV}: the game has 3, and they are "
                                          "seen: 1 in Ana's first Dream, 2 in the river")
    # in the setup: the river and a hand written down
    r = judge([], {"river": river, "hands": {"Ana": [TGV, TGV, TIB]}})
    assert first(r)[2:] == (COMPONENTS, f"setup: the setup has 4 copies of {TGV!r}; the game has 3")


def test_a_card_the_hand_cannot_hold():
    r = judge([{"player": "Ana", "show": [TIB, MIB, FBD, TGV]}])
    assert first(r) == (1, 1, SHOWN, f"Ana's hand cannot hold {FBD}, {MIB}, {TGV}, {TIB}: it holds 3 cards "
                                     "(3 unseen)")
    # a stolen card written: one the robbed hand holds (Ben's was shown)
    r = judge([{"player": "Ana", "start dream": TGV},
               {"player": "Ana", "refill": [RIVER[0]]},
               {"player": "Ben", "show": [TIB, MIB, FBD]},
               {"player": "Ben", "start dream": TIB},
               {"player": "Ben", "refill": [RIVER[1]]},
               {"player": "Ana", "nightmare": "face down", "dream": 1, "steal from": "Ben", "stolen": DGV}])
    assert first(r) == (6, 6, NIGHTMARE, f"'{DGV}' is not in Ben's hand ({MIB}, {FBD}, {RIVER[1]})")


def test_a_card_turned_up_is_one_the_draw_pile_can_hold():
    """Reading V19: the cards a reflection turns up are named, exactly as many as it turns up."""
    opening = [{"player": "Ana", "start dream": TIB}, {"player": "Ana", "refill": [RIVER[0]]},
               {"player": "Ben", "start dream": DGV}, {"player": "Ben", "refill": [RIVER[1]]}]
    second = {"player": "Ana", "start dream": MIB}  # the environment of Time in the Icy Birches: 1 match
    r = judge(opening + [{**second, "revealed": [TGV]}])
    assert r.legal and r.complete is False
    state = replay({"players": NAMES[:2], "setup": {"river": RIVER}, "log": opening + [{**second, "revealed": [TGV]}]})
    assert state.river[-1] == TGV and state.cube["Ana"] == 1
    r = judge(opening + [{**second, "revealed": [TGV, TGV]}])
    assert first(r) == (5, 5, REFLECTION, "the entry names 2 cards revealed; the rules turn up 1 from the draw "
                                          "pile to the river (reading V19)")
    r = judge(opening + [{**second, "revealed": [TIB]}], {"river": RIVER, "hands": {"Ben": [TIB, TIB, DGV]}})
    assert first(r) == (5, 5, COMPONENTS, f"the draw pile cannot hold {TIB}: the game has 3, and they are seen: "
                                          "1 in Ana's first Dream, 2 in Ben's hand")


def test_a_turned_up_card_in_a_full_log_is_the_top_of_the_draw_pile():
    full = simulate(ENGINE, NAMES[:2], 3)
    i = next(i for i, e in enumerate(table_view(ENGINE, full)["log"]) if "revealed" in e and "refill" not in e)
    table = table_view(ENGINE, full)
    shows = sum("show" in e for e in table["log"][:i])
    entry = {**table["log"][i]}  # the same play in the full log, with what it turned up
    assert adjudicate(in_memory({**full, "log": full["log"][:i - shows] + [entry]}), ENGINE).legal
    wrong = entry["revealed"][0]
    other = next(c for c in ENGINE.cards.kinds if c != wrong)
    r = adjudicate(in_memory({**full, "log": full["log"][:i - shows] + [{**entry, "revealed": [other]}]}), ENGINE)
    assert first(r)[2:] == (REFLECTION, f"the top card of the draw pile is {wrong!r}, not {other!r}")


def test_a_hand_limit_breach_with_unseen_cards():
    """The hand holds 2 unseen cards after the play: the refill takes 1 (V12), counted unseen."""
    r = judge([{"player": "Ana", "start dream": TIB}, {"player": "Ana", "refill": RIVER[:2]}])
    assert first(r) == (2, 2, f"{REFILL} (ruling V12)", "Ana takes 2 cards; the hand takes 1 to have 3")


def test_a_nightmare_from_an_empty_draw_pile(games):
    """The draw pile's count is known though none of its cards is: a nightmare once it is empty."""
    _, table = next((f, t) for f, t in games if len(t["players"]) == 2)
    log = table["log"]
    i = next(i for i, e, state in before_each(table) if e and not state.deck and "continue dream" in e)
    bad = {"player": log[i]["player"], "nightmare": "face down", "dream": 1}
    r = judge(log[:i] + [bad], table["setup"])
    assert first(r) == (i + 1, i + 1, f"{NIGHTMARE} (ruling V2)", "a nightmare is impossible: the draw pile is empty")


def test_a_face_down_nightmare_hides_the_hand():
    """Reading V20: the card played face down may be any card of the hand, so the hand's seen cards
    become unseen: a card it held may still be in it, or not."""
    log = [{"player": "Ana", "show": [TIB, MIB, FBD]},
           {"player": "Ana", "start dream": TIB},
           {"player": "Ana", "refill": [RIVER[0]]},
           {"player": "Ben", "start dream": DGV},
           {"player": "Ben", "refill": [RIVER[1]]},
           {"player": "Ana", "nightmare": "face down", "dream": 1, "steal from": "Ben"}]
    state = replay({"players": NAMES[:2], "setup": {"river": RIVER}, "log": log})
    assert len(state.hand("Ana")) == 3 and unseen_count(state.hand("Ana")) == 3
    view = ENGINE.view(state)
    hand = next(p for p in view.panels if p.id == "ana-hand")
    dream = next(p for p in view.panels if p.id == "ana-dream-1")
    assert hand.cards == [] and hand.hidden == 3
    assert [(c.name, c.mark) for c in dream.cards] == [(TIB, None), ("(not seen)", "face down")]
    # Ben's second dream; then Ana continues her first (a nightmare ends it: any card) with a card
    # she showed: it may still be in her hand, or be the one played face down
    rest = [{"player": "Ben", "start dream": FBD}, {"player": "Ben", "refill": [TGV]},
            {"player": "Ana", "continue dream": 1, "card": MIB}]
    assert judge(log + rest).legal


def test_the_scores_need_no_end_reveal(games):
    """Reading V22: every card that scores is face up, so a table view ends with no `show`, and the
    scores are decided though the nightmares played face down and the box stay unseen to the end."""
    for full, table in games[:8]:
        state = replay(table)
        assert ENGINE.is_over(state) and ENGINE.undecided(state, None) == []
        assert unseen_count(state.zones.get("box")) == 75 - {2: 30, 3: 45, 4: 60, 5: 75}[len(table["players"])]
        assert ENGINE.scores(state) == ENGINE.scores(replay(full))
        dreams = [z for z in state.zones.names() if z.startswith("dream:")]
        assert sum(unseen_count(state.zones.get(z)) for z in dreams) == sum(
            e.get("nightmare") == "face down" for e in table["log"])
    # with every `show` left out, the same scores: only the skips and lost plays are left open
    _, table = next((f, t) for f, t in games if any("show" in e for e in t["log"]))
    bare = [e for e in table["log"] if "show" not in e]
    r = judge(bare, table["setup"], table["players"])
    assert r.legal and r.complete and r.scores == judge(table["log"], table["setup"], table["players"]).scores
    assert r.undecided and {u["rule"] for u in r.undecided} <= {f"{END} (ruling V8)", f"{ECHO} (ruling V17)"}


def test_not_decided_by_the_log(games):
    """Reading V21: a skip with unseen cards in the hand, some of which could continue a dream, is
    accepted and not decided; the hand shown decides it."""
    _, table = next((f, t) for f, t in games
                    if any("show" in e and "skip" in n for e, n in zip(t["log"], t["log"][1:])))
    log = table["log"]
    i = next(i for i, e in enumerate(log) if "show" in e and "skip" in log[i + 1])
    p = log[i]["player"]
    cut = log[:i] + log[i + 1:]
    r = judge(cut, table["setup"], table["players"])
    assert r.legal and not r.violations
    u = r.undecided[0]
    assert (u["line"], u["entry"], u["rule"]) == (i + 1, i + 1, f"{END} (ruling V8)")
    hidden = unseen_count(replay({**table, "log": cut}, i).hand(p))
    assert u["message"] == (f"{p} skips: the log does not show {p}'s hand ({hidden} unseen cards), and some of the "
                            "cards they can be would continue a dream: only a player who can neither start nor "
                            "continue one skips (reading V21)")
    assert f"line {i + 1}, entry {i + 1}: not decided by the log: [{END} (ruling V8)]" in as_text([r])
    assert judge(log, table["setup"], table["players"]).undecided == []


def test_an_echo_play_lost_is_not_decided(games):
    """Reading V21: an echo whose extra play depends on the hand's unseen cards: the next entry
    says it was not made; without the hand shown, that is not decided by the log."""
    _, table = next((f, t) for f, t in games
                    if any("show" in e and "skip" not in n for e, n in zip(t["log"], t["log"][1:])))
    log = table["log"]
    i = next(i for i, e in enumerate(log) if "show" in e and "skip" not in log[i + 1])
    p = log[i]["player"]
    assert replay(table, i).open_echo and not replay(table, i + 1).open_echo
    facts = {f.label: f.value for f in ENGINE.view(replay(table, i)).facts}
    assert facts["the echo's extra play"] == "possible or lost: not decided by the log (reading V21)"
    r = judge(log[:i] + log[i + 1:], table["setup"], table["players"])
    assert r.legal and r.complete
    u = r.undecided[0]
    assert (u["line"], u["entry"], u["rule"]) == (i + 1, i + 1, f"{ECHO} (ruling V17)")
    assert u["message"].startswith(f"{p}'s echo gave another play, and the log shows none: it is lost only if no "
                                   f"card of {p}'s hand can continue a dream")


def test_a_skip_that_every_card_of_the_hand_forbids(games):
    """A dream that ends with a nightmare takes any card (V3): with cards in hand, unseen or not,
    the player cannot skip (V8), decided though none of them is seen."""
    for _, table in games:
        log = table["log"]
        for i, e, state in before_each(table):
            if e is None or "continue dream" not in e and "start dream" not in e:
                continue
            p = e["player"]
            hand = state.hand(p)
            if state.deck or state.made or state.dreams[p] < 2 or not hand or unseen_count(hand) != len(hand) or \
                    not any(state.faces[(p, d)][-1] is None for d in (1, 2)):
                continue
            r = judge(log[:i] + [{"player": p, "skip": True}], table["setup"], table["players"])
            assert first(r) == (i + 1, i + 1, f"{END} (ruling V8)",
                                f"{p} cannot skip: {p}'s hand holds {len(hand)} unseen cards, and only 0 of the "
                                "cards they can be fit neither dream: one of them can continue a dream (reading V21)")
            return
    pytest.fail("no such moment in the simulated games")


def test_a_setup_without_order():
    """Reading V18: the river, and any hand written down; 3 cards a hand, 5 in the river."""
    assert judge([], {"river": RIVER, "hands": {"Ben": [TIB, MIB, FBD]}}).violations == []
    r = judge([], {"river": RIVER, "hands": {"Ben": [TIB, MIB]}})
    assert first(r)[2:] == ("Visions: Setup", "setup: each player is dealt 3 cards; Ben has 2")
    r = judge([], {"river": RIVER[:4]})
    assert first(r)[2:] == ("Visions: Setup", "setup: the river is the top 5 cards of the draw pile; the setup's "
                                              "has 4")
    state = replay({"players": NAMES[:3], "setup": {"river": RIVER}, "log": []})
    assert [len(state.zones.get(z)) for z in ("box", "deck")] == [30, 31]  # 75 - 45; 45 - 5 - 9
    assert unseen_count(state.deck) == 31 and sum(state.zones.unknown["cards"].values()) == 70


@pytest.mark.parametrize("name", ["visions-table-legal.yaml", "visions-table-illegal-fourth-copy.yaml"])
def test_the_examples(name):
    r = adjudicate(read_log(EXAMPLES / name, engines()), ENGINE)
    assert r.legal == ("illegal" not in name), r.violations
    if "illegal" in name:
        assert first(r)[:3] == (72, 60, COMPONENTS)


def test_views_show_unseen_cards_as_counts(tmp_path):
    """`--state N`, its JSON and the dispute page: unseen cards are a hidden count, never an item."""
    from typer.testing import CliRunner

    from pnp.cli import app

    path = str(EXAMPLES / "visions-table-legal.yaml")
    runner = CliRunner()
    text = runner.invoke(app, ["check", "log", path, "--state", "20"]).output
    assert "Cleo: hand: 3 hidden" in text and "Ana: hand: Mythical Creature in the Hidden Village, 2 hidden" in text
    assert "Draw pile: 17 hidden" in text and "(not seen) (face down) [Nightmare]" in text and "\x00" not in text
    out = runner.invoke(app, ["check", "log", path, "--state", "20", "--format", "json"]).output
    assert "\\u0000" not in out and '"hidden": 3' in out
    page = tmp_path / "p.html"
    assert runner.invoke(app, ["check", "log", path, "--html", str(page)]).exit_code == 0
    assert "\\u0000" not in page.read_text() and "\x00" not in page.read_text()
    # an entry accepted on a condition over unseen cards says so in the table after it
    data = yaml.safe_load(Path(path).read_text())
    i = next(i for i, e in enumerate(data["log"]) if "show" in e and "skip" in data["log"][i + 1])
    data["log"] = data["log"][:i] + data["log"][i + 1:]
    cut = tmp_path / "cut.yaml"
    cut.write_text(yaml.safe_dump(data, sort_keys=False))
    said = runner.invoke(app, ["check", "log", str(cut)]).output
    assert f"entry {i + 1}: not decided by the log: [{END} (ruling V8)]" in said and "\x00" not in said


def test_the_documented_real_game():
    """docs/logs/visions.md opens with how to write down a real game; its complete example is the
    table view of a simulated game, judged as it says."""
    text = (ROOT / "docs" / "logs" / "visions.md").read_text()
    assert text.split("\n## ", 2)[1].startswith("Writing down a game played with real cards")
    section = text.split("## Writing down a game played with real cards", 1)[1].split("\n## ", 1)[0]
    block = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    full = simulate(ENGINE, NAMES[:2], 12)
    table = table_view(ENGINE, full)
    assert yaml.safe_load(block) == {k: table[k] for k in ("game", "players", "setup", "log")}
    report = adjudicate(in_memory(yaml.safe_load(block)), ENGINE)
    assert report.legal and report.complete and report.undecided == []
    assert (report.scores, report.winner) == ({"Ana": 13, "Ben": 27}, "Ben")
    log = yaml.safe_load(block)["log"]
    i = max(i for i, e in enumerate(log) if "show" in e)
    cut = adjudicate(in_memory({**yaml.safe_load(block), "log": log[:i] + log[i + 1:]}), ENGINE)
    assert cut.legal and cut.complete and cut.scores == report.scores
    assert cut.undecided[0]["message"].startswith("Ana skips: the log does not show Ana's hand (2 unseen cards)")


def test_cards_turned_up_but_not_written_stay_unseen(games):
    """Reading V19: a log that leaves out `revealed:` is still judged: the cards turned up are
    unseen cards of the river, named when a refill takes them; the view marks their slots."""
    for full, table in games[:10]:
        bare = {**table, "log": [{k: v for k, v in e.items() if k != "revealed"} for e in table["log"]]}
        whole, seen = adjudicate(in_memory(full), ENGINE), adjudicate(in_memory(bare), ENGINE)
        assert seen.legal and seen.complete and seen.scores == whole.scores
    _, table = games[0]
    bare = {**table, "log": [{k: v for k, v in e.items() if k != "revealed"} for e in table["log"]]}
    i = next(i for i, e in enumerate(table["log"]) if "revealed" in e)
    state = replay(bare, i + 1)
    river = next(p for p in ENGINE.view(state).panels if p.id == "river")
    unnamed = [s for s in river.slots if s.note and "not named in the log" in s.note]
    assert len(unnamed) == unseen_count(state.river) == len(table["log"][i]["revealed"])
    assert all(s.cards == [] for s in unnamed)


def test_a_steal_or_a_nightmare_written_with_its_card():
    """Reading V20: a card shown is named where it is: the nightmare's from the player's hand, the
    stolen one from the robbed hand (unseen there), then seen in the thief's."""
    log = [{"player": "Ana", "start dream": TGV}, {"player": "Ana", "refill": [RIVER[0]]},
           {"player": "Ben", "start dream": DGV}, {"player": "Ben", "refill": [RIVER[1]]},
           {"player": "Ana", "nightmare": TIB, "dream": 1, "steal from": "Ben", "stolen": MIB}]
    state = replay({"players": NAMES[:2], "setup": {"river": RIVER}, "log": log})
    assert state.dream("Ana", 1)[-1] == TIB and state.faces[("Ana", 1)][-1] is None
    assert MIB in state.hand("Ana") and RIVER[0] in state.hand("Ana") and unseen_count(state.hand("Ana")) == 1
    assert RIVER[1] in state.hand("Ben") and unseen_count(state.hand("Ben")) == 2  # one dealt, one drawn
    r = judge(log[:4] + [{**log[4], "stolen": RIVER[1]}])  # Ben took it from the river: seen there
    assert r.legal
    r = judge(log[:4] + [{**log[4], "nightmare": TGV}], {"river": [TGV, TGV] + RIVER[:2] + [RIVER[3]]})
    assert first(r) == (5, 5, COMPONENTS, f"Ana's hand cannot hold {TGV}: the game has 3, and they are seen: "
                                          "1 in Ana's first Dream, 2 in the river")

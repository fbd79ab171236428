"""The adjudication core with a toy engine: log reading, strict replay, conservation, plain
operations, reports and the simulator (each game's engine has its own tests)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from pnp.data.errors import InputError
from rules_check.core.adjudicate import adjudicate, as_json, as_text, check_logs, exit_code
from rules_check.core.engine import BaseState, Engine, EntryRef
from rules_check.core.errors import IllegalAction, LogFormatError
from rules_check.core.logfile import read_log
from rules_check.core.ops import apply_ops, check_ops, parse_ops
from rules_check.core.simulate import simulate
from rules_check.logwriter import dump_log


@dataclass
class Take:
    player: str
    card: str
    ops: tuple = ()


@dataclass
class ToyState(BaseState):
    turn: int = 0


class ToyEngine(Engine[ToyState, Take]):
    """Players take turns drawing the named top card of a pile into their hand; the game
    ends when the pile is empty; a card scores its length."""

    game = "toy"
    title = "Toy"
    players = (1, 3)

    def new_state(self, players, setup, file, line_of):
        if not isinstance(setup, dict) or not isinstance(setup.get("pile"), list):
            raise LogFormatError(file, "expected {pile: [cards]}", line=line_of(()), field="setup")
        if len(set(setup["pile"])) != len(setup["pile"]):
            raise IllegalAction("Toy: Components", "a card is in the pile twice")
        state = ToyState(players=players)
        state.zones["pile"].extend(setup["pile"])
        for p in players:
            state.zones[f"hand:{p}"]
        return state

    def random_setup(self, players, rng):
        pile = [f"card{i}" for i in range(6)]
        rng.shuffle(pile)
        return {"pile": pile}

    def parse(self, entry, state, ref):
        if not isinstance(entry, dict) or set(entry) - {"player", "take", "ops"} or "take" not in entry:
            raise LogFormatError(ref.file, "expected {player: NAME, take: CARD}", line=ref.line)
        ops = tuple(parse_ops(entry["ops"], ref)) if "ops" in entry else ()
        return Take(str(entry.get("player")), str(entry["take"]), ops)

    def to_entry(self, state, action):
        return {"player": action.player, "take": action.card}

    def candidates(self, state):
        if state.zones["pile"]:
            yield Take(state.players[state.turn % len(state.players)], state.zones["pile"][-1])

    def check(self, state, action):
        if action.player != state.players[state.turn % len(state.players)]:
            raise IllegalAction("Toy: 1. Turns", f"it is not {action.player}'s turn")
        if not state.zones["pile"] or state.zones["pile"][-1] != action.card:
            raise IllegalAction("Toy: 2. Take", f"{action.card} is not the top card")
        check_ops(state, list(action.ops))

    def apply(self, state, action):
        state.zones.move(action.card, "pile", f"hand:{action.player}")
        apply_ops(state, list(action.ops))
        state.turn += 1

    def unverified(self, state, action):
        return [op.describe() for op in action.ops]

    def is_over(self, state):
        return not state.zones["pile"]

    def scores(self, state):
        return {p: sum(len(c) for c in state.zones[f"hand:{p}"]) for p in state.players}


ENGINES = {"toy": ToyEngine()}


def write(tmp_path: Path, text: str, name: str = "g.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


GOOD = """game: toy
players: [Ana, Ben]
setup: {pile: [c1, c22, c333]}
log:
  - {player: Ana, take: c333}
  - {player: Ben, take: c22}
  - {player: Ana, take: c1}
"""


class TestReplay:
    def test_a_legal_complete_game(self, tmp_path):
        r = adjudicate(read_log(write(tmp_path, GOOD), ENGINES), ENGINES["toy"])
        assert r.legal and r.complete and r.scores == {"Ana": 6, "Ben": 3} and r.winner == "Ana"

    def test_strict_reading_stops_at_the_first_violation_with_its_line(self, tmp_path):
        text = GOOD.replace("  - {player: Ben, take: c22}", "  - {player: Ana, take: c22}")
        r = adjudicate(read_log(write(tmp_path, text), ENGINES), ENGINES["toy"])
        assert [v.as_json() for v in r.violations] == [
            {"line": 6, "entry": 2, "rule": "Toy: 1. Turns", "message": "it is not Ana's turn"}]
        assert not r.complete and r.scores == {"Ana": 4, "Ben": 0}  # as of the last legal entry

    def test_an_entry_after_the_end(self, tmp_path):
        r = adjudicate(read_log(write(tmp_path, GOOD + "  - {player: Ben, take: c1}\n"), ENGINES), ENGINES["toy"])
        assert r.violations[0].line == 8 and r.violations[0].message == "an entry after the game ended"

    def test_a_log_that_stops_early_is_legal_but_incomplete(self, tmp_path):
        text = "\n".join(GOOD.splitlines()[:-1]) + "\n"
        r = adjudicate(read_log(write(tmp_path, text), ENGINES), ENGINES["toy"])
        assert r.legal and not r.complete

    def test_an_impossible_setup_is_a_violation_at_the_setup(self, tmp_path):
        r = adjudicate(read_log(write(tmp_path, GOOD.replace("c22, c333", "c22, c22")), ENGINES), ENGINES["toy"])
        assert r.violations[0].line == 3 and r.violations[0].entry is None
        assert r.violations[0].message == "setup: a card is in the pile twice"

    def test_tie_is_a_shared_win(self, tmp_path):
        text = (GOOD.replace("[c1, c22, c333]", "[a1, b2, c3]").replace("c333", "c3").replace("c22", "b2")
                .replace("c1}", "a1}"))
        r = adjudicate(read_log(write(tmp_path, text.replace("players: [Ana, Ben]", "players: [Ana, Ben, Cleo]")
                                      .replace("  - {player: Ana, take: a1}", "  - {player: Cleo, take: a1}")), ENGINES),
                       ENGINES["toy"])
        assert r.winner == ["Ana", "Ben", "Cleo"]


class TestPlainOperations:
    def test_ops_are_checked_and_listed_unverified(self, tmp_path):
        text = GOOD.replace("  - {player: Ben, take: c22}",
                            "  - {player: Ben, take: c22, ops: [{move: c333, from: 'hand:Ana', to: 'hand:Ben'}]}")
        r = adjudicate(read_log(write(tmp_path, text), ENGINES), ENGINES["toy"])
        assert r.legal and r.unverified == [{"line": 6, "entry": 2, "message": "moved c333 from hand:Ana to hand:Ben"}]
        assert r.scores == {"Ana": 2, "Ben": 7}

    def test_an_op_moving_what_is_not_there_is_a_violation(self, tmp_path):
        text = GOOD.replace("  - {player: Ben, take: c22}",
                            "  - {player: Ben, take: c22, ops: [{move: c1, from: 'hand:Ana', to: 'hand:Ben'}]}")
        r = adjudicate(read_log(write(tmp_path, text), ENGINES), ENGINES["toy"])
        assert r.violations[0].rule.startswith("Card effects (an effect written as plain operations)")
        assert "'c1' is not in hand:Ana" in r.violations[0].message

    def test_malformed_ops(self):
        with pytest.raises(LogFormatError, match="ops: expected"):
            parse_ops([{"teleport": "x"}], EntryRef("f", 0, 3))


class TestConservation:
    def test_an_engine_that_loses_a_card_is_caught(self, tmp_path):
        class Leaky(ToyEngine):
            def apply(self, state, action):
                super().apply(state, action)
                state.zones[f"hand:{action.player}"].append("forged")

        r = adjudicate(read_log(write(tmp_path, GOOD), {"toy": Leaky()}), Leaky())
        assert r.violations[0].message == "appeared from nowhere: forged"
        assert r.violations[0].rule.startswith("Conservation (every card")


class TestNotALog:
    @pytest.mark.parametrize("text, expected", [
        ("game: chess\nplayers: [A]\nsetup: {}\nlog: []\n", "g.yaml:1: game: unknown game 'chess'"),
        ("game: toy\nplayers: Ana\nsetup: {}\nlog: []\n", "g.yaml:2: players: expected a list of player names"),
        ("game: toy\nplayers: [A, A]\nsetup: {}\nlog: []\n", "players: a player is named twice"),
        ("game: toy\nplayers: [A, B, C, D]\nsetup: {}\nlog: []\n", "toy is played by 1 to 3 players, got 4"),
        ("game: toy\nplayers: [A]\nsetup: {}\nlog: []\nwinner: A\n", "g.yaml:5: winner: unknown key 'winner'"),
        ("game: toy\nplayers: [A]\nlog: []\n", "setup: is required but missing"),
        ("- just\n- a list\n", "expected a game log"),
    ])
    def test_messages_name_file_line_and_field(self, tmp_path, text, expected):
        with pytest.raises(InputError) as err:
            read_log(write(tmp_path, text), ENGINES)
        assert expected in str(err.value)

    def test_check_logs_reports_unusable_files_and_exit_2(self, tmp_path):
        good = write(tmp_path, GOOD, "good.yaml")
        bomb = write(tmp_path, "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8)), "bomb.yaml")
        binary = tmp_path / "bin.yaml"
        binary.write_bytes(b"\x00\x01\x02")
        bad_entry = write(tmp_path, GOOD.replace("{player: Ben, take: c22}", "{player: Ben, grab: c22}"), "bad.yaml")
        results = check_logs([good, bomb, binary, bad_entry], ENGINES)
        assert exit_code(results) == 2
        reasons = [getattr(r, "reason", "") for r in results]
        assert "alias bomb" in reasons[1] and "binary data" in reasons[2]
        assert reasons[3].startswith(f"{bad_entry}:6:")
        assert json.loads(as_json(results))[0]["legal"] is True
        assert "cannot be used" in as_text(results)

    def test_exit_1_for_a_violation(self, tmp_path):
        bad = write(tmp_path, GOOD.replace("{player: Ben, take: c22}", "{player: Ana, take: c22}"))
        assert exit_code(check_logs([bad], ENGINES)) == 1


class TestSimulator:
    def test_same_seed_same_log_and_it_is_judged_legal(self, tmp_path):
        a = simulate(ENGINES["toy"], ["Ana", "Ben"], 7)
        assert a == simulate(ENGINES["toy"], ["Ana", "Ben"], 7)
        assert a != simulate(ENGINES["toy"], ["Ana", "Ben"], 8)
        path = write(tmp_path, dump_log(a, "seed 7"))
        r = adjudicate(read_log(path, ENGINES), ENGINES["toy"])
        assert r.legal and r.complete

    def test_dumped_log_has_one_entry_a_line(self):
        text = dump_log(simulate(ENGINES["toy"], ["Ana"], 1))
        entries = [l for l in text.split("\nlog:\n")[1].splitlines()]
        assert len(entries) == 6 and all(l.startswith("  - {player: Ana, take: ") for l in entries)


def test_random_is_only_the_seeded_one():
    state = random.getstate()
    simulate(ENGINES["toy"], ["Ana"], 3)
    assert random.getstate() == state


class TestConservationCheck:
    """`conservation` compares zone by zone with what the last check saw: the same verdict as
    comparing every item, whichever zones an entry touched."""

    def test_moves_pass_and_every_change_of_the_items_is_named(self):
        from rules_check.core.zones import Zones, conservation

        z = Zones({"deck": ["a", "b", "b"], "hand": [], "pile": ["c"]})
        snap = z.snapshot()
        z.move("b", "deck", "hand")
        z["pile"].insert(0, z["deck"].pop(0))  # a direct list change, as engines make
        assert conservation(snap, z) is None
        z["hand"][0] = "x"  # b replaced: one vanished, one appeared, counts unchanged
        assert conservation(snap, z) == "appeared from nowhere: x; vanished: b"

    def test_a_zone_gone_or_added_counts(self):
        from rules_check.core.zones import Zones, conservation

        z = Zones({"deck": ["a"], "hand": ["b"]})
        snap = z.snapshot()
        del z.zones["hand"]
        assert conservation(snap, z) == "vanished: b"
        z = Zones({"deck": ["a"]})
        snap = z.snapshot()
        z["new"].append("a")
        z["deck"].clear()
        assert conservation(snap, z) is None
        z["other"].append("q")
        assert conservation(snap, z) == "appeared from nowhere: q"


class TestEveryViolation:
    """``adjudicate(..., all_violations=True)`` (`pnp check log --all`): after a violation the
    entry is applied as written when the engine can, skipped when it cannot, and the replay
    goes on until the state cannot be followed; the result stays the strict reading's."""

    def judge(self, tmp_path, entries: list[str], engine: Engine | None = None, all_violations: bool = True):
        text = GOOD.split("log:\n")[0] + "log:\n" + "".join(f"  - {e}\n" for e in entries)
        engine = engine or ENGINES["toy"]
        return adjudicate(read_log(write(tmp_path, text), {"toy": engine}), engine, all_violations)

    def test_an_entry_the_engine_can_apply_is_applied_and_the_replay_goes_on(self, tmp_path):
        r = self.judge(tmp_path, ["{player: Ana, take: c333}", "{player: Ana, take: c22}", "{player: Ana, take: c1}"])
        assert [(v.line, v.entry, v.message, v.outcome) for v in r.violations] == [
            (6, 2, "it is not Ana's turn", "applied as written")]
        assert r.entries == 2 and r.stopped is None and not r.complete
        assert (r.scores, r.winner) == ({"Ana": 4, "Ben": 0}, "Ana")  # as of the last legal entry before it
        text = as_text([r])
        assert text.splitlines()[0].endswith(": toy: ILLEGAL, 1 violation, incomplete (2 legal entries)")
        assert "  line 6, entry 2: [Toy: 1. Turns] it is not Ana's turn (applied as written)" in text

    def test_an_entry_the_engine_cannot_apply_is_skipped(self, tmp_path):
        r = self.judge(tmp_path, ["{player: Ana, take: c333}", "{player: Ben, take: c9}", "{player: Ben, take: c22}",
                                  "{player: Ana, take: c1}"])
        assert [(v.entry, v.message, v.outcome) for v in r.violations] == [(2, "c9 is not the top card", "entry skipped")]
        assert r.entries == 3 and r.stopped is None

    def test_the_strict_reading_stops_at_the_first(self, tmp_path):
        r = self.judge(tmp_path, ["{player: Ana, take: c333}", "{player: Ben, take: c9}", "{player: Ben, take: c22}"],
                       all_violations=False)
        assert [(v.entry, v.outcome) for v in r.violations] == [(2, None)] and r.entries == 1

    def test_three_in_a_row_stop_the_replay(self, tmp_path):
        r = self.judge(tmp_path, ["{player: Ben, take: x1}", "{player: Ben, take: x2}", "{player: Ben, take: x3}",
                                  "{player: Ana, take: c333}", "{player: Ben, take: c22}"])
        assert [(v.entry, v.outcome) for v in r.violations] == [(1, "entry skipped"), (2, "entry skipped"), (3, None)]
        assert (r.stopped.entry, r.stopped.left) == (3, 2)
        assert as_text([r]).splitlines()[-2] == (
            "  line 7, entry 3: checking stopped: 3 entries in a row break a rule: the log and the replay no longer "
            "agree on the state; 2 later entries not checked")

    def test_an_entry_after_the_end_stops_it(self, tmp_path):
        r = self.judge(tmp_path, ["{player: Ana, take: c333}", "{player: Ben, take: c22}", "{player: Ana, take: c1}",
                                  "{player: Ben, take: c1}", "{player: Ana, take: c1}"])
        assert [v.message for v in r.violations] == ["an entry after the game ended"]
        assert (r.stopped.entry, r.stopped.reason, r.stopped.left) == (4, "the game has ended", 1)
        assert (r.scores, r.winner) == ({"Ana": 6, "Ben": 3}, "Ana")

    def test_an_entry_that_cannot_be_read_after_a_violation_stops_it(self, tmp_path):
        r = self.judge(tmp_path, ["{player: Ben, take: c333}", "{player: Ben, grab: c22}", "{player: Ana, take: c1}"])
        assert [v.entry for v in r.violations] == [1]
        assert r.stopped.entry == 2 and r.stopped.reason == (
            "it cannot be read against the state the earlier violations left (expected {player: NAME, take: CARD})")

    def test_an_engine_failing_on_a_state_an_illegal_entry_left_stops_it(self, tmp_path):
        class Fragile(ToyEngine):
            def check(self, state, action):
                if action.card == "boom":
                    raise ZeroDivisionError("the state is not one the rules reach")
                super().check(state, action)

        entries = ["{player: Ben, take: c333}", "{player: Ben, take: boom}", "{player: Ana, take: c1}"]
        r = self.judge(tmp_path, entries, Fragile())
        assert r.stopped.entry == 2 and r.stopped.reason == (
            "the replay cannot follow the state the earlier violations left (ZeroDivisionError)")
        # with no violation before it, the same failure is a bug of the checker, reported as such
        path = write(tmp_path, GOOD.replace("{player: Ana, take: c333}", "{player: Ana, take: boom}"), "bug.yaml")
        [row] = json.loads(as_json(check_logs([path], {"toy": Fragile()}, all_violations=True)))
        assert row["usable"] is False and row["errors"] == [{
            "code": "internal-error", "line": None,
            "message": f"{path}: internal error of the checker (ZeroDivisionError: the state is not one the rules "
                       "reach); please report this log to the pnp developers"}]


class TestReports:
    def test_metadata_read_and_shown(self, tmp_path):
        text = GOOD.replace("players: [Ana, Ben]\n", "players: [Ana, Ben]\nevent: Club night\nround: 2\n"
                                                     "date: 2025-03-01\n")
        [r] = check_logs([write(tmp_path, text)], ENGINES)
        assert r.metadata.as_json() == {"event": "Club night", "round": 2, "date": "2025-03-01", "table": None,
                                        "notes": None}
        assert as_text([r]).splitlines()[1] == "  event: Club night; round: 2; date: 2025-03-01"

    def test_a_log_from_a_stream(self):
        import io

        [r] = check_logs([Path("-")], ENGINES, stdin=io.BytesIO(GOOD.encode()))
        assert (r.file, r.legal, r.complete) == ("-", True, True)
        [r] = check_logs([Path("-")], ENGINES, stdin=io.BytesIO(b"\xff\xfe"))
        assert r.errors[0].message == "-:1: not UTF-8 text"

    def test_in_memory_logs_carry_their_metadata(self):
        from rules_check.core.logfile import log_in_memory

        log = {"game": "toy", "players": ["Ana"], "setup": {"pile": ["a"]}, "log": [], "table": "B"}
        assert log_in_memory(log).metadata.table == "B"


class TestNotesAndFeeding:
    """A note beside any entry (core, read by no engine), and the replay fed an entry at a time
    (the table app's) giving the verdict `adjudicate` gives the whole log."""

    def test_a_note_changes_nothing_of_the_verdict(self, tmp_path):
        text = GOOD.replace("take: c22}", 'take: c22, note: "Ben asked to see it first"}')
        r = adjudicate(read_log(write(tmp_path, text), ENGINES), ENGINES["toy"])
        assert r.legal and r.complete and r.scores == {"Ana": 6, "Ben": 3}

    def test_a_note_that_is_not_text_names_its_line(self, tmp_path):
        text = GOOD.replace("take: c22}", "take: c22, note: 3}")
        with pytest.raises(LogFormatError) as caught:
            adjudicate(read_log(write(tmp_path, text), ENGINES), ENGINES["toy"])
        assert caught.value.line == 6 and "note: expected some text, got int" in str(caught.value)

    @pytest.mark.parametrize("text", [GOOD, GOOD.replace("{player: Ben, take: c22}", "{player: Ana, take: c22}"),
                                      GOOD + "  - {player: Ben, take: c1}\n  - {player: Ben, take: c1}\n"])
    @pytest.mark.parametrize("every", [False, True])
    def test_fed_one_at_a_time_the_verdict_is_the_whole_logs(self, tmp_path, text, every):
        from rules_check.core.adjudicate import Replay

        log = read_log(write(tmp_path, text), ENGINES)
        whole = adjudicate(log, ENGINES["toy"], every)
        replay = Replay(log, ENGINES["toy"], every)
        for entry in log.entries:
            replay.feed(entry)
            replay.verdict()  # asked between entries, as the table app does: changes nothing
        fed = replay.verdict()
        assert fed.as_json() == whole.as_json() and fed.stopped == whole.stopped

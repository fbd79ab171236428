"""The player's log through the real CLI (issue 14): match metadata, ``--all``, a log on
standard input, messages that say what went wrong, and one JSON shape validated against the
published schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from pnp.cli import app
from rules_check.core.adjudicate import json_schema

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples" / "logs"
ALL_EXAMPLES = sorted(EXAMPLES.glob("*.yaml"))
ROW_KEYS = ["version", "file", "game", "usable", "legal", "complete", "metadata", "violations", "unverified",
            "undecided", "scores", "winner", "entries", "errors"]
NO_METADATA = {"event": None, "round": None, "date": None, "table": None, "notes": None}
RELICS = (EXAMPLES / "relics-legal.yaml").read_text()
PLAYERS_LINE = "players: [Ana]\n"  # relics-legal.yaml's line 7: metadata written after it starts on line 8


def run(*args: str, input: str | bytes | None = None):
    return CliRunner().invoke(app, list(args), input=input)


def lines(result) -> list[str]:
    return result.output.splitlines()


def example(name: str) -> str:
    return str(EXAMPLES / name)


def relics_with(tmp_path: Path, metadata: str, name: str = "g.yaml") -> Path:
    """relics-legal.yaml (legal, complete, 2 points, no winner) with ``metadata`` at its top."""
    assert RELICS.count(PLAYERS_LINE) == 1
    path = tmp_path / name
    path.write_text(RELICS.replace(PLAYERS_LINE, PLAYERS_LINE + metadata))
    return path


def rows(result) -> list[dict]:
    return json.loads(result.output)


# --- match metadata ------------------------------------------------------------------------------


class TestMetadata:
    def test_shown_under_the_files_line(self):
        result = run("check", "log", example("kartomantik-legal-match.yaml"))
        assert result.exit_code == 0
        assert lines(result) == [
            f"{example('kartomantik-legal-match.yaml')}: kartomantik: legal, complete",
            "  event: Kartomantik Spring Open; round: 3; date: 2025-04-12; table: 7; notes: Best of three, game 1. "
            "Judge called at entry 57 for a priority question, play went on.",
            "  scores: Ana 204, Ben 78; winner: Ana"]

    def test_in_json_every_key_present(self):
        result = run("check", "log", "--format", "json", example("kartomantik-legal-match.yaml"),
                     example("kartomantik-legal.yaml"))
        assert result.exit_code == 0
        match, plain = rows(result)
        assert match["metadata"] == {"event": "Kartomantik Spring Open", "round": 3, "date": "2025-04-12",
                                     "table": 7, "notes": "Best of three, game 1. Judge called at entry 57 for a "
                                                          "priority question, play went on."}
        assert plain["metadata"] == NO_METADATA
        # the metadata changes nothing of the verdict
        assert {k: v for k, v in match.items() if k not in ("file", "metadata")} == \
               {k: v for k, v in plain.items() if k not in ("file", "metadata")}

    @pytest.mark.parametrize("written, expected", [
        ("date: 2024-05-01\n", {"date": "2024-05-01"}),
        ('date: "2024-05-01"\n', {"date": "2024-05-01"}),
        ("round: semi-final\ntable: A7\n", {"round": "semi-final", "table": "A7"}),
        ("round: 2\ntable: 14\n", {"round": 2, "table": 14}),
        ("event:\nnotes: ''\n", {"notes": ""}),  # an empty value is an absent one; '' is text
        ("notes: |\n  two lines\n  of notes\n", {"notes": "two lines\nof notes\n"}),
    ])
    def test_types_accepted(self, tmp_path, written, expected):
        result = run("check", "log", "--format", "json", str(relics_with(tmp_path, written)))
        assert result.exit_code == 0, result.output
        assert rows(result)[0]["metadata"] == {**NO_METADATA, **expected}

    def test_multi_line_notes_stay_on_one_line_of_the_report(self, tmp_path):
        path = relics_with(tmp_path, "round: 2\nnotes: |\n  two lines\n  of notes\n")
        assert lines(run("check", "log", str(path)))[1] == "  round: 2; notes: two lines of notes"

    @pytest.mark.parametrize("written, message", [
        ("date: 2024-13-45\n", "8: date: expected a date as YYYY-MM-DD, got '2024-13-45' (month must be in 1..12)"),
        ('date: "2024-13-45"\n', "8: date: expected a date as YYYY-MM-DD, got '2024-13-45' (month must be in 1..12)"),
        ("date: 2024-02-30\n", "8: date: expected a date as YYYY-MM-DD, got '2024-02-30' (day is out of range for "
                               "month)"),
        ("date: 1 May 2024\n", "8: date: expected a date as YYYY-MM-DD, got '1 May 2024'"),
        ("date: 20240501\n", "8: date: expected a date as YYYY-MM-DD, got the number 20240501"),
        ("date: 2024-05-01 10:00:00\n", "8: date: expected a date as YYYY-MM-DD, got a date and time "
                                        "(2024-05-01 10:00:00); write the time in the notes"),
        ("round: [1, 2]\n", "8: round: expected a number or text, got a list"),
        ("table: true\n", "8: table: expected a number or text, got true (yes or no)"),
        ("event: 2024\n", '8: event: expected text, got the number 2024: write it in quotes ("2024")'),
        ("notes: {a: 1}\n", "8: notes: expected text, got a mapping"),
    ])
    def test_a_wrong_type_is_an_unusable_log(self, tmp_path, written, message):
        path = relics_with(tmp_path, written)
        result = run("check", "log", str(path))
        assert result.exit_code == 2
        assert lines(result) == [f"{path}: cannot be used: {path}:{message}"]

    def test_a_date_that_is_no_date_elsewhere_is_named_with_its_line(self, tmp_path):
        path = tmp_path / "g.yaml"
        path.write_text(RELICS.replace("  - {end: cannot pay}", "  - {end: 2024-02-30}"))
        result = run("check", "log", "--format", "json", str(path))
        assert result.exit_code == 2
        [row] = rows(result)
        assert row["errors"] == [{"code": "unusable", "line": 39, "message": f"{path}:39: '2024-02-30' reads as a "
                                  "date but is not one (day is out of range for month); put it in quotes if it is text"}]

    def test_an_unknown_top_key_lists_the_metadata_keys(self, tmp_path):
        path = relics_with(tmp_path, "venue: Town Hall\n")
        assert lines(run("check", "log", str(path))) == [
            f"{path}: cannot be used: {path}:8: venue: unknown key 'venue' (a log has game, players, setup, log, and "
            "may have event, round, date, table, notes)"]


# --- --all --------------------------------------------------------------------------------------


class TestEveryViolation:
    TWO = "kartomantik-illegal-two-violations.yaml"

    def test_the_default_stays_the_first_violation(self):
        result = run("check", "log", example(self.TWO))
        assert result.exit_code == 1
        assert lines(result) == [
            f"{example(self.TWO)}: kartomantik: ILLEGAL, incomplete (stopped after 7 legal entries)",
            "  line 77, entry 8: [Kartomantik 2.2 (Priority)] Ana has priority, not Ben",
            "  scores as of the last legal entry: Ana 70, Ben 60; no winner is decided (the log breaks a rule)"]

    def test_all_lists_both_and_what_was_done_with_each_entry(self):
        result = run("check", "log", "--all", example(self.TWO))
        assert result.exit_code == 1
        assert lines(result) == [
            f"{example(self.TWO)}: kartomantik: ILLEGAL, 2 violations, incomplete (212 legal entries)",
            "  line 77, entry 8: [Kartomantik 2.2 (Priority)] Ana has priority, not Ben (entry skipped)",
            "  line 98, entry 29: [Kartomantik 3.2 (Targets)] Furnace Heart needs a target manifestation in the "
            "Confrontation Zone with power 2 or less: declare it (`target:`) (applied as written)",
            "  scores as of the last legal entry: Ana 70, Ben 60; no winner is decided (the log breaks a rule)"]

    def test_all_in_json_same_result_as_the_default(self):
        strict = rows(run("check", "log", "--format", "json", example(self.TWO)))[0]
        every = rows(run("check", "log", "--all", "--format", "json", example(self.TWO)))[0]
        assert [(v["line"], v["entry"], v["rule"]) for v in every["violations"]] == [
            (77, 8, "Kartomantik 2.2 (Priority)"), (98, 29, "Kartomantik 3.2 (Targets)")]
        assert every["violations"][0] == strict["violations"][0]
        assert len(strict["violations"]) == 1
        # the result is the strict reading's: as of the last legal entry before the first violation
        assert (every["scores"], every["winner"], every["complete"]) == (strict["scores"], strict["winner"], False)
        assert (strict["entries"], every["entries"]) == (7, 212)

    def test_an_entry_after_the_end_stops_the_replay(self, tmp_path):
        path = tmp_path / "won.yaml"
        path.write_text((EXAMPLES / "relics-won.yaml").read_text() + "  - {end: cannot pay}\n  - {end: cannot pay}\n")
        result = run("check", "log", "--all", str(path))
        assert result.exit_code == 1
        assert lines(result) == [
            f"{path}: relics: ILLEGAL, 1 violation, incomplete (58 legal entries)",
            "  line 84, entry 59: [relics: the end of the game] an entry after the game ended",
            "  line 84, entry 59: checking stopped: the game has ended; 1 later entry not checked",
            "  scores as of the last legal entry: Ana 9; no winner is decided (the log breaks a rule)"]

    def test_entries_that_keep_breaking_rules_stop_the_replay(self, tmp_path):
        path = visions_without_the_first_refill(tmp_path)
        result = run("check", "log", "--all", str(path))
        assert result.exit_code == 1
        missing = ("[Visions: 2 - Refill Your Hand to 3 Cards] Ana's refill is missing: Ana takes 1 card from the "
                   "river ({player: Ana, refill: [CARD]}) before Ben's turn")
        assert lines(result) == [
            f"{path}: visions: ILLEGAL, 3 violations, incomplete (1 legal entry)",
            f"  line 58, entry 2: {missing} (applied as written)",
            f"  line 59, entry 3: {missing} (applied as written)",
            "  line 60, entry 4: [Visions: Game Overview (ruling G1)] it is Ben's turn, not Cleo's",
            "  line 60, entry 4: checking stopped: 3 entries in a row break a rule: the log and the replay no longer "
            "agree on the state; 52 later entries not checked",
            "  scores as of the last legal entry: Ana 1, Ben 0, Cleo 0; no winner is decided (the log breaks a rule)"]

    def test_a_legal_log_reads_the_same_with_all(self):
        assert run("check", "log", "--all", example("visions-legal-3p.yaml")).output == \
               run("check", "log", example("visions-legal-3p.yaml")).output

    def test_every_illegal_example_keeps_its_first_violation_with_all(self):
        illegal = [p for p in ALL_EXAMPLES if "-illegal-" in p.name]
        strict = rows(run("check", "log", "--format", "json", *map(str, illegal)))
        every = rows(run("check", "log", "--all", "--format", "json", *map(str, illegal)))
        for s, e in zip(strict, every):
            assert e["violations"][0] == s["violations"][0] and len(s["violations"]) == 1, s["file"]
            assert (e["scores"], e["winner"], e["legal"]) == (s["scores"], s["winner"], False), s["file"]


# --- standard input ------------------------------------------------------------------------------


class TestStdin:
    def test_a_log_piped_in(self):
        result = run("check", "log", "-", input=(EXAMPLES / "visions-legal-3p.yaml").read_bytes())
        assert result.exit_code == 0
        assert lines(result) == ["-: visions: legal, complete", "  scores: Ana 5, Ben 14, Cleo 11; winner: Ben"]

    def test_beside_files_in_json(self):
        result = run("check", "log", "--format", "json", example("relics-legal.yaml"), "-",
                     input=(EXAMPLES / "relics-illegal-end.yaml").read_text())
        assert result.exit_code == 1
        legal, piped = rows(result)
        assert (legal["file"], legal["legal"]) == (example("relics-legal.yaml"), True)
        assert (piped["file"], piped["legal"], piped["violations"][0]["line"]) == ("-", False, 28)

    def test_unusable_input_names_it_dash(self):
        result = run("check", "log", "-", input=b"game: relics\n\x00")
        assert result.exit_code == 2
        assert lines(result) == ["-: cannot be used: -:2: binary data (a NUL byte), expected a text game log"]
        result = run("check", "log", "-", input="")
        assert result.exit_code == 2
        assert lines(result) == ["-: cannot be used: -:1: expected a game log: a mapping with game, players, setup "
                                 "and log"]

    def test_dash_twice_is_refused(self):
        result = run("check", "log", "-", "-", input="")
        assert result.exit_code == 2
        assert "pnp: -: standard input holds one log and is read once; give - once, not 2 times" in result.output


# --- messages that say what went wrong -------------------------------------------------------------


def visions_without_the_first_refill(tmp_path: Path) -> Path:
    """visions-legal-3p.yaml without its line 58, Ana's first refill."""
    text = (EXAMPLES / "visions-legal-3p.yaml").read_text().split("\n")
    assert text[57] == "  - {player: Ana, refill: [Time in the Burning Desert]}"
    del text[57]
    path = tmp_path / "no-refill.yaml"
    path.write_text("\n".join(text))
    return path


class TestMessages:
    def test_a_missing_refill_is_named(self, tmp_path):
        path = visions_without_the_first_refill(tmp_path)
        result = run("check", "log", str(path))
        assert result.exit_code == 1
        assert lines(result)[1] == (
            "  line 58, entry 2: [Visions: 2 - Refill Your Hand to 3 Cards] Ana's refill is missing: Ana takes 1 "
            "card from the river ({player: Ana, refill: [CARD]}) before Ben's turn")

    def test_a_missing_echo_play_is_named(self, tmp_path):
        """visions-illegal-echo-refill.yaml without its refill on line 39: Ana's echo on line 38
        owes another play before Ben's turn."""
        text = (EXAMPLES / "visions-illegal-echo-refill.yaml").read_text().split("\n")
        assert text[38].startswith("  - {player: Ana, refill: ") and text[39].startswith("  - {player: Ben, ")
        del text[38]
        path = tmp_path / "no-echo.yaml"
        path.write_text("\n".join(text))
        result = run("check", "log", str(path))
        assert result.exit_code == 1
        assert lines(result)[1] == (
            "  line 39, entry 16: [Visions: Echo (ruling V5)] Ana's echo gives another play, compulsory while a "
            "play is possible: it is still Ana's turn, not Ben's")

    def test_a_missing_hand_limit_discard_is_cited_as_the_end_phase(self):
        result = run("check", "log", example("kartomantik-illegal-hand-limit.yaml"))
        assert result.exit_code == 1
        assert lines(result)[1] == (
            "  line 157, entry 88: [Kartomantik 4.2.4 (End Phase)] the hand-limit entry is missing: the turn ended "
            "with Ana at 8 cards in hand, above 7; a `bottom` entry puts the excess at the bottom of the deck first "
            "({bottom: Ana, cards: [1 card]})")

    def test_no_winner_line_unless_the_game_is_decided(self):
        names = ["visions-legal-3p.yaml", "visions-illegal-continue.yaml", "so-long-my-world-drain-example.yaml",
                 "visions-illegal-setup.yaml", "so-long-my-world-coop.yaml"]
        result = run("check", "log", *map(example, names))
        results = [l for l in lines(result) if not l.startswith(("examples", "/", "  line"))]
        assert results == [
            "  scores: Ana 5, Ben 14, Cleo 11; winner: Ben",
            "  scores as of the last legal entry: Ana 10, Ben 7, Cleo 2; no winner is decided (the log breaks a rule)",
            "  scores as of the last legal entry: Teal -6, Yellow -6, Purple -6, Green -6; no winner is decided "
            "(the log stops before the end of the game)",
            "  no scores; no winner is decided (the setup breaks a rule)",
            "  scores: Ana 3, Ben 2; winner: none"]
        # JSON keeps SPEC's winner: the rulebook's, as of the last legal entry, beside complete: false
        continued = rows(run("check", "log", "--format", "json", example("visions-illegal-continue.yaml")))[0]
        assert (continued["complete"], continued["scores"], continued["winner"]) == (
            False, {"Ana": 10, "Ben": 7, "Cleo": 2}, "Ana")

    def test_a_tie_is_named(self):
        result = run("check", "log", example("so-long-my-world-legal-3p.yaml"))
        assert lines(result)[-1] == "  scores: Ana 1, Ben 4, Cleo 3; winner: Ben"

    @pytest.mark.parametrize("name, first", [
        ("relics-illegal-end.yaml", "relics: ILLEGAL, incomplete (stopped after 1 legal entry)"),
        ("relics-illegal-energy-first.yaml", "relics: ILLEGAL, incomplete (stopped after 0 legal entries)"),
        ("relics-illegal-reshuffle.yaml", "relics: ILLEGAL, incomplete (stopped after 9 legal entries)"),
        ("visions-illegal-setup.yaml", "visions: ILLEGAL, incomplete (stopped at the setup)"),
        ("so-long-my-world-drain-example.yaml",
         "so-long-my-world: legal, incomplete (the log stops after 30 legal entries)"),
    ])
    def test_plurals(self, name, first):
        assert lines(run("check", "log", example(name)))[0] == f"{example(name)}: {first}"

    def test_plurals_with_all(self):
        result = run("check", "log", "--all", example("relics-illegal-end.yaml"))
        assert lines(result)[0] == f"{example('relics-illegal-end.yaml')}: relics: ILLEGAL, 1 violation, " \
                                   "incomplete (1 legal entry)"


# --- printing -------------------------------------------------------------------------------------


class TestPrinting:
    def test_text_is_printed_as_written(self, tmp_path):
        """No rich markup, emoji codes or highlighting in what the log wrote."""
        path = relics_with(tmp_path, "event: '[bold]Open[/bold] :fire:'\n")
        result = CliRunner(env={"NO_COLOR": "1"}).invoke(app, ["check", "log", str(path)])
        assert lines(result)[1] == "  event: [bold]Open[/bold] :fire:"
        assert "\x1b[" not in result.output

    def test_quiet_prints_nothing_and_keeps_the_exit_code(self):
        result = run("-q", "check", "log", example("relics-illegal-end.yaml"))
        assert (result.exit_code, result.output) == (1, "")


# --- JSON: one shape, validated against the published schema ------------------------------------------


@pytest.fixture(scope="module")
def validator():
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def assert_valid(validator, output: str) -> list[dict]:
    report = json.loads(output)
    errors = sorted(validator.iter_errors(report), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors]
    for row in report:
        assert list(row) == ROW_KEYS, row["file"]
        assert row["version"] == 1
        assert list(row["metadata"]) == list(NO_METADATA)
    return report


class TestJsonShape:
    def test_the_schema_is_every_key_required_and_nothing_else(self):
        schema = json_schema()
        assert schema["type"] == "array" and schema["title"] == "pnp check log --format json"
        row = schema["$defs"]["LogRow"]
        assert row["required"] == ROW_KEYS and row["additionalProperties"] is False
        assert schema["$defs"]["ErrorRow"]["required"] == ["code", "message", "line"]
        assert schema["$defs"]["ViolationRow"]["required"] == ["line", "entry", "rule", "message"]

    @pytest.mark.parametrize("path", ALL_EXAMPLES, ids=lambda p: p.name)
    def test_every_example(self, validator, path):
        result = run("check", "log", "--format", "json", str(path))
        [row] = assert_valid(validator, result.output)
        assert result.exit_code == (1 if "-illegal-" in path.name else 0)
        assert row["usable"] is True and row["errors"] == []
        assert row["legal"] == ("-illegal-" not in path.name)

    def test_every_example_with_all(self, validator):
        result = run("check", "log", "--all", "--format", "json", str(EXAMPLES))
        report = assert_valid(validator, result.output)
        assert len(report) == len(ALL_EXAMPLES) and result.exit_code == 1

    def test_an_unusable_log(self, validator, tmp_path):
        path = relics_with(tmp_path, "round: [1]\n")
        result = run("check", "log", "--format", "json", str(path), str(tmp_path / "missing.yaml"))
        assert result.exit_code == 2
        bad, missing = assert_valid(validator, result.output)
        assert bad == {"version": 1, "file": str(path), "game": None, "usable": False, "legal": False,
                       "complete": False, "metadata": NO_METADATA, "violations": [], "unverified": [], "undecided": [],
                       "scores": {}, "winner": None, "entries": 0,
                       "errors": [{"code": "unusable", "message": f"{path}:8: round: expected a number or text, "
                                                                  "got a list", "line": 8}]}
        assert missing["errors"] == [{"code": "unusable", "message": f"{tmp_path / 'missing.yaml'}: no such game log",
                                      "line": None}]

    def test_an_unusable_entry_keeps_the_game_and_metadata(self, validator, tmp_path):
        path = relics_with(tmp_path, "table: 4\n")
        path.write_text(path.read_text().replace("  - {end: cannot pay}", "  - {finish: now}"))
        result = run("check", "log", "--format", "json", str(path))
        [row] = assert_valid(validator, result.output)
        assert (row["game"], row["metadata"]["table"], row["usable"], row["errors"][0]["line"]) == ("relics", 4, False,
                                                                                                  40)

    def test_a_log_on_stdin(self, validator):
        result = run("check", "log", "--format", "json", "-", input=(EXAMPLES / "visions-legal-3p.yaml").read_text())
        [row] = assert_valid(validator, result.output)
        assert (row["file"], row["legal"], row["complete"], row["winner"], row["entries"]) == (
            "-", True, True, "Ben", 57)

    def test_a_usable_row_in_full(self, validator):
        result = run("check", "log", "--format", "json", example("relics-illegal-end.yaml"))
        [row] = assert_valid(validator, result.output)
        assert row == {
            "version": 1, "file": example("relics-illegal-end.yaml"), "game": "relics", "usable": True,
            "legal": False, "complete": False, "metadata": NO_METADATA,
            "violations": [{"line": 28, "entry": 2, "rule": "relics: Goal",
                            "message": "you can still travel to Ashen Field: the top-left challenge of Ashen Field "
                                       "(red 3) costs 3, and you would have 2 red energy and 1 card to discard "
                                       "(ruling R6)"}],
            "unverified": [], "undecided": [], "scores": {"Ana": 0}, "winner": None, "entries": 1, "errors": []}


@pytest.mark.parametrize("path", [p for p in ALL_EXAMPLES if "-illegal-" not in p.name], ids=lambda p: p.name)
def test_mutated_logs_never_crash_the_checker_with_all(tmp_path, path):
    """--all applies entries that broke a rule: the engines then see states the rules never
    reach, and must still end in a verdict or a message (as tests/test_log_fuzz.py checks for
    the strict reading)."""
    import copy
    import random

    import yaml

    from rules_check.core.adjudicate import INTERNAL, UnusableLog, check_logs
    from rules_check.engines import engines
    from test_log_fuzz import mutate

    base = yaml.safe_load(path.read_text())
    rng = random.Random("all " + path.name)
    paths = []
    for k in range(20):
        data = copy.deepcopy(base)
        entries = data["log"]
        for _ in range(rng.randint(1, 3)):  # entries swapped, dropped or repeated: the usual slips
            i, j = rng.randrange(len(entries)), rng.randrange(len(entries))
            choice = rng.random()
            if choice < 0.4:
                entries[i], entries[j] = entries[j], entries[i]
            elif choice < 0.7:
                del entries[i]
            elif choice < 0.9:
                entries.insert(i, copy.deepcopy(entries[j]))
            else:
                mutate(entries[i], rng)
        p = tmp_path / f"m{k}.yaml"
        p.write_text(yaml.safe_dump(data, sort_keys=False))
        paths.append(p)
    results = check_logs(paths, engines(), all_violations=True)
    for result in results:
        assert not (isinstance(result, UnusableLog) and INTERNAL in result.reason), result.reason
    assert any(not r.usable or r.violations for r in results)

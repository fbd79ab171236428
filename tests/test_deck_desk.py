"""The Kartomantik tournament desk through the real CLI (issue 14): a decklist on standard
input, lists as deck tools export them, grouped warnings, a folder of registered lists
matched to a folder of submissions, one JSON shape validated against its published schema,
and ``pnp list pool``."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from pnp.cli import app
from rules_check import load_pool
from rules_check.deckreport import json_schema

runner = CliRunner()
REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples" / "decks"
POOL = load_pool()
# the 26 cheapest manifestations: any 20 of them are at most 330 points
CHEAP = [c.name for c in sorted((c for c in POOL.cards.values() if c.type == "manifestation"),
                                key=lambda c: (c.points, c.name))][:26]
WILLS = [c.name for c in POOL.cards.values() if c.type == "will"]
ROW_KEYS = ["version", "file", "player", "status", "usable", "legal", "cards", "points", "fingerprint", "errors",
            "warnings", "registered", "registration_errors", "swaps"]


def deck(i: int = 0) -> tuple[list[str], list[str]]:
    """A legal 30-card deck (20 manifestations, 10 wills) and a sideboard of 4, varied by ``i``."""
    shift = i % 7
    m = CHEAP[shift:shift + 20]
    rest = [n for n in CHEAP if n not in m]
    w = [WILLS[(i + k) % len(WILLS)] for k in range(10)]
    return m + w, rest[:3] + [WILLS[(i + 10) % len(WILLS)]]


def outsider(i: int) -> str:
    """A card of the pool in neither deck ``i`` nor its sideboard."""
    cards, side = deck(i)
    return next(c.name for c in POOL.cards.values() if c.name not in cards + side)


def text(cards: list[str], side: list[str] = (), player: str | None = None) -> str:
    lines = ([f"Player: {player}"] if player else []) + [f"1 {n}" for n in cards]
    return "\n".join(lines + (["Sideboard"] + [f"1 {n}" for n in side] if side else [])) + "\n"


def run(*args: str, input: str | bytes | None = None):
    return runner.invoke(app, ["check", "deck", *args], input=input)


def rows_of(result) -> list[dict]:
    return json.loads(result.stdout)


class TestStdin:
    def test_a_text_list_on_stdin(self):
        r = run("-", "--format", "json", input=text(deck()[0], player="Ana"))
        assert r.exit_code == 0, r.output
        [row] = rows_of(r)
        assert (row["file"], row["player"], row["status"], row["cards"]) == ("-", "Ana", "legal", 30)

    def test_a_yaml_list_on_stdin(self):
        r = run("-", "--format", "json", input=(EXAMPLES / "legal-ben-bridge.yaml").read_text())
        [row] = rows_of(r)
        assert r.exit_code == 0 and (row["file"], row["player"], row["points"]) == ("-", "Ben", 420)

    def test_stdin_beside_files_and_without_a_player(self):
        r = run(str(EXAMPLES / "illegal-31-cards.txt"), "-", input=text(deck()[0]))
        assert r.exit_code == 1
        lines = r.stdout.splitlines()
        assert lines[2].split()[:4] == ["-", "-", "yes", "30"]  # no Player: line, no player
        assert lines[-1] == "2 decklists: 1 legal, 1 illegal"

    @pytest.mark.parametrize("given", ["", "\n  \n"])
    def test_empty_stdin_is_unusable(self, given):
        r = run("-", input=given)
        assert r.exit_code == 2
        assert "-: error unusable: empty: expected a decklist, one card a line (like `1 Oppress`)" in r.stdout.splitlines()
        assert r.stdout.splitlines()[-1] == "1 decklist: 0 legal, 0 illegal, 1 unusable"

    def test_binary_stdin_names_its_line(self):
        [row] = rows_of(run("-", "--format", "json", input=b"1 Spite\n\x00\x01"))
        assert row["errors"] == [{"code": "unusable", "line": 2, "card": None,
                                  "message": "-:2: binary data (a NUL byte), expected a text decklist"}]


class TestEmptyFiles:
    def test_an_empty_file_is_unusable_not_a_0_card_deck(self, tmp_path):
        (tmp_path / "ana.txt").write_text("")
        r = run(str(tmp_path / "ana.txt"), "--format", "json")
        assert r.exit_code == 2
        [row] = rows_of(r)
        assert (row["status"], row["usable"], row["legal"], row["cards"]) == ("unusable", False, False, None)
        assert row["errors"][0]["message"] == f"{tmp_path / 'ana.txt'}: empty: expected a decklist, one card a line " \
                                              "(like `1 Oppress`)"

    def test_only_comments_and_headers(self, tmp_path):
        (tmp_path / "ben.txt").write_text("# my deck\nDeck\nCreatures (0)\n")
        r = run(str(tmp_path / "ben.txt"))
        assert r.exit_code == 2
        assert (f"{tmp_path / 'ben.txt'}: error unusable: no card, only comments, headers or blank lines: expected "
                "a decklist, one card a line (like `1 Oppress`)") in r.stdout.splitlines()

    def test_nothing_but_garbage_names_the_first_line(self, tmp_path):
        (tmp_path / "notes.txt").write_text("# notes\n---\n***\n")
        [row] = rows_of(run(str(tmp_path / "notes.txt"), "--format", "json"))
        assert row["status"] == "unusable" and row["errors"][0]["line"] == 2
        assert row["errors"][0]["message"] == (
            f"{tmp_path / 'notes.txt'}:2: no card: line 2 not understood: '---': expected a card name (with an "
            "optional count like `1 Oppress`) (and 1 other line not understood)")

    def test_an_empty_yaml_file(self, tmp_path):
        (tmp_path / "cleo.yaml").write_text("# nothing yet\n")
        r = run(str(tmp_path / "cleo.yaml"))
        assert r.exit_code == 2 and f"{tmp_path / 'cleo.yaml'}: error unusable: empty: expected a decklist" in r.stdout


class TestExportedLists:
    def test_headers_with_counts_set_codes_and_deck(self, tmp_path):
        cards, side = deck()
        lines = (["Deck", "Manifestations (20)"] + [f"1 {n} (KTM) {i}" for i, n in enumerate(cards[:20], 1)]
                 + ["", "Wills: 10"] + [f"1x {n} [KTM] {i}" for i, n in enumerate(cards[20:], 21)]
                 + ["", "Sideboard (4)"] + [f"{n} [KTM:{i}] *F*" for i, n in enumerate(side, 31)])
        (tmp_path / "ana.txt").write_text("\n".join(lines) + "\n")
        r = run(str(tmp_path / "ana.txt"), "--format", "json")
        [row] = rows_of(r)
        assert r.exit_code == 0, row
        assert (row["legal"], row["cards"], row["errors"], row["warnings"]) == (True, 30, [], [])
        # the same list written plainly has the same fingerprint
        (tmp_path / "plain.txt").write_text(text(cards, side))
        [plain] = rows_of(run(str(tmp_path / "plain.txt"), "--format", "json"))
        assert plain["fingerprint"] == row["fingerprint"]

    def test_a_header_count_that_is_not_the_cards_under_it_warns(self, tmp_path):
        cards, _ = deck()
        lines = ["Creatures (21)"] + [f"1 {n}" for n in cards[:20]] + ["Wills (9)"] + [f"1 {n}" for n in cards[20:]]
        (tmp_path / "ana.txt").write_text("\n".join(lines) + "\n")
        r = run(str(tmp_path / "ana.txt"))
        assert r.exit_code == 0  # a warning: the cards listed are the deck
        assert (f"{tmp_path / 'ana.txt'}:1: warning header-count: 2 headers whose count is not the cards under them: "
                "the header 'Creatures' (line 1) says 21, but 20 cards are listed under it; the header 'Wills' "
                "(line 22) says 9, but 10 cards are listed under it") in r.stdout.splitlines()

    @pytest.mark.parametrize("name", ["exported-yellow-tempo-sections.txt", "exported-burning-logic-client.txt"])
    def test_bundled_exports_are_legal(self, name):
        r = run(str(EXAMPLES / name), "--format", "json")
        [row] = rows_of(r)
        assert r.exit_code == 0 and row["errors"] == [] and row["warnings"] == [] and row["cards"] == 30

    def test_the_sections_export_is_the_yellow_tempo_list(self):
        a, b = rows_of(run(str(EXAMPLES / "exported-yellow-tempo-sections.txt"), str(EXAMPLES / "legal-yellow-tempo.txt"),
                           "--format", "json"))
        assert a["fingerprint"] == b["fingerprint"]


class TestGroupedWarnings:
    def test_an_all_wills_deck_gets_one_tribute_warning(self, tmp_path):
        (tmp_path / "wills.txt").write_text(text(WILLS))
        r = run(str(tmp_path / "wills.txt"))
        tribute = [l for l in r.stdout.splitlines() if " warning tribute-unpayable: " in l]
        assert len(tribute) == 1
        assert tribute[0].startswith(f"{tmp_path / 'wills.txt'}:1: warning tribute-unpayable: 24 wills' tributes can "
                                     "never be paid since the deck has no manifestation: Entrust (phlegmatic 2), ")
        assert all(f"{n} (" in tribute[0] for n in WILLS if POOL.get(n).tribute)
        [row] = rows_of(run(str(tmp_path / "wills.txt"), "--format", "json"))
        assert [w["code"] for w in row["warnings"]] == ["will-count", "no-manifestation", "tribute-unpayable"]
        assert row["warnings"][2]["card"] is None and row["warnings"][2]["line"] == 1

    def test_wills_grouped_by_the_temperament_that_would_pay(self, tmp_path):
        phlegmatic = [c.name for c in POOL.cards.values() if c.temperament == "phlegmatic"][:2]
        choleric = [n for n in WILLS if POOL.get(n).tribute and POOL.get(n).tribute.temperament == "choleric"]
        (tmp_path / "d.txt").write_text(text(phlegmatic + choleric))
        [row] = rows_of(run(str(tmp_path / "d.txt"), "--format", "json"))
        [w] = [w for w in row["warnings"] if w["code"] == "tribute-unpayable"]
        assert w["message"] == ("4 wills' tributes can never be paid: no manifestation of the deck can pay a choleric "
                                "tribute (only choleric or transcendent ones can): Incinerate (4), Flare Up (2), "
                                "Scorched Earth (5), Burning Decree (3) (rulebook 2.1)")


def write(folder: Path, name: str, body: str) -> None:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(body)


PLAYERS = ["Ana", "Ben", "Cleo", "Dario", "Eva", "Femi", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lena", "Milo", "Nora",
           "Omar", "Pia", "Quin", "Rosa", "Sami", "Tove"]


@pytest.fixture
def event(tmp_path) -> tuple[Path, Path]:
    """An organiser's event: 20 lists submitted, 20 registered, every case once or more."""
    sub, reg = tmp_path / "submitted", tmp_path / "registered"
    for i, p in enumerate(PLAYERS):
        cards, side = deck(i)
        if p in ("Cleo", "Femi", "Jun"):  # registered in YAML
            write(reg, f"{p.lower()}.yaml", json.dumps({"player": p, "deck": cards, "sideboard": side}))
        elif p != "Tove":  # Tove never registered
            write(reg, f"{p.lower()}.txt", text(cards, side, player=p))
        game2 = list(cards)
        if p in ("Ben", "Gus"):  # one card swapped for one of the sideboard
            game2[0] = side[0]
        if p == "Hana":  # two swaps
            game2[0], game2[1] = side[0], side[1]
        if p == "Ivo":  # brings a card that is not in the sideboard
            game2[0] = outsider(i)
        if p == "Kai":  # 31 cards
            game2.append(side[0])
        if p in ("Nora", "Omar"):  # named by file name only (no Player: line)
            write(sub, f"{p.lower()}.txt", text(game2))
        elif p == "Lena":  # an empty submission, matched by its file name
            write(sub, "lena.txt", "")
        else:
            write(sub, f"table-{i + 1:02d}.txt", text(game2, player=p))
    write(reg, "lena.txt", text(deck(11)[0], player="Lena"))
    write(reg, "milo.txt", "Player: Milo\n# to be filled in\n")  # a registration without a card
    cards, side = deck(14)
    write(reg, "omar.txt", text(cards, side, player="Omar").replace("Sideboard", "---\nSideboard"))
    cards, side = deck(16)
    write(reg, "quin.txt", text([cards[0] + "x"] + cards[1:], side, player="Quin"))  # a misspelled registration
    write(reg, "zoe.txt", text(*deck(3), player="Zoe"))  # registered, no submission
    assert len(list(sub.iterdir())) == 20 and len(list(reg.iterdir())) == 20
    return sub, reg


class TestRegisteredFolder:
    def test_twenty_players_in_one_command(self, event):
        sub, reg = event
        r = run(str(sub), "--registered", str(reg), "--format", "json")
        assert r.exit_code == 2  # an unusable file (Lena's submission, Milo's registration)
        rows = rows_of(r)
        status = {row["player"]: row["status"] for row in rows}
        expected = {p: "legal" for p in PLAYERS}
        expected.update({"Ivo": "illegal", "Kai": "illegal", "Omar": "illegal", "Quin": "illegal",
                         "Tove": "not registered", "lena": "unusable", "Milo": "registration unusable",
                         "Zoe": "no submission", "nora": "legal", "omar": "illegal"})
        del expected["Lena"], expected["Nora"], expected["Omar"]
        assert status == expected
        assert [list(row) for row in rows] == [ROW_KEYS] * 21
        by = {row["player"]: row for row in rows}
        assert by["Ben"]["swaps"] == [{"out": deck(1)[0][0], "in": deck(1)[1][0]}]
        assert sorted(s["in"] for s in by["Hana"]["swaps"]) == sorted(deck(7)[1][:2])
        assert by["Ana"]["swaps"] == [] and by["Ana"]["registered"] == str(reg / "ana.txt")
        assert by["nora"]["registered"] == str(reg / "nora.txt")  # matched by the player the file name gives
        assert by["Cleo"]["registered"] == str(reg / "cleo.yaml")
        assert by["omar"]["registration_errors"] == [{
            "code": "unreadable-line", "line": 32, "card": None,
            "message": "registered list, line 32 not understood: '---': expected a card name (with an "
                       "optional count like `1 Oppress`)"}]
        assert by["omar"]["errors"] == [] and by["omar"]["legal"] is False and by["omar"]["swaps"] == []
        typo = deck(16)[0][0] + "x"
        assert by["Quin"]["registration_errors"] == [{
            "code": "unknown-card", "line": 2, "card": typo,
            "message": f"registered list: unknown card {typo!r} (line 2): did you mean {deck(16)[0][0]}?"}]
        assert by["Quin"]["swaps"] == [{"out": typo, "in": deck(16)[0][0]}]
        assert by["Milo"]["registration_errors"][0]["code"] == "unusable" and by["Milo"]["errors"] == []
        assert by["Milo"]["registered"] == str(reg / "milo.txt")  # its Player: line names it, though it has no card
        assert by["Zoe"]["file"] is None and by["Zoe"]["legal"] is None and by["Zoe"]["usable"] is None
        assert by["Tove"]["errors"][0]["message"] == (
            f"no registered list for player Tove in {reg} nor a file named table-20.*")
        assert (by["lena"]["registered"], by["lena"]["usable"]) == (str(reg / "lena.txt"), False)

    def test_the_table_of_every_player(self, event):
        sub, reg = event
        r = run(str(sub), "--registered", str(reg))
        lines = r.stdout.splitlines()
        assert lines[0].split() == ["player", "file", "registered", "status", "cards", "points", "problems", "swaps"]
        cells = {l.split()[0]: l for l in lines[1:22]}
        assert cells["Ben"].split()[1:4] == [str(sub / "table-02.txt"), str(reg / "ben.txt"), "legal"]
        assert cells["Ben"].endswith(f"{deck(1)[0][0]} -> {deck(1)[1][0]}")
        assert cells["Tove"].split()[1:5] == [str(sub / "table-20.txt"), "-", "not", "registered"]
        assert cells["Zoe"].split()[1:6] == ["-", str(reg / "zoe.txt"), "no", "submission", "-"]
        assert f"{reg / 'omar.txt'}:32: error unreadable-line: registered list, line 32 not understood: " \
               "'---': expected a card name (with an optional count like `1 Oppress`)" in lines
        assert (f"{reg / 'milo.txt'}: error unusable: no card, only comments, headers or blank lines: expected a "
                "decklist, one card a line (like `1 Oppress`)") in lines
        assert lines[-1] == ("21 players: 13 legal, 4 illegal, 1 unusable, 1 not registered, 1 registration unusable, "
                             "1 no submission")

    def test_all_legal_exits_0_and_a_swap_outside_the_sideboard_1(self, tmp_path):
        sub, reg = tmp_path / "s", tmp_path / "r"
        for i, p in enumerate(PLAYERS):
            cards, side = deck(i)
            write(reg, f"{p}.txt", text(cards, side, player=p))
            write(sub, f"{p}-game3.txt", text(cards[1:] + side[:1], player=p))
        r = run(str(sub), "--registered", str(reg))
        assert r.exit_code == 0, r.stdout
        assert r.stdout.splitlines()[-1] == "20 players: 20 legal, 0 illegal"
        write(sub, "Pia-game3.txt", text(deck(15)[0][1:] + [outsider(15)], player="Pia"))
        r = run(str(sub), "--registered", str(reg))
        assert r.exit_code == 1 and r.stdout.splitlines()[-1] == "20 players: 19 legal, 1 illegal"

    def test_no_submission_alone_leaves_exit_0(self, tmp_path):
        write(tmp_path / "r", "ana.txt", text(*deck(0), player="Ana"))
        write(tmp_path / "r", "ben.txt", text(*deck(1), player="Ben"))
        write(tmp_path / "s", "ana.txt", text(deck(0)[0], player="Ana"))
        r = run(str(tmp_path / "s"), "--registered", str(tmp_path / "r"))
        assert r.exit_code == 0 and r.stdout.splitlines()[-1] == "2 players: 1 legal, 0 illegal, 1 no submission"

    def test_two_registered_lists_for_one_player(self, tmp_path):
        write(tmp_path / "r", "ana.txt", text(*deck(0), player="Ana"))
        write(tmp_path / "r", "ana-late.txt", text(*deck(1), player="Ana"))
        write(tmp_path / "s", "ana.txt", text(deck(0)[0], player="Ana"))
        [row] = rows_of(run(str(tmp_path / "s"), "--registered", str(tmp_path / "r"), "--format", "json"))
        assert row["status"] == "registration unusable" and row["registered"] is None
        message = (f"2 registered lists match this player: {tmp_path / 'r' / 'ana-late.txt'}, "
                   f"{tmp_path / 'r' / 'ana.txt'}; keep one")
        assert row["registration_errors"][0]["message"] == message
        r = run(str(tmp_path / "s"), "--registered", str(tmp_path / "r"))
        assert r.exit_code == 2 and f"{tmp_path / 's' / 'ana.txt'}: error unusable: {message}" in r.stdout.splitlines()

    def test_a_folder_without_registered_lists(self, tmp_path):
        (tmp_path / "r").mkdir()
        r = run(str(EXAMPLES / "legal-yellow-tempo.txt"), "--registered", str(tmp_path / "r"))
        assert r.exit_code == 2
        assert f"{tmp_path / 'r'}: no registered list in this folder" in r.stderr

    def test_the_bundled_event(self):
        r = run(str(EXAMPLES / "game2"), "--registered", str(EXAMPLES / "registered"), "--format", "json")
        assert r.exit_code == 1
        assert [(row["player"], row["status"]) for row in rows_of(r)] == [
            ("Ana", "legal"), ("Ben", "legal"), ("Cleo", "illegal"), ("Eva", "not registered"),
            ("Dario", "no submission")]


class TestRegisteredFile:
    def test_unreadable_lines_of_the_registered_file_are_errors(self, tmp_path):
        cards, side = deck()
        (tmp_path / "reg.txt").write_text(text(cards, side, player="Ana") + "1 Spite:\n")
        (tmp_path / "g2.txt").write_text(text(cards, player="Ana"))
        r = run(str(tmp_path / "g2.txt"), "--registered", str(tmp_path / "reg.txt"))
        assert r.exit_code == 1
        assert (f"{tmp_path / 'reg.txt'}:37: error unreadable-line: registered list, line 37 not understood: "
                "'1 Spite:': expected a card name, not a heading with a count before it") in r.stdout.splitlines()
        assert r.stdout.splitlines()[1].split()[3] == "illegal"

    def test_a_registered_file_with_no_card_is_not_the_decks_fault(self, tmp_path):
        (tmp_path / "reg.txt").write_text("Player: Ana\n---\n")
        (tmp_path / "g2.txt").write_text(text(deck()[0], player="Ana"))
        r = run(str(tmp_path / "g2.txt"), "--registered", str(tmp_path / "reg.txt"), "--format", "json")
        assert r.exit_code == 2
        [row] = rows_of(r)
        assert (row["status"], row["usable"], row["errors"]) == ("registration unusable", True, [])
        assert row["registration_errors"] == [{
            "code": "unusable", "line": 2, "card": None,
            "message": f"{tmp_path / 'reg.txt'}:2: no card: line 2 not understood: '---': expected a card name "
                       "(with an optional count like `1 Oppress`)"}]

    def test_a_missing_registered_file(self, tmp_path):
        (tmp_path / "g2.txt").write_text(text(deck()[0], player="Ana"))
        r = run(str(tmp_path / "g2.txt"), "--registered", str(tmp_path / "nope.txt"))
        assert r.exit_code == 2
        assert f"{tmp_path / 'nope.txt'}: error unusable: no such decklist" in r.stdout.splitlines()


class TestJsonSchema:
    @pytest.fixture(scope="class")
    @classmethod
    def validator(cls):
        schema = json_schema()
        jsonschema.Draft202012Validator.check_schema(schema)
        return jsonschema.Draft202012Validator(schema)

    def valid(self, validator, result) -> list[dict]:
        rows = rows_of(result)
        validator.validate(rows)
        assert rows and all(list(row) == ROW_KEYS and row["version"] == 1 for row in rows)
        return rows

    def test_every_example(self, validator):
        files = sorted(p for p in EXAMPLES.iterdir() if p.is_file())
        rows = self.valid(validator, run(*map(str, files), "--format", "json"))
        assert len(rows) == len(files) >= 9

    def test_an_unusable_file_names_its_line(self, validator, tmp_path):
        p = tmp_path / "ana.yaml"
        p.write_text("player: Ana\ndeck:\n  - Spite\nsideboard: 7\n")
        [row] = self.valid(validator, run(str(p), "--format", "json"))
        assert row == {"version": 1, "file": str(p), "player": None, "status": "unusable", "usable": False,
                       "legal": False, "cards": None, "points": None, "fingerprint": None,
                       "errors": [{"code": "unusable", "message": f"{p}:4: sideboard: expected a list, got 7",
                                   "line": 4, "card": None}],
                       "warnings": [], "registered": None, "registration_errors": [], "swaps": []}

    def test_stdin(self, validator):
        self.valid(validator, run("-", "--format", "json", input=text(WILLS[:5])))

    def test_a_registered_folder_run(self, validator, event):
        sub, reg = event
        rows = self.valid(validator, run(str(sub), "--registered", str(reg), "--format", "json"))
        assert {row["status"] for row in rows} == {"legal", "illegal", "unusable", "not registered",
                                                   "registration unusable", "no submission"}

    def test_the_schema_requires_every_key_and_no_other(self):
        row = json_schema()["$defs"]["DeckRow"]
        assert sorted(row["required"]) == sorted(ROW_KEYS) and row["additionalProperties"] is False
        assert json_schema()["type"] == "array"


class TestListPool:
    def test_text_table(self):
        r = runner.invoke(app, ["list", "pool"])
        assert r.exit_code == 0
        lines = r.stdout.splitlines()
        assert lines[0] == "Kartomantik card pool: 48 manifestations, 26 wills"
        assert lines[1].split() == ["name", "type", "temperament", "power", "points", "will", "tribute"]
        assert len(lines) == 2 + 74
        assert lines[2].split() == ["Gar", "Fild,", "the", "Malleable", "manifestation", "phlegmatic", "3", "20", "-",
                                    "-"]
        assert next(l for l in lines if l.startswith("Oppress ")).split() == [
            "Oppress", "will", "-", "-", "-", "ephemeral", "melancholic", "3"]

    def test_json(self):
        r = runner.invoke(app, ["list", "pool", "--format", "json"])
        cards = json.loads(r.stdout)
        assert r.exit_code == 0 and len(cards) == 74
        assert all(list(c) == ["name", "type", "temperament", "points", "power", "will", "tribute"] for c in cards)
        assert next(c for c in cards if c["name"] == "Oppress") == {
            "name": "Oppress", "type": "will", "temperament": None, "points": None, "power": None,
            "will": "ephemeral", "tribute": {"temperament": "melancholic", "amount": 3}}

    def test_another_pool_file(self, tmp_path):
        p = tmp_path / "pool.yaml"
        p.write_text("game: kartomantik\ncards:\n  - {name: Ember, type: manifestation, temperament: choleric, "
                     "power: 1, points: 5}\n")
        r = runner.invoke(app, ["list", "pool", "--pool", str(p)])
        assert r.exit_code == 0
        assert r.stdout.splitlines()[2].split() == ["Ember", "manifestation", "choleric", "1", "5", "-", "-"]

    def test_a_broken_pool_file_names_its_line(self, tmp_path):
        p = tmp_path / "pool.yaml"
        p.write_text("game: kartomantik\ncards:\n  - {name: X, type: manifestation, power: 2}\n")
        r = runner.invoke(app, ["list", "pool", "--pool", str(p)])
        assert r.exit_code == 2 and f"{p}:3" in r.stderr

    def test_a_card_folder_without_kartomantik(self, tmp_path):
        r = runner.invoke(app, ["list", "pool", "--cards", str(tmp_path)])
        assert r.exit_code == 2
        assert f"{tmp_path / 'kartomantik'}: no such folder: expected the Kartomantik cards" in r.stderr

    def test_an_unknown_word_exits_2(self):
        r = runner.invoke(app, ["list", "pools"])
        assert r.exit_code == 2 and "expected pool" in r.output and "'pools'" in r.output

    def test_pool_option_needs_the_pool_word(self, tmp_path):
        r = runner.invoke(app, ["list", "--pool", str(tmp_path / "p.yaml")])
        assert r.exit_code == 2 and "pnp list pool" in r.output and "'--pool'" in r.output

    def test_plain_list_is_unchanged(self):
        r = runner.invoke(app, ["list"])
        assert r.exit_code == 0 and "Kartomantik card pool" not in r.stdout and "  68  remnant card" in r.stdout

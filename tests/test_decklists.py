"""``pnp check deck``: every code of docs/decklists.md's table at its boundary, name matching,
registered swaps, batches and hostile files (issue 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from rules_check import check_deck, load_pool, parse_text, read_decklist

runner = CliRunner()
REPO = Path(__file__).resolve().parent.parent

# A pool made for exact boundaries: 25-point manifestations, so 20 of them are 500 points.
POOL_YAML = "\n".join(
    ["game: kartomantik", "sample: true", "cards:"]
    + [f"  - {{name: \"Alpha {i:02d}\", type: manifestation, temperament: phlegmatic, power: 2, points: 25}}"
       for i in range(1, 26)]
    + ["  - {name: Plus One, type: manifestation, temperament: phlegmatic, power: 2, points: 26}",
       "  - {name: Ember, type: manifestation, temperament: choleric, power: 1, points: 5}",
       "  - {name: Pale Saint, type: manifestation, temperament: transcendent, power: 2, points: 5}",
       "  - {name: Void Husk, type: manifestation, temperament: hollow, power: 5, points: 5}",
       "  - {name: \"Oppress\", type: will, will: ephemeral, tribute: {temperament: melancholic, amount: 3}}",
       "  - {name: \"Gar Fild's Gift\", type: will, will: persistent}",
       "  - {name: Hollow Call, type: will, will: ephemeral, tribute: {temperament: hollow, amount: 3}}",
       "  - {name: Fire Bolt, type: will, will: ephemeral, tribute: {temperament: choleric, amount: 4}}",
       "  - {name: Green Ask, type: will, will: ephemeral, tribute: {temperament: phlegmatic, amount: 2}}"]
    + [f"  - {{name: \"Will {i:02d}\", type: will, will: ephemeral}}" for i in range(1, 16)]
    + [f"  - {{name: \"Pebble {i:02d}\", type: manifestation, temperament: phlegmatic, power: 1, points: 5}}"
       for i in range(1, 31)]
) + "\n"


@pytest.fixture(scope="module")
def pool_file(tmp_path_factory) -> Path:
    p = tmp_path_factory.mktemp("pool") / "pool.yaml"
    p.write_text(POOL_YAML)
    return p


@pytest.fixture(scope="module")
def pool(pool_file):
    return load_pool(pool_file)


def deck_text(manifestations: list[str], wills: list[str], sideboard: list[str] = ()) -> str:
    lines = [f"1 {n}" for n in manifestations] + [f"1x {n}" for n in wills]
    if sideboard:
        lines += ["", "Sideboard:"] + [f"1 {n}" for n in sideboard]
    return "\n".join(lines) + "\n"


BASE_M = [f"Alpha {i:02d}" for i in range(1, 21)]  # 20 x 25 = 500 points
BASE_W = [f"Will {i:02d}" for i in range(1, 11)]  # 10 wills


def check(pool, text: str, name: str = "deck.txt"):
    return check_deck(parse_text(text, name), pool)


def codes(report, kind="errors"):
    return [p.code for p in getattr(report, kind)]


class TestBoundaries:
    def test_thirty_cards_and_500_points_is_legal(self, pool):
        r = check(pool, deck_text(BASE_M, BASE_W))
        assert r.legal and r.cards == 30 and r.points == 500 and r.warnings == []

    def test_thirty_one_cards(self, pool):
        r = check(pool, deck_text(BASE_M + ["Alpha 21"], BASE_W))
        assert codes(r) == ["deck-size", "points"] or "deck-size" in codes(r)
        msg = next(p.message for p in r.errors if p.code == "deck-size")
        assert msg == "the deck has 31 cards; a deck has exactly 30 (rulebook 4.1)"

    def test_twenty_nine_cards(self, pool):
        r = check(pool, deck_text(BASE_M[:-1], BASE_W))
        assert codes(r) == ["deck-size"]

    def test_501_points(self, pool):
        r = check(pool, deck_text(BASE_M[:-1] + ["Plus One"], BASE_W))
        assert codes(r) == ["points"]
        assert r.errors[0].message.startswith("points 501 > 500: the five costliest are Plus One (26), Alpha 01 (25)")

    def test_six_and_seven_sideboard_cards(self, pool):
        side6 = [f"Alpha {i}" for i in range(21, 26)] + ["Ember"]
        assert check(pool, deck_text(BASE_M, BASE_W, side6)).legal
        r = check(pool, deck_text(BASE_M, BASE_W, side6 + ["Plus One"]))
        assert codes(r) == ["sideboard-size"]
        assert r.errors[0].message == "the sideboard has 7 cards; at most 6 (rulebook 4.1)"

    @pytest.mark.parametrize("wills, warned", [(7, True), (8, False), (12, False), (13, True)])
    def test_will_count(self, pool, wills, warned):
        m = [f"Pebble {i:02d}" for i in range(1, 31 - wills)]
        r = check(pool, deck_text(m, [f"Will {i:02d}" for i in range(1, wills + 1)]))
        assert r.cards == 30
        assert ("will-count" in codes(r, "warnings")) is warned
        if warned:
            assert r.warnings[0].message == f"the deck has {wills} wills; 8 to 12 are recommended (rulebook 4.1)"
        assert r.legal  # a warning alone leaves the deck legal


class TestDuplicatesAndNames:
    def test_duplicate_names_its_lines(self, pool):
        text = deck_text(BASE_M[:-1], BASE_W[:-1]) + "\n# again\n1 Oppress\n1 Oppress\n"
        r = check(pool, text)
        dup = [p for p in r.errors if p.code == "duplicate"]
        assert len(dup) == 1 and dup[0].card == "Oppress"
        assert dup[0].message.startswith("Oppress appears twice (lines 31 and 32)")

    def test_two_copies_on_one_line(self, pool):
        r = check(pool, deck_text(BASE_M[:-1], BASE_W) + "2 Alpha 21\n")
        assert [p.message.split(";")[0] for p in r.errors if p.code == "duplicate"] == ["Alpha 21 appears twice (line 30)"]

    def test_unknown_card_suggests_the_closest(self, pool):
        r = check(pool, deck_text(BASE_M[:-1] + ["Alpah 20"], BASE_W))
        assert codes(r) == ["unknown-card"]
        assert r.errors[0].message == "unknown card 'Alpah 20' (line 20): did you mean Alpha 20 or Alpha 02 or Alpha 10?" \
            or r.errors[0].message.startswith("unknown card 'Alpah 20' (line 20): did you mean Alpha 20")
        assert r.errors[0].line == 20

    def test_case_spaces_and_curly_quotes_match(self, pool):
        text = deck_text([n.upper().replace(" ", "   ") for n in BASE_M], BASE_W[:-1] + ["gar fild’s gift"])
        r = check(pool, text)
        assert r.legal and r.points == 500

    def test_counts_written_every_way(self, pool):
        text = "\n".join(["Alpha 01", "1 Alpha 02", "1x Alpha 03", "1 x Alpha 04", "Alpha 05 x1"]
                         + [f"1 {n}" for n in BASE_M[5:]] + [f"{n}  # a comment" for n in BASE_W])
        r = check(pool, text)
        assert r.legal and r.cards == 30

    def test_sb_prefix_and_sideboard_heading(self, pool):
        d = parse_text("Player: Ana\n1 Alpha 01\nSB: 1 Ember\nSideboard\n1 Void Husk\n", "x.txt")
        assert d.player == "Ana" and [e.name for e in d.deck] == ["Alpha 01"]
        assert [e.name for e in d.sideboard] == ["Ember", "Void Husk"]

    def test_unreadable_lines_are_reported_with_their_number(self, pool):
        r = check(pool, deck_text(BASE_M, BASE_W) + "---\n3x\n1 Alpha 21:\n")
        bad = [p for p in r.errors if p.code == "unreadable-line"]
        assert [p.line for p in bad] == [31, 32, 33]
        assert not r.legal

    def test_sideboard_duplicates_warn(self, pool):
        r = check(pool, deck_text(BASE_M, BASE_W, ["Alpha 01", "Ember", "Ember"]))
        msgs = [p.message for p in r.warnings if p.code == "sideboard-duplicate"]
        assert msgs == ["2 sideboard cards doubled: Alpha 01 is in both the deck (line 1) and the sideboard "
                        "(line 33); Ember is twice in the sideboard (lines 34 and 35)"]  # one warning per kind
        assert r.legal


class TestTributes:
    def warn(self, pool, manifestations, wills):
        wills = wills + BASE_W[: 10 - len(wills)]
        m = manifestations + BASE_M[: 20 - len(manifestations)]
        r = check(pool, deck_text(m, wills))
        return [p for p in r.warnings if p.code == "tribute-unpayable"]

    def test_hollow_tribute_is_paid_by_any_temperament(self, pool):
        assert self.warn(pool, [], ["Hollow Call"]) == []  # phlegmatic manifestations pay it

    def test_hollow_manifestation_pays_only_hollow_tributes(self, pool):
        # a choleric 4 tribute: Void Husk (hollow, 5 power) cannot pay it, Ember (1) is too small
        got = self.warn(pool, ["Void Husk", "Ember"], ["Fire Bolt"])
        assert len(got) == 1 and got[0].card == "Fire Bolt"
        assert "have 1 base power together, less than 4" in got[0].message

    def test_transcendent_pays_any_tribute(self, pool):
        # Ember (1) + Pale Saint (2, transcendent) = 3 < 4; with a second source it would pass
        got = self.warn(pool, ["Ember", "Pale Saint"], ["Fire Bolt"])
        assert "have 3 base power together" in got[0].message
        assert self.warn(pool, ["Pale Saint"], ["Green Ask"]) == []

    def test_no_payer_at_all(self, pool):
        got = self.warn(pool, [], ["Oppress"])
        assert got[0].message == ("Oppress's tribute (melancholic 3) can never be paid: no manifestation of the "
                                  "deck can pay a melancholic tribute (only melancholic or transcendent ones can) "
                                  "(rulebook 2.1)")

    def test_no_manifestation(self, pool):
        r = check(pool, deck_text([], [f"Will {i:02d}" for i in range(1, 16)] + ["Oppress", "Hollow Call"]))
        assert "no-manifestation" in codes(r, "warnings")


class TestRegistration:
    def reg(self, tmp_path, pool):
        p = tmp_path / "reg.txt"
        p.write_text(deck_text(BASE_M, BASE_W, ["Alpha 21", "Alpha 22", "Ember"]))
        return read_decklist(p)

    def test_a_one_for_one_swap_is_legal(self, tmp_path, pool):
        reg = self.reg(tmp_path, pool)
        game2 = deck_text(BASE_M[:-1] + ["Alpha 21"], BASE_W, ["Alpha 20", "Alpha 22", "Ember"])
        r = check_deck(parse_text(game2, "g2.txt"), pool, reg)
        assert r.legal, r.errors

    def test_a_card_from_outside_the_sideboard_is_not(self, tmp_path, pool):
        reg = self.reg(tmp_path, pool)
        game2 = deck_text(BASE_M[:-1] + ["Alpha 23"], BASE_W)
        r = check_deck(parse_text(game2, "g2.txt"), pool, reg)
        assert codes(r) == ["not-in-registration"]
        assert r.errors[0].message.startswith("Alpha 23: in the deck but neither in the registered list")

    def test_swapping_three_cards_from_the_sideboard_is_legal(self, tmp_path, pool):
        reg = self.reg(tmp_path, pool)
        game2 = deck_text(BASE_M[:-2] + ["Alpha 21", "Alpha 22", "Ember"], BASE_W[:-1])
        r = check_deck(parse_text(game2, "g2.txt"), pool, reg)
        assert "not-in-registration" not in codes(r)

    def test_swaps_must_be_one_for_one(self, tmp_path, pool):
        reg = self.reg(tmp_path, pool)
        game2 = deck_text(BASE_M + ["Alpha 21"], BASE_W)  # one in, none out
        r = check_deck(parse_text(game2, "g2.txt"), pool, reg)
        assert "not-in-registration" in codes(r)
        assert any(p.message == "1 card came in (Alpha 21) but 0 went out (none): swaps are one for one"
                   for p in r.errors)

    def test_a_given_sideboard_must_follow_the_swaps(self, tmp_path, pool):
        reg = self.reg(tmp_path, pool)
        game2 = deck_text(BASE_M[:-1] + ["Alpha 21"], BASE_W, ["Alpha 22", "Ember"])  # Alpha 20 vanished
        r = check_deck(parse_text(game2, "g2.txt"), pool, reg)
        assert [p.message for p in r.errors] == [
            "the sideboard should be Alpha 20, Alpha 22, Ember after these swaps, got Alpha 22, Ember"]

    def test_cli_registered(self, tmp_path, pool_file):
        (tmp_path / "reg.txt").write_text(deck_text(BASE_M, BASE_W, ["Alpha 21"]))
        (tmp_path / "g2.txt").write_text(deck_text(BASE_M[:-1] + ["Alpha 21"], BASE_W))
        ok = runner.invoke(app, ["check", "deck", str(tmp_path / "g2.txt"), "--pool", str(pool_file),
                                 "--registered", str(tmp_path / "reg.txt")])
        assert ok.exit_code == 0, ok.output


class TestCli:
    def test_json_per_spec(self, tmp_path, pool_file):
        (tmp_path / "ana.txt").write_text("Player: Ana\n" + deck_text(BASE_M + ["Alpha 21"], BASE_W))
        result = runner.invoke(app, ["check", "deck", str(tmp_path / "ana.txt"), "--pool", str(pool_file),
                                     "--format", "json"])
        assert result.exit_code == 1
        data = json.loads(result.output)
        assert len(data) == 1
        obj = data[0]
        assert {k: obj[k] for k in ("file", "player", "legal", "cards", "points")} == {
            "file": str(tmp_path / "ana.txt"), "player": "Ana", "legal": False, "cards": 31, "points": 525}
        assert obj["errors"][0] == {"code": "deck-size", "message": "the deck has 31 cards; a deck has exactly 30 "
                                    "(rulebook 4.1)", "line": None, "card": None}
        assert obj["warnings"] == [] and len(obj["fingerprint"]) == 16

    def test_batch_folder_table_and_total(self, tmp_path, pool_file):
        for i in range(3):
            (tmp_path / f"p{i}.txt").write_text(deck_text(BASE_M, BASE_W))
        (tmp_path / "bad.txt").write_text(deck_text(BASE_M[:-1], BASE_W))
        (tmp_path / "notes.md").write_text("not a deck")
        result = runner.invoke(app, ["check", "deck", str(tmp_path), "--pool", str(pool_file)])
        assert result.exit_code == 1
        lines = result.output.splitlines()
        assert lines[0].split()[:6] == ["file", "player", "legal", "cards", "points", "problems"]
        assert sum(1 for l in lines if l.startswith(str(tmp_path))) >= 4
        assert lines[-1] == "4 decklists: 3 legal, 1 illegal"

    def test_bundled_examples(self):
        result = runner.invoke(app, ["check", "deck", str(REPO / "examples" / "decks"), "--format", "json"])
        data = {Path(o["file"]).name: o for o in json.loads(result.output)}
        assert result.exit_code == 1
        assert all(o["legal"] for n, o in data.items() if n.startswith("legal"))
        assert not any(o["legal"] for n, o in data.items() if n.startswith("illegal"))

    def test_fingerprint_ignores_how_the_list_is_written(self, pool):
        a = check(pool, deck_text(BASE_M, BASE_W, ["Ember"]))
        b = check(pool, deck_text(list(reversed([n.lower() for n in BASE_M])), BASE_W, ["EMBER"]))
        c = check(pool, deck_text(BASE_M, BASE_W, ["Void Husk"]))
        assert a.fingerprint == b.fingerprint != c.fingerprint


class TestHostileFiles:
    def run(self, path: Path, pool_file: Path):
        return runner.invoke(app, ["check", "deck", str(path), "--pool", str(pool_file)])

    def test_alias_bomb(self, tmp_path, pool_file):
        bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))
        p = tmp_path / "bomb.yaml"
        p.write_text(bomb)
        r = self.run(p, pool_file)
        assert r.exit_code == 2 and "alias bomb" in r.output and "Traceback" not in r.output

    def test_oversized(self, tmp_path, pool_file):
        p = tmp_path / "huge.txt"
        p.write_text("1 Alpha 01\n" * 20000)
        r = self.run(p, pool_file)
        assert r.exit_code == 2 and "over the limit" in r.output

    def test_binary(self, tmp_path, pool_file):
        p = tmp_path / "deck.txt"
        p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
        r = self.run(p, pool_file)
        assert r.exit_code == 2 and "binary data" in r.output

    def test_wrong_type_in_yaml_names_line_and_field(self, tmp_path, pool_file):
        p = tmp_path / "ana.yaml"
        p.write_text("player: Ana\ndeck:\n  - Alpha 01\nsideboard: 7\n")
        r = self.run(p, pool_file)
        assert r.exit_code == 2 and f"{p}:4: error unusable: sideboard: expected a list, got 7" in r.output

    def test_python_tag(self, tmp_path, pool_file):
        p = tmp_path / "evil.yaml"
        p.write_text("player: !!python/object/apply:os.system ['echo pwned']\ndeck: []\n")
        r = self.run(p, pool_file)
        assert r.exit_code == 2 and "Traceback" not in r.output and "pwned" not in r.output

    def test_missing_file_and_bad_pool(self, tmp_path, pool_file):
        r = self.run(tmp_path / "nope.txt", pool_file)
        assert r.exit_code == 2 and "no such decklist" in r.output
        bad_pool = tmp_path / "pool.yaml"
        bad_pool.write_text("game: kartomantik\ncards:\n  - {name: X, type: manifestation, power: 2}\n")
        r = runner.invoke(app, ["check", "deck", str(tmp_path / "nope.txt"), "--pool", str(bad_pool)])
        assert r.exit_code == 2 and f"{bad_pool}:3" in r.output


def test_rules_check_imports_without_the_pdf_generator():
    import subprocess
    import sys

    code = "import sys, rules_check; print('reportlab' in sys.modules, 'typer' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]

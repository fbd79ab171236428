"""Issue 28, names and text that reach a reader: what strangers name (players, cards, files) and
write (a log's notes) reaches a terminal, a page and a spreadsheet, so it is read within a rule
and printed so that it cannot pass for something else (docs/limits.md, "Names and text").

A family per class, each parametrised over every reader or printer it concerns, through the
real CLI:

1. Player names: at most 64 characters, no "/" or ":" (the checker keys a player's cards
   OWNER/Card and piles PILE:OWNER), no control or format character (a right-to-left
   override turned another name into "Ben" on the page); refused with exit 2 at the file and
   line that names the player, in every game's logs (recorded and table logs), text and YAML
   decklists, standard input and registered lists.
2. Terminal escapes: every text report and message prints control characters escaped
   (``\\x1b``), never raw: an escape sequence in a log's notes cannot move the cursor and
   overwrite the ILLEGAL verdict, a newline in a file name cannot break the decklist table.
3. Unicode forms: "José" in NFC and in NFD (as macOS names files) is one name, for players
   (logs, registered lists and submissions, file names) and cards (against the pool).
4. Spreadsheet formulas: a card named ``=HYPERLINK(...)`` is written into the PNG export's
   ``manifest.csv`` with a quote in front (OWASP, "CSV Injection"), never as a formula.
"""

from __future__ import annotations

import json
import shutil
import unicodedata
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from moonwell import LAYOUTS, write_game
from pnp.cli import app
from pnp.data.text import MAX_PLAYER_NAME, csv_cell

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
LOGS = EXAMPLES / "logs"
DECKS = EXAMPLES / "decks"
TEXT_DECK = DECKS / "legal-yellow-tempo.txt"  # legal, no Player: line
YAML_DECK = DECKS / "legal-ben-bridge.yaml"  # legal, player: Ben
runner = CliRunner()

# one legal log of each game, recorded and as a table's scorekeeper wrote it
GAME_LOGS = {
    "kartomantik": "kartomantik-legal.yaml",
    "visions": "visions-legal-3p.yaml",
    "so-long-my-world": "so-long-my-world-legal-3p.yaml",
    "relics": "relics-legal.yaml",
    "kartomantik table": "kartomantik-table-legal.yaml",  # Ana's cards are her decklist file's
    "visions table": "visions-table-legal.yaml",
    "so-long-my-world table": "so-long-my-world-table-legal.yaml",
    "relics table": "relics-table-legal.yaml",
}

# the same games, a log of each that breaks a rule (exit 1): the verdict an attack would hide
ILLEGAL_LOGS = {
    "kartomantik": "kartomantik-illegal-target.yaml",
    "visions": "visions-illegal-skip.yaml",
    "so-long-my-world": "so-long-my-world-illegal-two-drains.yaml",
    "relics": "relics-illegal-energy-first.yaml",
    "kartomantik table": "kartomantik-table-illegal-seen-twice.yaml",
    "visions table": "visions-table-illegal-fourth-copy.yaml",
    "so-long-my-world table": "so-long-my-world-table-illegal-seen-twice.yaml",
    "relics table": "relics-table-illegal-seen-twice.yaml",
}

# name: (a name no player can have, what the message says)
HOSTILE_NAMES = {
    "a slash": ("A/na", "a player's name cannot hold '/'"),
    "a colon": ("A:na", "a player's name cannot hold ':'"),
    "a right-to-left override": ("Ana\u202e", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
    "a first-strong isolate": ("\u2068Ana", "U+2068 (FIRST STRONG ISOLATE)"),
    "an escape sequence": ("Ana\x1b[1A", "U+001B (a control character)"),
    "a C1 control": ("Ana\x9b2K", "U+009B (a control character)"),
    "a zero-width joiner": ("A\u200dna", "U+200D (ZERO WIDTH JOINER)"),
    "a line separator": ("Ana\u2028Ben", "U+2028 (LINE SEPARATOR)"),
    "a tab": ("Ana\tBen", "U+0009 (a control character)"),
    "a space at the end": ("Ana ", "a player's name does not begin or end with a space"),
    f"{MAX_PLAYER_NAME + 1} characters": ("A" * (MAX_PLAYER_NAME + 1),
                                          f"a player's name has at most {MAX_PLAYER_NAME} characters, got 65"),
}
# what a text decklist reads as a line break, or strips, is not a character of its names
NOT_IN_TEXT = {"a line separator", "a space at the end"}
MEGABYTE = "A" * (1 << 20)


def rename(value: Any, old: str, new: str) -> Any:
    """``value`` (a log's data) with the player ``old`` called ``new`` everywhere: keys, values
    and the owner of a card (``Ana/Oppress``)."""
    if isinstance(value, str):
        if value == old:
            return new
        return new + value[len(old):] if value.startswith(old + "/") else value
    if isinstance(value, list):
        return [rename(v, old, new) for v in value]
    if isinstance(value, dict):
        return {rename(k, old, new): rename(v, old, new) for k, v in value.items()}
    return value


def write_log(tmp: Path, game: str, data: dict[str, Any] | None = None, name: str = "game.yaml") -> Path:
    """The log of ``game`` (its data changed: ``data``) in ``tmp/logs/``, beside a ``decks``
    folder as the examples have it (a table log names a decklist ``../decks/...``)."""
    (tmp / "logs").mkdir(exist_ok=True)
    if not (tmp / "decks").exists():
        (tmp / "decks").symlink_to(DECKS)
    if data is None:
        data = yaml.safe_load((LOGS / GAME_LOGS[game]).read_text(encoding="utf-8"))
    path = tmp / "logs" / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10_000), encoding="utf-8")
    return path


def log_with_player(tmp: Path, game: str, new: str, everywhere: bool = True) -> Path:
    """The log of ``game`` with its first player called ``new`` (only in ``players:`` when not
    ``everywhere``)."""
    data = yaml.safe_load((LOGS / GAME_LOGS[game]).read_text(encoding="utf-8"))
    old = data["players"][0]
    if everywhere:
        data = rename(data, old, new)
    else:
        data["players"][0] = new
    return write_log(tmp, game, data)


def check_log_json(*args: object) -> tuple[int, list[dict[str, Any]], str]:
    r = runner.invoke(app, ["check", "log", *map(str, args), "--format", "json"])
    assert "Traceback" not in r.output
    return r.exit_code, json.loads(r.stdout), r.stderr


def check_deck_json(*args: object, stdin: str | None = None) -> tuple[int, list[dict[str, Any]]]:
    r = runner.invoke(app, ["check", "deck", *map(str, args), "--format", "json"], input=stdin)
    assert "Traceback" not in r.output, r.output
    return r.exit_code, json.loads(r.stdout)


def raw_controls(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on or a reader not see: every control,
    format and line or paragraph separator character but the line breaks of the report."""
    return sorted({ch for ch in text if ch != "\n" and unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs")})


# --- 1. player names ---------------------------------------------------------------------------------------


class TestPlayerNamesInLogs:
    @pytest.mark.parametrize("game", GAME_LOGS)
    @pytest.mark.parametrize("case", HOSTILE_NAMES)
    def test_refused_at_the_players_line(self, tmp_path, game, case):
        name, says = HOSTILE_NAMES[case]
        log = log_with_player(tmp_path, game, name)
        code, (row,), _ = check_log_json(log)
        assert code == 2, row
        (error,) = row["errors"]
        assert error["code"] == "unusable"
        line = next(i for i, text in enumerate(log.read_text(encoding="utf-8").splitlines(), 1)
                    if text.startswith("players:"))
        assert error["line"] in range(line, line + 3)  # the list's line, or the name's own in a block list
        assert error["message"].startswith(f"{log}:{error['line']}: players: player 1: ")
        assert says in error["message"]

    @pytest.mark.slow
    @pytest.mark.parametrize("game", ["kartomantik", "visions", "so-long-my-world", "relics"])
    def test_a_megabyte_name_is_refused_at_once_and_not_echoed(self, tmp_path, game):
        log = log_with_player(tmp_path, game, MEGABYTE, everywhere=False)
        r = runner.invoke(app, ["check", "log", str(log), "--html", str(tmp_path / "page.html")])
        assert r.exit_code == 2
        assert f"at most {MAX_PLAYER_NAME} characters, got 1,048,576" in r.output
        assert len(r.output) < 2_000  # the name is quoted 40 characters long, not whole
        assert not (tmp_path / "page.html").exists()

    @pytest.mark.parametrize("game", GAME_LOGS)
    def test_64_characters_of_any_script_are_a_name_and_65_are_not(self, tmp_path, game):
        name = ("José Ñúñez 山田\u3000太郎 Łucja Ødegård 🎲 " * 3)[:MAX_PLAYER_NAME - 1] + "Z"
        assert len(name) == MAX_PLAYER_NAME
        original, (before,), _ = check_log_json(write_log(tmp_path, game, name="original.yaml"))
        code, (row,), _ = check_log_json(log_with_player(tmp_path, game, name))
        assert (code, row["legal"], row["complete"]) == (original, before["legal"], before["complete"])
        assert name in row["scores"] or not before["scores"]
        code, (row,), _ = check_log_json(log_with_player(tmp_path, game, name + "Z"))
        assert code == 2 and f"at most {MAX_PLAYER_NAME} characters, got 65" in row["errors"][0]["message"]

    def test_two_players_whose_names_only_differ_in_case_are_one_name_twice(self, tmp_path):
        data = rename(yaml.safe_load((LOGS / GAME_LOGS["visions"]).read_text(encoding="utf-8")), "Ben", "ana")
        code, (row,), _ = check_log_json(write_log(tmp_path, "visions", data))
        assert code == 2
        assert "players: a player is named twice: 'ana' (as 'Ana'" in row["errors"][0]["message"]


def text_decklist(tmp: Path, player: str, name: str = "deck.txt") -> Path:
    path = tmp / name
    path.write_text(f"Player: {player}\n" + TEXT_DECK.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def yaml_decklist(tmp: Path, player: str, name: str = "deck.yaml") -> Path:
    data = yaml.safe_load(YAML_DECK.read_text(encoding="utf-8"))
    data["player"] = player
    path = tmp / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def _submitted(tmp: Path, kind: str, player: str) -> tuple[list[object], str | None, str, int]:
    """The arguments of `pnp check deck` for a list of ``kind`` naming ``player``, the standard
    input, the file reported and the line of the player's name."""
    if kind == "text":
        return [text_decklist(tmp, player)], None, str(tmp / "deck.txt"), 1
    if kind == "yaml":
        return [yaml_decklist(tmp, player)], None, str(tmp / "deck.yaml"), 1
    if kind == "standard input":
        return ["-"], f"Player: {player}\n" + TEXT_DECK.read_text(encoding="utf-8"), "-", 1
    folder = tmp / "registered"
    folder.mkdir()
    registered = (text_decklist if kind == "registered text" else yaml_decklist)(
        folder, player, "ana.txt" if kind == "registered text" else "ana.yaml")
    return [TEXT_DECK, "--registered", folder], None, str(registered), 1


DECK_READERS = ["text", "yaml", "standard input", "registered text", "registered yaml"]


class TestPlayerNamesInDecklists:
    @pytest.mark.parametrize("kind, case", [(kind, case) for case in HOSTILE_NAMES for kind in DECK_READERS
                                            if not (case in NOT_IN_TEXT and "yaml" not in kind)])
    def test_refused_at_the_player_line(self, tmp_path, kind, case):
        name, says = HOSTILE_NAMES[case]
        args, stdin, file, line = _submitted(tmp_path, kind, name)
        code, rows = check_deck_json(*args, stdin=stdin)
        assert code == 2
        (row,) = [r for r in rows if file in (r["file"], r["registered"])]
        errors = row["registration_errors"] if kind.startswith("registered") else row["errors"]
        assert row["status"] in ("unusable", "registration unusable")
        (error,) = errors
        assert error["code"] == "unusable" and error["line"] == line
        field = "player: " if "yaml" in kind else "Player: "
        assert error["message"].startswith(f"{file}:{line}: {field}"), error["message"]
        assert says in error["message"]

    @pytest.mark.parametrize("case", ["a slash", "a right-to-left override", "an escape sequence"])
    def test_refused_in_the_decklist_a_table_log_names(self, tmp_path, case):
        """A table log of Kartomantik names a player's decklist file: its Player: line is read
        by the same reader."""
        name, says = HOSTILE_NAMES[case]
        (tmp_path / "decks").mkdir()
        text_decklist(tmp_path / "decks", name, "legal-yellow-tempo.txt")
        data = yaml.safe_load((LOGS / GAME_LOGS["kartomantik table"]).read_text(encoding="utf-8"))
        code, (row,), _ = check_log_json(write_log(tmp_path, "kartomantik table", data))
        assert code == 2
        assert f"legal-yellow-tempo.txt:1: Player: {says}" in row["errors"][0]["message"] or \
            says in row["errors"][0]["message"]

    @pytest.mark.parametrize("kind", ["text", "yaml", "standard input"])
    def test_64_characters_are_a_name_and_65_are_not(self, tmp_path, kind):
        name = ("José Ñúñez 山田 " * 8)[:MAX_PLAYER_NAME]
        args, stdin, _, _ = _submitted(tmp_path, kind, name)
        code, (row,) = check_deck_json(*args, stdin=stdin)
        assert (code, row["status"], row["player"]) == (0, "legal", name)
        args, stdin, _, _ = _submitted(tmp_path, kind, name + "Z")
        code, (row,) = check_deck_json(*args, stdin=stdin)
        assert (code, row["status"]) == (2, "unusable")


# --- 2. terminal escapes ----------------------------------------------------------------------------------

ATTACK = "\x1b[1A\x1b[2K\rlegal, complete \u202e"  # up a line, erase it, write a verdict of its own


def printed(r) -> str:
    """Standard output and standard error together, with no raw control character in them."""
    text = r.stdout + r.stderr
    assert raw_controls(text) == [], text
    assert "Traceback" not in text
    return text


class TestTerminalEscapes:
    @pytest.mark.parametrize("game", ILLEGAL_LOGS)
    @pytest.mark.parametrize("key", ["notes", "event"])
    def test_a_logs_notes_are_printed_escaped_under_the_verdict(self, tmp_path, game, key):
        data = yaml.safe_load((LOGS / ILLEGAL_LOGS[game]).read_text(encoding="utf-8"))
        data[key] = ATTACK
        r = runner.invoke(app, ["check", "log", str(write_log(tmp_path, game, data))])
        text = printed(r)
        assert r.exit_code == 1
        assert "\\x1b[1A\\x1b[2K" in text and "legal, complete \\u202e" in text
        assert ": ILLEGAL" in text.splitlines()[0]

    @pytest.mark.parametrize("how", ["text", "state", "html", "unusable"])
    def test_a_log_file_name_is_printed_escaped(self, tmp_path, how):
        name = "g\x1b[2K\nILLEGAL\u202e.yaml"
        if how == "unusable":
            path = tmp_path / name
            path.write_text("game: kartomantik\nplayers: [\x85]\n", encoding="utf-8")
        else:
            path = write_log(tmp_path, "relics", name=name)
        args = {"text": [], "state": ["--state", "1"], "html": ["--html", str(tmp_path / f"p\x1b[2K{name}.html")],
                "unusable": []}[how]
        r = runner.invoke(app, ["check", "log", str(path), *args])
        text = printed(r)
        assert "g\\x1b[2K\\nILLEGAL\\u202e.yaml" in text

    @pytest.mark.parametrize("by_player", [False, True])
    def test_a_decklist_file_name_is_one_cell_of_the_table(self, tmp_path, by_player):
        folder = tmp_path / "lists"
        folder.mkdir()
        shutil.copy(TEXT_DECK, folder / "ana\x1b[2K\nlegal.txt")
        (folder / "ben\u202e.txt").write_text("1 Oppre\x1bss\n", encoding="utf-8")  # an unknown card
        args = ["--registered", folder] if by_player else []
        r = runner.invoke(app, ["check", "deck", str(folder), *map(str, args)])
        text = printed(r)
        assert "ana\\x1b[2K\\nlegal.txt" in text and "ben\\u202e" in text and "Oppre\\x1bss" in text
        table = text.split("\n\n")[0].splitlines()
        assert len(table) == 3  # the headers and a row each: no row broken in two

    @pytest.mark.parametrize("kind", DECK_READERS)
    def test_a_refused_player_name_is_printed_escaped(self, tmp_path, kind):
        args, stdin, _, _ = _submitted(tmp_path, kind, "Ana\x1b[1A\x1b[2K")
        r = runner.invoke(app, ["check", "deck", *map(str, args)], input=stdin)
        assert r.exit_code == 2
        assert "Ana\\x1b[1A\\x1b[2K" in printed(r)

    def test_pnp_messages_are_printed_escaped(self, tmp_path):
        r = runner.invoke(app, ["check", "deck", str(TEXT_DECK), "--pool", str(tmp_path / "no\x1b[2Kpool\n.yaml")])
        assert r.exit_code == 2
        assert r.stderr.startswith("pnp: ") and "no\\x1b[2Kpool\\n.yaml" in printed(r)

    def test_pnp_list_prints_a_game_of_ones_own_escaped(self, tmp_path):
        cards, _, _ = write_game(tmp_path, game="id: moonwell\ntitle: \"Moon\\e[2Kwell\\u202e\"\nplayers: [1, 4]\n")
        r = runner.invoke(app, ["list", "--cards", str(cards)])
        assert r.exit_code == 0
        assert "Moon\\x1b[2Kwell\\u202e (moonwell)" in printed(r)

    def test_pnp_list_pool_prints_card_names_escaped(self, tmp_path):
        pool = tmp_path / "pool.yaml"
        data = yaml.safe_load((ROOT / "cards" / "kartomantik" / "pool.yaml").read_text(encoding="utf-8"))
        data["cards"][0]["name"] = "Evil\x1b[2K\nCard"
        pool.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        r = runner.invoke(app, ["list", "pool", "--pool", str(pool)])
        assert r.exit_code == 0, r.output
        assert "Evil\\x1b[2K\\nCard" in printed(r)

    def test_pnp_build_prints_paths_and_warnings_escaped(self, tmp_path):
        spells = "game: moonwell\ncomponents:\n  - component: spell card\n    kind: card\n    layout: moonwell-spell\n" \
                 "    back: {layout: moonwell-back, label: Moonwell}\n    items:\n" \
                 "      - {name: \"Moon\\e[2K\", text: a}\n"
        _, _, args = write_game(tmp_path, spells)
        args[-1] = tmp_path / "out\x1b[2K"
        r = runner.invoke(app, list(map(str, args)))
        assert r.exit_code == 0, r.output
        text = printed(r)
        assert "out\\x1b[2K" in text and "Moon\\x1b[2K" in text

    def test_pnp_simulate_prints_the_path_escaped(self, tmp_path):
        out = tmp_path / "log\x1b[2K.yaml"
        r = runner.invoke(app, ["simulate", "relics", "--seed", "1", "--out", str(out)])
        assert r.exit_code == 0, r.output
        assert "log\\x1b[2K.yaml" in printed(r)


# --- 3. Unicode forms -------------------------------------------------------------------------------------

NFC, NFD = "Jos\u00e9", "Jose\u0301"  # one name, as typed and as macOS names a file


class TestUnicodeForms:
    @pytest.mark.parametrize("registered_as", ["file name", "Player: line", "YAML player"])
    @pytest.mark.parametrize("submitted_as", ["file name", "Player: line", "YAML player", "standard input"])
    @pytest.mark.parametrize("forms", [(NFD, NFC), (NFC, NFD)])
    def test_a_registered_player_finds_their_submission(self, tmp_path, registered_as, submitted_as, forms):
        """One deck (Ben's example list) registered and submitted in every form the desk reads,
        the player's name in NFC on one side and NFD on the other: one player, legal."""
        deck = yaml.safe_load(YAML_DECK.read_text(encoding="utf-8"))
        as_text = "\n".join(deck["deck"] + ["Sideboard"] + deck["sideboard"]) + "\n"

        def write(folder: Path, how: str, player: str) -> Path:
            if how == "file name":
                path = folder / f"{player}.txt"
                path.write_text(as_text, encoding="utf-8")
                return path
            stem = folder.name  # not the other side's: the lists match by the player's name alone
            if how == "YAML player":
                return yaml_decklist(folder, player, f"{stem}.yaml")
            path = folder / f"{stem}.txt"
            path.write_text(f"Player: {player}\n{as_text}", encoding="utf-8")
            return path

        registered, submitted = forms
        folder = tmp_path / "registered"
        folder.mkdir()
        write(folder, registered_as, registered)
        if submitted_as == "standard input":
            args, stdin = ["-"], f"Player: {submitted}\n{as_text}"
        else:
            args, stdin = [write(tmp_path, submitted_as, submitted)], None
        code, rows = check_deck_json(*args, "--registered", folder, stdin=stdin)
        assert [(r["status"], unicodedata.normalize("NFC", r["player"])) for r in rows] == [("legal", NFC)], rows
        assert code == 0

    @pytest.mark.parametrize("forms", [("NFC", "NFD"), ("NFD", "NFC"), ("NFC", "NFKC")])
    @pytest.mark.parametrize("reader", ["text", "yaml"])
    def test_a_card_name_matches_the_pool_in_either_form(self, tmp_path, forms, reader):
        pool_form, deck_form = forms
        pool_text = (ROOT / "cards" / "kartomantik" / "pool.yaml").read_text(encoding="utf-8")
        card = "Quiet Vigil"  # in both example decks
        assert f"name: {card}\n" in pool_text
        accented = "Quiet Vig\u00edl"  # the pool's name, as the pool writes it
        pool = tmp_path / "pool.yaml"
        pool.write_text(pool_text.replace(f"name: {card}\n", f"name: {unicodedata.normalize(pool_form, accented)}\n"),
                        encoding="utf-8")
        written = unicodedata.normalize("NFD", accented) if deck_form == "NFD" else \
            "\uff31uiet Vig\u00edl" if deck_form == "NFKC" else accented  # a full-width Q
        if reader == "text":
            deck = tmp_path / "deck.txt"
            deck.write_text(TEXT_DECK.read_text(encoding="utf-8").replace(card, written), encoding="utf-8")
            assert written in deck.read_text(encoding="utf-8")
        else:
            deck = tmp_path / "deck.yaml"
            deck.write_text(YAML_DECK.read_text(encoding="utf-8").replace(card, written), encoding="utf-8")
            assert written in deck.read_text(encoding="utf-8")
        code, (row,) = check_deck_json(deck, "--pool", pool)
        assert [e["code"] for e in row["errors"]] == [] and code == 0, row["errors"]

    # a solo game's log (relics) names its player once, in `players:`: nothing to match there
    @pytest.mark.parametrize("game", [g for g in GAME_LOGS if not g.startswith("relics")])
    def test_a_player_named_in_either_form_in_a_log_is_one_player(self, tmp_path, game):
        data = rename(yaml.safe_load((LOGS / GAME_LOGS[game]).read_text(encoding="utf-8")), "Ana", NFD)
        data["players"] = [NFC if p == NFD else p for p in data["players"]]  # the list in NFC, the rest NFD
        original, (before,), _ = check_log_json(write_log(tmp_path, game, name="original.yaml"))
        code, (row,), _ = check_log_json(write_log(tmp_path, game, data))
        assert (code, row["legal"], row["complete"], row["errors"]) == (original, before["legal"],
                                                                         before["complete"], [])

    def test_two_players_named_alike_in_two_forms_are_one_name_twice(self, tmp_path):
        data = yaml.safe_load((LOGS / GAME_LOGS["visions"]).read_text(encoding="utf-8"))
        data["players"][:2] = [NFC, NFD]  # refused before the setup's keys are read
        code, (row,), _ = check_log_json(write_log(tmp_path, "visions", data))
        assert code == 2 and "a player is named twice" in row["errors"][0]["message"]


# --- 4. spreadsheet formulas -------------------------------------------------------------------------------

FORMULAS = ['=HYPERLINK("http://example.com/x","click")', "@SUM(A1)", "+1+1", "-2+3", "\t=1+1"]
HARMLESS = ["Moon Tide", "Tide=1", "2 + 3", "'quoted"]


class TestSpreadsheetFormulas:
    @pytest.mark.parametrize("cell", FORMULAS)
    def test_a_formula_gets_a_quote(self, cell):
        assert csv_cell(cell) == "'" + cell

    @pytest.mark.parametrize("cell", [*HARMLESS, 3, None])
    def test_anything_else_is_written_as_it_is(self, cell):
        assert csv_cell(cell) == cell

    def test_the_png_exports_manifest_holds_no_formula(self, tmp_path):
        """manifest.csv is the one CSV file pnp writes: every card and component name a
        spreadsheet would run is quoted, the others are as written."""
        import csv

        items = "".join(f"      - {{name: {json.dumps(n)}, text: a}}\n" for n in FORMULAS + HARMLESS)
        spells = ("game: moonwell\ncomponents:\n  - component: \"=cmd|' /c calc'!a0\"\n    kind: card\n"
                  "    layout: moonwell-spell\n    back: {layout: moonwell-back, label: Moonwell}\n    items:\n" + items)
        _, _, args = write_game(tmp_path, spells, LAYOUTS)
        r = runner.invoke(app, [*map(str, args), "--format", "png"])
        assert r.exit_code == 0, r.output
        with open(tmp_path / "out" / "png" / "moonwell" / "manifest.csv", newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        assert {row["component"] for row in rows} == {"'=cmd|' /c calc'!a0"}
        assert sorted(row["card"] for row in rows) == sorted(["'" + n for n in FORMULAS] + HARMLESS)

"""Long logs stream: each entry is read when the replay reaches it, the memory stays flat,
and what is read is exactly what reading the whole file gives (rules_check/core/logstream.py)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from rules_check.core import logfile
from rules_check.core.adjudicate import check_logs
from rules_check.core.logstream import StreamedEntries, outline
from rules_check.engines import engines

LOGS = Path(__file__).resolve().parent.parent / "examples" / "logs"


@pytest.fixture(autouse=True)
def streamed(monkeypatch):
    """Every log of these tests streams, as a log over `logfile.STREAM_ABOVE` does (the small
    ones are read in one pass: `test_one_pass_and_streaming_read_alike` holds them alike)."""
    monkeypatch.setattr(logfile, "STREAM_ABOVE", 0)


@pytest.mark.parametrize("path", sorted(LOGS.glob("*.yaml")), ids=lambda p: p.name)
def test_one_pass_and_streaming_read_alike(path, monkeypatch):
    """A log read in one pass (under STREAM_ABOVE) and streamed: the same entries, lines, setup,
    players and metadata, and the same verdict, text and JSON."""
    text = path.read_text()
    known = engines()
    streamed = logfile.parse_log(text, str(path), known)
    monkeypatch.setattr(logfile, "STREAM_ABOVE", 1_000_000)
    one = logfile.parse_log(text, str(path), known)
    monkeypatch.setattr(logfile, "read_entry_lines", lambda text: None)  # the composer's one pass
    composed = logfile.parse_log(text, str(path), known)
    monkeypatch.undo()
    monkeypatch.setattr(logfile, "STREAM_ABOVE", 1_000_000)
    # the entries read from their lines where they are in the log writer's shape (logflow.py)
    assert isinstance(one.entries, (list, logfile.NodeEntries)) and isinstance(streamed.entries, StreamedEntries)
    assert isinstance(composed.entries, logfile.NodeEntries)
    assert [(e.index, e.line, e.data) for e in one.entries] == [(e.index, e.line, e.data) for e in streamed.entries]
    assert [(e.index, e.line, e.data) for e in composed.entries] == [(e.index, e.line, e.data) for e in one.entries]
    assert (composed.doc.data, composed.doc.lines) == (one.doc.data, one.doc.lines)
    assert (one.game, one.players, one.setup, one.metadata) == (streamed.game, streamed.players, streamed.setup,
                                                               streamed.metadata)
    assert one.setup_line(()) == streamed.setup_line(())
    for every in (False, True):
        args = ["check", "log", str(path), "--format", "json"] + (["--all"] if every else [])
        in_one_pass = CliRunner().invoke(app, args)
        monkeypatch.setattr(logfile, "STREAM_ABOVE", 0)
        assert CliRunner().invoke(app, args).output == in_one_pass.output
        monkeypatch.setattr(logfile, "STREAM_ABOVE", 1_000_000)


def test_an_entry_past_the_verdict_is_never_built_in_one_pass(tmp_path):
    """In one pass as streamed: the replay stops at the entry that breaks a rule, and an entry
    after it that does not build (a bad !!int) changes nothing."""
    text = (LOGS / "relics-illegal-end.yaml").read_text()
    path = tmp_path / "late.yaml"
    path.write_text(text.rstrip("\n") + "\n  - {pass: !!int abc}\n")
    logfile.STREAM_ABOVE = 1_000_000  # (the autouse fixture puts it back)
    one = CliRunner().invoke(app, ["check", "log", str(path)])
    assert one.exit_code == 1 and "ILLEGAL" in one.output, one.output


@pytest.mark.parametrize("path", sorted(LOGS.glob("*.yaml")), ids=lambda p: p.name)
def test_streamed_entries_are_the_whole_files_entries(path):
    text = path.read_text()
    known = engines()
    streamed = logfile.parse_log(text, str(path), known)
    whole = logfile._parse(text, text, str(path), known, None)
    assert isinstance(streamed.entries, StreamedEntries)
    assert [(e.index, e.line, e.data) for e in streamed.entries] == [(e.index, e.line, e.data) for e in whole.entries]
    assert (streamed.game, streamed.players, streamed.setup, streamed.metadata) == \
        (whole.game, whole.players, whole.setup, whole.metadata)
    assert streamed.setup_line(()) == whole.setup_line(())


def test_block_entries_comments_and_anchors_read_as_the_whole_file_reads_them():
    base = (LOGS / "relics-legal.yaml").read_text()
    known = engines()
    # a comment between entries and an entry written as a block mapping over three lines
    varied = base.replace("log:\n  - {travel: Stormbreak Pass, pay: {blue: 2}}\n",
                          "log:\n  # the first day\n  - travel: Stormbreak Pass\n    pay:\n      blue: 2\n", 1)
    assert varied != base
    streamed = logfile.parse_log(varied, "v.yaml", known)
    whole = logfile._parse(varied, varied, "v.yaml", known, None)
    assert isinstance(streamed.entries, StreamedEntries)
    assert [(e.line, e.data) for e in streamed.entries] == [(e.line, e.data) for e in whole.entries]
    assert streamed.entries[0].data == {"travel": "Stormbreak Pass", "pay": {"blue": 2}}
    # an anchor anywhere: the whole file is read at once, as before
    anchored = base.replace("log:", "notes: &n a note\nlog:", 1)
    assert outline(anchored) is None
    assert isinstance(logfile.parse_log(anchored, "a.yaml", known).entries, list)


def long_log(tmp_path: Path, entries: int) -> Path:
    src = (LOGS / "kartomantik-illegal-priority.yaml").read_text().rstrip("\n").split("\n")
    last = [l for l in src if l.startswith("  - ")][-1]
    path = tmp_path / "long.yaml"
    path.write_text("\n".join(src + [last] * entries) + "\n")
    return path


def test_a_long_log_decided_early_is_judged_at_its_entry_with_flat_memory(tmp_path):
    path = long_log(tmp_path, 200_000)
    assert path.stat().st_size > 3_000_000
    result = CliRunner().invoke(app, ["check", "log", str(path)])
    assert result.exit_code == 1
    assert "line 126, entry 57: [Kartomantik 2.2 (Priority)] Ben has priority, not Ana" in result.stdout
    tracemalloc.start()
    try:
        (report,) = check_logs([path], engines())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [v.entry for v in report.violations] == [57]
    # the text, the outline's four numbers an entry, and one entry at a time: not the
    # 120 bytes a byte of YAML that building the whole file as data costs
    assert peak < 12 * path.stat().st_size, peak


def test_a_log_written_by_a_yaml_library_with_the_log_not_last():
    """yaml.safe_dump sorts the keys (log before players and setup) and writes the entries at
    the key's own indentation: read as the whole file reads it."""
    import yaml

    known = engines()
    doc = yaml.safe_load((LOGS / "relics-legal.yaml").read_text())
    text = yaml.safe_dump(doc)
    assert text.index("log:") < text.index("setup:")
    streamed = logfile.parse_log(text, "d.yaml", known)
    whole = logfile._parse(text, text, "d.yaml", known, None)
    assert isinstance(streamed.entries, StreamedEntries)
    assert [(e.line, e.data) for e in streamed.entries] == [(e.line, e.data) for e in whole.entries]
    assert streamed.setup == whole.setup and streamed.setup_line(()) == whole.setup_line(())

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

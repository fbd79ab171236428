"""One game recorded at the table (``pnp table``): its log file, the verdict on it, and what the
table may do next.

The log is the file: every entry recorded is written at once (the whole log, to a temporary file
renamed into place: pnp.data.atomic), so a crash or a closed laptop loses nothing, and the file
is a log ``pnp check log`` judges like any other. The verdict is the checker's own replay
(`Replay`, reading every violation as ``--all`` does), kept between entries: a new entry is
judged on the state the replay holds, so a tap costs one entry, not the whole log again (undo
and a changed note replay the log from its start). The page's verdict, scores and violations
are the checker's, never a second opinion; the moves offered are the engine's legal actions on
the replay's state, written as the log writes entries, grouped as a player thinks of them.

A move the rules forbid may still be recorded (what happened matters more than preventing it):
it must be an entry of the game's vocabulary; its violation and rule are shown at once.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_check.core.adjudicate import LogReport, Replay
from rules_check.core.engine import Engine, EntryRef
from rules_check.core.entries import MAX_NOTE, NOTE, note_removed, without_note
from rules_check.core.errors import IllegalAction, InputError
from rules_check.core.logfile import METADATA, log_in_memory, read_log
from rules_check.core.logstream import Entry
from rules_check.core.view import details_shown
from rules_check.dispute.svg import draw
from rules_check.dispute.timeline import one_line

MOVES_SHOWN = 3000  # the most moves offered at once (the first Revelation: every pair of cards two hands can show)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


class NotAnEntry(ValueError):
    """What the page sent is not an entry of the game's vocabulary (nothing is recorded)."""


@dataclass
class TableGame:
    """A game's log and what the checker says of it, kept up to date entry by entry."""

    path: Path
    engine: Engine
    log: dict[str, Any]
    report: LogReport | None = None
    replay: Replay | None = field(default=None, repr=False)
    moves_error: str | None = None  # why no move is offered (an engine that cannot list them)
    version: int = 0  # counts changes: the pages following this game ask again when it grows
    stamp: tuple[int, int] | None = None  # the file's (mtime, size) as last read or written here
    shown: tuple[int, dict[str, Any]] | None = field(default=None, repr=False)  # (version, snapshot)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    # --- opening and saving ----------------------------------------------------------------

    @classmethod
    def new(cls, path: Path, engine: Engine, players: list[str], setup: dict[str, Any]) -> "TableGame":
        """A new game at ``path`` (which must not exist): its setup judged before anything is written."""
        game = cls(path, engine, {"game": engine.game, "players": list(players), "setup": setup, "log": []})
        game.judge()
        if game.report is not None and game.report.violations and game.report.violations[0].entry is None:
            raise NotAnEntry(game.report.violations[0].message)
        game.save(new=True)
        return game

    @classmethod
    def open(cls, path: Path, engines: dict[str, Engine]) -> "TableGame":
        """The game recorded in ``path`` (a log ``pnp check log`` reads), to resume."""
        read = read_log(path, engines)
        log = {"game": read.game, "players": list(read.players), "setup": read.setup,
               "log": [e.data for e in read.entries]}
        for key in METADATA:  # the match's metadata is kept as the file gives it
            if getattr(read.metadata, key, None) is not None:
                log[key] = getattr(read.metadata, key)
        game = cls(path, engines[read.game], log, stamp=_stamp(path))
        game.judge()
        return game

    def save(self, new: bool = False) -> None:
        from pnp.data.atomic import write_text_atomic
        from rules_check.logwriter import dump_log

        if new and self.path.exists():
            raise FileExistsError(self.path)
        write_text_atomic(self.path, dump_log(self.log, f"recorded at the table with pnp table ({self.engine.title})"))
        self.stamp = _stamp(self.path)

    def changed_on_disk(self) -> bool:
        """Whether the file was changed by someone else (an editor) since this game read or wrote
        it: the server then reads it again rather than write over their change."""
        return _stamp(self.path) != self.stamp

    # --- the verdict ---------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The table after the last entry the replay judged (None: the setup breaks a rule)."""
        return self.replay.state if self.replay is not None else None

    def judge(self) -> None:
        """Judge the whole log again from its setup (the checker's own replay, kept for the next entry)."""
        log = log_in_memory(self.log, str(self.path))
        try:
            self.replay = Replay(log, self.engine, True)
            for entry in log.entries:
                if not self.replay.feed(entry):
                    break
        except InputError as exc:  # cannot happen for entries recorded here (each is parsed first)
            raise NotAnEntry(str(exc)) from None
        self.report = self.replay.verdict(len(log.entries))
        self.version += 1

    def _judge_last(self) -> None:
        """Judge the entry just added on the state the replay holds."""
        index = len(self.log["log"]) - 1
        assert self.replay is not None
        self.replay.feed(Entry(index, index + 1, self.log["log"][index]))
        self.report = self.replay.verdict()
        self.version += 1

    # --- recording -----------------------------------------------------------------------------

    def record(self, entry: Any) -> None:
        """Add ``entry`` (a dict in the log's vocabulary, with a ``note`` if the table wrote one),
        legal or not, and save."""
        if not isinstance(entry, dict):
            raise NotAnEntry(f"an entry is a mapping of the {self.engine.title} log vocabulary, got {one_line(entry)}")
        if self.state is None:
            raise NotAnEntry("the setup breaks a rule: no entry can follow it")
        ref = EntryRef(str(self.path), len(self.log["log"]), None)
        try:
            self.engine.parse(without_note(entry, ref), self.state, ref)
        except (InputError, IllegalAction) as exc:
            message = getattr(exc, "message", None) or str(exc)
            raise NotAnEntry(f"not an entry of the {self.engine.title} log: {message}") from None
        self.log["log"].append(entry)
        self._judge_last()
        self.save()

    def undo(self) -> bool:
        """Take back the last entry; False when there is none."""
        if not self.log["log"]:
            return False
        self.log["log"].pop()
        self.judge()
        self.save()
        return True

    def set_note(self, number: int, note: str) -> None:
        """Write ``note`` beside entry ``number`` (1-based); an empty note takes it away. Nothing
        the rules read changes, so the verdict stands: the log is saved, not judged again."""
        entries = self.log["log"]
        if not isinstance(number, int) or not 1 <= number <= len(entries):
            raise NotAnEntry(f"there is no entry {number!r} (the log has {len(entries)})")
        if not isinstance(note, str) or len(note) > MAX_NOTE:
            raise NotAnEntry(f"a note is some text, at most {MAX_NOTE} characters")
        note = note.strip()
        entry = note_removed(entries[number - 1])
        if note:
            entry[NOTE] = note
        entries[number - 1] = entry
        self.version += 1
        self.save()

    def branch(self, number: int, path: Path) -> "TableGame":
        """A new game at ``path``: this one's setup and its first ``number`` entries, to go on
        from there another way ("what if Ana had passed"). This game is left as it is."""
        if not isinstance(number, int) or not 0 <= number <= len(self.log["log"]):
            raise NotAnEntry(f"a branch starts after an entry of the log: 0 to {len(self.log['log'])}, not {number!r}")
        said = f"a branch of {self.path.name} after entry {number}"
        log = {**self.log, "log": [dict(e) for e in self.log["log"][:number]],
               "notes": f"{self.log['notes']}; {said}" if self.log.get("notes") else said}
        made = TableGame(path, self.engine, log)
        made.judge()
        made.save(new=True)
        return made

    # --- what the page shows -------------------------------------------------------------------

    def moves(self) -> list[dict[str, Any]]:
        """The moves the rules allow now, as entries, with their group and who makes them."""
        if self.state is None or self.engine.is_over(self.state):
            return []
        out: list[dict[str, Any]] = []
        seen: set[str] = set()
        try:
            actions = self.engine.legal_actions(self.state)
        except Exception as exc:  # a bug of an engine: the page still records what is written
            self.moves_error = f"the checker cannot list the moves here ({type(exc).__name__}): write what happened"
            return []
        self.moves_error = None
        for action in actions:
            try:
                entry = self.engine.to_entry(self.state, action)
            except Exception:  # a chance outcome not drawn yet: not an entry the table writes
                continue
            text = one_line(entry)
            if text in seen:
                continue
            seen.add(text)
            verb = next((k for k in entry if k != "player"), "move") if isinstance(entry, dict) else "move"
            player = entry.get("player") if isinstance(entry, dict) else None
            out.append({"group": self.engine.move_groups.get(verb, verb),  # as a player thinks of it
                        "player": player if isinstance(player, str) else None,
                        "text": text, "entry": entry})
            if len(out) >= MOVES_SHOWN:
                self.moves_error = (f"only the first {MOVES_SHOWN} of the {len(actions)} moves the rules allow are "
                                    "offered: write another one below")
                break
        return out

    def review_page(self) -> str:
        """The review view of the game as recorded so far: the dispute page ``pnp check log
        --html`` writes (every violation read, as ``--all``), for the table after any entry."""
        from rules_check.dispute import review_page

        try:
            return review_page(log_in_memory(self.log, self.path.name), self.engine)
        except InputError as exc:  # a log longer than a page draws
            raise NotAnEntry(str(exc)) from None

    def snapshot(self) -> dict[str, Any]:
        """Everything the page draws, as JSON data (text is escaped where the page writes it);
        made once per version of the game, however many pages follow it."""
        if self.shown is not None and self.shown[0] == self.version:
            return self.shown[1]
        data = self._snapshot()
        self.shown = (self.version, data)
        return data

    def _snapshot(self) -> dict[str, Any]:
        r = self.report
        violations = {v.entry: {"rule": v.rule, "message": v.message} for v in (r.violations if r else [])}
        entries = [{"number": i + 1, "text": one_line(note_removed(e)),
                    "note": e.get(NOTE) if isinstance(e, dict) else None, "violation": violations.get(i + 1)}
                   for i, e in enumerate(self.log["log"])]
        view = self.engine.view(self.state) if self.state is not None else None
        players = list(self.log["players"])
        return {
            "name": self.path.name, "game": self.engine.game, "title": self.engine.title, "players": players,
            "version": self.version, "entries": entries,
            "setup_violation": violations.get(None),
            "over": bool(self.state is not None and self.engine.is_over(self.state)),
            "legal": bool(r and r.legal), "complete": bool(r and r.complete),
            "scores": r.scores if r else {}, "winner": r.winner if r else None,
            "undecided": list(r.undecided) if r else [],
            "panels": [{"id": p.id, "title": p.title, "svg": draw(p, players)} for p in view.panels] if view else [],
            "details": details_shown(self.engine, [view]),  # a tap on a card: cards.js
            "facts": [f.model_dump() for f in getattr(view, "facts", [])] if view else [],
            "moves": self.moves(), "moves_error": self.moves_error,
        }

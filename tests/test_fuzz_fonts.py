"""Fonts from strangers, fuzzed (issue 28: "the fuzzers cover fonts too"): a sound TrueType font
(Vera under a name of its own), mutated where readers trip (its table directory, the bytes of
'glyf', 'loca', 'cmap', 'hmtx' and the headers, a glyph rewritten, a table dropped, the file
cut short), declared by a layout file (`fonts:`, as docs/make-your-own-game.md does) and built
through the real CLI. Every mutant builds (exit 0) or is refused with exit 2 naming the layout
file, the line declaring the font and its file; never a traceback (the save included), never
more than `SECONDS`. A mutant that builds embeds a font program fontTools reads in full, every
glyph: what a PDF viewer will read.

Seeded, so a failure is reproducible: its message names the seed, the mutant and what was
changed. ``PNP_FUZZ_FONT_MUTANTS`` (default 80) and ``PNP_FUZZ_SEED`` run more.
"""

from __future__ import annotations

import io
import os
import random
import re
import signal
import struct
import time

import pytest
from fontTools.ttLib import TTFont

from test_hostile_fonts import DECLARED, assemble, build, embedded, game, moonscript, tables

MUTANTS = int(os.environ.get("PNP_FUZZ_FONT_MUTANTS", "80"))
SEED = int(os.environ.get("PNP_FUZZ_SEED", "15"))
SECONDS = 10

RAW = re.compile(r"Traceback|\b(ValueError|TypeError|KeyError|AttributeError|IndexError|OverflowError|RecursionError|"
                 r"ZeroDivisionError|UnicodeError|AssertionError|NameError|TTFError|TTLibError|MemoryError)\b|"
                 r"unpack requires|object has no attribute|unsupported operand|not subscriptable")
TABLES = ["glyf", "loca", "cmap", "hmtx", "head", "hhea", "maxp", "name", "post", "OS/2"]
WORDS = [0, 1, 2, 0x7F, 0x80, 0xFF, 267, 268, 269, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF]
LONGS = [0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 1 << 20]


class Mutator:
    """A TrueType file's tables changed one step at a time; ``log`` says what."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.log: list[str] = []

    def bytes_of(self, parts: dict[str, bytes]) -> None:
        tag = self.rng.choice([t for t in TABLES if t in parts and parts[t]])
        data = bytearray(parts[tag])
        n = self.rng.choice([1, 2, 4, 16])
        for _ in range(n):
            data[self.rng.randrange(len(data))] = self.rng.randrange(256)
        parts[tag] = bytes(data)
        self.log.append(f"{n} bytes of {tag!r} set at random")

    def field(self, parts: dict[str, bytes]) -> None:
        tag = self.rng.choice([t for t in TABLES if t in parts and len(parts[t]) >= 4])
        data = bytearray(parts[tag])
        at = self.rng.randrange(0, len(data) - 3) & ~1
        if self.rng.random() < 0.7:
            value = self.rng.choice(WORDS)
            struct.pack_into(">H", data, at, value)
        else:
            value = self.rng.choice(LONGS)
            struct.pack_into(">L", data, at, value)
        parts[tag] = bytes(data)
        self.log.append(f"{tag!r} at byte {at} set to {value:#x}")

    def glyph(self, parts: dict[str, bytes]) -> None:
        """A glyph's header rewritten: its contours, an end point, or a composite of a part."""
        if not all(len(parts.get(t, b"")) >= 52 for t in ("head", "loca", "glyf")):
            return self.field(parts)
        long = struct.unpack_from(">h", parts["head"], 50)[0] == 1
        fmt, size, scale = (">L", 4, 1) if long else (">H", 2, 2)
        glyphs = len(parts["loca"]) // size - 1
        gid = self.rng.randrange(glyphs)
        start, end = (struct.unpack_from(fmt, parts["loca"], size * (gid + k))[0] * scale for k in (0, 1))
        if end - start < 16:
            return self.field(parts)
        glyf = bytearray(parts["glyf"])
        choice = self.rng.randrange(3)
        if choice == 0:
            value = self.rng.choice([-32768, -2, -1, 0, 1, 5, 100, 0x7FFF])
            struct.pack_into(">h", glyf, start, value)
            said = f"its number of contours to {value}"
        elif choice == 1:
            value = self.rng.choice(WORDS)
            struct.pack_into(">H", glyf, start + 10, value)
            said = f"its first end point to {value}"
        else:
            flags = self.rng.choice([0, 0x20, 0x1, 0x8, 0x40, 0x80, 0x100, 0x121, 0xFFFF])
            part = self.rng.choice([0, 3, gid, 267, 268, 0xFFFF, self.rng.randrange(268)])
            struct.pack_into(">hhhhhHH", glyf, start, -1, 0, 0, 10, 10, flags, part)
            said = f"a composite of glyph {part} (flags {flags:#x})"
        parts["glyf"] = bytes(glyf)
        self.log.append(f"glyph {gid}: {said}")

    def drop(self, parts: dict[str, bytes]) -> None:
        tag = self.rng.choice(sorted(parts))
        del parts[tag]
        self.log.append(f"table {tag!r} dropped")

    def mutate(self, parts: dict[str, bytes]) -> None:
        step = self.rng.choices([self.bytes_of, self.field, self.glyph, self.drop], weights=[4, 4, 3, 1])[0]
        step(parts)

    def file(self, data: bytes) -> bytes:
        """The file itself: its table directory changed, or the file cut short."""
        data = bytearray(data)
        count = struct.unpack_from(">H", data, 4)[0]
        if self.rng.random() < 0.5:
            record = self.rng.randrange(count)
            which = self.rng.choice(["tag", "offset", "length", "count"])
            if which == "count":
                value = self.rng.choice([0, 1, count + 1, 0xFFFF])
                struct.pack_into(">H", data, 4, value)
            elif which == "tag":
                value = self.rng.choice(TABLES)
                data[12 + 16 * record:16 + 16 * record] = value.encode("latin-1").ljust(4)
            else:
                value = self.rng.choice([*LONGS, len(data), len(data) - 4, self.rng.randrange(len(data))])
                struct.pack_into(">L", data, 12 + 16 * record + (8 if which == "offset" else 12), value)
            self.log.append(f"directory record {record}: {which} set to {value!r}")
        else:
            cut = self.rng.choice([self.rng.randrange(len(data)), self.rng.randrange(12, 12 + 16 * count),
                                   len(data) - self.rng.randrange(1, 64)])
            del data[cut:]
            self.log.append(f"cut to {cut} bytes")
        return bytes(data)


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang(f"no answer within {SECONDS} s")


def build_within(args: list[str]):
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, SECONDS)
    started = time.perf_counter()
    try:
        r = build(args)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return r, time.perf_counter() - started


def read_in_full(program: bytes) -> None:
    """A font program as a PDF viewer reads it: every table the subset holds, every glyph."""
    font = TTFont(io.BytesIO(program), lazy=False)
    glyf = font["glyf"]
    for name in font.getGlyphOrder():
        glyf[name].getCoordinates(glyf)


@pytest.mark.slow
def test_mutated_fonts_build_or_are_refused_at_their_line(tmp_path):
    sound = tables(moonscript())
    outcomes: dict[int, int] = {}
    for k in range(MUTANTS):
        rng = random.Random(f"{SEED}-font-{k}")
        mutator = Mutator(rng)
        parts = dict(sound)
        for _ in range(rng.choice([1, 1, 2, 3])):
            mutator.mutate(parts)
        data = assemble(parts)
        if rng.random() < 0.25:
            data = mutator.file(data)
        folder = tmp_path / f"m{k}"
        layouts, args = game(folder, data)
        r, seconds = build_within(args)
        what = f"seed {SEED}, font mutant {k}: {'; '.join(mutator.log)}"
        assert not isinstance(r.exception, Hang), f"{what}: no answer within {SECONDS} s"
        assert r.exception is None or isinstance(r.exception, SystemExit), \
            f"{what}: {type(r.exception).__name__}: {r.exception}"
        assert r.exit_code in (0, 2) and not RAW.search(r.output), f"{what}: exit {r.exit_code}\n{r.output}"
        if r.exit_code == 2:
            assert f"{layouts / DECLARED}" in r.output, f"{what}: {r.output}"
        else:
            programs = embedded(folder / "out" / "moonwell.pdf")
            ours = [p for n, p in programs.items() if "Moonscript" in n]
            assert ours, f"{what}: the font is not embedded ({list(programs)})"
            for program in ours:
                try:
                    read_in_full(program)
                except Exception as exc:  # what a viewer would trip on
                    pytest.fail(f"{what}: built, and the embedded font is broken: {type(exc).__name__}: {exc}")
        assert seconds < SECONDS, f"{what}: {seconds:.1f} s"
        outcomes[r.exit_code] = outcomes.get(r.exit_code, 0) + 1
    # the mutants reach past the check: some build, many are refused
    assert outcomes.get(2, 0) > MUTANTS / 4 and outcomes.get(0, 0) > 0, outcomes

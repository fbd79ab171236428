"""The paper is a value read once (pnp/layout/paper.py): a library caller names any paper the
command line takes, and nothing is registered in a table of the module by reading one."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest
from pypdf import PdfReader

from pdfmeasure import page_size_mm
from pnp.build import BuildOptions, build
from pnp.data.errors import InputError
from pnp.layout.paper import PAPERS, Paper, parse_paper
from pnp.layout.sheet import fit_grid
from pnp.options import PrintOptions


@pytest.mark.parametrize("text, expected", [("a4", Paper("a4", 210.0, 297.0)), (" Letter ", Paper("letter", 215.9, 279.4)),
                                            ("330x480", Paper("330x480", 330.0, 480.0)),
                                            ("480x330", Paper("480x330", 330.0, 480.0)),  # turned portrait
                                            ("297.5x420", Paper("297.5x420", 297.5, 420.0))])
def test_a_paper_is_read_from_its_name_or_its_sides(text, expected):
    assert parse_paper(text) == expected
    assert str(expected) == expected.name and parse_paper(expected) is expected


@pytest.mark.parametrize("text, says", [("a5", "expected a4, letter, a3, tabloid or WxH in mm"),
                                        ("50x480", "a paper's sides are 80 to 2000 mm"), ("330 x 480", "WxH")])
def test_a_bad_paper_says_what_is_expected(text, says):
    with pytest.raises(ValueError, match=says):
        parse_paper(text)


def test_reading_a_custom_paper_registers_nothing():
    before = dict(PAPERS)
    paper = parse_paper("350x500")
    assert dict(PAPERS) == before and "350x500" not in PAPERS
    with pytest.raises(TypeError):
        PAPERS["350x500"] = paper.size  # type: ignore[index]
    with pytest.raises(FrozenInstanceError):
        paper.width = 1.0  # type: ignore[misc]
    assert fit_grid("350x500", 63, 88, 3).page_w == 350.0  # the geometry takes the name too


def test_a_library_build_prints_on_a_custom_paper(tmp_path):
    """``build([...], BuildOptions(paper="330x480"))``, no command line: the pages are that size."""
    [cards, *_] = build(["relics"], BuildOptions(out_dir=tmp_path, paper="330x480"))
    assert cards.path == tmp_path / "relics.pdf"
    reader = PdfReader(cards.path)
    sizes = {page_size_mm(reader, i) for i in range(len(reader.pages))}
    assert sizes <= {(330.0, 480.0), (480.0, 330.0)} and sizes


def test_a_library_build_on_an_unknown_paper_fails_before_writing(tmp_path):
    with pytest.raises(InputError, match="paper: expected a4, letter, a3, tabloid or WxH in mm .* got 'b5'"):
        build(["relics"], BuildOptions(out_dir=tmp_path / "out", paper="b5"))
    assert not (tmp_path / "out").exists()


def test_the_renderers_are_told_one_frozen_print_options():
    options = BuildOptions(paper="Letter", duplex="short-edge", bleed=2.0, gutter=0, board_scale="fit")
    printing = options.print_options()
    assert printing == PrintOptions(Paper("letter", 215.9, 279.4), "short-edge", 2.0, (0.0, 0.0), 0, None, "fit")
    assert printing.spacing() == ("butted", None)
    with pytest.raises(FrozenInstanceError):
        printing.bleed = 3.0  # type: ignore[misc]
    with pytest.raises(ValueError, match="got 'b5'"):
        BuildOptions(paper="b5").print_options()

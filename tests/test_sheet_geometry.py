"""Imposition geometry: how many cards fit, where the cut lines and crop marks are, and
where each back lands (pure mm arithmetic, no PDF)."""

import pytest

from pnp.layout.sheet import MARK_GAP, MIN_MARGIN, PAPERS, fit_grid


class TestFit:
    def test_nine_poker_cards_on_a4_portrait(self):
        s = fit_grid("a4", 63, 88, 3)
        assert (s.cols, s.rows, s.landscape) == (3, 3, False)

    def test_letter_with_default_bleed_turns_landscape_for_eight(self):
        s = fit_grid("letter", 63, 88, 3)
        assert (s.cols, s.rows, s.landscape) == (4, 2, True)

    def test_letter_fits_nine_when_the_bleed_allows(self):
        s = fit_grid("letter", 63, 88, 0.5)
        assert (s.cols, s.rows, s.landscape) == (3, 3, False)

    def test_tarot_cards_four_to_a4(self):
        s = fit_grid("a4", 70, 120, 3)
        assert s.per_sheet == 4 and not s.landscape

    @pytest.mark.parametrize("paper", ["a4", "letter"])
    @pytest.mark.parametrize("bleed", [0, 1, 3, 5])
    def test_everything_inside_the_printer_margin(self, paper, bleed):
        s = fit_grid(paper, 63, 88, bleed)
        g = s.grid
        assert g.x - bleed >= MIN_MARGIN and g.y - bleed >= MIN_MARGIN
        for m in s.crop_marks():
            for x, y in ((m.x0, m.y0), (m.x1, m.y1)):
                assert MIN_MARGIN - 1e-9 <= x <= s.page_w - MIN_MARGIN + 1e-9
                assert MIN_MARGIN - 1e-9 <= y <= s.page_h - MIN_MARGIN + 1e-9

    def test_too_big_a_card_is_refused(self):
        with pytest.raises(ValueError, match="does not fit"):
            fit_grid("a4", 250, 300, 3)


class TestMarks:
    def test_cut_lines_every_card_width_and_height(self):
        s = fit_grid("a4", 63, 88, 3)
        xs, ys = s.cut_xs(), s.cut_ys()
        assert [round(b - a, 6) for a, b in zip(xs, xs[1:])] == [63, 63, 63]
        assert [round(b - a, 6) for a, b in zip(ys, ys[1:])] == [88, 88, 88]
        assert xs[0] == pytest.approx((210 - 189) / 2)

    def test_marks_outside_the_bleed_and_on_the_cut_lines(self):
        s = fit_grid("a4", 63, 88, 3)
        g = s.grid
        marks = s.crop_marks()
        assert len(marks) == 2 * (s.cols + 1) + 2 * (s.rows + 1)
        for m in marks:
            if m.x0 == m.x1:  # vertical: above or below the grid, on a cut line
                assert m.x0 in s.cut_xs()
                assert max(m.y0, m.y1) <= g.y - 3 - MARK_GAP + 1e-9 or min(m.y0, m.y1) >= g.top + 3 + MARK_GAP - 1e-9
            else:
                assert m.y0 in s.cut_ys()
                assert max(m.x0, m.x1) <= g.x - 3 - MARK_GAP + 1e-9 or min(m.x0, m.x1) >= g.right + 3 + MARK_GAP - 1e-9


class TestBacks:
    @pytest.mark.parametrize("paper,bleed", [("a4", 3), ("letter", 3), ("letter", 0.5)])
    def test_long_edge_back_box_is_the_mirror_of_the_front(self, paper, bleed):
        s = fit_grid(paper, 63, 88, bleed)
        pw, ph = s.page_w, s.page_h
        for i in range(s.per_sheet):
            col, row = s.slot(i)
            front = s.trim_box(col, row)
            back = s.trim_box(*s.back_slot(col, row, "long-edge"))
            if s.landscape:  # long edge is horizontal: the sheet turns top-bottom
                assert back.x == pytest.approx(front.x)
                assert back.y == pytest.approx(ph - front.y - front.h)
            else:
                assert back.x == pytest.approx(pw - front.x - front.w)
                assert back.y == pytest.approx(front.y)

    def test_short_edge_mirrors_the_other_way(self):
        s = fit_grid("a4", 63, 88, 3)
        col, row = 0, 0
        front = s.trim_box(col, row)
        back = s.trim_box(*s.back_slot(col, row, "short-edge"))
        assert back.x == pytest.approx(front.x)
        assert back.y == pytest.approx(PAPERS["a4"][1] - front.y - front.h)

    def test_bleed_only_where_no_neighbour(self):
        s = fit_grid("a4", 63, 88, 3)
        middle = s.bleed_box(1, 1)
        assert (middle.w, middle.h) == (63, 88)
        corner = s.bleed_box(0, 0)
        assert (corner.w, corner.h) == (66, 91)
        lone = s.bleed_box(0, 0, filled={(0, 0)})
        assert (lone.w, lone.h) == (69, 94)

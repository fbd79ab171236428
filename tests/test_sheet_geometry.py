"""Imposition geometry: how many cards fit, where the cut lines and crop marks are, and
where each back lands (pure mm arithmetic, no PDF)."""

import pytest

from pnp.layout.paper import PAPERS
from pnp.layout.sheet import MARK_GAP, MARK_LENGTH, MARK_ROOM, MIN_MARGIN, MISCUT, fit_grid


def mark_length(m) -> float:
    return abs(m.x1 - m.x0) + abs(m.y1 - m.y0)


def crosses(m, b, eps: float = 1e-6) -> bool:
    """Whether the mark (a segment along x or y) runs into the rectangle's inside."""
    return (min(m.x0, m.x1) < b.right - eps and max(m.x0, m.x1) > b.x + eps
            and min(m.y0, m.y1) < b.top - eps and max(m.y0, m.y1) > b.y + eps)


class TestFit:
    def test_nine_poker_cards_on_a4_portrait_with_gutters(self):
        s = fit_grid("a4", 63, 88, 3)
        assert (s.cols, s.rows, s.landscape) == (3, 3, False)
        # across: 210 - 2 x 5 (margin) - 2 x 3.5 (marks) - 3 x 63 = 4 mm for six bleeds
        assert s.bleed_x == pytest.approx(4 / 6) and s.gutter_x == pytest.approx(2 * 4 / 6)
        # down: 297 - 10 - 7 - 2 x 4.8 (ruler, footer) - 3 x 88 = 6.4 mm for six bleeds
        assert s.bleed_y == pytest.approx(6.4 / 6) and s.gutter_y == pytest.approx(2 * 6.4 / 6)
        assert min(s.bleed_x, s.bleed_y) >= MISCUT

    def test_letter_with_default_bleed_turns_landscape_for_eight(self):
        s = fit_grid("letter", 63, 88, 3)
        assert (s.cols, s.rows, s.landscape) == (4, 2, True)

    def test_letter_cannot_hold_nine_beside_full_length_crop_marks(self):
        # three rows are 264 mm; 279.4 mm leave 15.4 for two 5 mm margins and two 3.5 mm marks
        for bleed in (0, 0.5):
            assert fit_grid("letter", 63, 88, bleed).per_sheet == 8

    def test_tarot_cards_four_to_a4_with_full_bleed_and_marks_in_the_gutters(self):
        s = fit_grid("a4", 70, 120, 3)
        assert s.per_sheet == 4 and not s.landscape
        assert (s.bleed_x, s.bleed_y) == (3, 3)
        assert s.gutter_x == s.gutter_y == 2 * 3 + 2 * MARK_GAP + MARK_LENGTH

    def test_butted_keeps_the_count_and_the_outer_bleed_that_fits(self):
        s = fit_grid("a4", 63, 88, 3, "butted")
        assert (s.cols, s.rows, s.gutter_x, s.gutter_y) == (3, 3, 0, 0)
        assert s.bleed_x == pytest.approx(2.0)  # (210 - 10 - 7 - 189) / 2
        assert s.bleed_y == 3

    def test_a_gutter_asked_for_costs_what_it_costs(self):
        s = fit_grid("a4", 63, 88, 3, "gutters", 10)
        assert (s.gutter_x, s.gutter_y, s.bleed_x, s.bleed_y) == (10, 10, 3, 3)
        # landscape: 297 - 17 - 6 = 274 holds 3 x 63 + 2 x 10 (4 would need 282)
        assert (s.cols, s.rows, s.landscape) == (3, 2, True)
        narrow = fit_grid("a4", 63, 88, 3, "gutters", 2)
        assert (narrow.bleed_x, narrow.bleed_y) == (1, 1)  # half the gutter each

    def test_gutters_only_where_each_card_keeps_more_than_a_miscut(self):
        # 200 mm cards on 210 mm paper: 3 mm left for two bleeds, one card: no gutter to have
        one = fit_grid("a4", 190, 88, 3)
        assert one.cols == 1 and one.gutter_x == 0 and one.bleed_x == pytest.approx(1.5)
        # two 94.5 mm cards across A4: 4 mm for four bleeds is 1 mm each, gutters
        two = fit_grid("a4", 94.5, 88, 3)
        assert two.cols == 2 and two.bleed_x == pytest.approx(1.0) and two.gutter_x == pytest.approx(2.0)
        # 95.5 mm: 2 mm for four bleeds is 0.5 mm each, the least that survives a miscut
        tight = fit_grid("a4", 95.5, 88, 3)
        assert tight.cols == 2 and tight.gutter_x == pytest.approx(1.0)
        # 96 mm: 1 mm left, butted with half a millimetre beyond each outer side
        butted = fit_grid("a4", 96, 88, 3)
        assert butted.cols == 2 and butted.gutter_x == 0 and butted.bleed_x == pytest.approx(0.5)

    @pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
    @pytest.mark.parametrize("bleed", [0, 1, 3, 5])
    @pytest.mark.parametrize("spacing,gutter", [("auto", None), ("butted", None), ("gutters", 4), ("gutters", 12)])
    def test_everything_inside_the_printer_margin_and_marks_3mm(self, paper, bleed, spacing, gutter):
        s = fit_grid(paper, 63, 88, bleed, spacing, gutter)
        o = s.outer
        assert o.x >= MIN_MARGIN + MARK_ROOM - 1e-9 and o.y >= MIN_MARGIN + MARK_ROOM - 1e-9
        assert o.right <= s.page_w - MIN_MARGIN - MARK_ROOM + 1e-9
        marks = s.crop_marks()
        assert marks and all(mark_length(m) >= MARK_LENGTH - 1e-9 for m in marks)
        for m in marks:
            for x, y in ((m.x0, m.y0), (m.x1, m.y1)):
                assert MIN_MARGIN - 1e-9 <= x <= s.page_w - MIN_MARGIN + 1e-9
                assert MIN_MARGIN - 1e-9 <= y <= s.page_h - MIN_MARGIN + 1e-9
        # no mark crosses any card's bleed box
        for i in range(s.per_sheet):
            b = s.bleed_box(*s.slot(i))
            assert not [m for m in marks if crosses(m, b)]

    def test_too_big_a_card_is_refused(self):
        with pytest.raises(ValueError, match="does not fit"):
            fit_grid("a4", 250, 300, 3)


class TestMarks:
    def test_butted_cut_lines_every_card_width_and_height(self):
        s = fit_grid("a4", 63, 88, 3, "butted")
        xs, ys = s.cut_xs(), s.cut_ys()
        assert [round(b - a, 6) for a, b in zip(xs, xs[1:])] == [63, 63, 63]
        assert [round(b - a, 6) for a, b in zip(ys, ys[1:])] == [88, 88, 88]
        assert xs[0] == pytest.approx((210 - 189) / 2)

    def test_with_gutters_each_card_has_its_own_cut_lines(self):
        s = fit_grid("a4", 63, 88, 3)
        xs = s.cut_xs()
        assert [round(b - a, 6) for a, b in zip(xs, xs[1:])] == [63, round(s.gutter_x, 6)] * 2 + [63]

    @pytest.mark.parametrize("spacing", ["auto", "butted"])
    def test_marks_outside_the_bleed_and_on_the_cut_lines(self, spacing):
        s = fit_grid("a4", 63, 88, 3, spacing)
        o = s.outer
        marks = s.crop_marks()
        assert len(marks) == 2 * len(s.cut_xs()) + 2 * len(s.cut_ys())
        for m in marks:
            assert mark_length(m) == pytest.approx(MARK_LENGTH)
            if m.x0 == m.x1:  # vertical: above or below the grid, on a cut line
                assert m.x0 in s.cut_xs()
                assert max(m.y0, m.y1) == pytest.approx(o.y - MARK_GAP) or min(m.y0, m.y1) == pytest.approx(o.top + MARK_GAP)
            else:
                assert m.y0 in s.cut_ys()
                assert (max(m.x0, m.x1) == pytest.approx(o.x - MARK_GAP)
                        or min(m.x0, m.x1) == pytest.approx(o.right + MARK_GAP))

    def test_wide_gutters_carry_marks_between_the_cards(self):
        s = fit_grid("a4", 70, 120, 3)  # 10 mm gutters: 3 + 3 of bleed, 4 free
        inner = [m for m in s.crop_marks() if s.outer.x < m.x0 < s.outer.right and s.outer.y < m.y0 < s.outer.top]
        # the gutter between the rows: a mark on each of the four vertical cut lines; between
        # the columns: one on each of the four horizontal ones
        assert len(inner) == 8
        assert all(mark_length(m) == pytest.approx(MARK_LENGTH) for m in inner)


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

    def test_butted_bleed_only_where_no_neighbour(self):
        s = fit_grid("a4", 63, 88, 3, "butted")  # 2 mm of bleed fit across, 3 down
        middle = s.bleed_box(1, 1)
        assert (middle.w, middle.h) == (63, 88)
        corner = s.bleed_box(0, 0)
        assert (corner.w, corner.h) == (65, 91)
        lone = s.bleed_box(0, 0, filled={(0, 0)})
        assert (lone.w, lone.h) == (67, 94)

    def test_with_gutters_every_card_has_its_bleed_on_every_side(self):
        s = fit_grid("a4", 63, 88, 3)
        boxes = {(round(b.w, 6), round(b.h, 6)) for b in (s.bleed_box(*s.slot(i)) for i in range(9))}
        assert boxes == {(round(63 + 2 * s.bleed_x, 6), round(88 + 2 * s.bleed_y, 6))}
        assert s.inner_edges() == []
        assert len(fit_grid("a4", 63, 88, 3, "butted").inner_edges()) == 12

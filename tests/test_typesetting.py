"""Typesetting a buyer notices: a wrapped text does not end with one word alone on its last
line (all 9 Heartbreak cards ended with "this" under a full line)."""

from __future__ import annotations

from pnp.render import text

# the Heartbreak cards' label (layouts/so-long-my-world.yaml, slmw-heartbreak), at its 6 pt
SENTENCE = "Collective Insight: the played cards' insight points together must reach this"
SIZE = 6


def lines_of(fitted) -> list[str]:
    return [" ".join(p.text for p in line) for line in fitted.lines]


def widowed_width() -> float:
    """A box width (pt) at which plain greedy breaking leaves the last word alone."""
    toks = text.tokens(SENTENCE, lambda _: False, "regular")
    for w in range(100, 200):  # its box is 40 mm (113 pt)
        lines, _ = text._layout(toks, "regular", SIZE, float(w))
        if len(lines) >= 2 and len(lines[-1]) == 1:
            return float(w)
    raise AssertionError("no width widows the sentence")


def test_the_last_line_holds_two_words():
    w = widowed_width()
    fitted = text.fit(SENTENCE, "regular", SIZE, SIZE, 1.2, w, 200, True, lambda _: False)
    assert fitted.fits and fitted.size == SIZE
    assert len(lines_of(fitted)[-1].split()) >= 2, lines_of(fitted)
    greedy, _ = text._layout(text.tokens(SENTENCE, lambda _: False, "regular"), "regular", SIZE, w)
    assert len(fitted.lines) == len(greedy)  # no line more than greedy breaking gave
    assert max(fitted.widths) <= w


def test_a_single_word_paragraph_is_left_as_it_is():
    fitted = text.fit("A full first line of words here\nEnd", "regular", 7, 7, 1.2, 120, 200, True, lambda _: False)
    assert lines_of(fitted)[-1] == "End"


def test_no_bundled_card_ends_with_this_alone(built):
    import pdfplumber

    out, _ = built("a4")
    with pdfplumber.open(out / "so-long-my-world.pdf") as pdf:
        alone = [i for i, page in enumerate(pdf.pages) for line in (page.extract_text() or "").splitlines()
                 if line.strip() in ("this", "this.")]
    assert alone == []


def test_the_awakening_label_keeps_a_millimetre_from_its_space_on_every_reflection_card(built):
    """It filled its space with 0.3 mm to spare; now at least `TRACK_LABEL_ROOM` (1.2 mm) each side,
    less the glyphs' own side bearings, measured in the PDF."""
    import pdfplumber
    import pypdfium2 as pdfium

    out, _ = built("a4")
    path = out / "visions.pdf"
    doc = pdfium.PdfDocument(path)
    pages = [i for i in range(len(doc)) if "Awakening" in doc[i].get_textpage().get_text_range()]
    doc.close()
    mm = 72 / 25.4
    seen = 0
    with pdfplumber.open(path) as pdf:
        for i in pages:
            page = pdf.pages[i]
            spaces = [r for r in page.rects + page.curves if r.get("fill") and r["width"] < 20 * mm]  # rounded
            for word in page.extract_words():
                if word["text"] != "Awakening":
                    continue
                around = [r for r in spaces if r["x0"] <= word["x0"] and word["x1"] <= r["x1"]
                          and r["top"] <= word["top"] and word["bottom"] <= r["bottom"]]
                if not around:  # the reflection card's explanation, not a space of its track
                    continue
                box = min(around, key=lambda r: r["width"])
                assert word["x0"] - box["x0"] >= 1.0 * mm and box["x1"] - word["x1"] >= 1.0 * mm, (i, word)
                seen += 1
    assert seen == 10  # the five reflection cards, both sides (2-3 and 4-5 players)

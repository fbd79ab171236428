"""Identical faces stored once in every file a build writes (issue 27, point 8): a face is keyed
by the fields its template prints, so cards whose other data differ share one drawing."""

from __future__ import annotations

from pypdf import PdfReader

from pdfmeasure import footers


def _forms_on(reader: PdfReader, pages: list[int]) -> list[int]:
    """The object number of each card form placed on ``pages``, once per placement."""
    from pypdf.generic import ContentStream

    out = []
    for i in pages:
        page = reader.pages[i]
        xobjects = page["/Resources"]["/XObject"]
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"Do" and str(operands[0]).startswith("/FormXob.Face"):
                out.append(xobjects.raw_get(operands[0]).idnum)
    return out


def test_the_vision_cards_common_back_is_one_drawing_on_the_card_sheets(built):
    """So Long, My World's seven vision cards with a common back: one form XObject on the card
    sheets, though each card's other fields (its name, its text) differ."""
    out, _ = built("a4")
    path = out / "so-long-my-world.pdf"
    reader = PdfReader(path)
    backs = [i for i, f in enumerate(footers(path)) if "vision card" in f and "· backs (" in f]
    fronts = [i for i, f in enumerate(footers(path)) if "vision card" in f and "· fronts ·" in f]
    placed = _forms_on(reader, backs)
    assert len(placed) == 13 == len(_forms_on(reader, fronts))
    # 13 backs, 5 drawings: the seven common ones, and six backs of their own, some alike
    assert max(placed.count(f) for f in set(placed)) == 7 and len(set(placed)) == 5
    # the fronts all differ: one drawing each
    assert len(set(_forms_on(reader, fronts))) == 13


def test_every_placed_face_of_every_bundled_sheet_is_a_distinct_drawing(built):
    """No two form XObjects of a card sheet hold the same drawing: identical faces (copies, common
    backs, cards alike in what they print) are stored once, whatever their other data."""
    out, _ = built("a4")
    for name in ("so-long-my-world", "visions", "kartomantik", "relics"):
        reader = PdfReader(out / f"{name}.pdf")
        streams: dict[bytes, int] = {}
        for page in reader.pages:
            for key, ref in page["/Resources"]["/XObject"].items():
                if key.startswith("/FormXob.Face"):
                    streams.setdefault(ref.get_object().get_data(), ref.idnum)
        forms = {ref.idnum for page in reader.pages for key, ref in page["/Resources"]["/XObject"].items()
                 if key.startswith("/FormXob.Face")}
        assert len(forms) == len(streams), name

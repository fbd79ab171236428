"""Drawing each distinct thing once: a named form XObject per key, placed by reference.

Every common back, every copy of a card, every token of a colour and every tile of a board is
the same drawing placed again; storing it once keeps files small and builds fast. Names are
numbered in the order the drawings are first met, so the same inputs give the same PDF bytes
wherever the checkout lies (a key holds absolute paths; a name made from it did not).
"""

from __future__ import annotations

import json
from typing import Any, Callable

from reportlab.pdfgen.canvas import Canvas

from ..layout import model as lm
from .card import Face


def face_key(face: Face, *extra: Any) -> str:
    """What makes two faces the same drawing: template, where its images are, its data."""
    return json.dumps(_canonical([face.template.name, face.template.file, str(face.base_dir), face.fields,
                                  *extra]), default=str)


def strings_in(value: Any) -> set[str]:
    """Every string inside an element's properties (a bound property's ``field`` included)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, lm.Binding):
        return {value.field}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    if hasattr(value, "__dict__"):
        return strings_in(dict(value.__dict__))
    return set()


def fields_read(template: lm.Template) -> frozenset[str]:
    """The top-level fields a template may read: any name its elements or background
    mention (``field: colour``, ``when: colour``, a binding), and the art's ``image``.
    Generous on purpose: a name too many only makes two identical faces two forms."""
    names = strings_in(template.background) | strings_in(template.elements) | {"image"}
    return frozenset(n.split(".")[0] for n in names)


def shown_key(face: Face, *extra: Any) -> str:
    """`face_key` over only the fields ``face``'s template may read: the seven vision cards'
    common back is one drawing though each card's other fields differ (as are the 9 backs of a
    colour's vision tokens)."""
    read = fields_read(face.template)
    return face_key(Face(face.template, {k: v for k, v in face.fields.items() if k in read}, face.label,
                         face.base_dir), *extra)


def _canonical(value: Any) -> Any:
    """``value`` with every mapping as a list of pairs sorted by the keys' text and type: card
    data may mix number and text keys in one mapping (``{1: a, "x": b}``), which
    ``json.dumps(sort_keys=True)`` cannot order, and ``1`` and ``"1"`` must stay apart."""
    if isinstance(value, dict):
        pairs = [((type(k).__name__, str(k)), _canonical(v)) for k, v in value.items()]
        return {"{}": sorted(pairs, key=lambda pair: pair[0])}
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    return value


class FormCache:
    def __init__(self, canvas: Canvas, prefix: str = "Face") -> None:
        self.canvas = canvas
        self.prefix = prefix
        self._names: dict[str, str] = {}

    def get(self, key: str, bbox: tuple[float, float, float, float], draw: Callable[[], None]) -> str:
        """The form for ``key``, drawn by ``draw`` into ``bbox`` (points) the first time."""
        name = self._names.get(key)
        if name is None:
            name = f"{self.prefix}{len(self._names) + 1}"
            self._names[key] = name
            self.canvas.beginForm(name, *bbox)
            draw()
            self.canvas.endForm()
        return name

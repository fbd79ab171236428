"""Every card's field bindings resolved before any canvas exists (resolve, then draw).

A layout binds a property to a card's field (a text element's ``field`` and ``format``, a colour
``{field: tint}``); a value that cannot be printed used to stop the build at the face that met it, mid-page,
naming that one only. `check_bindings` resolves each binding of every face a build will draw, the
same way drawing does (`FaceRenderer.resolve`), and reports every bad one together: file, card,
field and what was expected."""

from __future__ import annotations

from typing import Iterable

from ..data.errors import InputError, InputErrors
from ..layout import model as lm
from .card import Face, FaceRenderer, Unprintable, is_empty, located
from .sheets import CardJob


def face_problems(face: Face) -> list[InputError]:
    """What is wrong with ``face``'s bindings: its template's own properties (the background),
    then those of each element it draws (one whose ``when``/``unless`` leaves it out is not)."""
    t, fields = face.template, face.fields
    found: list[InputError] = []

    def check(element: str | None, holder: Iterable[tuple[str, object]]) -> None:
        try:
            if isinstance(holder, lm.TextElement):  # its field, formatted, is its text
                FaceRenderer.text_of(holder, fields)
            if isinstance(holder, lm.ArtElement):  # the icon it names, read (and kept for drawing)
                FaceRenderer.icon_of(face)
            for _, prop in holder:
                if isinstance(prop, lm.Binding):
                    FaceRenderer.resolve(prop, fields)
        except Unprintable as exc:  # the first problem of an element: drawing would stop there
            found.append(located(face, element, exc))

    check(None, t)
    for name, element in t.elements.items():
        if element.when and is_empty(FaceRenderer.lookup(fields, element.when)):
            continue
        if element.unless and not is_empty(FaceRenderer.lookup(fields, element.unless)):
            continue
        check(name, element)
    return found


def binding_problems(jobs: Iterable[CardJob]) -> list[InputError]:
    """Every bad binding of the cards of ``jobs``, each once (a card's copies share theirs)."""
    out: dict[str, InputError] = {}
    for job in jobs:
        for pair in job.cards:
            for face in pair:
                for problem in face_problems(face):
                    out.setdefault(str(problem), problem)
    return list(out.values())


def check_bindings(jobs: Iterable[CardJob]) -> None:
    """`InputErrors` naming every bad binding of ``jobs``' cards, if there is one."""
    problems = binding_problems(jobs)
    if problems:
        raise InputErrors(problems)

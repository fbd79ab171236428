"""Validate located YAML data against pydantic models, with errors that name file and line.

A pydantic error says *where* in the data (``("cards", 3, "power")``) and *what* went wrong;
the located document says on which line that value stands. Together they give the message a
user needs: ``cards/kartomantik/pool.yaml:14: power: expected an integer, got "three"``.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import InputError, InputErrors, cut, shown
from .yamlsafe import Located

M = TypeVar("M", bound=BaseModel)

# pydantic's error types, said the way a card designer reads them
_EXPECTED = {
    "int_type": "expected an integer",
    "int_parsing": "expected an integer",
    "int_from_float": "expected a whole number",
    "float_type": "expected a number",
    "float_parsing": "expected a number",
    "finite_number": "expected a finite number",
    "int_parsing_size": "expected a whole number of a few digits",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
    "string_type": "expected text",
    "list_type": "expected a list",
    "dict_type": "expected a mapping of keys to values",
    "model_type": "expected a mapping of keys to values",
    "model_attributes_type": "expected a mapping of keys to values",
    "missing": "is required but missing",
    "extra_forbidden": "is not a known field",
}


# custom errors whose context holds the path inside the value they were raised on (an effect
# script's; a card field's nested value): `errors_from` adds it to the location
NESTED_ERRORS = ("script", "nested")


def _shown(value: Any) -> str:
    """The value an error got, as its message quotes it (cut short: `errors.shown`)."""
    if isinstance(value, bool):
        return repr(value)
    if isinstance(value, int) and abs(value) >= 10 ** 15:
        return f"a number of {len(str(abs(value)))} digits" if abs(value) < 10 ** 4000 else \
            "a number of more than 4,000 digits"
    if isinstance(value, str):
        return f'"{cut(value)}"'
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return shown(value)


def describe(err: Mapping[str, Any]) -> str:
    """One pydantic error as a plain sentence (without the location)."""
    kind = err.get("type", "")
    if kind in ("missing", "extra_forbidden"):
        return _EXPECTED[kind]
    if kind in _EXPECTED:
        return f"{_EXPECTED[kind]}, got {_shown(err.get('input'))}"
    if kind == "too_long":
        ctx = err.get("ctx", {})
        return f"expected at most {ctx.get('max_length')} entries, got {ctx.get('actual_length')}"
    if kind in ("literal_error", "enum"):
        expected = err.get("ctx", {}).get("expected", "")
        return f"expected one of {expected}, got {_shown(err.get('input'))}"
    if kind in NESTED_ERRORS:
        return str(err.get("ctx", {}).get("message", err.get("msg", "")))
    if kind == "value_error":
        return str(err.get("ctx", {}).get("error", err.get("msg", "")))
    msg = err.get("msg", "invalid value")
    msg = msg[0].lower() + msg[1:] if msg else msg
    return f"{msg}, got {_shown(err.get('input'))}"


def _data_path(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """Drop the union-branch and validator names pydantic inserts into a location."""
    return tuple(p for p in loc
                 if isinstance(p, int) or not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))


Where = Callable[[tuple[Any, ...]], tuple[str, int | None]]


def errors_from(exc: ValidationError, doc: Located, prefix: tuple[Any, ...] = (),
                where: Where | None = None,
                path_of: Callable[[tuple[Any, ...]], tuple[Any, ...]] | None = None) -> list[InputError]:
    """Convert every error of ``exc`` into an `InputError` located in ``doc``; ``where`` (a
    path, without ``prefix``, to its file and line) locates data put together from several
    documents (a layout template and the ones it extends); ``path_of`` drops from a path what
    is not in the data (the tag of a discriminated union, ``"rect"`` of an element)."""
    out: list[InputError] = []
    for err in exc.errors(include_url=False):
        loc = tuple(err.get("loc", ()))
        path = _data_path(loc)
        if err.get("type") in NESTED_ERRORS:  # the path inside the value (an effect script, a card field)
            path += tuple(err.get("ctx", {}).get("path", ()))
        if path_of is not None:
            path = path_of(path)
        message = describe(err)
        named = path
        if "[key]" in loc:  # a mapping's key is wrong: the field is the mapping (the key's text is no name)
            named = _data_path(loc[:loc.index("[key]") - 1])
            message = f"a key: {message}"
        names = [p for p in named if isinstance(p, str)]
        field = names[-1] if names else None
        file, line = where(path) if where is not None else (doc.file, doc.line_of(prefix + path))
        error = InputError(file, message, line=line, field=field)
        if all(str(e) != str(error) for e in out):  # a list's items out of range alike: said once
            out.append(error)
    return out


def validate(model: type[M], doc: Located, data: Any = None, prefix: tuple[Any, ...] = ()) -> M:
    """Validate ``data`` (by default the whole document) as ``model``; raise located errors.

    The validation context holds ``doc`` and ``prefix`` (``located``, ``prefix``): a model may
    remember where each of its parts was written (`pnp.data.components.ComponentFile`)."""
    try:
        return model.model_validate(doc.data if data is None else data, context={"located": doc, "prefix": prefix})
    except ValidationError as exc:
        errors = errors_from(exc, doc, prefix)
        if len(errors) == 1:
            raise errors[0] from None
        raise InputErrors(errors) from None

"""Validate located YAML data against pydantic models, with errors that name file and line.

A pydantic error says *where* in the data (``("cards", 3, "power")``) and *what* went wrong;
the located document says on which line that value stands. Together they give the message a
user needs: ``cards/kartomantik/pool.yaml:14: power: expected an integer, got "three"``.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import InputError, InputErrors
from .yamlsafe import Located

M = TypeVar("M", bound=BaseModel)

# pydantic's error types, said the way a card designer reads them
_EXPECTED = {
    "int_type": "expected an integer",
    "int_parsing": "expected an integer",
    "int_from_float": "expected a whole number",
    "float_type": "expected a number",
    "float_parsing": "expected a number",
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


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= 40 else f'"{value[:37]}..."'
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return repr(value)


def describe(err: dict[str, Any]) -> str:
    """One pydantic error as a plain sentence (without the location)."""
    kind = err.get("type", "")
    if kind in ("missing", "extra_forbidden"):
        return _EXPECTED[kind]
    if kind in _EXPECTED:
        return f"{_EXPECTED[kind]}, got {_shown(err.get('input'))}"
    if kind in ("literal_error", "enum"):
        expected = err.get("ctx", {}).get("expected", "")
        return f"expected one of {expected}, got {_shown(err.get('input'))}"
    if kind == "script":
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


def errors_from(exc: ValidationError, doc: Located, prefix: tuple[Any, ...] = ()) -> list[InputError]:
    """Convert every error of ``exc`` into an `InputError` located in ``doc``."""
    out: list[InputError] = []
    for err in exc.errors(include_url=False):
        path = prefix + _data_path(tuple(err.get("loc", ())))
        if err.get("type") == "script":  # an effect script's error: its path inside the script
            path += tuple(err.get("ctx", {}).get("path", ()))
        names = [p for p in path if isinstance(p, str)]
        field = names[-1] if names else None
        line = doc.line_of(path)
        out.append(InputError(doc.file, describe(err), line=line, field=field))
    return out


def validate(model: type[M], doc: Located, data: Any = None, prefix: tuple[Any, ...] = ()) -> M:
    """Validate ``data`` (by default the whole document) as ``model``; raise located errors."""
    try:
        return model.model_validate(doc.data if data is None else data)
    except ValidationError as exc:
        errors = errors_from(exc, doc, prefix)
        if len(errors) == 1:
            raise errors[0] from None
        raise InputErrors(errors) from None

"""How a card model holds its script: validated with the card, errors at the script's line.

A card model declares ``script: Any = None`` and validates it with `script_field`: the raw
YAML is read into a `Script` (a script already read passes through, so a model can be
validated again from its own dump), and an error carries its path inside the script, which
`pnp.data.validate.errors_from` adds to the card's path to find the exact line.
"""

from __future__ import annotations

from typing import Any

from pydantic_core import PydanticCustomError

from .language import Script, ScriptError, Vocabulary, parse_script

SCRIPT_ERROR = "script"  # the pydantic error type whose ctx carries the path inside the script


def script_field(raw: Any, vocab: Vocabulary) -> Script | None:
    """A card's ``script:`` value, read with ``vocab``; a `PydanticCustomError` with the path."""
    if raw is None or isinstance(raw, Script):
        return raw
    try:
        return parse_script(raw, vocab)
    except ScriptError as exc:
        raise PydanticCustomError(SCRIPT_ERROR, "{message}", {"message": exc.message, "path": exc.path}) from None


def text_matches(text: str | None, script: Script | None, field: str = "text") -> str | None:
    """The text to print: the script's; a written ``text`` must say the same (one source of
    truth for what is printed and what is played)."""
    if script is None:
        return text
    if text is not None and " ".join(text.split()) != script.text:
        message = (f"does not say what the script does: the script prints \"{script.text}\", the card's {field} "
                   f"is \"{text}\" (fix one of them, or leave out `{field}`: it is printed from the script)")
        raise PydanticCustomError(SCRIPT_ERROR, "{message}", {"message": message, "path": (field,)})
    return script.text

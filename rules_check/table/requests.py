"""What the table app reads from a page's request, checked before anything uses it: the JSON
body (bounded) and the players' names. Shared by the game's routes (server.py) and the start
page's (start.py)."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from .session import NotAnEntry

MAX_BODY = 256 * 1024  # an entry or a setup: a few kilobytes; a decklist pasted whole is still small
MAX_PLAYER_NAME = 40


async def read_body(request: Request) -> dict[str, Any]:
    """The JSON object a page sent, at most `MAX_BODY` bytes; anything else is a `NotAnEntry`."""
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise NotAnEntry(f"the request is larger than {MAX_BODY // 1024} KB")
    try:
        data = json.loads(raw or b"{}")
    except ValueError:
        raise NotAnEntry("the request is not JSON") from None
    if not isinstance(data, dict):
        raise NotAnEntry("the request is a JSON object")
    return data


def player_names(raw: Any) -> list[str]:
    """The players' names from the page: each stripped, non-empty, short, one line of printable
    text (a name is a key of the log and is shown everywhere: rules_check/names.py's rules)."""
    if not isinstance(raw, list) or not raw:
        raise NotAnEntry("name the players, in seating order")
    out = []
    for n in raw:
        if not isinstance(n, str) or not n.strip():
            raise NotAnEntry("a player's name is some text")
        n = " ".join(n.split())
        if len(n) > MAX_PLAYER_NAME or any(not ch.isprintable() or ch in "/:" for ch in n):
            raise NotAnEntry(f"a player's name is at most {MAX_PLAYER_NAME} printable characters, without / or :")
        if n in out:
            raise NotAnEntry(f"two players named {n!r}")
        out.append(n)
    return out

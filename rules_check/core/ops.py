"""Plain operations: how a log writes a card effect the checker cannot verify from card
data (docs/logs/README.md, "Card effects"). They are checked for conservation (an item moves only from
where it is) and listed as unverified in the report, never silently trusted.

    ops:
      - {move: "Salt Flats", from: discard, to: hand}    # one item between two zones
      - {add: energy.red, amount: 2}                      # change a counter
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.data.errors import shown
from .engine import BaseState, EntryRef
from .errors import IllegalAction, LogFormatError

RULE = "Card effects (an effect written as plain operations)"  # docs/logs/README.md, "Card effects"


@dataclass(frozen=True)
class Op:
    kind: str  # "move" | "add"
    item: str = ""
    src: str = ""
    dst: str = ""
    counter: str = ""
    amount: int = 0
    bottom: bool = False

    def as_entry(self) -> dict[str, Any]:
        """The operation as a log writes it (the inverse of `parse_ops`)."""
        if self.kind == "move":
            out: dict[str, Any] = {"move": self.item, "from": self.src, "to": self.dst}
            if self.bottom:
                out["bottom"] = True
            return out
        return {"add": self.counter, "amount": self.amount}

    def describe(self) -> str:
        if self.kind == "move":
            return f"moved {self.item} from {self.src} to {self.dst}" + (" (bottom)" if self.bottom else "")
        return f"{'added' if self.amount >= 0 else 'removed'} {abs(self.amount)} {self.counter}"


def parse_ops(raw: Any, ref: EntryRef, zones: set[str] | None = None) -> list[Op]:
    """The operations of an entry's ``ops:`` list (`LogFormatError` if malformed)."""
    if not isinstance(raw, list):
        raise LogFormatError(ref.file, "ops: expected a list of operations", line=ref.line, field="ops")
    out = []
    for op in raw:
        if isinstance(op, dict) and set(op) <= {"move", "from", "to", "bottom"} and {"move", "from", "to"} <= set(op):
            if not all(isinstance(op[k], str) for k in ("move", "from", "to")):
                raise LogFormatError(ref.file, "ops: move, from and to are names", line=ref.line, field="ops")
            if zones is not None:
                for k in ("from", "to"):
                    if op[k] not in zones:
                        raise LogFormatError(ref.file, f"ops: unknown zone {shown(op[k])} (zones: "
                                             f"{', '.join(sorted(zones))})", line=ref.line, field="ops")
            out.append(Op("move", item=op["move"], src=op["from"], dst=op["to"], bottom=bool(op.get("bottom"))))
        elif isinstance(op, dict) and set(op) == {"add", "amount"} and isinstance(op["add"], str) \
                and isinstance(op["amount"], int) and not isinstance(op["amount"], bool):
            out.append(Op("add", counter=op["add"], amount=op["amount"]))
        else:
            raise LogFormatError(ref.file, f"ops: expected {{move: ITEM, from: ZONE, to: ZONE}} or "
                                 f"{{add: COUNTER, amount: N}}, got {shown(op)}", line=ref.line, field="ops")
    return out


def check_ops(state: BaseState, ops: list[Op]) -> None:
    """Every move takes an item from where it is (checked in order, on a scratch copy)."""
    zones = state.zones.copy()
    for op in ops:
        if op.kind == "move":
            try:
                zones.move(op.item, op.src, op.dst, op.bottom, RULE)
            except IllegalAction as exc:
                raise IllegalAction(RULE, f"cannot {op.describe()}: {exc.message}") from None


def apply_ops(state: BaseState, ops: list[Op]) -> None:
    for op in ops:
        if op.kind == "move":
            state.zones.move(op.item, op.src, op.dst, op.bottom)
        else:
            state.counters[op.counter] = state.counters.get(op.counter, 0) + op.amount

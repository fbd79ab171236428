"""Which table is shown, in the same words wherever it is shown: ``--state N``'s first line,
the dispute page's heading over the table and its printed pages.

At an entry that breaks a rule the strict replay stops before it: the table is the one
*just before* the entry. With ``--all`` the replay applies the entry as written (or skips
it) and goes on: the table is the one *after* it, as applied or skipped."""

from __future__ import annotations


def table_label(entry: int, line: int | None, table: str | None, outcome: str | None = None) -> str:
    """"the table after entry 57 (line 126)", "the table just before entry 57 (line 126)",
    "the table after the setup"; ``table``: "after", "before" or None (not replayed: said after the label)."""
    if entry == 0:
        return "the table after the setup" if table != "before" else "the table before the setup"
    at = f"entry {entry}" + (f" (line {line})" if line else "")
    if table == "before":
        return f"the table just before {at}"
    return f"the table after {at}" + (f", {outcome}" if outcome else "")


def heading(text: str) -> str:
    """A label as a heading: its first letter upper case."""
    return text[:1].upper() + text[1:]

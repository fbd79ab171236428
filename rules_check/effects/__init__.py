"""Executing card scripts (the language is ``pnp.effects``): one machine for every game, and
the check that an outcome a log writes is the one the script computes."""

from .machine import Frame, Request, Verb, World, answer_sets, leftover, program, run
from .outcome import describe, mismatch

__all__ = ["Frame", "Request", "Verb", "World", "answer_sets", "describe", "leftover", "mismatch", "program", "run"]

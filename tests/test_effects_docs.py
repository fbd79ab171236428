"""docs/effects.md stays true: every verb of both vocabularies is documented, and every
example script on the page is of the language and prints exactly the text shown under it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from pnp.effects import parse_script
from pnp.games.kartomantik.vocabulary import VOCABULARY as KARTOMANTIK
from pnp.games.relics.vocabulary import VOCABULARY as RELICS
from pnp.games.so_long_my_world.vocabulary import VOCABULARY as SO_LONG_MY_WORLD

PAGE = (Path(__file__).resolve().parent.parent / "docs" / "effects.md").read_text()
VOCABULARIES = {"Kartomantik": KARTOMANTIK, "relics": RELICS, "So Long, My World": SO_LONG_MY_WORLD}
EXAMPLES = [block for block in re.findall(r"```yaml\n(.*?)```", PAGE, re.S) if block.startswith("# ")
            and "script:" in block]


def test_the_page_has_an_example_of_each_construct():
    keys = "\n".join(EXAMPLES)
    for construct in ("target:", "when:", "if:", "cost:", "while:", "may: true", "otherwise:", "join:",
                      "until:", "paying:", "challenge:"):
        assert construct in keys, construct
    assert len(EXAMPLES) >= 15


@pytest.mark.parametrize("block", EXAMPLES, ids=[b.splitlines()[0][2:] for b in EXAMPLES])
def test_each_example_prints_its_text(block):
    game = re.search(r"\((Kartomantik|relics|So Long, My World)\)", block.splitlines()[0]).group(1)
    data = yaml.safe_load(block)
    assert parse_script(data["script"], VOCABULARIES[game]).text == data["text"]


@pytest.mark.parametrize("game", sorted(VOCABULARIES))
def test_every_verb_is_in_the_tables(game):
    section = PAGE.split(f"### {game} verbs", 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `([^`]+)`(?:, `([^`]+)`)?", section, re.M))
    names = {n for pair in listed for n in pair if n}
    assert names == set(VOCABULARIES[game].verbs)

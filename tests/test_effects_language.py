"""The effect language (docs/effects.md): every bundled card has a script, the script prints
the card's text, and a script that is not of the language is refused at its line."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml

from pnp.data.errors import InputError, InputErrors
from pnp.data.loader import load_game, load_pool
from pnp.effects import ScriptError, parse_script
from pnp.games.kartomantik.vocabulary import VOCABULARY as KARTOMANTIK
from pnp.games.kartomantik.vocabulary import Group, Target
from pnp.games.relics.vocabulary import VOCABULARY as RELICS

REPO = Path(__file__).resolve().parent.parent
POOL = REPO / "cards" / "kartomantik" / "pool.yaml"
LOCATIONS = REPO / "cards" / "relics" / "locations.yaml"


def raw_cards(path: Path) -> list[dict]:
    data = yaml.safe_load(path.read_text())
    return data["cards"] if "cards" in data else data["components"][0]["items"]


class TestBundledScripts:
    def test_every_kartomantik_card_has_a_script_that_prints_its_text(self):
        cards = raw_cards(POOL)
        assert len(cards) == 74
        for raw in cards:
            assert "script" in raw, raw["name"]
            assert parse_script(raw["script"], KARTOMANTIK).text == raw["text"], raw["name"]

    def test_every_scripted_so_long_my_world_card_prints_its_text(self):
        from pnp.games.so_long_my_world.vocabulary import VOCABULARY as SO_LONG_MY_WORLD

        scripted = {}
        for path in sorted((REPO / "cards" / "so-long-my-world").glob("*.yaml")):
            data = yaml.safe_load(path.read_text())
            for comp in data.get("components", []):
                for item in comp.get("items", []):
                    if "script" in item:
                        scripted[item["name"]] = parse_script(item["script"], SO_LONG_MY_WORLD).text
                        assert scripted[item["name"]] == item.get("text", item.get("effect")), item["name"]
        # every component with an effect (the Karma Catalysts' text is a rule of the drain, data):
        # Remnant, Gestalt, event, Vision and End cards
        assert len(scripted) == 31 + 22 + 35 + 10 + 6 and "Blackout" in scripted and "Shipwreck" in scripted

    def test_every_relics_side_has_a_script_that_prints_its_ability(self):
        sides = [s for raw in raw_cards(LOCATIONS) for s in (raw, raw["back"])]
        assert len(sides) == 34
        for side in sides:
            assert parse_script(side["script"], RELICS).text == side["ability"], side["number"]

    def test_the_printed_card_reads_the_script(self):
        """What the renderer prints is the script's text (the loader fills it in)."""
        game = load_game(REPO / "cards", "relics")
        item = game.component("location card").items[0]
        assert item.ability == "Gain 2 {red}." and item.back["ability"].startswith("Flip a card")
        cards = {c.name: c for c in load_pool(POOL)}
        assert cards["Incinerate"].text == "Destroy a target manifestation on the field with power 4 or less."

    def test_rulebook_texts_are_kept(self):
        """The texts the rulebook prints (2.3.1, 3.2) come out of their scripts word for word."""
        cards = {c.name: c for c in load_pool(POOL)}
        assert cards["Oppress"].text == "A target manifestation on the field gets -3 power until the end of the turn."
        assert cards["Entrust"].text == "A target manifestation on the field gains power equal to its base power."
        assert cards["Borrowed Strength"].text == ("Chain from your hand. If the Chained manifestation wins the "
                                                   "confrontation, exile it.")


def k(src: str):
    return parse_script(yaml.safe_load(src), KARTOMANTIK)


class TestLanguage:
    def test_kinds(self):
        s = k("""
- when: it enters the field
  do: [{points: -5}]
- cost: Pay {choleric}1
  do: [{power: +2, until: the end of the turn}]
- while: it is on the field
  do: [{power: +1, of: your Hollow manifestations}]
- target: manifestation on the field
  do: [{destroy: target}]
""")
        assert [a.kind for a in s.abilities] == ["triggered", "activated", "static", "effect"]
        assert s.text == ("When it enters the field, you lose 5 points. Pay {choleric}1: it gets +2 power until "
                          "the end of the turn. As long as it is on the field, your Hollow manifestations get +1 "
                          "power. Destroy a target manifestation on the field.")

    def test_target_meaning(self):
        t = k("- {target: 'manifestation you control in the Confrontation Zone with base power 2 or less', "
              "do: [{destroy: target}]}").abilities[0].target
        assert isinstance(t, Target)
        assert (t.kind, t.you_control, t.zone, t.base_power_max, t.power_max) == \
            ("manifestation", True, "confrontation", 2, None)
        two = k("- {target: two manifestations in the Confrontation Zone, do: [{switch power: targets}]}")
        assert two.abilities[0].target.count == 2
        assert two.text == "Switch the power of two target manifestations in the Confrontation Zone."

    def test_group_meaning(self):
        g = k("- {when: it enters the field, do: [{power: -1, of: each other manifestation on the field with base "
              "power 1, until: the end of the turn}]}").abilities[0].steps[0].get("of")
        assert isinstance(g, Group) and (g.other, g.zone, g.base_power, g.plural) == (True, "field", 1, False)

    def test_phrases_print_as_written(self):
        s = k("- {when: Revelation, do: [{discard: 1, who: your opponent}]}")
        assert s.text == "On Revelation: your opponent discards a card."

    def test_target_second_mention_is_it(self):
        s = k("- {target: manifestation on the field, do: [{power: -1, of: target}, {destroy: target}]}")
        assert s.text == "A target manifestation on the field gets -1 power. Destroy it."

    @pytest.mark.parametrize("src, path, words", [
        ("- {do: [{destory: target}]}", (0, "do", 0, "destory"), "did you mean 'destroy'"),
        ("- {target: manifestation on the feild, do: [{destroy: target}]}", (0, "target"), "cannot read"),
        ("- {do: [{destroy: target}]}", (0, "do"), "declares no `target:`"),
        ("- {target: manifestation on the field, do: [{draw: 1}]}", (0, "target"), "no step acts on it"),
        ("- {do: [{power: +1, until: the end of the game}]}", (0, "do", 0, "until"), "a duration"),
        ("- {while: it is on the field, do: [{destroy: it}]}", (0, "do", 0, "destroy"), "continuous effects only"),
        ("- {do: [{keep: Excess Essence you generate}]}", (0, "do", 0, "keep"), "belongs to a static ability"),
        ("- {when: it enters the field, cost: Exile it, do: [{draw: 1}]}", (0,), "not when and cost"),
        ("- {do: [{draw: 9}]}", (0, "do", 0, "draw"), "from 1 to 6"),
        ("- {do: [{put: it}]}", (0, "do", 0), "needs one of into, at, in"),
        ("- {do: [{draw: 1, colour: red}]}", (0, "do", 0, "colour"), "unknown key 'colour'"),
        ("- {cost: 'Pay {mauve}1', do: [{draw: 1}]}", (0, "cost"), "cannot read"),
    ])
    def test_errors_name_the_place(self, src, path, words):
        with pytest.raises(ScriptError) as exc:
            k(src)
        assert exc.value.path == path, exc.value.path
        assert words in exc.value.message, exc.value.message

    def test_relics_ability_has_no_trigger(self):
        with pytest.raises(ScriptError) as exc:
            parse_script([{"when": "it enters the field", "do": [{"gain": {"red": 1}}]}], RELICS)
        assert "no trigger" in exc.value.message


class TestLoaderErrors:
    def pool(self, tmp_path: Path, card: str) -> Path:
        path = tmp_path / "pool.yaml"
        path.write_text("game: kartomantik\ncards:\n" + card)
        return path

    def test_script_error_at_its_line(self, tmp_path):
        path = self.pool(tmp_path, """\
  - name: Bad
    type: will
    will: ephemeral
    script:
      - target: manifestation on the field
        do:
          - destroy: target
          - powr: -1
""")
        with pytest.raises(InputError) as exc:
            load_pool(path)
        assert str(exc.value).startswith(f"{path}:10: powr: no verb in this step: unknown verb 'powr' "
                                         f"(did you mean 'power' or 'set power'?)"), str(exc.value)

    def test_text_and_script_must_agree(self, tmp_path):
        path = self.pool(tmp_path, """\
  - name: Bad
    type: will
    will: ephemeral
    text: "Destroy a target manifestation on the field."
    script:
      - target: manifestation on the field
        do: [{power: -1, of: target}]
""")
        with pytest.raises((InputError, InputErrors)) as exc:
            load_pool(path)
        assert f"{path}:6: text: does not say what the script does: the script prints \"A target manifestation " \
               f"on the field gets -1 power.\"" in str(exc.value)

    def test_text_may_be_left_to_the_script(self, tmp_path):
        path = self.pool(tmp_path, """\
  - name: Good
    type: will
    will: ephemeral
    script:
      - do: [{draw: 2}]
""")
        assert load_pool(path)[0].text == "Draw two cards."


# --- numbers from strangers: every parser of every verb bounds what it takes --------------------

def _vocabularies():
    from pnp.games.so_long_my_world.vocabulary import VOCABULARY as SLMW
    return {"kartomantik": KARTOMANTIK, "relics": RELICS, "so-long-my-world": SLMW}


def _parsers():
    for game, vocab in _vocabularies().items():
        for name, verb in vocab.verbs.items():
            yield f"{game}:{name}", verb.value
            for option, parser in verb.options.items():
                yield f"{game}:{name}.{option}", parser
        for part in ("triggers", "conditions", "states", "costs", "targets"):
            yield f"{game}:{part}", getattr(vocab, part)


PARSERS = dict(_parsers())
HOSTILE = {"nan": float("nan"), "inf": float("inf"), "1e300": 1e300, "10**100": 10 ** 100, "-10**100": -(10 ** 100),
           "2**31": 2 ** 31, "-1": -1, "true": True, "4300 digits": "9" * 4300, "a phrase of 99 digits":
           f"manifestation on the field with power {'9' * 99} or less", "draw 10**9": "draw 1000000000 cards",
           "list": [1] * 5000, "mapping": {"red": 10 ** 9}, "none": None}


def _numbers(value, seen=0):
    """The numbers a parsed value holds (its fields, its items), as deep as they go."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, (int, float)):
        yield value
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _numbers(k)
            yield from _numbers(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _numbers(v)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from _numbers(getattr(value, name))


@pytest.mark.parametrize("parser", PARSERS)
def test_every_script_parser_refuses_or_bounds_a_hostile_number(parser):
    """What a script's verb, option or phrase takes is bounded where it is read: a hostile
    value is refused as words the grammar does not read (a `PhraseError`, which the loader
    names at the card's line), or read into numbers a card can hold (two digits); never a
    crash, never a count of a billion cards to draw."""
    from pnp.effects.phrases import PhraseError
    for hostile, value in HOSTILE.items():
        try:
            parsed = PARSERS[parser](value, ())
        except (PhraseError, ScriptError):
            continue
        assert all(math.isfinite(n) and abs(n) <= 99 for n in _numbers(parsed)), (hostile, parsed)

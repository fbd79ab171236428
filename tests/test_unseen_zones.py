"""Unseen cards in the core zones (rules_check/core/zones.py): a pile shuffled at the table is a
count of unseen cards and the multiset they can be; a card named where unseen ones are must be
one the pile still holds, and conservation counts a named card as the unseen one it was."""

from __future__ import annotations

from collections import Counter

import pytest

from rules_check.core.errors import IllegalAction
from rules_check.core.zones import CONSERVATION, Zones, conservation, is_unseen, seen, topmost, unseen, unseen_count

DECK = ["Oppress", "Entrust", "Gar Fild", "Gar Fild", "Incinerate"]


def dealt(hand: int = 3) -> Zones:
    """A deck of DECK shuffled unseen, ``hand`` cards drawn from it."""
    z = Zones()
    z.hide("deck", "deck:Ana", DECK)
    for _ in range(hand):
        z.put(z.take_top("deck"), "hand")
    return z


def test_a_shuffled_deck_is_a_count_and_a_multiset():
    z = dealt(0)
    assert z["deck"] == [unseen("deck:Ana")] * 5 and unseen_count(z["deck"]) == 5 and seen(z["deck"]) == []
    assert z.unknown["deck:Ana"] == Counter(DECK)
    assert z.possible("deck") == Counter(DECK)


def test_a_draw_moves_an_unseen_card_and_conservation_holds():
    z = Zones()
    z.hide("deck", "deck:Ana", DECK)
    before = z.snapshot()
    z.put(z.take_top("deck"), "hand")
    assert unseen_count(z["hand"]) == 1 and unseen_count(z["deck"]) == 4
    assert conservation(before, z) is None


def test_a_card_played_from_a_hand_of_unseen_cards_is_named():
    z = dealt()
    before = z.snapshot()
    z.move("Gar Fild", "hand", "field")
    assert z["field"] == ["Gar Fild"] and unseen_count(z["hand"]) == 2
    assert z.unknown["deck:Ana"]["Gar Fild"] == 1
    assert conservation(before, z) is None  # the named card is the unseen one it was
    z.move("Gar Fild", "hand", "field")  # the second copy
    assert conservation(before, z) is None


def test_one_copy_more_than_the_list_has():
    z = dealt()
    z.move("Gar Fild", "hand", "field")
    z.move("Gar Fild", "hand", "field")
    with pytest.raises(IllegalAction) as exc:
        z.move("Gar Fild", "hand", "field")
    assert exc.value.rule == CONSERVATION
    assert exc.value.message == ("'Gar Fild' is not in hand, and none of its 1 unseen cards can be it: deck:Ana "
                                 "holds no more 'Gar Fild' (seen in field)")


def test_a_card_the_list_never_held():
    z = dealt()
    with pytest.raises(IllegalAction) as exc:
        z.take("Borrowed Strength", "hand")
    assert exc.value.rule == CONSERVATION and "deck:Ana holds no more 'Borrowed Strength'" in exc.value.message


def test_a_zone_without_unseen_cards_keeps_the_engines_rule():
    z = dealt()
    with pytest.raises(IllegalAction) as exc:
        z.take("Oppress", "limbo", rule="3.2 Game Zones")
    assert exc.value.rule == "3.2 Game Zones" and exc.value.message == "'Oppress' is not in limbo"


def test_naming_a_card_in_place_keeps_its_position():
    z = dealt(0)
    before = z.snapshot()
    assert z.name("deck", "Incinerate", index=len(z["deck"]) - 1) == 4  # the top card, looked at
    assert z["deck"][-1] == "Incinerate" and not is_unseen(z["deck"][-1])
    assert z.name("deck", "Incinerate") == 4  # already seen there: nothing changes
    assert conservation(before, z) is None
    with pytest.raises(IllegalAction):
        z.name("deck", "Incinerate", index=0)  # the only Incinerate is the top card


def test_a_shuffle_hides_seen_cards_again():
    z = dealt()
    z.move("Oppress", "hand", "field")
    z.move("Oppress", "field", "deck")
    before = z.snapshot()
    z.conceal("deck", "deck:Ana")
    assert unseen_count(z["deck"]) == 3 and z.unknown["deck:Ana"]["Oppress"] == 1
    assert conservation(before, z) is None
    z.move("Oppress", "deck", "hand")  # it can be drawn again and named
    assert conservation(before, z) is None


def test_named_then_hidden_within_one_entry():
    z = dealt()
    before = z.snapshot()
    z.move("Entrust", "hand", "deck")
    z.conceal("deck", "deck:Ana")
    assert conservation(before, z) is None and z.unknown["deck:Ana"]["Entrust"] == 1


def test_piles_shuffled_together_pool_their_cards():
    z = dealt()
    z.hide("deck:Ben", "deck:Ben", ["Oppress"])
    z.put(z.take_top("deck:Ben"), "deck")
    before = z.snapshot()
    z.conceal("deck", "deck:Ana")
    assert "deck:Ben" not in z.unknown and z.unknown["deck:Ana"]["Oppress"] == 2
    assert all(x == unseen("deck:Ana") for x in z["hand"])
    assert conservation(before, z) is None


def test_a_forged_card_is_still_caught():
    z = dealt()
    before = z.snapshot()
    z.put("Oppress", "field")  # put, not named from anywhere
    assert conservation(before, z) == "appeared from nowhere: Oppress"


def test_copies_are_independent():
    z = dealt()
    c = z.copy()
    c.move("Oppress", "hand", "field")
    assert z.unknown["deck:Ana"]["Oppress"] == 1 and c.unknown["deck:Ana"]["Oppress"] == 0
    assert unseen_count(z["hand"]) == 3



def test_a_copy_and_its_original_change_their_piles_apart():
    """A copy shares each pile's Counter until one side changes it (`Zones.owned`): whichever
    side names, hides, shuffles in or merges a pile, first or later, the other keeps its own."""
    z = dealt()
    z.hide("discard", "discard:Ana", ["Entrust"])
    first = z.copy()
    z.move("Incinerate", "hand", "field")  # the original names a card of the shared pile
    assert first.unknown["deck:Ana"]["Incinerate"] == 1 and z.unknown["deck:Ana"]["Incinerate"] == 0
    first.move("Oppress", "hand", "field")  # then the copy names another
    assert z.unknown["deck:Ana"]["Oppress"] == 1 and first.unknown["deck:Ana"]["Oppress"] == 0
    second = first.copy()  # a copy of a copy: three Zones, none changing another's pile
    second.hide("deck", "deck:Ana", ["Spare"])
    second.conceal("field", "deck:Ana")  # a shuffle turns the named Oppress into an unseen card again
    assert second.unknown["deck:Ana"]["Spare"] == 1 and second.unknown["deck:Ana"]["Oppress"] == 1
    assert "Spare" not in first.unknown["deck:Ana"] and first.unknown["deck:Ana"]["Oppress"] == 0
    third = z.copy()
    third.conceal("hand", "discard:Ana")  # the hand's unseen deck cards join the discard's pile
    assert third.unknown["discard:Ana"] == Counter(DECK) - Counter(["Incinerate"]) + Counter(["Entrust"])
    assert "deck:Ana" not in third.unknown
    assert z.unknown["discard:Ana"] == Counter(["Entrust"]) and "deck:Ana" in z.unknown
    assert z.unknown["deck:Ana"] == Counter(DECK) - Counter(["Incinerate"])

@pytest.mark.parametrize("items, item, index", [
    (["a"], "a", 0), (["a", "b", "a"], "a", 2), (["a", "a", "b"], "a", 1), (["b", "a", "c"], "a", 1),
    (["a", "b", "c", "b", "c"], "b", 3)])
def test_topmost_is_the_highest_copy(items: list[str], item: str, index: int) -> None:
    """A take removes the topmost copy of an item (the end of the list): on top, or below it."""
    assert topmost(items, item) == index
    zones = Zones({"pile": list(items)})
    zones.take(item, "pile")
    assert zones["pile"] == items[:index] + items[index + 1:]

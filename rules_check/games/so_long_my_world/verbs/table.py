"""The verb of each word of a So Long, My World script ({word: verb}; the words are
``pnp.games.so_long_my_world.vocabulary``'s VOCABULARY)."""

from __future__ import annotations

from rules_check.effects import Verb

from .on_cards import Arrange, Discard, Draw, Look, LookAt, Put, Remove, ReturnCard, TakeCard
from .on_feelings import (Change, ChooseFeeling, Give, MoveFeeling, PutExtra, Receive, Return, ReturnAll, SwapFeeling,
                          TakeEvery, TakeFeelings, TakeMore, Trade)
from .on_visions import (ActLast, ChangeVision, ChooseOrder, ChoosePlayer, ChooseVision, FirstPlayer, Renounce, Resolve,
                         SwapCards, SwapVisions, ThisRound, Unlock)


VERBS: dict[str, Verb] = {
    "choose player": ChoosePlayer(),
    "change vision": ChangeVision(),
    "swap visions": SwapVisions(),
    "act last": ActLast(),
    "choose order": ChooseOrder(),
    "first player": FirstPlayer(),
    "take feelings": TakeFeelings(),
    "this round": ThisRound(),
    "receive": Receive(),
    "draw": Draw(),
    "discard": Discard(),
    "remove": Remove(),
    "return": Return(),
    "give": Give(),
    "arrange": Arrange(),
    "look at": LookAt(),
    "return all": ReturnAll(),
    "move feeling": MoveFeeling(),
    "look": Look(),
    "put": Put(),
    "trade": Trade(),
    "choose vision": ChooseVision(),
    "choose feeling": ChooseFeeling(),
    "take every": TakeEvery(),
    "swap cards": SwapCards(),
    "unlock": Unlock(),
    "take card": TakeCard(),
    "put extra": PutExtra(),
    "renounce": Renounce(),
    "swap feeling": SwapFeeling(),
    "return card": ReturnCard(),
    "resolve": Resolve(),
    "take more": TakeMore(),
    "change": Change(),
}

# The words of the vocabulary no verb runs: the rules read them where their rule applies.
# Static abilities, asked by continuous.has_static: Teeth in the Dark at the drain ("4. Vision
# Phase, 2. Drain"), Lighthouse Keeper at a Reboot ("Reboot Cards"), The Symbolic System at a
# card's cost ("2. Feeling Cost"). End cards' steps, read once the table is set (next_game.py,
# "End Cards"): Such Stuff as Dreams's fourth card dealt and one returned, a kept card swapped,
# what a player starts with, the extra Feeling every round (Infinite Spaces).
RULE_WORDS = frozenset({"drain up to", "unaffected by", "pay instead",
                        "dealt", "swap dealt", "start with", "extra every round"})

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

"""What each verb of a So Long, My World script does (the words are
``pnp.games.so_long_my_world.vocabulary``'s VOCABULARY), by part: the table a card acts on (world.py),
the answer readers (readers.py), what several verbs do (acts.py), the verbs of the players
and their Visions (on_visions.py), of Feelings (on_feelings.py) and of cards (on_cards.py),
the table {word: verb} (table.py) and running a script (run.py). A step's options are read
as ``step.options.get(KEY)``, the dict's own method: `Step.get` says the same with a Python
call more, and the verbs read several at every step they run.

`SWorld` is this game's side of the effect machine (`rules_check.effects.machine`). A card's
choices are written in its entry, by name, as in relics: ``to:`` (where a chosen Vision moves)
and ``take:`` (the Feelings taken) beside ``play:``, the rulebook's own keys beside a Vision's
``effect:`` (``discard``, ``move``/``from``, ``remove``), the others in ``choose: {...}``:

    choose player   player      the other player the card names
    change vision   to          a Vision (one mover), or {PLAYER: VISION, ...} (several)
    swap visions    players     the two players (Zero Hour)
    choose order    order       the players, first to act first
    take feelings   take        the Feelings taken
    move feeling    from, feeling, to   where it leaves, which Feeling, where it goes
    discard/remove  discard/remove      the card, from the hand / the field
    trade           return      the Feeling returned
    "you may"       may         yes or no
    change          change      which token changes (Father's Old Coat, when two types count)

Readings (docs/rulings.md SL23-SL26, SL28, SL36-SL38):
- SL23 A chosen Vision changes only to an unlocked Vision, the card player's when the text
  says "of your choice", else the mover's; a player on a Vision off the clock (a Gestalt
  Vision, L'Uno) has no adjacent one and stays. "Any unlocked Vision" is another one.
- SL24 "Choose another player on your Vision" with nobody there does nothing (the card is
  still played and paid).
- SL25 Changes to the Vision Phase order made in the Hindrance Phase take effect when the
  Vision Phase starts (from the First Player, then who acts last); made in the Vision Phase
  (Hindrance cards may be played in step 3, SL7) they reorder the players yet to act.
- SL26 A round rule ("This round, ...") holds until the End Phase.
- SL28 Father's Old Coat asks which token changes when tokens of two types count as the one
  named (The Sky Turns Grey).
- SL36 "Other" is another card, not another name (`others_in_field`).
- SL37 An outcome written empty (``ops: []``) is an outcome: ``written=()`` is checked,
  ``written=None`` is no outcome written.
- SL38 Of alike tokens (one Vision's, two colours), a written outcome's is the one moved.
"""

from .acts import ShowFirst
from .run import (answers_for, answers_of, answers_to_wait, first_question, play_card, resume, run_event, run_script,
                  run_vision)
from .table import VERBS
from .world import SWorld

__all__ = ["VERBS", "SWorld", "ShowFirst", "answers_for", "answers_of", "answers_to_wait", "first_question",
           "play_card", "resume", "run_event", "run_script", "run_vision"]

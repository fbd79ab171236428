"""The effect language: card effects as data (docs/effects.md).

``script`` is what a card's ``script:`` is (abilities, steps, verbs, a game's vocabulary),
``language`` reads one into it, ``phrases`` the nouns in a game's words, ``printer`` prints the
card text from the script, and one vocabulary module per game lists its verbs and phrases. The
rules engines execute scripts with ``rules_check.effects``.
"""

from .language import ACTIVATED, EFFECT, STATIC, TRIGGERED, Ability, Script, ScriptError, Step, Vocabulary, parse_script
from .models import script_field

__all__ = ["ACTIVATED", "EFFECT", "STATIC", "TRIGGERED", "Ability", "Script", "ScriptError", "Step", "Vocabulary",
           "parse_script", "script_field"]

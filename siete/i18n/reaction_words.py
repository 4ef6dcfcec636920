"""The quick reactions' words (siete.engine.reaction_kinds.Reaction), translated: what a player may
send is this fixed list, never free text."""
from __future__ import annotations

from flask_babel import lazy_gettext

from siete.engine.reaction_kinds import Reaction

REACTION_WORDS = {
    Reaction.NICE_HAND: lazy_gettext("Nice hand!"),
    Reaction.UNLUCKY: lazy_gettext("Unlucky!"),
    Reaction.THANKS: lazy_gettext("Thanks"),
    Reaction.WELL_PLAYED: lazy_gettext("Well played"),
    Reaction.APPLAUSE: lazy_gettext("👏 Applause"),
}

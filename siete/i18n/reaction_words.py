"""The quick reactions' words (siete.engine.reaction_kinds.Reaction), translated: what a player may
send is this fixed list, never free text."""
from __future__ import annotations

from siete.engine.reaction_kinds import Reaction
from siete.i18n.catalogs import N_

# Said through labels.word, as every label is (one translation cache per request).
REACTION_WORDS: dict[str, str] = {
    Reaction.NICE_HAND: N_("Nice hand!"),
    Reaction.UNLUCKY: N_("Unlucky!"),
    Reaction.THANKS: N_("Thanks"),
    Reaction.WELL_PLAYED: N_("Well played"),
    Reaction.APPLAUSE: N_("Applause"),  # its picture is an SVG (play/_reaction_icon.html)
}

"""Quick reactions a seated player may send to the table: a fixed set, never free text.

They are not game events: nothing here touches a GameState, its version or its log (the
replay and the exports read only those). The words people read are siete/i18n/reaction_words.py.
"""
from __future__ import annotations

from enum import StrEnum


class Reaction(StrEnum):
    """table_reactions.kind: one of the few things a player may say to the table."""

    NICE_HAND = "nice_hand"
    UNLUCKY = "unlucky"
    THANKS = "thanks"
    WELL_PLAYED = "well_played"
    APPLAUSE = "applause"

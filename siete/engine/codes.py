"""The engine's vocabulary: every code it writes into a state, a log or a hand record.

StrEnums, so each code is its plain string too: it compares equal to the old strings, is
stored in JSON and the database as they were, and the web, the models' CHECK lists and the
CLI's choices derive theirs from these. Words for people are the web layer's (siete/i18n/words.py).
"""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """A game waits for the next deal, has a hand in play, or is over (R7)."""

    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


class SeatStatus(StrEnum):
    """A seat's state within the current hand."""

    WAITING = "waiting"
    PLAYING = "playing"
    STOOD = "stood"
    BUST = "bust"
    OUT = "out"


class Result(StrEnum):
    """How a seat's hand ended (R5): a punter won, won with 7½, lost or bust; or it was the bank."""

    BUST = "bust"
    LOSE = "lose"
    WIN = "win"
    SEVEN_HALF = "seven_half"
    BANK = "bank"


class BankResult(StrEnum):
    """How the bank's turn ended: it did not play (R4.9), stood, had 7½ or bust."""

    STOOD = "stood"
    SEVEN_HALF = "seven_half"
    BUST = "bust"
    DID_NOT_PLAY = "did_not_play"


class Event(StrEnum):
    """The kinds of the log's [event, seat, value] facts (siete/i18n/words.py says them)."""

    HAND = "hand"  # value: the hand's number; seat: its bank
    DEAL = "deal"  # value: the bank's card, dealt face up
    BET = "bet"
    DRAW = "draw"
    STAND = "stand"  # value "bank" when the bank stands; also the stand R4.6 makes at 7½
    SEVEN_HALF = "seven_half"  # only in logs saved before #24: read as a stand (state.from_dict)
    BUST = "bust"  # value: the first card, shown as it busts
    WIN = "win"  # value: [paid, due, total]
    LOSE = "lose"
    OUT = "out"
    TAKES_BANK = "takes_bank"
    WINNER = "winner"
    TIMEOUT = "timeout"
    AWAY = "away"
    BACK = "back"
    REPLACED = "replaced"


class Action(StrEnum):
    """A player's moves by name; a turn's record keeps the draws and the stand."""

    BET = "bet"
    DRAW = "draw"
    STAND = "stand"


class BotProfile(StrEnum):
    """The bot strategies (R8), in the order forms and commands list them (engine/bots.py)."""

    STANDARD = "standard"
    CAUTIOUS = "cautious"
    BOLD = "bold"


class EngineProfile(StrEnum):
    """Bot profiles the engine and the simulator play that tables do not seat yet: the
    database's vocabulary (BotProfile, its CHECK lists and migrations) gains them first."""

    EXPERT = "expert"

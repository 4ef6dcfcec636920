"""The words the data side stores: one StrEnum per column that holds one of a few strings.

Each member is the string stored (the schema's CHECK lists are built from them, and a member
compares equal to its string), so the stored data is the same as before these types existed.
A game's status and a seat's state are different words even where they are spelt alike: the
seat's live states belong to the engine. The words of a game's play (results, actions, bot
profiles) are the engine's own (siete/engine/codes.py): the columns store those.
"""
from __future__ import annotations

from enum import StrEnum

from siete.engine.codes import BotProfile

__all__ = ["BotProfile", "ClashKind", "GameMode", "GameStatus", "MailKind", "OPEN_STATUSES",
           "OutboxStatus", "PlayerKind", "Suit"]


class GameStatus(StrEnum):
    """games.status: a table's life."""

    WAITING = "waiting"  # open, taking seats
    PLAYING = "playing"  # started: it has a game_states row
    FINISHED = "finished"
    ABANDONED = "abandoned"  # closed before or instead of finishing


# Tables that still count against their creator's limit, and that the lobby lists.
OPEN_STATUSES = (GameStatus.WAITING, GameStatus.PLAYING)


class GameMode(StrEnum):
    """games.mode: who sits at the table."""

    HUMANS = "humans"
    MIXED = "mixed"
    BOTS = "bots"

    @classmethod
    def of(cls, humans: int, bots: int) -> GameMode:
        """The mode of a table with this many people and bots."""
        return cls.BOTS if humans == 0 else cls.HUMANS if bots == 0 else cls.MIXED


class PlayerKind(StrEnum):
    """players.kind."""

    HUMAN = "human"
    BOT = "bot"


class Suit(StrEnum):
    """cards.suit."""

    OROS = "Oros"
    COPAS = "Copas"
    ESPADAS = "Espadas"
    BASTOS = "Bastos"


class ClashKind(StrEnum):
    """identity_clashes.kind: what two rows shared when migration 0002 made it unique."""

    EMAIL = "email"
    USERNAME = "username"
    PLAYER_NAME = "player_name"


class MailKind(StrEnum):
    """mail_outbox.kind: what was asked for (the worker writes the mail)."""

    PASSWORD_RESET = "password_reset"


class OutboxStatus(StrEnum):
    """mail_outbox.status: a request's life in the outbox."""

    PENDING = "pending"  # to be sent (again, after next_attempt_at)
    SENT = "sent"  # handed to the SMTP server (or, in development, to the log)
    NO_ACCOUNT = "no_account"  # no account has the address: nothing to send
    GIVEN_UP = "given_up"  # refused for good, or still failing after the give-up time

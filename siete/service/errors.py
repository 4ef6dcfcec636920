"""Errors a table action can end in: each carries a code (why) with the values its words need,
and an HTTP status. The services know no words: the edge (the web, the command line) says the
code in the reader's language (siete/i18n/error_words.py)."""
from __future__ import annotations

from enum import StrEnum

from siete.engine.codes import RuleCode
from siete.engine.state import RuleError


class Problem(StrEnum):
    """Why the services refuse an action (the rules' own refusals are the engine's RuleCodes)."""

    NO_SUCH_TABLE = "no_such_table"
    SIGNED_OUT = "signed_out"
    # a running table
    UNKNOWN_ACTION = "unknown_action"
    NOT_PLAYED_NOW = "not_played_now"
    NOT_SEATED = "not_seated"
    TABLE_MOVED_ON = "table_moved_on"
    BOT_PLAYS_YOUR_SEAT = "bot_plays_your_seat"
    # a new table (R2.1-R2.3 and the form's limits)
    SEAT_COUNT = "seat_count"  # values: min, max
    UNKNOWN_PROFILES = "unknown_profiles"  # values: names
    NO_SEAT_FOR_CREATOR = "no_seat_for_creator"
    BOTS_ONLY_OFF = "bots_only_off"
    HAND_COUNT = "hand_count"  # values: max
    TURN_TIMER = "turn_timer"  # values: min, max
    NAME_CHARACTERS = "name_characters"
    NAME_STACKED_MARKS = "name_stacked_marks"  # values: max
    NO_BOT_NAME = "no_bot_name"
    TOO_MANY_OPEN = "too_many_open"  # values: count
    # taking a seat, leaving it, starting
    ALREADY_STARTED = "already_started"
    ALREADY_SEATED = "already_seated"
    TABLE_FULL = "table_full"
    LEAVING_STARTED = "leaving_started"
    CREATOR_ONLY = "creator_only"
    SEATS_FREE = "seats_free"  # values: num
    NOT_DUE = "not_due"  # Play now's countdown has not run out
    GUEST_NOT_ALLOWED = "guest_not_allowed"  # guests may not do this (SECURITY.md)
    # quick reactions (siete/service/social/reactions.py)
    UNKNOWN_REACTION = "unknown_reaction"
    SEATED_ONLY_REACT = "seated_only_react"
    REACTION_TOO_SOON = "reaction_too_soon"  # values: seconds
    REACTIONS_PER_MINUTE = "reactions_per_minute"  # values: count
    REACTIONS_CLOSED = "reactions_closed"  # values: minutes
    # chat at the table (siete/service/social/chat.py)
    CHAT_EMPTY = "chat_empty"
    CHAT_TOO_LONG = "chat_too_long"  # values: max, length
    CHAT_CHARACTERS = "chat_characters"
    CHAT_STACKED_MARKS = "chat_stacked_marks"  # values: max
    CHAT_NOT_ALLOWED = "chat_not_allowed"
    CHAT_TOO_FAST = "chat_too_fast"  # values: count, seconds
    CHAT_CLOSED = "chat_closed"  # values: minutes
    CHAT_NO_SUCH_PERSON = "chat_no_such_person"
    # play with friends
    PUBLIC_TABLE = "public_table"
    NOT_INVITED = "not_invited"
    INVITES_PENDING = "invites_pending"  # values: names, seconds
    SEATS_HELD = "seats_held"  # values: names, seconds
    NOT_A_PLAYER = "not_a_player"
    GAME_NOT_OVER = "game_not_over"  # "Play again" at a table still waiting or being played


class TableError(Exception):
    """An action that cannot be done: `code` says why (a Problem, or the rules' RuleCode),
    `values` what the reason names; nothing was changed."""

    status = 400

    def __init__(self, code: Problem | RuleCode, **values: str | int) -> None:
        super().__init__(code)
        self.code = code
        self.values = values

    @classmethod
    def of(cls, error: RuleError) -> TableError:
        """The rules' refusal, passed on with its code and values."""
        return cls(error.code, **error.values)

    def __str__(self) -> str:  # for logs and tests; people read error_words' sentences
        return f"{self.code}: {self.values}" if self.values else str(self.code)


class TableNotFound(TableError):
    """No such table (or game): named apart from Werkzeug's NotFound, which routes raise too."""

    status = 404


class SignedOut(TableError):
    """The session names an account whose sessions were revoked (or that is gone): log in again."""

    status = 401


class NotAllowed(TableError):
    """The user may not act here: not seated, another seat, or not the table's creator."""

    status = 403


class Conflict(TableError):
    """The table changed since the player looked (a stale tab, a double click, a race)."""

    status = 409


class RuleBroken(TableError):
    """The rules forbid the move (out of turn, a bet out of range, an empty deck)."""

    status = 422


class TooMany(TableError):
    """The account has reached a limit (tables open at once, reactions a minute)."""

    status = 429

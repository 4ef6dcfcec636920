"""Errors a table action can end in, each with words a player can read and an HTTP status."""
from __future__ import annotations


class TableError(Exception):
    """An action that cannot be done; `message` speaks to the player."""

    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


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
    """The account has reached a limit (tables open at once).

    Its message may be a lazy translation, read in the language of the request that shows it.
    """

    status = 429

    @property
    def message(self) -> str:
        return str(self._message)

    @message.setter
    def message(self, value) -> None:
        self._message = value

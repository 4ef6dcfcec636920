"""Locking a table for a change: with its seats (who sits), or as plain rows (moves, timers),
or for the login session a signed cookie names, checked in the statement that takes the lock."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NoReturn

from siete.data.base import utcnow
from siete.data.game_rows import (
    GameRow,
    PlainStateRow,
    game_exists,
    lock_started,
    lock_started_for_session,
    lock_with_seats,
)
from siete.data.games import Game, GameStateRow
from siete.data.login_sessions import SessionClaim
from siete.service.accounts.sessions import is_stale, mark_seen
from siete.service.errors import Conflict, Problem, SignedOut, TableNotFound
from siete.service.unit_of_work import unit_of_work


@contextmanager
def locked_table(game_id: int) -> Iterator[tuple[Game, GameStateRow | None]]:
    """The game with its seats and its state, row-locked until commit; any error rolls back.

    For what changes who sits (join, leave a waiting table, start); moves and timers take
    locked_started_table, which reads no objects.
    """
    with unit_of_work():
        yield _lock_table(game_id)


@contextmanager
def locked_started_table(game_id: int, skip_locked: bool = False) -> Iterator[tuple[GameRow, PlainStateRow]]:
    """A started table's game and state as plain rows, locked until commit; any error rolls back.

    With skip_locked (the worker), a table another transaction holds is Conflict, not waited for.
    """
    with unit_of_work():
        started = lock_started(game_id, skip_locked)
        if started is None:
            _not_started(game_id)
        yield started


@contextmanager
def locked_table_for(game_id: int, player_name: str | None, claim: SessionClaim | None
                     ) -> Iterator[tuple[GameRow, PlainStateRow, Mover]]:
    """locked_started_table for a mover: `player_name` as given, or, for a login session's
    `claim`, its account read with the lock, in the same statement that checks the session is
    still live. A session last seen over a minute ago is marked seen in the same transaction.
    (The seats are not read: the answer shows the presence the mover's page sent, and the
    mover's polls mark them here.)"""
    if claim is None:  # the name is known: a loaded user
        with locked_started_table(game_id) as (game, row):
            yield game, row, Mover(None, player_name)
        return
    with unit_of_work():
        started = lock_started_for_session(game_id, claim)
        if started is None:
            _not_started(game_id)
        game, row, now = started
        if now.user_id is None:  # ended (logged out, elsewhere too), or never was
            raise SignedOut(Problem.SIGNED_OUT)
        if is_stale(now.last_seen_at, utcnow()):
            mark_seen(claim.session_id)
        yield game, row, Mover(now.user_id, now.player_name)


@dataclass(frozen=True)
class Mover:
    """Who moves: the user id when a session's check read it with the lock, and the player name."""

    user_id: int | None
    player_name: str | None


def _not_started(game_id: int) -> NoReturn:
    if not game_exists(game_id):
        raise TableNotFound(Problem.NO_SUCH_TABLE)
    raise Conflict(Problem.NOT_PLAYED_NOW)


def _lock_table(game_id: int) -> tuple[Game, GameStateRow | None]:
    """The game row locked with its seats, then its state row if it has started."""
    locked = lock_with_seats(game_id)
    if locked is None:
        raise TableNotFound(Problem.NO_SUCH_TABLE)
    return locked

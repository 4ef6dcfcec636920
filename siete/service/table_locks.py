"""Locking a table for a change: with its seats (who sits), or as plain rows (moves, timers),
or for the account a signed session names, checked in the statement that takes the lock."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NoReturn

from siete.data.game_rows import (
    GameRow,
    PlainStateRow,
    game_exists,
    lock_started,
    lock_started_for_account,
    lock_with_seats,
)
from siete.data.games import Game, GameStateRow
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


@dataclass(frozen=True)
class SessionAccount:
    """The account a signed session names, not yet checked against the database (#15.2)."""

    user_id: int
    generation: int


@contextmanager
def locked_table_for(game_id: int, player_name: str | None, account: SessionAccount | None
                     ) -> Iterator[tuple[GameRow, PlainStateRow, str | None]]:
    """locked_started_table for a mover: `player_name` as given, or, for a session's `account`,
    read with the lock, in the same statement that checks the session is still valid."""
    if account is None:
        with locked_started_table(game_id) as (game, row):
            yield game, row, player_name
        return
    with unit_of_work():
        started = lock_started_for_account(game_id, account.user_id)
        if started is None:
            _not_started(game_id)
        game, row, now = started
        if now.generation != account.generation:  # revoked, or no such account any more
            raise SignedOut(Problem.SIGNED_OUT)
        yield game, row, now.player_name


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

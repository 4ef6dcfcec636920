"""A table's seats as presence and reactions need them, read as one column of another statement.

The poll and a move each read their table in one statement; the seats (up to eight) come along as
one JSON array built by a correlated scalar subquery (`seats_column`), so neither pays a round
trip of its own for them, nor gets a row per seat with the game's columns repeated. Inside a
locking read (a move) the subquery locks nothing: MySQL and MariaDB lock only the rows of the
statement's own tables, so a poll's presence write never waits for a seat row a move read.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Label, String, func, literal_column, select
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.functions import FunctionElement

from siete.data.games import GamePlayer
from siete.data.people import Player

SEATS, PLAYERS = GamePlayer.__table__, Player.__table__


@dataclass(frozen=True)
class WatchedSeat:
    """One seat as a poll sees it: who sits, when their person was last seen, how many
    reactions they sent, and whether the polling browser's account is theirs."""

    player_id: int
    player_name: str
    join_order: int
    human: bool
    last_seen_at: datetime | None
    reactions_sent: int
    is_viewer: bool


@dataclass(frozen=True)
class WatchRow:
    """A table as the page watching it reads it (WATCH_ROW, one statement): the game's status,
    its live version and deadline (None before it starts) and its seats."""

    status: str
    version: int | None
    deadline: datetime | None
    seats: tuple[WatchedSeat, ...]
    private: bool = False  # a private table: its poll answers only who may see it
    invite_token: str | None = None
    messages_sent: int = 0  # chat messages said at the table (siete.service.social.chat)
    pending_invites: int = 0  # a rematch's invitees who can still answer


@dataclass(frozen=True)
class PollSummaryRow:
    """What an unchanged poll of a started public table compares, as POLL_ROW (siete.data.
    presence_rows) sums it up in the database: the live version and deadline, the seats seen
    lately as bits by join order, the reactions sent, and the seat the poll named (whether
    there is one, and when it was last seen)."""

    version: int
    deadline: datetime | None
    here_bits: int
    reactions: int
    named_seat_exists: bool
    named_seat_seen_at: datetime | None
    messages: int = 0  # chat messages said at the table


class json_array_of(FunctionElement[str]):  # noqa: N801 (SQL functions are lower case)
    """An aggregate: the rows' values as one JSON array (SQLite json_group_array, MySQL and
    MariaDB JSON_ARRAYAGG; the same text either way, which json.loads reads)."""

    name = "json_array_of"
    type = String()
    inherit_cache = True


@compiles(json_array_of)
def _json_group_array(element: json_array_of, compiler: SQLCompiler, **kw: Any) -> str:
    return f"json_group_array({compiler.process(element.clauses, **kw)})"


@compiles(json_array_of, "mysql")
@compiles(json_array_of, "mariadb")
def _json_arrayagg(element: json_array_of, compiler: SQLCompiler, **kw: Any) -> str:
    return f"JSON_ARRAYAGG({compiler.process(element.clauses, **kw)})"


def _pair(key: str, value: ColumnElement[Any]) -> tuple[ColumnElement[Any], ColumnElement[Any]]:
    return literal_column(f"'{key}'"), value


def seats_column(game_id: ColumnElement[int]) -> Label[str]:
    """The seats of the game `game_id` names, as a JSON array of objects (NULL if none).

    Short keys: the text travels with every poll. json_object is spelled alike in both."""
    seat = func.json_object(*_pair("p", SEATS.c.player_id), *_pair("n", PLAYERS.c.name),
                            *_pair("o", SEATS.c.join_order), *_pair("u", PLAYERS.c.user_id),
                            *_pair("s", SEATS.c.last_seen_at), *_pair("r", SEATS.c.reactions_sent))
    return (select(json_array_of(seat))
            .select_from(SEATS.join(PLAYERS, PLAYERS.c.id == SEATS.c.player_id))
            .where(SEATS.c.game_id == game_id)
            .scalar_subquery().label("seats"))


def seats_of(text: str | None, viewer_user_id: int | None = None,
             viewer_name: str | None = None) -> tuple[WatchedSeat, ...]:
    """The seats from seats_column's JSON, in join order; the viewer's is the seat of that
    account (a poll's login session) or of that player name (a mover)."""
    if not text:
        return ()
    seats = (_seat(item, viewer_user_id, viewer_name) for item in json.loads(text))
    return tuple(sorted(seats, key=lambda seat: seat.join_order))


def _seat(item: dict[str, Any], viewer_user_id: int | None, viewer_name: str | None) -> WatchedSeat:
    user_id, name = item["u"], item["n"]
    viewer = (user_id is not None and user_id == viewer_user_id) or (
        viewer_name is not None and name == viewer_name)
    seen = item["s"]  # 'YYYY-MM-DD HH:MM:SS[.ffffff]' in both databases
    return WatchedSeat(int(item["p"]), name, int(item["o"]), user_id is not None,
                    None if seen is None else datetime.fromisoformat(seen),
                    int(item["r"]), viewer)

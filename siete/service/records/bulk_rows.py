"""Raw many-row INSERTs for bulk recording (siete/service/records/bot_games.py's batches).

Literal VALUES lists and ids worked out from the first one: storing ~60 turns and ~120
actions per game through the driver's parameter escaping cost more than MariaDB's work.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection

from siete.data.base import db
from siete.engine.codes import TURN_ACTIONS, BankResult, Result


@contextmanager
def foreign_keys_unchecked(connection: Connection) -> Iterator[None]:
    """MariaDB skips checking the foreign keys of the rows written inside (this session only).

    Checking them was about a tenth of MariaDB's CPU per game (3.3 ms -> 3.0). The rows are
    known to be consistent: each id they hold was just handed out by this transaction's INSERTs
    (games, seats, hands, turns), or is a card id read from `cards`, or a seat's player id
    already checked when the seat went in. The check is back on before anything else runs.
    """
    if connection.dialect.name not in ("mysql", "mariadb"):
        yield
        return
    connection.exec_driver_sql("SET SESSION foreign_key_checks = 0")
    try:
        yield
    finally:
        connection.exec_driver_sql("SET SESSION foreign_key_checks = 1")


# The three big tables go in as literal many-row INSERTs: escaping ~25,000 parameters a batch
# through the driver took more time than the database spent storing them. Every value is a
# number, NULL or one of the engine's own words (checked below), never text from a person;
# the audit columns keep their defaults, which are what record_hand writes ('system', now).
TURN_COLUMNS = ("hand_id", "game_player_id", "game_id", "player_id", "position", "points_start",
                "points_end", "bet", "first_card_id", "total", "cards_drawn", "result",
                "hand_number")
ACTION_COLUMNS = ("turn_id", "seq", "action", "card_id", "automatic")
HAND_COLUMNS = ("game_id", "number", "bank_game_player_id", "bank_total", "bank_result")
ENGINE_WORDS = frozenset({*Result, *BankResult, *TURN_ACTIONS})
ROWS_PER_INSERT = 2000


# Every literal that is not a number (bool is not `int` by type, so it is looked up here).
WORD_LITERALS: dict[object, str] = {None: "NULL", True: "1", False: "0",
                                    **{w: f"'{w}'" for w in ENGINE_WORDS}}


def _literal(value: object) -> str:
    kind = type(value)  # called millions of times a run: the cheapest checks first
    if kind is int or kind is float:
        return repr(value)
    try:
        return WORD_LITERALS[value]
    except (KeyError, TypeError):
        raise ValueError(f"not a value the bulk insert writes literally: {value!r}") from None


def literals(row: tuple[object, ...]) -> str:
    """A row's values as the SQL between the parentheses of a VALUES list."""
    return ",".join(map(_literal, row))


def insert_literal_rows(columns: tuple[str, ...], table: str, rows: list[str],
                        returning: bool = False) -> list[int]:
    """INSERT rows (each `literals` of its values) in chunks; with `returning`, their new ids
    in the rows' order.

    A many-row INSERT takes consecutive ids in row order (InnoDB's auto-increment lock mode
    0 or 1, MariaDB's default, and SQLite), which is also what SQLAlchemy's insertmanyvalues
    relies on: sorting the returned ids gives them back in row order.
    """
    connection, ids = db.session.connection(), list[int]()
    head = f"INSERT INTO {table} ({', '.join(f'`{c}`' if c == 'position' else c for c in columns)}) VALUES ("
    head = head if db.engine.dialect.name in ("mysql", "mariadb") else head.replace("`", '"')
    consecutive = returning and _consecutive_ids(connection)
    for start in range(0, len(rows), ROWS_PER_INSERT):
        chunk = rows[start:start + ROWS_PER_INSERT]
        sql = head + "),(".join(chunk) + (")" if consecutive or not returning else ") RETURNING id")
        result = connection.exec_driver_sql(sql)
        if consecutive:  # LAST_INSERT_ID() is the first row's id; the others follow it
            if result.rowcount != len(chunk):
                raise RuntimeError(f"{table}: {result.rowcount} rows stored of {len(chunk)}")
            ids += range(result.lastrowid, result.lastrowid + len(chunk))
        elif returning:
            ids += sorted(result.scalars().all())
    return ids


def _consecutive_ids(connection: Connection) -> bool:
    """Whether a many-row INSERT's ids are its first id + 0, 1, 2...: InnoDB's auto-increment
    lock modes 0 and 1 (MariaDB's default) with a step of 1. Then the ids need not be read
    back: parsing RETURNING's hundred thousand rows took seconds per thousand games."""
    if connection.dialect.name not in ("mysql", "mariadb"):
        return False
    settings = connection.exec_driver_sql(
        "SELECT @@innodb_autoinc_lock_mode, @@auto_increment_increment").one()
    return int(settings[0]) in (0, 1) and int(settings[1]) == 1

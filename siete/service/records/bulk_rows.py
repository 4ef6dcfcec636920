"""Raw many-row INSERTs for bulk recording (siete/service/records/bot_games.py's batches).

Literal VALUES lists and ids worked out from the first one: storing ~60 turns and ~120
actions per game through the driver's parameter escaping cost more than MariaDB's work.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Table, insert

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


class BulkWriter:
    """Many-row INSERTs on one transaction's connection, giving back the new ids in row order.

    A many-row INSERT takes consecutive ids in row order (InnoDB's auto-increment lock mode
    0 or 1, MariaDB's default, and SQLite), which is also what SQLAlchemy's insertmanyvalues
    relies on: on MariaDB the ids are worked out from the first one (parsing RETURNING's hundred
    thousand rows took seconds per thousand games), elsewhere RETURNING's are sorted.
    """

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.mariadb = connection.dialect.name in ("mysql", "mariadb")
        self._consecutive: bool | None = None  # asked of the database when ids are first needed

    @property
    def consecutive(self) -> bool:
        if self._consecutive is None:
            self._consecutive = _consecutive_ids(self.connection)
        return self._consecutive

    def insert_literals(self, table: str, columns: tuple[str, ...], pieces: Sequence[str],
                        counts: Sequence[int] | None = None, returning: bool = False) -> list[int]:
        """INSERT pieces of rows, each piece one or more (`counts`) rows of `literals` joined by
        "),(", in statements of about ROWS_PER_INSERT rows; with `returning`, the new ids."""
        quote = "`" if self.mariadb else '"'
        names = ", ".join(f"{quote}{c}{quote}" if c == "position" else c for c in columns)
        head = f"INSERT INTO {table} ({names}) VALUES ("
        ids: list[int] = []
        for chunk, rows in _chunks(pieces, counts or [1] * len(pieces)):
            read_back = returning and not self.consecutive
            result = self.connection.exec_driver_sql(
                head + "),(".join(chunk) + (") RETURNING id" if read_back else ")"))
            if read_back:
                ids += sorted(result.scalars().all())
            elif returning:  # LAST_INSERT_ID() is the first row's id; the others follow it
                if result.rowcount != rows:
                    raise RuntimeError(f"{table}: {result.rowcount} rows stored of {rows}")
                ids += range(result.lastrowid, result.lastrowid + rows)
        return ids

    def insert_values(self, table: Table, rows: list[dict[str, Any]],
                      returning: bool = False) -> list[int]:
        """INSERT rows of any values (every row with the same keys); with `returning`, the new
        ids. On MariaDB the driver quotes each row's values (PyMySQL's documented `mogrify`, what
        its own executemany does) into one literal INSERT; elsewhere SQLAlchemy's insert."""
        mogrify = getattr(self.connection.connection.cursor(), "mogrify", None) \
            if self.mariadb else None
        if mogrify is None:
            statement = insert(table).returning(table.c.id, sort_by_parameter_order=True) \
                if returning else insert(table)
            result = self.connection.execute(statement, rows)
            return list(result.scalars()) if returning else []
        columns = tuple(rows[0])
        row = ",".join(["%s"] * len(columns))
        pieces = [mogrify(row, tuple(values[c] for c in columns)) for values in rows]
        return self.insert_literals(table.name, columns, pieces, returning=returning)


def _chunks(pieces: Sequence[str], counts: Sequence[int]) -> Iterator[tuple[list[str], int]]:
    """The pieces in runs of about ROWS_PER_INSERT rows (a piece is never split), with each
    run's number of rows."""
    chunk: list[str] = []
    rows = 0
    for piece, count in zip(pieces, counts, strict=True):
        chunk.append(piece)
        rows += count
        if rows >= ROWS_PER_INSERT:
            yield chunk, rows
            chunk, rows = [], 0
    if chunk:
        yield chunk, rows


def _consecutive_ids(connection: Connection) -> bool:
    """Whether a many-row INSERT's ids are its first id + 0, 1, 2...: InnoDB's auto-increment
    lock modes 0 and 1 (MariaDB's default) with a step of 1. Then the ids need not be read
    back."""
    if connection.dialect.name not in ("mysql", "mariadb"):
        return False
    settings = connection.exec_driver_sql(
        "SELECT @@innodb_autoinc_lock_mode, @@auto_increment_increment").one()
    return int(settings[0]) in (0, 1) and int(settings[1]) == 1

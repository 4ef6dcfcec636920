"""What every model shares: the database handle and declarative base, the control columns,
MySQL column variants and the enumerations."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from flask_sqlalchemy import SQLAlchemy
from flask_sqlalchemy.session import Session as AppSession
from sqlalchemy import (
    CompoundSelect,
    DateTime,
    MetaData,
    Numeric,
    Select,
    SmallInteger,
    String,
    Table,
    Text,
    func,
)
from sqlalchemy.dialects import mysql
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, scoped_session

from siete.data.vocabulary import GameMode, GameStatus, PlayerKind, Suit
from siete.engine.codes import TURN_ACTIONS, BankResult, BotProfile, GameResult, Result

# Deterministic constraint names, identical to the ones written in sql/schema.sql, so the
# two ways of building the schema give the same database (tests/data/test_schema.py checks it).
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base of every model."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


# Objects stay loaded after commit: a move commits and then renders the table from the rows it
# just wrote, and expiring them would re-read the user, the game and every seat (the load bench
# counted 6 extra queries per move). Sessions are per request, so nothing outlives its request.
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})

# The request's session (db.session), and statements whose columns are read by position.
DbSession: TypeAlias = scoped_session[AppSession]
AnySelect: TypeAlias = Select[*tuple[Any, ...]]
AnyCompoundSelect: TypeAlias = CompoundSelect[*tuple[Any, ...]]

# Every model's base. Flask-SQLAlchemy builds db.Model at run time (a subclass of Base), which
# type checkers cannot follow (mypy#8603): they see Base, whose columns are the typed ones.
if TYPE_CHECKING:
    class Model(Base):
        __abstract__ = True
        __table__: ClassVar[Table]  # a model's table is a Table (insert, update and delete take it)
else:
    Model = db.Model

# MySQL column types the generic ones would widen (SMALLINT, TEXT); SQLite keeps the generic ones.
TinyInt = SmallInteger().with_variant(mysql.TINYINT(), "mysql", "mariadb")
LongText = Text().with_variant(mysql.LONGTEXT(), "mysql", "mariadb")
# Totals are whole or half points, exact as floats, so no Decimal round trip is needed.
Points = Numeric(3, 1, asdecimal=False)
# InnoDB with the binary collation: names sort and compare byte-wise, as on SQLite.
MYSQL_TABLE = {"mysql_engine": "InnoDB", "mysql_charset": "utf8mb4", "mysql_collate": "utf8mb4_bin"}

# The CHECK lists of the schema, in the order sql/schema.sql writes them.
SUITS = tuple(Suit)
PLAYER_KINDS = tuple(PlayerKind)
BOT_PROFILES = tuple(BotProfile)
GAME_STATUSES = tuple(GameStatus)
GAME_MODES = tuple(GameMode)
SEAT_RESULTS = tuple(GameResult)
BANK_RESULTS = tuple(BankResult)
TURN_RESULTS = tuple(Result)
ACTIONS = TURN_ACTIONS


def utcnow() -> datetime:
    """Now in UTC, naive and to the second, as DATETIME columns store it."""
    return datetime.now(UTC).replace(tzinfo=None, microsecond=0)


def utcnow_ms() -> datetime:
    """Now in UTC, naive and to the millisecond, as game_states.turn_deadline stores it (a
    paced bot's move is due less than a second after the last one)."""
    now = datetime.now(UTC)
    return now.replace(tzinfo=None, microsecond=now.microsecond // 1000 * 1000)


def one_of(column: str, values: tuple[str, ...], nullable: bool = False) -> str:
    """A CHECK expression limiting column to values (and NULL when nullable)."""
    listed = ", ".join(f"'{v}'" for v in values)
    return f"{column} IS NULL OR {column} IN ({listed})" if nullable else f"{column} IN ({listed})"


class ControlColumns:
    """The four audit columns every table carries (brief, M02); the app fills them in."""

    created_at: Mapped[datetime] = mapped_column(
        DateTime, default=utcnow, server_default=func.current_timestamp())
    created_by: Mapped[str] = mapped_column(String(64), default="system", server_default="system")
    updated_at: Mapped[datetime] = mapped_column(
        DateTime, default=utcnow, onupdate=utcnow, server_default=func.current_timestamp())
    updated_by: Mapped[str] = mapped_column(String(64), default="system", server_default="system")

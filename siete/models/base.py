"""What every model shares: the control columns, MySQL column variants and the enumerations."""
from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DateTime, Numeric, SmallInteger, String, Text, func
from sqlalchemy.dialects import mysql
from sqlalchemy.orm import Mapped, mapped_column

# MySQL column types the generic ones would widen (SMALLINT, TEXT); SQLite keeps the generic ones.
TinyInt = SmallInteger().with_variant(mysql.TINYINT(), "mysql", "mariadb")
LongText = Text().with_variant(mysql.LONGTEXT(), "mysql", "mariadb")
# Totals are whole or half points, exact as floats, so no Decimal round trip is needed.
Points = Numeric(3, 1, asdecimal=False)
# InnoDB with the binary collation: names sort and compare byte-wise, as on SQLite.
MYSQL_TABLE = {"mysql_engine": "InnoDB", "mysql_charset": "utf8mb4", "mysql_collate": "utf8mb4_bin"}

SUITS = ("Oros", "Copas", "Espadas", "Bastos")
PLAYER_KINDS = ("human", "bot")
BOT_PROFILES = ("standard", "cautious", "bold")
GAME_STATUSES = ("waiting", "playing", "finished", "abandoned")
GAME_MODES = ("humans", "mixed", "bots")
SEAT_RESULTS = ("won", "lost")
BANK_RESULTS = ("stood", "seven_half", "bust", "did_not_play")
TURN_RESULTS = ("bust", "lose", "win", "seven_half", "bank")
ACTIONS = ("draw", "stand")


def utcnow() -> datetime:
    """Now in UTC, naive and to the second, as DATETIME columns store it."""
    return datetime.now(UTC).replace(tzinfo=None, microsecond=0)


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

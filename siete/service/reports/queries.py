"""The reports' reads: each runs one SQL file of sql/reports/ as it is, with bound values.

`run_report` runs a report's definition over the raw record (what `reports --plain` shows and
what the tests check the rest against); `read_report` reads the same rows from the aggregates
(siete/service/reports/aggregates.py keeps them as games finish), at a fixed cost: the pages,
the downloads and the command line read these. Twelve reports have a row per player (or
card, position, hand number) and are read whole; the four game lists grow with the history,
so a page of them is read through an index, `limit` rows from `offset`.
"""
from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import func, select, text

from siete.data.base import db
from siete.data.people import Player
from siete.service.reports.definitions import (
    REPORTS,
    REPORTS_SQL,
    Cell,
    ReportDef,
    ReportRows,
    Row,
    get_report,
    report_sql,
)

# Columns that hold a rounded ratio. MySQL returns them (and SUM/COUNT too) as DECIMAL and
# SQLite as REAL or INTEGER; naming them keeps the Python types the same on both databases.
FLOAT_COLUMNS = frozenset({"won_pct", "avg_bet", "avg_per_game"})
BETS = ("highest_bet", "lowest_bet")
# The game lists read whole (the CLI, the tests): LIMIT has no "all" that both databases
# take, so a bound no history reaches.
EVERY_ROW = 2**62
# A game list's order is a key: (minus_points, game) for report 10, the game for the others.
Key = tuple[int, ...]
# The keys a game list's files bound their rows with, open: every row.
OPEN_BOUNDS = {"after_game": -1, "upto_game": EVERY_ROW, "after_points": -EVERY_ROW, "upto_points": EVERY_ROW}


def _rows(sql_file: str, params: dict[str, Any] | None = None) -> list[list[object]]:
    return [list(row) for row in db.session.execute(text(report_sql(sql_file)), params or {})]


def _number(sql_file: str, params: dict[str, Any]) -> int:
    return int(db.session.execute(text(report_sql(sql_file)), params).scalar() or 0)


def find_player(name: str | None) -> tuple[str, int] | None:
    """The player called `name`, or the one player so called in another case (CRIS for cris,
    as the profiles read it), as (its own spelling, its id); None for no name or no such player."""
    if not name:
        return None
    exact = db.session.execute(select(Player.name, Player.id).where(Player.name == name)).first()
    if exact is not None:
        return exact[0], exact[1]
    rows = db.session.execute(select(Player.name, Player.id)
                              .where(func.lower(Player.name) == name.lower()).limit(2)).all()
    return (rows[0][0], rows[0][1]) if len(rows) == 1 else None


def long_wins_threshold() -> int | None:
    """minus_points below this is a winner above the average (None: no winner yet).

    points > W / N for integers is points >= W // N + 1, so -points < -(W // N).
    """
    row = db.session.execute(text(report_sql(f"{REPORTS_SQL}/10_long_wins_threshold.aggregate.sql"))).first()
    if row is None or not row[0]:
        return None
    return -(int(row[1]) // int(row[0]))


def run_report(report: ReportDef) -> ReportRows:
    """Run one report's definition, its SQL file, over the raw record (needs an app context).

    The pages and the CLI read the aggregates instead (read_report); this is what they are
    checked against, and a way to see the figures without trusting them.
    """
    return _result(report, _rows(report.sql_file))


def read_report(report: ReportDef, limit: int | None = None, offset: int = 0,
                player_id: int | None = None) -> ReportRows:
    """The report's rows from its aggregates: the same rows as run_report, at a fixed cost.

    limit/offset/player_id narrow the four game lists (2, 3, 10, 13; 2 and 3 page by game);
    the other reports are small and always read whole.
    """
    return _result(report, list_rows(report, limit, offset, player_id))


def run_reports(only: str | None = None, plain: bool = False) -> list[ReportRows]:
    """All sixteen reports in order (every row), or only the one called `only`.

    From the aggregates, unless `plain` asks for the SQL definitions over the raw record.
    """
    chosen = REPORTS if only is None else (get_report(only),)
    return [run_report(report) if plain else read_report(report) for report in chosen]


def list_rows(report: ReportDef, limit: int | None = None, offset: int = 0, player_id: int | None = None,
              after: Key | None = None, upto: Key | None = None) -> list[list[object]]:
    """The report's rows, in its order, as the driver gives them: all of them, or for a game
    list `limit` from `offset` (games, for reports 2 and 3) whose key is past `after` and not
    past `upto` (a download's chunk)."""
    page = {"limit": EVERY_ROW if limit is None else int(limit), "offset": int(offset),
            "player_id": player_id, **_bounds(report, after, upto)}
    if report.key in BETS:
        return _bet_rows(report, limit, page)
    if report.key == "long_wins":
        page["threshold"] = long_wins_threshold()
        if page["threshold"] is None:
            return []
    return _rows(report.aggregate_file, page)


def _bounds(report: ReportDef, after: Key | None, upto: Key | None) -> dict[str, int]:
    """The files' bounds on a list's key: open, or past `after` and up to `upto`."""
    names = ("points", "game") if report.key == "long_wins" else ("game",)
    bounds = dict(OPEN_BOUNDS)
    for side, key in (("after", after), ("upto", upto)):
        if key is not None:
            bounds.update({f"{side}_{name}": int(value) for name, value in zip(names, key)})
    return bounds


def key_of(report: ReportDef, row: Sequence[object]) -> Key:
    """A game list's row's key: (minus_points, game) for report 10, the game for the others."""
    if report.key == "long_wins":
        return -int(cast(int, row[2])), int(cast(int, row[1]))
    return (int(cast(int, row[0] if report.key in BETS else row[1])),)


def _bet_rows(report: ReportDef, limit: int | None, page: dict[str, Any]) -> list[list[object]]:
    """Reports 2 and 3 page by game (a game may have several players on the same bet): the
    page's games first, then the rows of the games from its first to its last."""
    page["highest"] = int(report.key == "highest_bet")
    if limit is None:  # every row (the CLI, the tests): no page of games to find
        return _rows(report.aggregate_file, {**page, "first_game": 0, "last_game": EVERY_ROW})
    pages = "02_03_page_games" if page["player_id"] is None else "02_03_page_games_of_a_player"
    games: Sequence[int] = db.session.execute(
        text(report_sql(f"{REPORTS_SQL}/{pages}.aggregate.sql")), page).scalars().all()
    if not games:
        return []
    return _rows(report.aggregate_file, {**page, "first_game": games[0], "last_game": games[-1]})


def count_rows(key: str, player_id: int | None = None) -> int:
    """How many rows read_report gives in all (games, for reports 2 and 3)."""
    params: dict[str, Any] = {"player_id": player_id}
    if key in BETS:
        if player_id is None:
            return _number(f"{REPORTS_SQL}/02_03_games.count.sql", params)
        params["highest"] = int(key == "highest_bet")
        return _number(f"{REPORTS_SQL}/02_03_games_of_a_player.count.sql", params)
    if key == "long_wins":
        params["threshold"] = long_wins_threshold()
        return 0 if params["threshold"] is None else _number(f"{REPORTS_SQL}/10_long_wins.count.sql", params)
    if key == "few_draw_winners":
        return _number(f"{REPORTS_SQL}/13_few_draw_winners.count.sql", params)
    return len(read_report(get_report(key)).rows)


def _result(report: ReportDef, rows: list[list[object]]) -> ReportRows:
    """Rows with the same Python types on both databases."""
    # Every cell is now an int, float, str or None (what the drivers give, Decimal made plain).
    cells = cast(tuple[Row, ...], tuple(map(tuple, plain_rows(report, rows))))
    return ReportRows(report.key, report.columns, cells)


def _cell(column: str, value: object) -> Cell:
    """One value with the same Python type on MySQL and SQLite (Decimal becomes int or float)."""
    if value is None:
        return None
    if column in FLOAT_COLUMNS:
        return round(float(cast(float, value)), 2)  # a number from the database
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return cast(Cell, value)  # an int, float or str as the driver gave it


def plain_rows(report: ReportDef, rows: list[list[object]]) -> list[list[object]]:
    """`rows` (changed in place) with the same Python types on both databases."""
    # Column by column, and only where a value needs it: reports 2 and 3 return some 24,000
    # rows of plain ints and strings on 10,000 games, and a call per cell costs milliseconds.
    for index, column in enumerate(report.columns):
        if column in FLOAT_COLUMNS or any(isinstance(row[index], Decimal) for row in rows):
            for row in rows:
                row[index] = _cell(column, row[index])
    return rows

"""The sixteen reports of REPORTS.md: their definitions and one SQL file each, run as is."""
from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import cast

from flask import has_app_context, has_request_context
from flask_babel import force_locale
from flask_babel import lazy_gettext as _l
from sqlalchemy import text

from siete.data.base import db
from siete.i18n.catalogs import cli_locale
from siete.paths import REPO_ROOT
from siete.reports.from_aggregates import read_rows

# Columns that hold a rounded ratio. MySQL returns them (and SUM/COUNT too) as DECIMAL and
# SQLite as REAL or INTEGER; naming them keeps the Python types the same on both databases.
FLOAT_COLUMNS = frozenset({"won_pct", "avg_bet", "avg_per_game"})
# One value of a report's row: a count or id, a rounded ratio, a name or code, or nothing.
Cell = int | float | str | None
Row = tuple[Cell, ...]


@dataclass(frozen=True)
class ReportDef:
    """One report: its key and columns from REPORTS.md, the words shown with it, its SQL file."""

    number: int
    key: str
    title: object  # a lazy gettext string: str() gives it in the reader's language
    explanation: object
    columns: tuple[str, ...]
    sql_file: str


@dataclass(frozen=True)
class ReportResult:
    """A report's rows in its order, with its words in the reader's language.

    Immutable, so one result read for a crowd (the pages keep them a few seconds) is shared
    safely; narrowing or cutting it makes another (`with_rows`).
    """

    key: str
    title: str
    explanation: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]

    def with_rows(self, rows: tuple[Row, ...] | list[Row]) -> ReportResult:
        return replace(self, rows=tuple(rows))

    def machine_form(self) -> dict[str, object]:
        """REPORTS.md's form for machines (JSON, XML): {key, title, columns, rows} in lists."""
        return {"key": self.key, "title": self.title, "columns": list(self.columns),
                "rows": [list(row) for row in self.rows]}


def _def(number: int, key: str, title: object, explanation: object, columns: str) -> ReportDef:
    return ReportDef(number, key, title, explanation, tuple(columns.split()),
                     f"sql/reports/{number:02d}_{key}.sql")


REPORTS: tuple[ReportDef, ...] = (
    _def(1, "first_card", _l("Most frequent first card"),
         _l("For each player, the card it was dealt most often at the start of a hand, as punter or "
         "bank, over finished games. Ties go to the card that comes first in deck order. The first "
         "card here is the first card of each hand, not the seat card dealt once before the first "
         "hand (reports 7 and 11)."),
         "player card times"),
    _def(2, "highest_bet", _l("Highest bet per game"),
         _l("For each finished game, its highest single bet and every player who made it."),
         "game player bet"),
    _def(3, "lowest_bet", _l("Lowest bet per game"),
         _l("For each finished game, its lowest single bet and every player who made it."),
         "game player bet"),
    _def(4, "win_rate_by_hand", _l("Win rate and average bet by hand number"),
         _l("For each player and hand number, its turns as punter in finished games, the share it "
         "won (a win or a seven and a half) and its average bet."),
         "player hand_number turns won_pct avg_bet"),
    _def(5, "nemesis", _l("Nemesis"),
         _l("For each player who lost a finished game, the winner it lost to most often; "
         "tied winners are all listed."),
         "player nemesis games_lost_to"),
    _def(6, "bot_wins", _l("Games won by bots"),
         _l("Finished games with at least one bot at the table, and how many of them a bot won."),
         "games won_by_bots won_pct"),
    _def(7, "wins_by_seat_card", _l("Wins by seat card"),
         _l("Finished games by the seat card a player was dealt to set the order, and the share "
         "it won: per player, then over all players (*). The card here is the seat card, dealt once "
         "before the first hand, not the first card of each hand (report 1)."),
         "player card games won won_pct"),
    _def(8, "wins_by_start_position", _l("Wins by start position"),
         _l("Finished games by the place a player started in (0 is the bank), and the share of "
         "them won from that place."),
         "position games won won_pct"),
    _def(9, "stands_per_game", _l("Stands per game"),
         _l("For each player with a finished game, the turns it ended without a bust (as punter, or "
         "as a bank that played) and their average per game."),
         "player games stands avg_per_game"),
    _def(10, "long_wins", _l("Wins above the average"),
         _l("Won games whose winner ended with more points than the average final points of all "
         "winners, with how long each game lasted in seconds. Games the simulator played have no "
         "duration (they take no time at a table): theirs is left out, shown empty."),
         "player game points duration_s"),
    _def(11, "wins_vs_bots_low_suits", _l("Human wins against bots from espadas or bastos"),
         _l("Finished games with at least one bot that a human won after being dealt a seat card "
         "of espadas or bastos, per human. The card here is the seat card, dealt once before the "
         "first hand, not the first card of each hand (report 1)."),
         "player games_won"),
    _def(12, "won_without_drawing", _l("Hands won without drawing"),
         _l("Punter turns in finished games won standing on the card dealt, without drawing any, "
         "per player and in total (*)."),
         "player hands_won"),
    _def(13, "few_draw_winners", _l("Winners who seldom drew"),
         _l("Winners of a finished game who drew at least one card in at most half of the hands "
         "they played in it, as punter or bank."),
         "player game hands_played hands_drawn"),
    _def(14, "bank_tie_wins", _l("Hands the bank won on a tie"),
         _l("Hands of finished games in which the bank beat at least one player with the same "
         "total, per bank and in total (*)."),
         "bank hands"),
    _def(15, "best_game", _l("Best game of each player"),
         _l("Each player's highest final points in a finished game (the earliest game on a tie) "
         "and whether it won that game."),
         "player game points won"),
    _def(16, "human_busts", _l("Busts of human players"),
         _l("For each human player with a finished game, the turns it went over seven and a half, "
         "as punter or bank, and their average per game."),
         "player games busts avg_per_game"),
)
_BY_KEY = {report.key: report for report in REPORTS}


def as_text(lazy: object, locale: str | None = None) -> str:
    """A lazy gettext string as text: in `locale` when given, else in the request's language, or
    outside a request (the CLI) in the command line's (its --lang, else the locale), the
    language of its column headings."""
    if not has_app_context() or (has_request_context() and locale is None):
        return str(lazy)
    with force_locale(locale or cli_locale()):
        return str(lazy)


def machine_title(key: str) -> str:
    """A report's title as REPORTS.md gives it, for the JSON machines read (never translated)."""
    return as_text(get_report(key).title, "en")


def get_report(key: str) -> ReportDef:
    """The report called key; an unknown key is a ValueError that lists the known ones."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise ValueError(f"unknown report {key!r}; known reports: {', '.join(_BY_KEY)}") from None


@functools.lru_cache(maxsize=32)  # the sixteen files, with room to spare
def report_sql(sql_file: str) -> str:
    """The text of a report's SQL file, read once per process."""
    return (REPO_ROOT / sql_file).read_text(encoding="utf-8")


def _cell(column: str, value: object) -> Cell:
    """One value with the same Python type on MySQL and SQLite (Decimal becomes int or float)."""
    if value is None:
        return None
    if column in FLOAT_COLUMNS:
        return round(float(cast(float, value)), 2)  # a number from the database
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return cast(Cell, value)  # an int, float or str as the driver gave it


def run_report(report: ReportDef) -> ReportResult:
    """Run one report's definition, its SQL file, over the raw record (needs an app context).

    The pages and the CLI read the aggregates instead (read_report); this is what they are
    checked against, and a way to see the figures without trusting them.
    """
    rows = [list(row) for row in db.session.execute(text(report_sql(report.sql_file)))]
    return _result(report, rows)


def read_report(report: ReportDef, limit: int | None = None, offset: int = 0,
                player_id: int | None = None) -> ReportResult:
    """The report's rows from its aggregates: the same rows as run_report, at a fixed cost.

    limit/offset/player_id narrow the four game lists (2, 3, 10, 13; 2 and 3 page by game);
    the other reports are small and always read whole.
    """
    return _result(report, read_rows(report.key, limit, offset, player_id))


def _result(report: ReportDef, rows: list[list[object]]) -> ReportResult:
    """Rows with the same Python types on both databases, and the report's words."""
    # Every cell is now an int, float, str or None (what the drivers give, Decimal made plain).
    cells = cast(tuple[Row, ...], tuple(map(tuple, plain_rows(report, rows))))
    return ReportResult(report.key, as_text(report.title), as_text(report.explanation), report.columns, cells)


def plain_rows(report: ReportDef, rows: list[list[object]]) -> list[list[object]]:
    """`rows` (changed in place) with the same Python types on both databases."""
    # Column by column, and only where a value needs it: reports 2 and 3 return some 24,000
    # rows of plain ints and strings on 10,000 games, and a call per cell costs milliseconds.
    for index, column in enumerate(report.columns):
        if column in FLOAT_COLUMNS or any(isinstance(row[index], Decimal) for row in rows):
            for row in rows:
                row[index] = _cell(column, row[index])
    return rows


def run_reports(only: str | None = None, plain: bool = False) -> list[ReportResult]:
    """All sixteen reports in order (every row), or only the one called `only`.

    From the aggregates, unless `plain` asks for the SQL definitions over the raw record.
    """
    chosen = REPORTS if only is None else (get_report(only),)
    return [run_report(report) if plain else read_report(report) for report in chosen]

"""The sixteen reports of REPORTS.md: their keys, columns and SQL files, and the rows they give.

Each report has two SQL files in sql/reports/: its definition over the raw record
(NN_key.sql, what `reports --plain` runs and the tests check the rest against) and the same
rows read from the aggregates (NN_key.aggregate.sql, what the pages, downloads and the
command line read, at a fixed cost). Their words (title, explanation) are in
siete/i18n/report_words.py: a report's key and columns are its machine names.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, replace

from siete.paths import REPO_ROOT

REPORTS_SQL = "sql/reports"
# One value of a report's row: a count or id, a rounded ratio, a name or code, or nothing.
Cell = int | float | str | None
Row = tuple[Cell, ...]
# The four reports that list games: they grow with the history, so they are read a page (and
# downloaded a chunk) at a time; the twelve others have a row per player, card or position.
GAME_LISTS = frozenset({"highest_bet", "lowest_bet", "long_wins", "few_draw_winners"})
# The columns whose cells name a player (report 14 calls its player the bank), and the name of
# a total row (reports 7, 12, 14), which names no one.
PLAYER_COLUMNS = ("player", "nemesis", "bank")
TOTAL_ROW_NAME = "*"


@dataclass(frozen=True)
class ReportDef:
    """One report: its number and key, its columns from REPORTS.md, its two SQL files."""

    number: int
    key: str
    columns: tuple[str, ...]

    @property
    def sql_file(self) -> str:
        """The definition over the raw record."""
        return f"{REPORTS_SQL}/{self.number:02d}_{self.key}.sql"

    @property
    def aggregate_file(self) -> str:
        """The same rows read from the aggregates (siete/service/reports/aggregates.py)."""
        return f"{REPORTS_SQL}/{self.number:02d}_{self.key}.aggregate.sql"


@dataclass(frozen=True)
class ReportRows:
    """A report's rows in its order, each cell an int, float, str or None on both databases.

    Immutable, so one read for a crowd (the pages keep them a few seconds) is shared safely;
    narrowing or cutting it makes another (`with_rows`).
    """

    key: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]

    def with_rows(self, rows: tuple[Row, ...] | list[Row]) -> ReportRows:
        return replace(self, rows=tuple(rows))

    def of_player(self, name: str | None) -> ReportRows:
        """The rows that name the player `name` in a player column (every row for no name)."""
        if not name:
            return self
        return self.with_rows([row for row in self.rows if any(
            column in PLAYER_COLUMNS and value == name for column, value in zip(self.columns, row))])

    def machine_form(self, title: str) -> dict[str, object]:
        """REPORTS.md's form for machines (JSON, XML): {key, title, columns, rows} in lists."""
        return {"key": self.key, "title": title, "columns": list(self.columns),
                "rows": [list(row) for row in self.rows]}


def _def(number: int, key: str, columns: str) -> ReportDef:
    return ReportDef(number, key, tuple(columns.split()))


REPORTS: tuple[ReportDef, ...] = (
    _def(1, "first_card", "player card times"),
    _def(2, "highest_bet", "game player bet"),
    _def(3, "lowest_bet", "game player bet"),
    _def(4, "win_rate_by_hand", "player hand_number turns won_pct avg_bet"),
    _def(5, "nemesis", "player nemesis games_lost_to"),
    _def(6, "bot_wins", "games won_by_bots won_pct"),
    _def(7, "wins_by_seat_card", "player card games won won_pct"),
    _def(8, "wins_by_start_position", "position games won won_pct"),
    _def(9, "stands_per_game", "player games stands avg_per_game"),
    _def(10, "long_wins", "player game points duration_s"),
    _def(11, "wins_vs_bots_low_suits", "player games_won"),
    _def(12, "won_without_drawing", "player hands_won"),
    _def(13, "few_draw_winners", "player game hands_played hands_drawn"),
    _def(14, "bank_tie_wins", "bank hands"),
    _def(15, "best_game", "player game points won"),
    _def(16, "human_busts", "player games busts avg_per_game"),
)
_BY_KEY = {report.key: report for report in REPORTS}


def get_report(key: str) -> ReportDef:
    """The report called key; an unknown key is a ValueError that lists the known ones."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise ValueError(f"unknown report {key!r}; known reports: {', '.join(_BY_KEY)}") from None


@functools.lru_cache(maxsize=64)  # the reports' files and the few helper queries, with room
def report_sql(sql_file: str) -> str:
    """The text of one of the reports' SQL files (a path from the repository's root), read once."""
    return (REPO_ROOT / sql_file).read_text(encoding="utf-8")

"""What the reports pages show: the overview's excerpts and one report's page of rows.

Reads go to the aggregates (siete/service/reports/queries.py), so each costs a few rows per player, or
an index range for the four game lists, whatever the size of the history. The page layer runs no SQL.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from flask import current_app

from siete.i18n.report_words import report_explanation, report_title
from siete.service.reports.definitions import GAME_LISTS, REPORTS, TOTAL_ROW_NAME, ReportDef, ReportRows, Row
from siete.service.reports.queries import count_rows, read_report
from siete.web.caching import kept
from siete.web.charts import Chart, report_chart

OVERVIEW_ROWS = 6
PAGE_ROWS = 50
# Game-list totals the overview can afford: a count from report_totals, not an index range.
CHEAP_COUNTS = frozenset({"highest_bet", "lowest_bet"})


@dataclass(frozen=True)
class ReportPage:
    """One report's rows for a page, with what the pager and the sort links need."""

    result: ReportRows
    page: int
    pages: int
    total: int
    sort: str | None
    descending: bool
    player: str | None
    sortable: bool


@dataclass(frozen=True)
class OverviewEntry:
    """A report on the overview: its first rows, and how many it has in all (None: not counted,
    a game list too long to count for the overview)."""

    result: ReportRows  # the rows shown: the first OVERVIEW_ROWS
    title: str
    explanation: str
    total: int | None
    unit: str  # what `total` counts: "games" (reports 2 and 3) or "rows"
    chart: Chart | None = None  # drawn from every row of a small report


def whole(report: ReportDef) -> ReportRows:
    """Every row of a small report, kept for REPORTS_CACHE_S seconds per process: a crowd on
    the report pages costs the database one read per report and interval."""
    seconds = current_app.config.get("REPORTS_CACHE_S", 10)
    return kept("reports.whole", report.key, lambda: read_report(report), seconds)


def overview() -> list[OverviewEntry]:
    """Every report with its first rows, how many rows it has in all, and (small ones) its
    chart, drawn from all its rows."""
    entries = []
    for report in REPORTS:
        if report.key in GAME_LISTS:
            result = read_report(report, limit=OVERVIEW_ROWS)
            total = count_rows(report.key) if report.key in CHEAP_COUNTS else None
        else:
            result = whole(report)
            total = len(result.rows)
        entries.append(OverviewEntry(result.with_rows(result.rows[:OVERVIEW_ROWS]),
                                     report_title(report.key), report_explanation(report.key), total,
                                     "games" if report.key in CHEAP_COUNTS else "rows",
                                     report_chart(report.key, result.rows)))
    return entries


def _sort_key(value: object) -> object:
    """Names sort as people read them (ana beside Alberto, not after Rosa); None as 0."""
    if value is None:
        return 0
    return (value.casefold(), value) if isinstance(value, str) else value


def _sorted(rows: list[Row], columns: tuple[str, ...], sort: str, descending: bool) -> list[Row]:
    """Rows by one column (totals '*' stay last), None values first."""
    index = columns.index(sort)
    body = [r for r in rows if r[0] != TOTAL_ROW_NAME]
    totals = [r for r in rows if r[0] == TOTAL_ROW_NAME]
    body.sort(key=lambda r: (r[index] is not None, _sort_key(r[index])), reverse=descending)
    return body + totals


def report_page(report: ReportDef, page: int, sort: str | None, descending: bool,
                player: str | None, pid: int | None) -> ReportPage:
    """The page-th page of a report, narrowed to a player (pid) and sorted when asked."""
    if report.key in GAME_LISTS:
        total = count_rows(report.key, pid)
        pages = max(1, math.ceil(total / PAGE_ROWS))
        page = min(max(page, 1), pages)
        result = read_report(report, limit=PAGE_ROWS, offset=(page - 1) * PAGE_ROWS, player_id=pid)
        return ReportPage(result, page, pages, total, None, False, player, False)
    result = whole(report).of_player(player)
    rows = list(result.rows)
    if sort is not None and sort in result.columns:
        rows = _sorted(rows, result.columns, sort, descending)
    else:
        sort = None
    pages = max(1, math.ceil(len(rows) / PAGE_ROWS))
    page = min(max(page, 1), pages)
    shown = result.with_rows(rows[(page - 1) * PAGE_ROWS:page * PAGE_ROWS])
    return ReportPage(shown, page, pages, len(rows), sort, descending, player, True)

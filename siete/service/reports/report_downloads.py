"""A report's rows for a download (CSV, XML, JSON), read as they are sent: a chunk at a time,
each chunk read after the one before has left, so memory stays flat and the first bytes leave
at once whatever the size of the history. The four game lists come a page of games per file
(with a next page while there is one); the twelve other reports are small and come whole.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from siete.service.reports.definitions import GAME_LISTS, REPORTS, ReportDef
from siete.service.reports.game_lists import ListReader
from siete.service.reports.queries import count_rows, plain_rows, read_report

DOWNLOAD_PAGE_GAMES = 20_000  # games per file of a game list: a few MB, a second or two to send


class NoSuchPage(LookupError):
    """A download page past the last one (or below 1)."""


@dataclass
class Download:
    """One report's rows for a file: which page of how many, and the rows, read as sent."""

    report: ReportDef
    page: int
    pages: int
    has_next: bool
    chunks: Iterable[Sequence[Sequence[object]]]

    @property
    def columns(self) -> list[str]:
        return list(self.report.columns)


def open_download(report: ReportDef, player: str | None, player_id: int | None, page: int = 1,
                  size: int = DOWNLOAD_PAGE_GAMES) -> Download:
    """A page of a report for a file, narrowed to a player. The queries that find the page run
    here, so a database error is answered before any byte is sent; the rows are read while the
    file is sent. A page past the last is NoSuchPage."""
    if report.key not in GAME_LISTS:
        if page != 1:
            raise NoSuchPage(page)
        rows = read_report(report).of_player(player).rows
        return Download(report, 1, 1, False, [list(rows)])
    pages = max(1, math.ceil(count_rows(report.key, player_id) / size))
    if not 1 <= page <= pages:
        raise NoSuchPage(page)
    reader = ListReader(report.key, player_id)
    after = reader.key_at((page - 1) * size - 1) if page > 1 else None
    upto = reader.key_at(page * size - 1)
    has_next = upto is not None and reader.key_at(page * size) is not None
    chunks = (plain_rows(report, rows) for rows in reader.chunks(after, upto))
    return Download(report, page, pages, has_next, chunks)


def every_report(size: int = DOWNLOAD_PAGE_GAMES) -> Iterator[Download]:
    """All sixteen reports, each read when its turn comes: the game lists' first pages."""
    for report in REPORTS:
        yield open_download(report, None, None, 1, size)

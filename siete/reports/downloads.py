"""The report downloads (CSV, XML, JSON), streamed: rows are read a chunk at a time and each
chunk is sent before the next is read, so memory stays flat and the first bytes leave at once
whatever the size of the history. The four game lists come a page of games per file (the
`page` parameter, with a Link to the next); the twelve other reports are small and come whole.
"""
from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from siete.data.reports_xml import stream_reports_xml
from siete.reports.catalog import REPORTS, ReportDef, as_text, plain_rows, read_report
from siete.reports.from_aggregates import count_rows
from siete.reports.pages import GAME_LISTS, download_rows
from siete.reports.streamed_rows import ListReader

DOWNLOAD_PAGE_GAMES = 20_000  # games per file of a game list: a few MB, a second or two to send


class NoSuchPage(LookupError):
    """A download page past the last one (or below 1)."""


@dataclass
class Download:
    """One report's rows for a file: which page of how many, and the rows, read as sent."""

    report: ReportDef
    title: str
    page: int
    pages: int
    has_next: bool
    chunks: Iterable[Sequence[Sequence[object]]]

    @property
    def columns(self) -> list[str]:
        return list(self.report.columns)


def open_download(report: ReportDef, player: str | None, player_id: int | None, page: int = 1,
                  size: int = DOWNLOAD_PAGE_GAMES) -> Download:
    """A page of a report for a file. The queries that find the page run here, so a database
    error is answered before any byte is sent; the rows are read while the file is sent."""
    title = as_text(report.title)
    if report.key not in GAME_LISTS:
        if page != 1:
            raise NoSuchPage(page)
        return Download(report, title, 1, 1, False, [list(download_rows(report, player, player_id).rows)])
    pages = max(1, math.ceil(count_rows(report.key, player_id) / size))
    if not 1 <= page <= pages:
        raise NoSuchPage(page)
    reader = ListReader(report.key, player_id)
    after = reader.key_at((page - 1) * size - 1) if page > 1 else None
    upto = reader.key_at(page * size - 1)
    has_next = upto is not None and reader.key_at(page * size) is not None
    chunks = (plain_rows(report, rows) for rows in reader.chunks(after, upto))
    return Download(report, title, page, pages, has_next, chunks)


def every_report(size: int = DOWNLOAD_PAGE_GAMES) -> Iterator[Download]:
    """All sixteen reports, each read when its turn comes: the game lists' first pages."""
    for report in REPORTS:
        if report.key in GAME_LISTS:
            yield open_download(report, None, None, 1, size)
        else:
            result = read_report(report)
            yield Download(report, result.title, 1, 1, False, [list(result.rows)])


def csv_chunks(download: Download) -> Iterator[str]:
    """The header row, then the rows, a chunk at a time."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(download.columns)
    for rows in download.chunks:
        writer.writerows(rows)
        yield _drain(out)
    yield _drain(out)


def xml_chunks(downloads: Iterable[Download]) -> Iterator[bytes]:
    """The reports XML of XML.md (config/reports.xsd), a chunk at a time."""
    return stream_reports_xml((d.report.key, d.title, d.columns, d.chunks) for d in downloads)


def json_chunks(downloads: Iterable[Download], next_url: Callable[[Download], str]) -> Iterator[str]:
    """{"reports": [{key, title, columns, rows}, ...]} (REPORTS.md's form for machines); a report
    cut into pages also says "page", "pages" and, while another follows, "next" (its URL)."""
    yield '{"reports":['
    for number, download in enumerate(downloads):
        head: dict[str, object] = {"key": download.report.key, "title": download.title, "columns": download.columns}
        if download.pages > 1:
            head.update(page=download.page, pages=download.pages)
        if download.has_next:
            head["next"] = next_url(download)
        yield ("," if number else "") + _dumps(head)[:-1] + ',"rows":['
        first = True
        for rows in download.chunks:
            if rows:
                yield ("" if first else ",") + _dumps(rows)[1:-1]
                first = False
        yield "]}"
    yield "]}"


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=True)


def _drain(out: io.StringIO) -> str:
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text

"""The report downloads as files: CSV, the reports XML of XML.md and JSON, each made a chunk at
a time as the service reads the rows (siete/service/reports/report_downloads.py), so a file of
any size leaves at once and memory stays flat. Titles are in the reader's language.
"""
from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator

from siete.data.reports_xml import stream_reports_xml
from siete.i18n.report_words import report_title
from siete.service.reports.report_downloads import Download


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
    return stream_reports_xml((d.report.key, report_title(d.report.key), d.columns, d.chunks)
                              for d in downloads)


def json_chunks(downloads: Iterable[Download], next_url: Callable[[Download], str]) -> Iterator[str]:
    """{"reports": [{key, title, columns, rows}, ...]} (REPORTS.md's form for machines); a report
    cut into pages also says "page", "pages" and, while another follows, "next" (its URL)."""
    yield '{"reports":['
    for number, download in enumerate(downloads):
        key = download.report.key
        head: dict[str, object] = {"key": key, "title": report_title(key), "columns": download.columns}
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

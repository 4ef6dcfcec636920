"""The reports XML of XML.md (siete/data/xmlfiles.py writes it to a file) streamed for a download."""
from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Sequence

from lxml import etree

from siete.data.xmlfiles import report_cell_text

ReportChunks = tuple[str, str, list[str], Iterable[Sequence[Sequence[object]]]]  # key, title, columns, row chunks


def stream_reports_xml(reports: Iterable[ReportChunks]) -> Iterator[bytes]:
    """The document write_reports_xml saves, a piece at a time, for a download of any size.

    `reports` are (key, title, columns, chunks of rows): each chunk is written and handed on
    before the next is read, so memory holds one chunk. The document is the same tree (the
    XSD holds by construction: lxml checks every name and text as it writes them), so it is
    not validated again here: that would need it whole (tests validate the downloads).
    """
    buffer = io.BytesIO()

    def written() -> bytes:
        data = buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        return data

    with etree.xmlfile(buffer, encoding="UTF-8") as xf:
        xf.write_declaration()
        with xf.element("Reports"):
            for key, title, columns, chunks in reports:
                xf.write("\n  ")
                with xf.element("Report", key=key, title=title):
                    for rows in chunks:
                        for row in rows:
                            xf.write("\n    ")
                            xf.write(_row_element(columns, row))
                        xf.flush()
                        yield written()
                    xf.write("\n  ")
            xf.write("\n")
    buffer.write(b"\n")
    yield written()


def _row_element(columns: list[str], row: Sequence[object]) -> etree._Element:
    if len(row) != len(columns):
        raise ValueError(f"a row has {len(row)} values for {len(columns)} columns")
    element = etree.Element("Row")
    for column, value in zip(columns, row):
        etree.SubElement(element, column).text = report_cell_text(value)
    return element

"""The four game lists (reports 2, 3, 10, 13) read for a download: a page of games, a chunk at a
time, each chunk one short read on an index (keyset: "after this key"), so a download holds
one chunk in memory and its first rows come at once, whatever the size of the history.

A list's rows are ordered by a key: the game for 2, 3 and 13, (minus_points, game) for 10. A
page is `size` games of it (rows of 2 and 3 are grouped by game, as on the report pages); its
bounds are found with OFFSET on the same index, once per download. The reads are the lists'
own files (sql/reports/NN_key.aggregate.sql), bounded by key.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from siete.service.reports.definitions import ReportDef, get_report
from siete.service.reports.queries import BETS, Key, key_of, list_rows


@dataclass
class ListReader:
    """One game list (narrowed to a player or not) as the downloads read it."""

    key: str
    player_id: int | None = None
    report: ReportDef = field(init=False)

    def __post_init__(self) -> None:
        self.report = get_report(self.key)

    def key_at(self, offset: int) -> Key | None:
        """The key of the list's `offset`-th game (from 0), or None past its end."""
        if offset < 0:
            return None
        rows = list_rows(self.report, 1, offset, self.player_id)
        return key_of(self.report, rows[0]) if rows else None

    def chunks(self, after: Key | None, upto: Key | None, size: int = 1000) -> Iterator[list[list[object]]]:
        """The rows whose key is past `after` and not past `upto`, `size` games at a time."""
        while True:
            rows = list_rows(self.report, size, 0, self.player_id, after, upto)
            if rows:
                yield rows
            # Reports 2 and 3 give a row per player on the game's bet: a chunk is `size` games.
            games = len({row[0] for row in rows}) if self.key in BETS else len(rows)
            if games < size:
                return
            after = key_of(self.report, rows[-1])

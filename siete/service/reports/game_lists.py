"""The four game lists (reports 2, 3, 10, 13) read for a download: a page of games, a chunk at a
time, each chunk one short query on an index (keyset: "after this key"), so a download holds
one chunk in memory and its first rows come at once, whatever the size of the history.

A list's rows are ordered by a key: the game for 2, 3 and 13, (minus_points, game) for 10. A
page is `size` games of it (rows of 2 and 3 are grouped by game, as on the report pages); its
bounds are found with OFFSET on the same index, once per download.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text

from siete.data.base import db
from siete.service.reports.queries import BETS, long_wins_threshold

Key = tuple[int, ...]
MAX_SEATS = 8  # R2.1: a game's extreme bet is made by at most every one of its 8 seats


@dataclass(frozen=True)
class GameList:
    """Where a list's keys live (`table`, `condition`) and how its rows are read."""

    key_columns: tuple[str, ...]
    table: str
    condition: str  # the rows of the list; ":player_id" narrows it to a player
    rows: str  # {range} bounds the keys, {where} narrows to the player


LISTS = {
    # Each list's chunk is cut in a derived table first: joined straight to players, MariaDB
    # starts from the players and sorts (4x slower on a chunk of 1,000 games).
    "highest_bet": GameList(
        ("game_id",), "report_game_winners", "1 = 1",
        "SELECT b.game_id, p.name, b.bet FROM ("
        " SELECT game_id, player_id, bet FROM report_game_bets"
        " WHERE highest = :highest {where} {range} ORDER BY game_id LIMIT {limit}) b"
        " JOIN players p ON p.id = b.player_id ORDER BY b.game_id, LOWER(p.name), p.name"),
    "long_wins": GameList(
        ("minus_points", "game_id"), "report_game_winners", "minus_points < :threshold",
        "SELECT p.name, w.game_id, w.points, w.duration_s FROM ("
        " SELECT game_id, player_id, points, minus_points, duration_s FROM report_game_winners"
        " WHERE minus_points < :threshold {where} {range} ORDER BY minus_points, game_id LIMIT {limit}) w"
        " JOIN players p ON p.id = w.player_id ORDER BY w.minus_points, w.game_id"),
    "few_draw_winners": GameList(
        ("game_id",), "report_game_winners", "few_draw = 1",
        "SELECT p.name, w.game_id, w.hands_played, w.hands_drawn FROM ("
        " SELECT game_id, player_id, hands_played, hands_drawn FROM report_game_winners"
        " WHERE few_draw = 1 {where} {range} ORDER BY game_id LIMIT {limit}) w"
        " JOIN players p ON p.id = w.player_id ORDER BY w.game_id"),
}
LISTS["lowest_bet"] = LISTS["highest_bet"]
# Narrowed to a player, reports 2 and 3 page by the games where the player made that bet.
PLAYER_BET_GAMES = GameList(("game_id",), "report_game_bets",
                            "player_id = :player_id AND highest = :highest", "")


def _after(columns: tuple[str, ...], prefix: str = "") -> str:
    """SQL: the key comes after :a0 (, :a1) in the list's order."""
    first = f"{prefix}{columns[0]}"
    if len(columns) == 1:
        return f"AND {first} > :a0"
    return f"AND ({first} > :a0 OR ({first} = :a0 AND {prefix}{columns[1]} > :a1))"


def _upto(columns: tuple[str, ...], prefix: str = "") -> str:
    """SQL: the key is :u0 (, :u1) or comes before it."""
    first = f"{prefix}{columns[0]}"
    if len(columns) == 1:
        return f"AND {first} <= :u0"
    return f"AND ({first} < :u0 OR ({first} = :u0 AND {prefix}{columns[1]} <= :u1))"


@dataclass
class ListReader:
    """One game list (narrowed to a player or not) as the downloads read it."""

    key: str
    player_id: int | None = None

    def __post_init__(self) -> None:
        self.spec = LISTS[self.key]
        self.keys = PLAYER_BET_GAMES if self.key in BETS and self.player_id else self.spec
        self.params: dict[str, Any] = {"player_id": self.player_id, "highest": int(self.key == "highest_bet")}
        if self.key == "long_wins":
            self.params["threshold"] = long_wins_threshold()

    @property
    def empty(self) -> bool:
        return self.key == "long_wins" and self.params["threshold"] is None

    def _key_where(self) -> str:
        """The player's narrowing of the key query (the bets' own key table already has it)."""
        return "" if self.player_id is None or self.keys is PLAYER_BET_GAMES else "AND player_id = :player_id"

    def _row_where(self) -> str:
        return "" if self.player_id is None else "AND player_id = :player_id"

    def _key_sql(self, bounds: str, limit: int, offset: int = 0) -> str:
        columns = ", ".join(self.keys.key_columns)
        return (f"SELECT {columns} FROM {self.keys.table} WHERE {self.keys.condition}"
                f" {self._key_where()} {bounds} ORDER BY {columns} LIMIT {int(limit)} OFFSET {int(offset)}")

    def key_at(self, offset: int) -> Key | None:
        """The key of the list's `offset`-th game (from 0), or None past its end."""
        if self.empty or offset < 0:
            return None
        row = db.session.execute(text(self._key_sql("", 1, offset)), self.params).first()
        return None if row is None else tuple(int(v) for v in row)

    def chunks(self, after: Key | None, upto: Key | None, size: int = 1000) -> Iterator[list[list[Any]]]:
        """The rows whose key is past `after` and not past `upto`, `size` games at a time."""
        if self.empty:
            return
        while True:
            rows, after = self._chunk(after, upto, size)
            if rows:
                yield rows
            if after is None:
                return

    def _chunk(self, after: Key | None, upto: Key | None, size: int) -> tuple[list[list[Any]], Key | None]:
        """One chunk of rows and the key it ends on (None: the page is done)."""
        params = dict(self.params)
        bounds = self._bounds(params, after, upto, self.keys.key_columns)
        if self.key in BETS:  # rows per game vary: the chunk's games first, then their rows
            games: list[int] = [row[0] for row in db.session.execute(text(self._key_sql(bounds, size)), params)]
            if not games:
                return [], None
            params.update(a0=games[0] - 1, u0=games[-1])
            rows: list[list[Any]] = [list(r) for r in db.session.execute(text(self.spec.rows.format(
                where=self._row_where(), range="AND game_id > :a0 AND game_id <= :u0",
                limit=len(games) * MAX_SEATS)), params)]
            return rows, (games[-1],) if len(games) == size else None
        rows = [list(r) for r in db.session.execute(text(self.spec.rows.format(
            where=self._row_where(), range=bounds, limit=int(size))), params)]
        if len(rows) < size:
            return rows, None
        last = rows[-1]
        return rows, ((-last[2], last[1]) if self.key == "long_wins" else (last[1],))

    @staticmethod
    def _bounds(params: dict[str, Any], after: Key | None, upto: Key | None, columns: tuple[str, ...]) -> str:
        sql = ""
        if after is not None:
            params.update({f"a{i}": v for i, v in enumerate(after)})
            sql += " " + _after(columns)
        if upto is not None:
            params.update({f"u{i}": v for i, v in enumerate(upto)})
            sql += " " + _upto(columns)
        return sql

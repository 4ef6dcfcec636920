"""The lobby's marker, and whether a lobby news is news to one lobby's visitor.

The lobby's news names the tables whose change it lists (siete.service.news.table_bus). A
public table is listed for everyone, so its change is news to every lobby at once, with no
query. A private table is listed only for who opened it or sits there: its change is news only
to a lobby whose visitor's own private tables moved (their marker over those alone), so a
stranger's lobby hears nothing of it, not even when it happened (SECURITY.md). Whether a table
is private never changes, so the app keeps the answer once read (a TablePrivacy of its own,
siete.play.stream_routes): the thousand lobbies one news wakes ask one query between them, and
none once the table is known.
"""
from __future__ import annotations

import threading
from collections.abc import Callable

from sqlalchemy import and_

from siete.data import lobby_marks
from siete.data.games import Game
from siete.service.news.table_bus import tables_in
from siete.service.social.presence import end_read
from siete.service.tables.table_access import listed_for

PRIVACY_KEPT = 4096  # tables whose privacy a process keeps; past it, it starts again


def lobby_marker(viewer: int | None) -> str:
    """The lobby's marker (siete.data.lobby_marks) for this visitor (None: logged out): it
    changes whenever the lists they are shown would, and for nothing they are not shown."""
    return lobby_marks.lobby_marker(listed_for(viewer))


def private_marker(viewer: int) -> str:
    """The same marker over the visitor's own private tables alone."""
    return lobby_marks.lobby_marker(and_(listed_for(viewer), Game.private.is_(True)))


class TablePrivacy:
    """Which tables of one database are private, as read once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._private: dict[int, bool] = {}

    def any_public(self, game_ids: set[int]) -> bool:
        """Whether one of these tables is public (one no longer there counts as private: nobody
        lists it now, and who listed it before sees their own marker move)."""
        with self._lock:  # the streams one news wakes wait for the first one's query
            missing = game_ids - self._private.keys()
            if missing:
                if len(self._private) + len(missing) > PRIVACY_KEPT:
                    self._private.clear()
                try:
                    self._private.update(lobby_marks.privacy(missing))
                finally:
                    end_read()
            return any(self._private.get(game_id) is False for game_id in game_ids)


def lobby_news(viewer: int | None, privacy: TablePrivacy) -> Callable[[str], bool]:
    """Whether a lobby news is news to this visitor's stream (read now: call it before the
    request gives its connection back). A news that names no tables (the bus came back after
    losing Redis: anything may have changed) is news to every lobby."""
    mine = private_marker(viewer) if viewer is not None else None

    def tells(news: str) -> bool:
        nonlocal mine
        tables = tables_in(news)
        if tables is not None and privacy.any_public(tables):
            return True
        if viewer is None:
            return tables is None
        try:
            now = private_marker(viewer)
        finally:
            end_read()
        moved, mine = now != mine, now
        return moved or tables is None
    return tells

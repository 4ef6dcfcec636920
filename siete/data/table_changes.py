"""Which tables a unit of work changed, so that their pages hear of it once it commits.

Every write to a table's rows (its game, state, seats or reactions) notes the table here, in the
session's info; whoever is told of commits (siete.service.news.table_bus) reads and clears the note
after a commit, and a rollback clears it unheard. The ORM's own flushes of those rows are noted
by a flush listener, so a writer that goes through the ORM needs nothing more.

A note is a table's id; the lobby is noted apart, with the same id, when what the lobby lists
may have changed (a table opened, started, finished or closed, a seat taken or left), not at
every move: the lobby's news names those tables, so a lobby whose visitor a private table is
not listed for hears nothing of it (siete.service.social.lobby_news). A table whose
state was written is noted with the version written, which its news carries: a page that already
shows that version (the mover's, handed the table its move left) need not ask again. A chat
message is noted apart (note_said): its news says so, which a page not shown the chat need not
hear (a private table's chat is its players'); so is a change of a table's rematch, noted for
the finished table it came from (a private rematch is its players' too).
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session
from sqlalchemy.orm.util import identity_key

from siete.data.base import db
from siete.data.games import Game, GamePlayer, GameStateRow
from siete.data.invites import GameInvite

CHANGED_KEY = "siete.changed_tables"  # session.info: set of table ids written in this unit
LOBBY_KEY = "siete.lobby_tables"  # session.info: set of table ids whose change the lobby lists
VERSIONS_KEY = "siete.written_versions"  # session.info: {table id: the last state version written}
SAID_KEY = "siete.said_tables"  # session.info: set of table ids where a chat message was said


def note_changed(game_id: int, lobby: bool = False, session: Session | None = None) -> None:
    """Note that the table `game_id` changed (and, with `lobby`, what the lobby lists)."""
    info = (session or db.session).info
    info.setdefault(CHANGED_KEY, set()).add(game_id)
    if lobby:
        info.setdefault(LOBBY_KEY, set()).add(game_id)


def note_said(game_id: int, session: Session | None = None) -> None:
    """Note news of the table `game_id` for its players alone: a chat message was said there,
    or its rematch changed (and nothing else changed)."""
    (session or db.session).info.setdefault(SAID_KEY, set()).add(game_id)


def note_version(game_id: int, version: int) -> None:
    """Note the version the table's state was written at, beside note_changed (its news)."""
    versions = db.session.info.setdefault(VERSIONS_KEY, {})
    versions[game_id] = max(version, versions.get(game_id, version))


def take_changes(session: Session) -> tuple[set[int], set[int]]:
    """The tables noted since the last take, and those of them noted for the lobby; the note is
    cleared."""
    return session.info.pop(CHANGED_KEY, set()), session.info.pop(LOBBY_KEY, set())


def take_said(session: Session) -> set[int]:
    """The tables a chat message was noted at since the last take; the note is cleared."""
    said: set[int] = session.info.pop(SAID_KEY, set())
    return said


def take_versions(session: Session) -> dict[int, int]:
    """The state versions written since the last take, by table; the note is cleared."""
    versions: dict[int, int] = session.info.pop(VERSIONS_KEY, {})
    return versions


@event.listens_for(Session, "after_flush")
def _note_flushed_rows(session: Session, _context: Any) -> None:
    """Games, states, seats and invites the ORM just wrote, noted like the Core writes. After
    the flush (its lists still name what it wrote), so a table inserted by it has its id."""
    for obj in (*session.new, *session.dirty, *session.deleted):
        game_id = _table_of(obj)
        if game_id is None:
            continue
        note_changed(game_id, lobby=not isinstance(obj, GameStateRow), session=session)
        # a rematch's seats and answers are what its finished table offers its players: news
        # to them alone (a private rematch is a table that does not exist to who views the
        # finished table by its link), as a chat message is
        game = session.identity_map.get(identity_key(Game, game_id))
        if game is not None and game.rematch_of is not None:
            note_said(game.rematch_of, session=session)


def _table_of(obj: object) -> int | None:
    if isinstance(obj, Game):
        return obj.id
    if isinstance(obj, GamePlayer | GameStateRow | GameInvite):
        return obj.game_id
    return None


@event.listens_for(Session, "after_rollback")
def _forget_changes(session: Session) -> None:
    take_changes(session)
    take_versions(session)
    take_said(session)

"""Who is online, for the lobby of a logged-in player: the people seen at a table in the
last TABLE_WINDOW (game_players.last_seen_at, which a table's page writes every few seconds),
with that table, then the people whose browser asked anything of the site in the last
SESSION_WINDOW (login_sessions.last_seen_at, written once a minute at most), with none.

Only tables the viewer may see are named (siete.service.tables.table_access.listed_for): a person at
a private table someone else opened shows as online, not where.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select

from siete.data.base import db
from siete.data.games import Game, GamePlayer
from siete.data.login_sessions import LoginSession
from siete.data.people import Player, User
from siete.data.vocabulary import OPEN_STATUSES, PlayerKind
from siete.service.tables.table_access import listed_for

TABLE_WINDOW = timedelta(minutes=1)
# "Last seen" is written once a minute at most (sessions.LAST_SEEN_EVERY): two of them and a bit.
SESSION_WINDOW = timedelta(minutes=3)
ONLINE_SHOWN = 30  # the lobby names this many at most


@dataclass(frozen=True)
class OnlinePerson:
    """A person online, and the table they are at (None: elsewhere on the site)."""

    name: str
    game_id: int | None = None
    game_name: str | None = None


def people_online(viewer: int | None, now: datetime, limit: int = ONLINE_SHOWN) -> list[OnlinePerson]:
    """People online but the viewer, those at tables first (newest table first), each once (at
    the newest table they were seen at), at most `limit`."""
    at_tables = db.session.execute(
        select(Player.user_id, Player.name, Game.id, Game.name)
        .join(GamePlayer, GamePlayer.player_id == Player.id).join(Game, Game.id == GamePlayer.game_id)
        .where(Player.kind == PlayerKind.HUMAN, Player.user_id != (viewer or 0),
               GamePlayer.last_seen_at >= now - TABLE_WINDOW,
               Game.status.in_(OPEN_STATUSES), listed_for(viewer))
        .order_by(Game.id.desc(), GamePlayer.join_order).limit(limit)).all()
    newest: dict[int | None, OnlinePerson] = {}  # the rows come newest table first
    for user, name, game_id, game_name in at_tables:
        newest.setdefault(user, OnlinePerson(name, game_id, game_name))
    people = list(newest.values())
    placed = set(newest) | {viewer or 0}
    elsewhere = db.session.execute(
        select(User.id, func.coalesce(Player.name, User.username))
        .join(LoginSession, LoginSession.user_id == User.id)
        .outerjoin(Player, Player.user_id == User.id)
        .where(LoginSession.last_seen_at >= now - SESSION_WINDOW, User.id.not_in(placed))
        .group_by(User.id, Player.name, User.username).order_by(func.coalesce(Player.name, User.username))
        .limit(limit)).all()
    people += [OnlinePerson(name) for _user, name in elsewhere]
    return people[:limit]

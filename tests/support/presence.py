"""A seat's presence as the database has it (game_players.last_seen_at), read and set by tests."""
from __future__ import annotations

from sqlalchemy import select, update

from siete.data.base import db
from siete.data.games import GamePlayer


def last_seen(app, game_id: int, user_name: str):
    from siete.data.people import Player
    with app.app_context():
        return db.session.scalar(select(GamePlayer.last_seen_at).join(Player)
                                 .where(GamePlayer.game_id == game_id, Player.name == user_name))


def set_last_seen(app, game_id: int, when) -> None:
    with app.app_context():
        db.session.execute(update(GamePlayer).where(GamePlayer.game_id == game_id).values(last_seen_at=when))
        db.session.commit()

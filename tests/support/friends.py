"""Tables played with friends (#26): a private table, a finished game of two people and a bot
(both leave, so the bots play it out at once), and a player's row, for the service and route
tests of invites, private tables and rematches."""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select, update

from siete.data.base import db
from siete.data.games import Game
from siete.data.invites import GameInvite
from siete.data.people import Player
from siete.service.tables.lobby_actions import TableSpec, create_table, join_table, start_table
from siete.service.tables.turns import leave_game
from tests.support.settings import app_settings


def player_of(user_id: int) -> Player:
    return db.session.scalar(select(Player).where(Player.user_id == user_id))


def open_table(creator: Player, private: bool = False, seats: int = 3, bots: tuple = ("standard",),
               name: str = "Friends") -> Game:
    spec = TableSpec(name=name, seats=seats, bots=bots, max_hands=2, private=private)
    return create_table(creator, spec, app_settings().game)


def finished_game(app, ana_id: int, bea_id: int, private: bool = False) -> int:
    """Ana's table with Bea and a standard bot, started, then left by both: over at once."""
    with app.app_context():
        ana, bea = player_of(ana_id), player_of(bea_id)
        game = open_table(ana, private=private)
        game_id = game.id
        join_table(game_id, bea, game.invite_token)
        start_table(app_settings(), game_id, ana)
        leave_game(app_settings(), game_id, player_of(bea_id))
        leave_game(app_settings(), game_id, player_of(ana_id))
        assert db.session.get(Game, game_id).status == "finished"
        return game_id


def age_invites(app, game_id: int, seconds: int) -> None:
    """Make the table's invites `seconds` older, as if that time had passed."""
    with app.app_context():
        for invite in db.session.scalars(select(GameInvite).where(GameInvite.game_id == game_id)):
            db.session.execute(update(GameInvite).where(GameInvite.id == invite.id).values(
                created_at=invite.created_at - timedelta(seconds=seconds)))
        db.session.commit()

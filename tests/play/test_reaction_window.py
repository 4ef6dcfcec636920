"""Reactions end with the game: a finished table takes them only for REACTIONS_AFTER_END (the
rematch's time, while the finished page looks for it), then refuses with its own code and shows
no buttons; the worker's housekeeping deletes the reactions of tables closed that long ago."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from siete.data.base import db, utcnow
from siete.data.games import Game
from siete.data.people import Player
from siete.data.reaction_rows import TableReaction
from siete.service.errors import Conflict
from siete.service.social.reactions import REACTIONS_AFTER_END, send_reaction
from tests.support.play import HX, client_for, make_user, played_to_the_end, started_game, text

SECOND = timedelta(seconds=1)


def player_id(app, name: str) -> int:
    with app.app_context():
        return db.session.scalar(select(Player.id).where(Player.name == name))


def close(app, game_id: int, status: str, ended_at) -> None:
    """As if the table's game ended (finished), or it was given up (abandoned), at `ended_at`."""
    with app.app_context():
        values = {"updated_at": ended_at} if status == "abandoned" else {"ended_at": ended_at}
        db.session.execute(update(Game).where(Game.id == game_id).values(status=status, **values))
        db.session.commit()


def reactions_at(app, game_id: int) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(TableReaction)
                                 .where(TableReaction.game_id == game_id))


def test_a_finished_game_takes_reactions_for_its_rematch_time_only(app):
    ana = make_user(app, "Ana")
    game_id, ended = played_to_the_end(app, ana), utcnow() - timedelta(hours=1)
    close(app, game_id, "finished", ended)
    ana_player = player_id(app, "Ana")
    with app.app_context():
        send_reaction(game_id, ana_player, "Ana", "thanks", ended + 10 * SECOND)  # the rematch's time
        send_reaction(game_id, ana_player, "Ana", "applause", ended + REACTIONS_AFTER_END - SECOND)
        with pytest.raises(Conflict) as closed:
            send_reaction(game_id, ana_player, "Ana", "thanks", ended + REACTIONS_AFTER_END)
        assert closed.value.code == "reactions_closed" and closed.value.status == 409
        assert closed.value.values == {"minutes": REACTIONS_AFTER_END.total_seconds() // 60}
    assert reactions_at(app, game_id) == 2


def test_a_closed_table_says_so_and_offers_no_reaction(app):
    ana = make_user(app, "Ana")
    game_id = played_to_the_end(app, ana)
    client = client_for(app, ana)
    close(app, game_id, "finished", utcnow() - REACTIONS_AFTER_END + timedelta(minutes=1))
    assert 'id="react-thanks"' in text(client.get(f"/tables/{game_id}"))
    close(app, game_id, "finished", utcnow() - REACTIONS_AFTER_END - SECOND)
    assert 'id="react-thanks"' not in text(client.get(f"/tables/{game_id}"))
    refused = client.post(f"/tables/{game_id}/react", data={"kind": "thanks"}, headers=HX)
    minutes = int(REACTIONS_AFTER_END.total_seconds() // 60)
    assert refused.status_code == 409
    assert f"This game ended over {minutes} minutes ago: reactions are closed." in text(refused)
    assert reactions_at(app, game_id) == 0


def test_the_worker_deletes_the_reactions_of_tables_closed_long_ago(app, runner):
    now, games = utcnow(), {}
    for name, status, ended in (("Ana", "finished", now - REACTIONS_AFTER_END - SECOND),
                                ("Bea", "finished", now - timedelta(minutes=1)),
                                ("Cy", "playing", None),
                                ("Dani", "abandoned", now - REACTIONS_AFTER_END - SECOND)):
        user = make_user(app, name)
        games[name] = played_to_the_end(app, user) if status == "finished" else started_game(app, user)
        with app.app_context():
            send_reaction(games[name], player_id(app, name), name, "thanks", now - REACTIONS_AFTER_END)
        if ended is not None:
            close(app, games[name], status, ended)
    result = runner.invoke(args=["worker", "--once"])
    assert result.exit_code == 0, result.output
    kept = {name: reactions_at(app, game_id) for name, game_id in games.items()}
    assert kept == {"Ana": 0, "Bea": 1, "Cy": 1, "Dani": 0}

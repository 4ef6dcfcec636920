""""Play again" follows a game that has ended. `POST /tables/<id>/again` at a table still
waiting for players or being played opened a "rematch" of a game nobody had finished; it is
refused now, in the service (rematch.verify_over), with a 409 that says why in the reader's
language, and no table is opened."""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from siete.data.base import db
from siete.data.games import Game
from siete.data.people import User
from siete.service.errors import Conflict, Problem
from siete.service.tables.lobby_actions import TableSpec, create_table, player_for, start_table
from siete.service.tables.rematch import play_again
from tests.support.play import client_for, make_user, started_game, text, waiting_table
from tests.support.settings import app_settings

NOT_OVER_EN = "This game has not ended yet: you can play it again once it is over."
NOT_OVER_ES = "Esta partida aún no ha terminado: podrás volver a jugarla cuando acabe."


def table_count(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game))


def refused(app, user_id: int, game_id: int, **headers) -> str:
    before = table_count(app)
    answer = client_for(app, user_id).post(f"/tables/{game_id}/again", headers=headers)
    assert answer.status_code == 409
    assert table_count(app) == before  # nothing opened
    assert 'class="error-page__code">409<' in text(answer)  # the site's page, not Werkzeug's
    return text(answer)


def test_play_again_at_a_waiting_table_is_a_409_in_english_and_spanish(app):
    ana = make_user(app, "Ana")
    game_id = waiting_table(app, ana, seats=3, bots=1)
    assert NOT_OVER_EN in refused(app, ana, game_id)
    assert NOT_OVER_ES in refused(app, ana, game_id, **{"Accept-Language": "es"})


def test_play_again_at_a_running_table_is_a_409(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    assert NOT_OVER_EN in refused(app, ana, game_id)


def test_watch_again_at_a_running_bots_table_is_a_409(app):
    ana = make_user(app, "Ana")
    with app.app_context():
        creator = player_for(db.session.get(User, ana))
        spec = TableSpec(name="watch", seats=3, bots=("standard", "bold", "cautious"), max_hands=5,
                         creator_sits=False)
        game_id = create_table(creator, spec, app.config["GAME"], seed=3).id
        start_table(app_settings(), game_id, creator)
    assert NOT_OVER_EN in refused(app, ana, game_id)


def test_the_service_refuses_the_rematch_of_a_game_not_over(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    with app.app_context(), pytest.raises(Conflict) as refusal:
        play_again(app_settings(), game_id, player_for(db.session.get(User, ana)),
                   TableSpec(name="again", seats=4, bots=("standard", "cautious", "bold")))
    assert refusal.value.code == Problem.GAME_NOT_OVER and refusal.value.status == 409

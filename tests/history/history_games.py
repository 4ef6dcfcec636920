"""Games played through the service for the history tests: bots-only games (the simulator's
path) and games where a human plays through service.tables.turns.act, as the web does."""
from __future__ import annotations

import flask
from sqlalchemy import select

from siete.data.base import db
from siete.data.people import Player, User
from siete.data.player_stats import GameRating, PlayerRating
from siete.engine.state import DEAL, OVER, PLAY
from siete.service.records.bot_games import simulate_recorded
from siete.service.tables import turns
from siete.service.tables.lobby_actions import TableSpec, create_table, start_table
from siete.web.login import log_in
from tests.support.play import human_move
from tests.support.settings import app_settings


def make_human(name: str) -> Player:
    """A user and their player (no real password: tests log in through the session)."""
    user = User(username=name, email=f"{name.lower()}@example.test", password_hash="x",
                created_by="test", updated_by="test")
    db.session.add(user)
    db.session.flush()
    player = Player(kind="human", name=name, user_id=user.id)
    db.session.add(player)
    db.session.commit()
    return player


def play_human_game(app, player: Player, bots: tuple[str, ...], hands: int,
                    stop_after: int | None = None) -> int:
    """A table of `player` and bots, played through act() to the end (or until hand
    `stop_after` is dealt, leaving a running game); returns the game id."""
    config = app.config["GAME"]
    game = create_table(player, TableSpec(name=f"{player.name} vs bots", seats=len(bots) + 1,
                                          bots=bots, max_hands=hands), config)
    start_table(app_settings(), game.id, player)
    for _ in range(2000):
        db.session.expire_all()
        _game, state = turns.current_state(app_settings(), game.id)
        if state.phase == OVER or (stop_after and state.hand >= stop_after and state.phase == PLAY
                                   and state.current_seat() == state.seat_index(player.name)):
            return game.id
        if state.phase == DEAL:  # the settled hand stays up until its person says "next"
            turns.ready_for_next(app_settings(), game.id, player.name)
            continue
        seat = state.seat_index(player.name)
        move, amount = human_move(state, seat)
        turns.act(app_settings(), game.id, player.name, move, amount, state.version)
    raise AssertionError("the game did not end")


def play_some_games(app) -> dict[str, list[int]]:
    """Three bots-only games, two finished human games and one left running."""
    ana, bea = make_human("Ana"), make_human("Bea")
    bots = simulate_recorded(["standard", "cautious", "bold"], 3, app.config["GAME"], seed=5,
                             max_hands=8)
    humans = [play_human_game(app, ana, ("standard", "bold"), hands=6),
              play_human_game(app, bea, ("cautious", "standard", "bold"), hands=5)]
    running = [play_human_game(app, ana, ("standard",), hands=10, stop_after=3)]
    return {"bots": bots, "humans": humans, "running": running}


def client_logged_in_as(app, name: str):
    """A test client logged in as the user called `name` (a login session of its own)."""
    with app.app_context():
        user_id = db.session.scalar(select(Player.user_id).where(Player.name == name))
    client = app.test_client()
    with app.test_request_context():
        log_in(user_id, name, remember=False)
        logged_in = dict(flask.session)
    with client.session_transaction() as session:
        session.update(logged_in)
    return client


def review_queued(app) -> int:
    """What the worker does between its timer steps (siete/cli/worker.py): review the games
    whose end queued them; how many."""
    from siete.service.records.game_review import review_queued_games

    with app.app_context():
        return review_queued_games(app.config["GAME"].cards, "worker", limit=1000, budget_s=600)


def snapshot() -> tuple[list, list]:
    ratings = db.session.execute(select(PlayerRating.player_id, PlayerRating.mu, PlayerRating.sigma,
                                        PlayerRating.ordinal, PlayerRating.games)
                                 .order_by(PlayerRating.player_id)).all()
    changes = db.session.execute(select(GameRating.game_id, GameRating.player_id, GameRating.place,
                                        GameRating.mu_before, GameRating.sigma_before,
                                        GameRating.mu_after, GameRating.sigma_after)
                                 .order_by(GameRating.id)).all()
    return [tuple(r) for r in ratings], [tuple(r) for r in changes]

"""Playing through the Flask test client: people, logged-in clients, tables and their state.

Plain functions (most take the app), shared by the play, service, i18n, robustness and security
tests.
"""
from __future__ import annotations

import re
from datetime import timedelta

import flask
from sqlalchemy import select, update

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer, Hand
from siete.data.games import GameStateRow as StateRow
from siete.data.people import Player, User
from siete.engine.state import DEAL, OVER
from siete.service.tables import turns
from siete.service.tables.due_tables import run_tick
from siete.service.tables.lobby_actions import TableSpec, create_table, player_for, start_table
from siete.service.tables.timers import run_due_timers
from siete.web.login import log_in
from tests.support.settings import app_settings

HX = {"HX-Request": "true"}
THREE_BOTS = {"name": "Three bots", "seats": 4, "standard_bots": 1, "cautious_bots": 1,
              "bold_bots": 1, "max_hands": 15, "turn_seconds": 30}


def make_user(app, name: str) -> int:
    """A user and their human player; returns the user id (no password hashing: tests log in directly)."""
    with app.app_context():
        user = User(username=name, email=f"{name.lower()}@example.test", password_hash="x",
                    created_by="test", updated_by="test")
        db.session.add(user)
        db.session.flush()
        db.session.add(Player(kind="human", name=name, user_id=user.id))
        db.session.commit()
        return user.id


def make_player(name: str) -> Player:
    """A user and their human player made as the services make them (player_for), for tests that
    call the services inside an app context (make_user is the web tests' one, from outside)."""
    user = User(username=name, email=f"{name.lower()}@example.test", password_hash="x")
    db.session.add(user)
    db.session.commit()
    player = player_for(user)
    db.session.commit()
    return player


def assert_complete_record(game_id: int) -> None:
    """Finished as any game: a winner, an end time, every hand recorded, every seat's result
    written; read in a new session, as the next request would find it."""
    db.session.remove()
    game = db.session.get(Game, game_id)
    hands = db.session.scalars(select(Hand.number).where(Hand.game_id == game_id)).all()
    assert game.status == "finished" and game.winner_player_id is not None
    assert game.ended_at is not None and sorted(hands) == list(range(1, game.hands_played + 1))
    seats = db.session.scalars(select(GamePlayer).where(GamePlayer.game_id == game_id)).all()
    assert all(gp.result in ("won", "lost") and gp.final_points is not None for gp in seats)


def client_for(app, user_id: int | None):
    """A test client with its own session, logged in as user_id: a login session is stored and
    the session cookie holds what logging in puts there (siete.web.login.log_in)."""
    client = app.test_client()
    if user_id is not None:
        with app.app_context():
            username = db.session.get(User, user_id).username
        with app.test_request_context(headers={"User-Agent": "pytest"}):
            log_in(user_id, username, remember=False)
            logged_in = dict(flask.session)
        with client.session_transaction() as session:
            session.update(logged_in)
    return client


def table_id_from(response) -> int:
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return int(re.search(r"/tables/(\d+)$", response.headers["Location"]).group(1))


def load(app, game_id: int):
    """(Game status, GameState or None) as the database holds them now."""
    with app.app_context():
        db.session.expire_all()
        game, state = turns.current_state(app_settings(), game_id)
        return game.status, state


def seat_of_user(app, game_id: int, user_id: int) -> int:
    with app.app_context():
        game = db.session.get(Game, game_id)
        return next(i for i, gp in enumerate(sorted(game.players, key=lambda gp: gp.join_order))
                    if gp.player.user_id == user_id)


def started_game(app, user_id: int, bots=("standard", "cautious", "bold"), punter=True,
                 max_hands=15, turn_seconds=30) -> int:
    """A running table (user + bots) where it is the user's turn, as a punter (bet first) or as the bank.

    Seeds are tried in turn because the seat cards decide who holds the bank.
    """
    with app.app_context():
        user = db.session.get(User, user_id)
        spec = TableSpec(name="seeded", seats=len(bots) + 1, bots=tuple(bots), max_hands=max_hands,
                         turn_seconds=turn_seconds)
        for seed in range(1, 200):
            game = create_table(player_for(user), spec, app.config["GAME"], seed=seed)
            start_table(app_settings(), game.id, player_for(user))
            _, state = turns.current_state(app_settings(), game.id)
            seat = state.current_seat()
            if (state.phase == "play" and state.seats[seat].name == user.username
                    and (state.turn != 0) == punter):
                return game.id
    raise AssertionError("no seed gave the user the turn wanted")


def human_move(state, seat: int) -> tuple[str, int | None]:
    """A plain human's move, for tests that play through the service (turns.act): bet the most
    allowed, draw below 5, else stand (R4.3-R4.8)."""
    me = state.seats[seat]
    if state.turn != 0 and not me.bet:
        return "bet", max(1, -(-me.points // 5))
    if me.total < 10 and state.deck:
        return "draw", None
    return "stand", None


def play_out(game_id: int, idle: frozenset[str] | set[str] = frozenset()) -> None:
    """Play a started game to its end: its people move through act() as the web does
    (human_move), but those named in `idle`, who never move (their timer runs out, then a
    stand-in bot plays their seat); bots' paced moves and the pauses between hands are the
    worker's (their timers run out)."""
    settings = app_settings()
    for _ in range(3000):
        db.session.expire_all()
        _game, state = turns.current_state(settings, game_id)
        if state.phase == OVER:
            return
        seat = state.current_seat()
        player = None if seat is None else state.seats[seat]
        if state.phase != DEAL and player is not None and player.bot is None \
                and player.name not in idle:
            move, amount = human_move(state, seat)
            turns.act(settings, game_id, player.name, move, amount, state.version)
        else:  # a bot's or a stand-in's turn, or the pause between hands: the timer moves on
            assert run_due_timers(settings, game_id, now=utcnow() + timedelta(days=1)), "nothing was due"
    raise AssertionError("the game did not end")


def text(response) -> str:
    return response.get_data(as_text=True)


def waiting_table(app, creator: int, seats: int = 3, bots: int = 0) -> int:
    data = {**THREE_BOTS, "seats": seats, "standard_bots": bots, "cautious_bots": 0, "bold_bots": 0}
    return table_id_from(client_for(app, creator).post("/tables", data=data))


def set_deadline(app, game_id: int, when) -> None:
    with app.app_context():
        db.session.execute(update(StateRow).where(StateRow.game_id == game_id).values(turn_deadline=when))
        db.session.commit()


def played_to_the_end(app, user_id: int) -> int:
    """A one-hand game of the user and bots, played to its end by the worker's ticks a day
    ahead (the user's turns time out, then a bot plays the seat): the user is still seated."""
    game_id = started_game(app, user_id, max_hands=1)
    with app.app_context():
        for _ in range(200):
            if db.session.scalar(select(Game.status).where(Game.id == game_id)) == "finished":
                return game_id
            run_tick(app_settings(), utcnow() + timedelta(days=1), batch=50, waiting_ttl_s=3600)
            db.session.remove()
    raise AssertionError("the one-hand game did not finish")


def play_out_hand(app, client, game_id, seat):
    """Ana bets 1 and stands (or stands, as the bank) until the hand is settled."""
    for _ in range(10):
        _, state = load(app, game_id)
        if state.phase != "play":
            return state
        move = "bet" if state.turn != 0 and not state.seats[seat].bet else "stand"
        response = client.post(f"/tables/{game_id}/{move}", data={"version": state.version, "amount": 1},
                               headers=HX)
        assert response.status_code == 200, text(response)[:300]
    raise AssertionError("the hand did not end")

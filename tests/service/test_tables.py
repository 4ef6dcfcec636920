"""Live tables in the database: locked, versioned moves; timers; leaving; races between requests."""
from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy import select

from siete.data.base import db, utcnow
from siete.data.games import Game, Turn
from siete.data.games import GameStateRow as StateRow
from siete.data.people import Player, User
from siete.engine.codes import Event, RuleCode
from siete.engine.records import LogEvent
from siete.engine.rules import legal_bets
from siete.service.errors import Conflict, NotAllowed, Problem, RuleBroken
from siete.service.tables import timers
from siete.service.tables import turns as play
from siete.service.tables.lobby_actions import (
    TableSpec,
    create_table,
    join_table,
    player_for,
    player_of_user,
    start_table,
)
from tests.support.play import make_player
from tests.support.settings import app_settings


def test_player_of_user_finds_the_player_or_creates_it_once(app):
    with app.app_context():
        ana = make_player("ana")
        assert player_of_user(ana.user_id) is ana  # found by user id (the seat-writing actions)
        user = User(username="bea", email="bea@example.test", password_hash="x")
        db.session.add(user)
        db.session.flush()
        created = player_of_user(user.id)
        assert (created.name, created.kind, created.user_id) == ("bea", "human", user.id)
        assert player_of_user(user.id) is created


def started_table(app, bots=("standard", "cautious"), humans=("ana",)):
    """A running table where the creator (first human) must now place a bet.

    Seeds are tried in turn because who holds the bank depends on the shuffle; the tests
    want a punter's turn to start with.
    """
    with app.app_context():
        players = [make_player(n) for n in humans]
        spec = TableSpec(name="test table", seats=len(humans) + len(bots), bots=tuple(bots),
                         max_hands=15)
        for seed in range(1, 60):
            game = create_table(players[0], spec, app.config["GAME"], seed=seed)
            for other in players[1:]:
                join_table(game.id, other)
            start_table(app_settings(), game.id, players[0])
            _, state = play.current_state(app_settings(), game.id)
            seat = state.current_seat()
            if state.phase == "play" and state.seats[seat].name == humans[0] and state.turn != 0:
                return game.id
        raise AssertionError("no seed gave the creator a punter's turn")


def human_to_act(app, game_id):
    with app.app_context():
        game, state = play.current_state(app_settings(), game_id)
        return state, state.seats[state.current_seat()].name


def test_bots_play_until_a_human_must_act(app):
    game_id = started_table(app)
    state, name = human_to_act(app, game_id)
    assert state.phase == "play" and name == "ana"
    with app.app_context():
        row = db.session.get(StateRow, game_id)
        assert row.version == state.version and row.turn_deadline is not None


def test_r4_4_bet_out_of_range_changes_nothing(app):
    game_id = started_table(app)
    with app.app_context():
        ana = player_for(db.session.execute(db.select(User)).scalar_one())
        before = db.session.get(StateRow, game_id).state
        with pytest.raises(RuleBroken) as refused:
            play.act(app_settings(), game_id, ana.name, "bet", 9)
        assert (refused.value.code, refused.value.values) == (RuleCode.BET_OUT_OF_RANGE,
                                                              {"name": "ana", "top": 4})
        assert db.session.get(StateRow, game_id).state == before


def test_stale_version_is_refused_and_the_move_applies_once(app):
    game_id = started_table(app)
    state, _ = human_to_act(app, game_id)
    with app.app_context():
        ana = player_for(db.session.execute(db.select(User)).scalar_one())
        play.act(app_settings(), game_id, ana.name, "bet", 1, version=state.version)
        with pytest.raises(Conflict) as refused:
            play.act(app_settings(), game_id, ana.name, "bet", 1, version=state.version)  # the double click
        assert refused.value.code == Problem.TABLE_MOVED_ON
        _, now = play.current_state(app_settings(), game_id)
        assert now.seats[now.seat_index("ana")].bet == 1


def test_someone_not_seated_cannot_act(app):
    game_id = started_table(app)
    with app.app_context():
        eve = make_player("eve")
        with pytest.raises(NotAllowed):
            play.act(app_settings(), game_id, eve.name, "stand")


def test_two_connections_race_exactly_one_wins(app):
    """Two requests act at once on the same version: one applies, the other gets a conflict."""
    game_id = started_table(app)
    state, _ = human_to_act(app, game_id)
    barrier, outcomes = threading.Barrier(2, timeout=20), []

    def attempt():
        with app.app_context():
            ana = player_for(db.session.execute(db.select(User)).scalar_one())
            # End the read transaction first: on SQLite it holds the one write lock, and the
            # other thread could never reach the barrier.
            db.session.rollback()
            barrier.wait()
            try:
                play.act(app_settings(), game_id, ana.name, "bet", 1, version=state.version)
                outcomes.append("applied")
            except Conflict:
                outcomes.append("conflict")
            finally:
                db.session.remove()

    threads = [threading.Thread(target=attempt) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(outcomes) == ["applied", "conflict"]
    with app.app_context():
        _, after = play.current_state(app_settings(), game_id)
        ana = after.seats[after.seat_index("ana")]
        assert ana.bet == 1 and ana.points + ana.stake == after.config.initial_points
        assert after.conserved_total() == after.config.initial_points * len(after.seats)


def test_turn_timer_plays_the_house_bots_turn_for_an_idle_player(app):
    game_id = started_table(app)
    state, _ = human_to_act(app, game_id)
    with app.app_context():
        later = utcnow() + timedelta(seconds=31)
        assert timers.run_due_timers(app_settings(), game_id, now=later)
        _, after = play.current_state(app_settings(), game_id)
        ana = after.seats[after.seat_index("ana")]
        # the standard bot's bet, draws and stand (tests/engine/test_timeouts.py: move for move)
        if after.hand == state.hand:  # the log is the hand's: a hand that ended starts anew
            assert LogEvent(Event.TIMEOUT, after.seat_index("ana")) in after.log
            assert ana.bet >= 1 and ana.status != "playing"
        assert after.version > state.version
        assert not timers.run_due_timers(app_settings(), game_id, now=utcnow())  # nothing due right after


def test_a_player_who_leaves_is_replaced_by_a_bot(app):
    game_id = started_table(app)
    with app.app_context():
        ana = player_for(db.session.execute(db.select(User)).scalar_one())
        play.leave_game(app_settings(), game_id, ana)
        game, state = play.current_state(app_settings(), game_id)
        assert state.seats[state.seat_index("ana")].bot == "standard"
        assert game.status == "finished"  # bots only now: they play it out at once
        with pytest.raises(Conflict):
            play.act(app_settings(), game_id, ana.name, "stand")


def test_whole_game_against_bots_is_recorded(app):
    game_id = started_table(app, bots=("standard", "bold", "cautious"))
    with app.app_context():
        ana = player_for(db.session.execute(db.select(User)).scalar_one())
        for _ in range(400):
            game, state = play.current_state(app_settings(), game_id)
            if state.phase == "over":
                break
            if state.phase == "deal":  # the pause after a settled hand: Ana says "next"
                play.ready_for_next(app_settings(), game_id, ana.name)
                continue
            seat = state.current_seat()
            bets = list(legal_bets(state, seat))
            play.act(app_settings(), game_id, ana.name, "bet" if bets else "stand", bets[0] if bets else None,
                     version=state.version)
        game = db.session.get(Game, game_id)
        assert game.status == "finished" and game.hands_played == len(game.hands)
        assert game.duration_s is not None and game.ended_at >= game.started_at


@pytest.mark.mariadb_only
def test_a_join_sees_the_seats_taken_after_its_request_began(app):
    """The seat list is read after the table's lock, so it includes seats committed meanwhile.

    Under InnoDB's default REPEATABLE READ, the plain read of the seats came from a snapshot
    taken at the request's first query: a seat taken after that looked free and two players got
    the last seat (a duplicate join order). READ COMMITTED connections make this a clean refusal.
    """
    with app.app_context():
        ana, bea, cai = (make_player(n) for n in ("ana", "bea", "cai"))
        game = create_table(ana, TableSpec(name="two seats", seats=2), app.config["GAME"])
        game_id, bea_id, cai_id = game.id, bea.id, cai.id

    def bea_joins():
        with app.app_context():
            join_table(game_id, db.session.get(Player, bea_id))

    with app.app_context():
        cai = db.session.get(Player, cai_id)  # this request's first read
        other = threading.Thread(target=bea_joins)
        other.start()
        other.join(30)
        with pytest.raises(Conflict) as refused:
            join_table(game_id, cai)
        assert refused.value.code == Problem.TABLE_FULL
        seats = db.session.get(Game, game_id).players
        assert sorted(gp.player.name for gp in seats) == ["ana", "bea"]


def test_a_start_that_fills_seats_with_bots_records_the_hand_it_settles_at_once(app):
    """The seats a start fills with bots are new rows of the start's own unit of work. When the
    first hand is settled within the start (the human holds the bank and every punter busts),
    its turns still need their seats' ids: it was an IntegrityError, a 500, in the browser suite."""
    with app.app_context():
        ana = make_player("ana")
        spec = TableSpec(name="filled", seats=3, bots=("standard",), max_hands=15)
        for seed in range(1, 400):
            game = create_table(ana, spec, app.config["GAME"], seed=seed)
            start_table(app_settings(), game.id, ana, fill_with_bots=True)
            if db.session.get(Game, game.id).hands_played:
                turns = db.session.scalars(select(Turn).where(Turn.game_id == game.id)).all()
                assert len(turns) == 3 and all(turn.game_player_id for turn in turns)
                return
        raise AssertionError("no seed settled the first hand within the start")

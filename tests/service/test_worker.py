"""The worker (issue 19): due timers played with nobody polling, idle people marked away and
taking their seat back, waiting tables expiring, and one query per tick on an idle site."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import event, select

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer
from siete.data.people import Player, User
from siete.service.tables import seat_back, turns
from siete.service.tables.absent_creators import CREATOR_AWAY
from siete.service.tables.due_tables import run_tick
from siete.service.tables.lobby_actions import TableSpec, create_table, join_table, player_for, start_table
from tests.support.play import assert_complete_record, make_player
from tests.support.settings import app_settings

FAR = timedelta(days=1)  # a tick "a day later": every deadline set by then is due


def tick_until(predicate, ticks: int = 200, ttl: int = 3600):
    """Tick as the worker does (fake clock far ahead) until predicate() holds; the ticks' steps."""
    steps = []
    for _ in range(ticks):
        if predicate():
            return steps
        steps += run_tick(app_settings(), utcnow() + FAR, batch=50, waiting_ttl_s=ttl).steps
        db.session.remove()  # as the worker: nothing read in one tick is trusted in the next
    raise AssertionError(f"still not done after {ticks} ticks")


def status_of(game_id: int) -> str:
    db.session.expire_all()
    return db.session.get(Game, game_id).status


def test_a_bots_only_table_is_played_to_its_end_by_the_worker_alone(app):
    with app.app_context():
        ana = make_player("ana")
        spec = TableSpec(name="watch", seats=3, bots=("standard", "cautious", "bold"),
                         max_hands=6, creator_sits=False)
        game = create_table(ana, spec, app.config["GAME"], seed=7)
        start_table(app_settings(), game.id, ana)
        steps = tick_until(lambda: status_of(game.id) == "finished")
        assert_complete_record(game.id)
        # one step per deal after the first (dealt at start): versions chain, none twice
        assert [s.before for s in steps[1:]] == [s.after for s in steps[:-1]]
        assert len(steps) == db.session.get(Game, game.id).hands_played - 1


def test_a_game_whose_only_human_walked_away_is_finished_by_the_worker(app):
    """Nobody polls: the worker plays the timer twice, a bot takes the seat (away) and the
    game runs to its end with a complete record."""
    with app.app_context():
        ana = make_player("ana")
        spec = TableSpec(name="walked away", seats=3, bots=("standard", "bold"), max_hands=5)
        game = create_table(ana, spec, app.config["GAME"], seed=3)
        start_table(app_settings(), game.id, ana)
        tick_until(lambda: status_of(game.id) == "finished")
        assert_complete_record(game.id)
        _, state = turns.current_state(app_settings(), game.id)
        seat = state.seats[state.seat_index("ana")]
        assert seat.away and seat.bot == "standard"


def two_humans_and_a_bot(app, seed: int = 5) -> int:
    ana, bea = make_player("ana"), make_player("bea")
    spec = TableSpec(name="two", seats=3, bots=("standard",), max_hands=30)
    game = create_table(ana, spec, app.config["GAME"], seed=seed)
    join_table(game.id, bea)
    start_table(app_settings(), game.id, ana)
    return game.id


def bea_plays_ana_sleeps(game_id: int) -> None:
    """One step: Bea stands (betting 1 first) on her turns; on Ana's the worker's timer runs."""
    _, state = turns.current_state(app_settings(), game_id)
    current = state.seats[state.current_seat()].name if state.current_seat() is not None else None
    if current == "bea":
        seat = state.seats[state.seat_index("bea")]
        needs_bet = state.turn != 0 and not seat.bet
        turns.act(app_settings(), game_id, "bea", "bet" if needs_bet else "stand", 1 if needs_bet else None)
    else:
        run_tick(app_settings(), utcnow() + FAR, batch=50, waiting_ttl_s=3600)
    db.session.remove()


def ana_seat(game_id: int):
    db.session.expire_all()
    _, state = turns.current_state(app_settings(), game_id)
    return state.seats[state.seat_index("ana")]


def test_twice_timed_out_is_away_and_a_bot_plays_until_the_seat_is_taken_back(app):
    with app.app_context():
        game_id = two_humans_and_a_bot(app)
        for _ in range(60):
            if ana_seat(game_id).away:
                break
            bea_plays_ana_sleeps(game_id)
        seat = ana_seat(game_id)
        assert seat.away and seat.bot == "standard" and seat.timeouts == 2
        for _ in range(6):  # the bot plays Ana's turns: the game waits only on Bea
            bea_plays_ana_sleeps(game_id)
        assert ana_seat(game_id).away
        version = turns.version_and_deadline(game_id)[0]
        assert seat_back.take_seat_back(app_settings(), game_id, "ana")
        seat = ana_seat(game_id)
        assert (seat.away, seat.bot, seat.timeouts) == (False, None, 0)
        assert turns.version_and_deadline(game_id)[0] == version + 1
        assert not seat_back.take_seat_back(app_settings(), game_id, "ana")  # nothing to take back twice
        assert not seat_back.take_seat_back(app_settings(), game_id, "bea")  # never away


def test_a_move_by_an_away_player_takes_the_seat_back(app):
    with app.app_context():
        game_id = two_humans_and_a_bot(app, seed=11)
        for _ in range(60):
            if ana_seat(game_id).away:
                break
            bea_plays_ana_sleeps(game_id)
        version = turns.version_and_deadline(game_id)[0]
        snapshot = turns.act(app_settings(), game_id, "ana", "stand", version=version - 3)  # from a stale page
        assert not ana_seat(game_id).away and snapshot.version == version + 1


def test_a_waiting_table_nobody_joins_expires_and_a_fresh_one_stays(app):
    with app.app_context():
        ana, bea = make_player("ana"), make_player("bea")
        spec = TableSpec(name="lonely", seats=3)
        old = create_table(ana, spec, app.config["GAME"])
        fresh = create_table(bea, spec, app.config["GAME"])
        db.session.execute(db.update(Game).where(Game.id == old.id)
                           .values(updated_at=utcnow() - timedelta(hours=2)))
        db.session.commit()
        result = run_tick(app_settings(), utcnow(), batch=50, waiting_ttl_s=3600)
        assert result.expired == [old.id]
        assert status_of(old.id) == "abandoned" and status_of(fresh.id) == "waiting"
        assert db.session.get(Game, old.id).updated_by == "worker"


def test_joining_keeps_a_waiting_table_alive(app):
    with app.app_context():
        ana, bea = make_player("ana"), make_player("bea")
        game = create_table(ana, TableSpec(name="joined", seats=3), app.config["GAME"])
        db.session.execute(db.update(Game).where(Game.id == game.id)
                           .values(updated_at=utcnow() - timedelta(hours=2)))
        db.session.commit()
        join_table(game.id, bea)
        assert run_tick(app_settings(), utcnow(), batch=50, waiting_ttl_s=3600).expired == []
        assert status_of(game.id) == "waiting"


def seen_at(game_id: int, player: Player, when) -> None:
    db.session.execute(db.update(GamePlayer).where(GamePlayer.game_id == game_id,
                                                   GamePlayer.player_id == player.id)
                       .values(last_seen_at=when))


def test_a_full_table_its_creator_went_away_from_passes_to_who_waits_there(app):
    """The creator's page has not asked anything of the table for CREATOR_AWAY while Bea waits
    at it: the creator has left, the table is Bea's to start (with a seat free again)."""
    with app.app_context():
        ana, bea = make_player("ana"), make_player("bea")
        game = create_table(ana, TableSpec(name="full", seats=2), app.config["GAME"])
        db.session.commit()
        join_table(game.id, bea)
        now = utcnow()
        seen_at(game.id, ana, now - CREATOR_AWAY - timedelta(seconds=5))
        seen_at(game.id, bea, now)
        db.session.commit()
        result = run_tick(app_settings(), now, batch=50, waiting_ttl_s=3600)
        assert result.handed_over == [game.id] and result.expired == []
        db.session.expire_all()
        table = db.session.get(Game, game.id)
        assert table.status == "waiting" and table.creator_user_id == bea.user_id
        assert [gp.player_id for gp in table.players] == [bea.id]
        assert [gp.join_order for gp in table.players] == [0]
        assert run_tick(app_settings(), now, batch=50, waiting_ttl_s=3600).handed_over == []


def test_a_creator_still_here_or_alone_keeps_the_table(app):
    with app.app_context():
        ana, bea, cai = make_player("ana"), make_player("bea"), make_player("cai")
        here = create_table(ana, TableSpec(name="here", seats=2), app.config["GAME"])
        alone = create_table(cai, TableSpec(name="alone", seats=2), app.config["GAME"])
        db.session.commit()
        join_table(here.id, bea)
        now = utcnow()
        seen_at(here.id, ana, now - timedelta(seconds=20))  # a reload away: still here
        seen_at(here.id, bea, now)
        seen_at(alone.id, cai, now - CREATOR_AWAY * 3)  # gone, but nobody waits for them
        db.session.commit()
        assert run_tick(app_settings(), now, batch=50, waiting_ttl_s=3600).handed_over == []
        db.session.expire_all()
        assert db.session.get(Game, here.id).creator_user_id == ana.user_id
        assert db.session.get(Game, alone.id).creator_user_id == cai.user_id
        assert len(db.session.get(Game, here.id).players) == 2


@pytest.fixture
def statements(app):
    """Every SQL statement the app's engine runs (transaction control left out)."""
    seen: list[str] = []

    def count(_conn, _cursor, statement, *_args):
        if statement.split(None, 1)[0].upper() not in ("BEGIN", "COMMIT", "ROLLBACK"):
            seen.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
        yield seen
        event.remove(db.engine, "before_cursor_execute", count)


def test_an_idle_site_costs_one_query_per_tick(app, statements):
    """Tables waiting, playing with a deadline to come: a tick is one statement, nothing else."""
    with app.app_context():
        ana, bea = make_player("ana"), make_player("bea")
        create_table(ana, TableSpec(name="waiting", seats=3), app.config["GAME"])
        game = create_table(bea, TableSpec(name="playing", seats=2, bots=("bold",)),
                            app.config["GAME"])
        start_table(app_settings(), game.id, bea)
        db.session.remove()
        statements.clear()
        for _ in range(5):
            assert run_tick(app_settings(), utcnow(), batch=50, waiting_ttl_s=3600).steps == []
            db.session.remove()
        assert len(statements) == 5, statements
        assert all("turn_deadline" in s for s in statements)


@pytest.mark.mariadb_only
def test_the_tick_query_reads_the_deadline_index(app):
    """EXPLAIN on MariaDB: the due timers come from a range of ix_game_states_turn_deadline."""
    from siete.service.tables.due_tables import DUE

    with app.app_context():
        compiled = DUE.compile(dialect=db.engine.dialect)
        params = {**compiled.params, "now": utcnow(), "cutoff": utcnow(), "away": utcnow(), "batch": 50}
        rows = db.session.connection().exec_driver_sql(f"EXPLAIN {compiled}", params).mappings().all()
        keys = {row["table"]: row["key"] for row in rows}
        assert keys["game_states"] == "ix_game_states_turn_deadline"
        assert keys["games"] == "ix_games_status"


def test_a_broken_table_does_not_hold_up_the_tables_due_after_it(app):
    from siete.data.games import GameStateRow as StateRow

    with app.app_context():
        ana = make_player("ana")
        watch = TableSpec(name="watch", seats=2, bots=("standard", "bold"), creator_sits=False)
        broken, fine = (create_table(ana, watch, app.config["GAME"]) for _ in range(2))
        for game in (broken, fine):
            start_table(app_settings(), game.id, ana)
        db.session.execute(db.update(StateRow).where(StateRow.game_id == broken.id)
                           .values(state="{}", turn_deadline=utcnow() - timedelta(hours=1)))
        db.session.commit()
        result = run_tick(app_settings(), utcnow() + FAR, batch=50, waiting_ttl_s=3600)
        assert result.failed == [broken.id]
        assert [step.game_id for step in result.steps] == [fine.id]


def test_the_open_tables_cap_holds_when_tables_are_opened_at_the_same_moment(app):
    """Five tables opened at once by one account with a cap of 3: exactly 3 are stored (the
    account's row is locked while counting; on SQLite the write lock serialises them)."""
    import threading

    from siete.service.errors import TooMany

    with app.app_context():
        user_id = make_player("ana").user_id
    barrier, outcomes = threading.Barrier(5, timeout=20), []

    def attempt():
        with app.app_context():
            ana = player_for(db.session.get(User, user_id))
            db.session.rollback()  # on SQLite a read transaction holds the one write lock
            barrier.wait()
            try:
                create_table(ana, TableSpec(name="race", seats=3), app.config["GAME"], max_open=3)
                outcomes.append("opened")
            except TooMany:
                db.session.rollback()
                outcomes.append("refused")
            finally:
                db.session.remove()

    threads = [threading.Thread(target=attempt) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(outcomes) == ["opened"] * 3 + ["refused"] * 2
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(Game)
                                 .where(Game.creator_user_id == user_id)) == 3


def test_the_worker_command_runs_one_tick_with_once(app, runner):
    with app.app_context():
        ana = make_player("ana")
        watch = TableSpec(name="watch", seats=2, bots=("standard", "bold"), creator_sits=False)
        game = create_table(ana, watch, app.config["GAME"])
        start_table(app_settings(), game.id, ana)
        from siete.data.games import GameStateRow as StateRow

        db.session.execute(db.update(StateRow).where(StateRow.game_id == game.id)
                           .values(turn_deadline=utcnow() - timedelta(seconds=5)))
        db.session.commit()
        version = turns.version_and_deadline(game.id)[0]
    result = runner.invoke(args=["worker", "--once", "--batch", "5"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert turns.version_and_deadline(game.id)[0] > version  # the next hand was dealt


def test_the_worker_reviews_the_games_that_finished(app, runner):
    """#25: a game's end only queues its review; the worker's tick writes it (#27.5)."""
    from siete.data.reviews import ReviewQueueRow, SeatReviewRow
    from siete.service.records.bot_games import simulate_recorded

    with app.app_context():
        game_id, = simulate_recorded(["standard", "bold"], 1, app.config["GAME"], seed=2, max_hands=4)
        assert db.session.scalars(select(ReviewQueueRow.game_id)).all() == [game_id]
    result = runner.invoke(args=["worker", "--once"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert db.session.scalars(select(ReviewQueueRow.game_id)).all() == []
        reviewed = db.session.scalars(select(SeatReviewRow.game_id)).all()
        assert reviewed == [game_id, game_id]  # a row a seat

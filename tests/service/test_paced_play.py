"""Paced play (#25): with `bot_move_s` set, bots and the bank move one at a time, each move due
`bot_move_s` after the one before, played by the timers' locked step (the worker's, or a poll's
that finds it late); the same moves as unpaced; the pause between hands starts after the last.
Each step moves the version by one: a punter's draw to 7½ and the stand R4.6 makes are two
steps, as a draw and a stand by choice are (R4.2; tests/play/test_paced_seven_half.py).

Time is driven by passing `now`, as the worker tests do: nothing here sleeps.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from siete.data.base import db, utcnow_ms
from siete.data.games import Game
from siete.data.people import Player
from siete.engine.records import STAND_AT_SEVEN_HALF
from siete.service.tables import turns
from siete.service.tables.due_tables import run_tick
from siete.service.tables.lobby_actions import TableSpec, create_table, start_table
from siete.service.tables.timers import run_due_step
from siete.service.tables.turns import BOT_HAND_PAUSE_S
from tests.support.play import assert_complete_record, make_player
from tests.support.settings import app_settings

PACE = timedelta(seconds=0.8)
EPS = timedelta(milliseconds=1)


def status_of(game_id: int) -> str:
    db.session.remove()
    return db.session.get(Game, game_id).status


def paced():
    return replace(app_settings(), bot_move_s=PACE.total_seconds())


def marker(game_id):
    db.session.remove()
    return turns.version_and_deadline(game_id)


def state_of(game_id):
    db.session.remove()
    return turns.current_state(app_settings(), game_id)[1]


def bots_table(creator, name: str, settings, sits: bool = False, bots=("standard", "bold", "cautious"),
               seed: int = 42):
    spec = TableSpec(name=name, seats=len(bots) + sits, bots=bots, max_hands=3, creator_sits=sits)
    game = create_table(creator, spec, app_settings().game, seed=seed)
    start_table(settings, game.id, creator)
    return game.id


def one_step(before: int, after: int, game_id: int) -> bool:
    """A paced step moved the version by one; by two only where the bank drew to 7½ and R4.6
    stood for it with the draw, which tells nothing (all the bank's cards are face up)."""
    if after - before == 1:
        return True
    state = state_of(game_id)
    bank = state.log[0].seat  # the hand's bank (its "hand" event opens the log)
    return (after - before == 2 and state.phase != "play"
            and state.seats[bank].actions[-1:] == [STAND_AT_SEVEN_HALF])


def play_hand_paced(game_id: int) -> list[tuple[int, object]]:
    """Each bot move at its deadline, one per due step, until the hand is settled: (version, deadline)s."""
    seen = []
    while state_of(game_id).bot_stream is not None:
        version, deadline = marker(game_id)
        assert run_due_step(paced(), game_id, deadline - EPS) is None  # not before its time
        step = run_due_step(paced(), game_id, deadline)
        # exactly one move: one version (a punter's draw to 7½ is one, the stand the next)
        assert step.before == version and one_step(version, step.after, game_id)
        assert marker(game_id)[1] == step.next_deadline
        seen.append((step.after, step.next_deadline))
        if state_of(game_id).bot_stream is not None:
            assert step.next_deadline == deadline + PACE  # the next, PACE after this one
    return seen


def test_paced_bots_move_one_per_due_step_and_come_out_as_unpaced(app):
    with app.app_context():
        ana = make_player("ana")
        instant = bots_table(ana, "instant", app_settings())
        start = utcnow_ms()
        slow = bots_table(ana, "paced", paced())
        first = state_of(slow)
        assert first.hand == 1 and first.bot_stream == [first.version, 0]
        version, deadline = marker(slow)
        assert start + PACE <= deadline <= utcnow_ms() + PACE  # a bot's move, PACE from the deal
        steps = play_hand_paced(slow)
        assert len(steps) >= 4  # three bets and the bank at least, each a step
        paced_state, instant_state = state_of(slow), state_of(instant)
        assert instant_state.version == steps[-1][0]
        assert paced_state.log == instant_state.log  # the same cards, bets and draws
        assert [s.points for s in paced_state.seats] == [s.points for s in instant_state.seats]
        last_move_at = steps[-2][1] if len(steps) > 1 else deadline
        # Time to read: the pause starts when the hand's last move was made, not before
        assert marker(slow)[1] == last_move_at + timedelta(seconds=BOT_HAND_PAUSE_S)


def test_a_punter_bot_s_draw_to_7_and_a_half_and_the_stand_it_makes_are_two_steps(app):
    """R4.2: seed 10 deals a hand in which a punter bot draws to 7½. Its draw is one step and
    R4.6's stand the next, PACE later, as a stand by choice would be: the version and the
    time between steps tell nobody that its face-down card makes 7½."""
    with app.app_context():
        ana = make_player("ana")
        instant = bots_table(ana, "instant", app_settings(), seed=10)
        game_id = bots_table(ana, "seven", paced(), seed=10)
        first = marker(game_id)[0]
        steps = play_hand_paced(game_id)  # each step: one version, PACE after the last
        state = state_of(game_id)
        sevens = [i for i in state.order[1:] if state.seats[i].actions[-1:] == [STAND_AT_SEVEN_HALF]]
        assert sevens and state.phase == "deal"  # the seed's 7½, and the hand is settled
        assert [v for v, _ in steps] == list(range(first + 1, first + 1 + len(steps)))
        assert state.log == state_of(instant).log  # the moves unpaced play makes at once


def test_after_a_person_stands_the_bots_move_one_at_a_time(app):
    with app.app_context():
        ana = make_player("ana")
        game_id = bots_table(ana, "with ana", paced(), sits=True, bots=("standard", "bold"))
        for _ in range(40):  # bots move until it is ana's turn
            state = state_of(game_id)
            seat = state.current_seat()
            if seat is not None and state.seats[seat].name == "ana":
                break
            run_due_step(paced(), game_id, marker(game_id)[1])
        me = state.seats[state.seat_index("ana")]
        if state.turn != 0 and not me.bet:
            turns.act(paced(), game_id, "ana", "bet", 1)
        before = marker(game_id)[0]
        snapshot = turns.act(paced(), game_id, "ana", "stand")
        assert snapshot.version == before + 1  # her move alone: the bots have not moved yet
        if snapshot.state.bot_stream is None:  # she was the last to move: the hand is settled
            assert snapshot.state.phase == "deal"
            return
        assert snapshot.deadline is not None
        steps = play_hand_paced(game_id)  # (each step checked there)
        assert len(steps) >= 1


def test_the_worker_plays_one_paced_move_per_due_table_and_tick(app):
    with app.app_context():
        ana = make_player("ana")
        game_id = bots_table(ana, "ticks", paced())
        version, deadline = marker(game_id)
        result = run_tick(paced(), deadline, batch=50, waiting_ttl_s=3600)
        assert [s.before for s in result.steps] == [version]
        assert result.steps[0].after == version + 1  # the first punter's bet
        assert result.steps[0].next_deadline == deadline + PACE


def test_unpaced_a_person_s_move_lets_every_bot_play_at_once(app):
    with app.app_context():
        ana = make_player("ana")
        game_id = bots_table(ana, "instant", app_settings())
        state = state_of(game_id)
        assert state.bot_stream is None and state.phase == "deal"  # the first hand played through


def test_the_worker_wakes_just_after_the_next_paced_move_is_due(app):
    from siete.cli.worker import Worker, now_utc

    with app.app_context():
        worker = Worker(app_settings(), interval=1.0, batch=50, waiting_ttl_s=3600)
    assert worker.until_next_tick() <= 1.0
    worker.next_due = now_utc() + timedelta(seconds=0.3)
    assert 0 < worker.until_next_tick() <= 0.32  # (or sooner, at a regular tick)
    worker.next_due = now_utc() - timedelta(seconds=1)  # already late: at once
    assert worker.until_next_tick() == 0.0


def test_bots_left_alone_after_a_person_leaves_play_it_out_paced_as_they_would_at_once(app):
    """The last person leaves at her turn: the bots play the game to its end, one move (or deal) per due
    step, recorded as any game (the fixture replays it), with the points an unpaced run gives."""
    with app.app_context():
        ids = make_player("ana").id, make_player("bea").id
        finals = []
        for person_id, settings in zip(ids, (app_settings(), paced())):
            person = db.session.get(Player, person_id)
            game_id = bots_table(person, f"{person.name} leaves", settings, sits=True,
                                 bots=("standard", "bold"))
            while state_of(game_id).bot_stream is not None:  # paced: the bots' first moves,
                run_due_step(settings, game_id, marker(game_id)[1])  # up to where unpaced stops
            turns.leave_game(settings, game_id, db.session.get(Player, person_id))
            steps = 0
            while status_of(game_id) != "finished":
                step = run_due_step(settings, game_id, marker(game_id)[1])
                assert step is not None and one_step(step.before, step.after, game_id)
                steps += 1
            assert_complete_record(game_id)
            finals.append(([s.points for s in state_of(game_id).seats], steps))
        (instant, no_steps), (slow, steps) = finals
        assert slow == instant and no_steps == 0 and steps > 3 * 6  # a step per move and deal


def test_next_still_ends_the_pause_and_the_new_hand_s_bots_are_paced(app):
    with app.app_context():
        ana = make_player("ana")
        game_id = bots_table(ana, "next", paced(), sits=True, bots=("standard", "bold"))
        for _ in range(60):  # ana bets 1 and stands; the bots move at their deadlines
            state = state_of(game_id)
            if state.phase == "deal":
                break
            seat = state.current_seat()
            if state.seats[seat].name == "ana":
                needs_bet = state.turn != 0 and not state.seats[seat].bet
                turns.act(paced(), game_id, "ana", "bet" if needs_bet else "stand", 1 if needs_bet else None)
            else:
                run_due_step(paced(), game_id, marker(game_id)[1])
        version, pause_end = marker(game_id)
        assert state.phase == "deal" and pause_end > utcnow_ms() + timedelta(seconds=3)  # 6 s to read
        snapshot = turns.ready_for_next(paced(), game_id, "ana")
        assert snapshot.state.phase == "play" and snapshot.version == version + 2  # "next", the deal
        if snapshot.state.bot_stream is not None:  # a bot bets first: PACE from the deal
            assert snapshot.deadline <= utcnow_ms() + PACE

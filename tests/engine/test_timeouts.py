"""A person's turn timer runs out: the house bot (the standard profile, R8) plays the rest of the
turn as it would in that seat, the log says the time ran out, and the hand's record keeps which
moves the timer made so the review leaves them out of the player's figures.

The issue's case: a newcomer banking with a king (½) let the clock run out and the old timer
stood on ½ for him. R8.2's bank draws while a standing punter could beat it, so the house bot
draws there."""
from __future__ import annotations

import copy
import random

from siete.engine import bots, moves, rules
from siete.engine.bot_views import bot_view
from siete.engine.cards import SPANISH_DECK
from siete.engine.codes import Action, BotProfile, Event
from siete.engine.records import LogEvent
from siete.engine.review import review_game
from siete.engine.state import DEAL, GameState
from tests.engine.engine_helpers import full_deck, heads_up_hand, start_game

A, B, C = 0, 1, 2  # a banks (O12), then b (O11), c (O10)
SEED = "timeout test"


def _bank_with_a_king() -> GameState:
    """b and c have bet 2 and stood on 3 and 4; the bank a shows the king of cups (½)."""
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O03", "O04", "C12"])
    for seat in (B, C):
        rules.bet(state, seat, 2)
        rules.stand(state, seat)
    assert state.current_seat() == A and state.seats[A].total == 1  # ½ in half points
    return state


def _as_the_standard_bot(state: GameState, seat: int) -> GameState:
    """A copy of `state` after the standard bot played `seat`'s turn from the same source."""
    played = copy.deepcopy(state)
    played.seats[seat].bot = BotProfile.STANDARD
    rng = random.Random(SEED)
    while played.current_seat() == seat:
        bots.bot_step(played, seat, rng)
    return played


def _hands(state: GameState) -> list[tuple]:
    return [(s.cards, s.actions, s.bet, s.points, s.stake) for s in state.seats]


def test_r8_2_a_bank_timed_out_on_a_king_plays_the_standard_bots_turn_and_draws():
    state = _bank_with_a_king()
    expected = _as_the_standard_bot(state, A)
    moves.time_out(state, A, random.Random(SEED))
    assert state.seats[A].actions[0].kind == Action.DRAW  # never stood on ½
    assert _hands(state) == _hands(expected)
    assert state.version == expected.version and state.phase == expected.phase == DEAL
    assert state.conserved_total() == 60  # R2.4


def test_r8_3_a_punter_timed_out_before_betting_bets_what_the_standard_bot_bets():
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O03", "O04", "C12"])
    state.seats[B].points, state.seats[A].points = 30, 10  # richer: R8.3 bets more
    view_bet = bots.StandardBot().choose_bet(bot_view(state, B, False), random.Random())
    expected = _as_the_standard_bot(state, B)
    moves.time_out(state, B, random.Random(SEED))
    assert state.seats[B].bet == expected.seats[B].bet == view_bet == 4  # top 6 (R4.4) times 30/40, not 1
    assert _hands(state) == _hands(expected)
    assert state.current_seat() == C


def test_the_log_says_the_time_ran_out_before_the_house_bots_moves():
    state = _bank_with_a_king()
    moves.time_out(state, A, random.Random(SEED))
    at = state.log.index(LogEvent(Event.TIMEOUT, A))
    assert state.log[at + 1].event == Event.DRAW and state.log[at + 1].seat == A


def test_the_hand_record_names_the_first_step_the_timer_played():
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O03", "O04", "C12"])
    moves.time_out(state, B, random.Random(SEED))  # b's whole turn, its bet included
    rules.bet(state, C, 1)
    rules.draw(state, C)
    moves.time_out(state, C, random.Random(SEED))  # c bet and drew; the timer from step 2 on
    if state.current_seat() == A:
        rules.stand(state, A)  # the bank's own stand: not timed out
    record = state.last_hand
    assert record is not None
    timed = {t.seat: t.timed_out for t in record.turns}
    assert timed == {A: None, B: 0, C: 2}
    assert "timed_out" not in record.turns[0].to_json()  # a turn with no timeout is stored as before


def test_the_flag_survives_the_json_round_trip_and_old_states_still_load():
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O03", "O04", "C12"])
    state.seats[B].timed_out = 0
    again = GameState.from_dict(state.to_dict(), SPANISH_DECK)
    assert again.seats[B].timed_out == 0
    old = state.to_dict()
    for seat in old["seats"]:
        del seat["timed_out"]  # a state saved before the flag existed
    assert GameState.from_dict(old, SPANISH_DECK).seats[B].timed_out is None


def test_the_next_deal_clears_the_flag():
    state = _bank_with_a_king()
    moves.time_out(state, A, random.Random(SEED))
    assert state.seats[A].timed_out == 1 and state.phase == DEAL
    rules.deal(state, full_deck([]))
    assert [s.timed_out for s in state.seats] == [None, None, None]


def _reviewed(timed_out: int | None):
    """A heads-up hand where the punter bet 1 of 4 on a 7 and drew (the review's blunders)."""
    punter = {"points_start": 20, "bet": 1, "cards": ["O07", "C05"], "result": "bust",
              "actions": [["draw", "C05"]], "timed_out": timed_out}
    hand = heads_up_hand(punter, {"cards": ["E06"], "actions": [], "result": "bank"})
    return review_game(SPANISH_DECK, [hand], 2)


def test_the_review_marks_timed_out_moves_and_leaves_them_out_of_the_players_figures():
    own, timed = _reviewed(None), _reviewed(0)
    assert own.seats[1].decisions == 2 and own.seats[1].blunders >= 1  # drawing on 7
    assert [m.timed_out for m in timed.moves] == [True, True]
    assert [m.mark for m in timed.moves] == [m.mark for m in own.moves]  # still valued
    figures = timed.seats[1]
    assert (figures.decisions, figures.blunders, figures.accuracy) == (0, 0, None)
    partly = _reviewed(1)  # the person bet; the timer drew
    assert [m.timed_out for m in partly.moves] == [False, True]
    assert partly.seats[1].decisions == 1

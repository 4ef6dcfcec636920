"""Each seat counts its decisions and, apart, those its own player made (the ratings weigh one
against the other: docs/ratings.md). A decision is a punter's bet (R4.4), a draw (R4.5) or a
stand by choice (R4.7); R4.6's stand at 7½ is the rules', and the turn timer's moves are not
the person's."""
from __future__ import annotations

import random

from siete.engine import moves, rules
from siete.engine.cards import SPANISH_DECK
from siete.engine.codes import Action
from tests.engine.engine_helpers import full_deck

A, B, C = 0, 1, 2  # a banks, then b, c (the `three` fixture)


def test_a_persons_moves_are_their_own_and_the_timers_are_not(three):
    moves.apply_move(three, B, "bet", 1)
    moves.apply_move(three, B, "draw")  # b holds O03 and draws C01
    moves.apply_move(three, B, "stand")
    moves.time_out(three, C, random.Random(0))  # the house bot bets, draws and stands for c
    moves.apply_move(three, A, "stand")  # the bank: the hand settles
    counts = [(seat.moves, seat.own_moves) for seat in three.seats]
    assert counts[:2] == [(1, 1), (3, 3)]
    assert counts[C][0] >= 2 and counts[C][1] == 0  # its bet and stand at least, none its own


def test_the_stand_at_seven_and_a_half_is_not_a_decision(three):
    moves.apply_move(three, B, "bet", 1)
    while three.current_seat() == B:  # b draws until bust or 7½, each draw a decision
        moves.apply_move(three, B, "draw")
    actions = three.seats[B].actions
    _time_out_the_hand(three)
    assert three.seats[B].moves == _decisions(actions) == three.seats[B].own_moves


def _time_out_the_hand(state) -> None:
    """Every turn left in the hand runs out of time: the house bot plays each."""
    while state.phase == rules.PLAY and state.current_seat() is not None:
        moves.time_out(state, state.current_seat(), random.Random(0))


def _decisions(actions) -> int:
    """A punter's bet, its draws and its stands by choice (not R4.6's stand at 7½)."""
    drawn = sum(1 for action in actions if action.kind == Action.DRAW)
    chosen_stands = sum(1 for action in actions if action.kind == Action.STAND and not action.automatic)
    return 1 + drawn + chosen_stands


def test_the_counts_survive_the_json_round_trip_and_older_states_are_not_known(three):
    moves.apply_move(three, B, "bet", 1)
    _time_out_the_hand(three)  # the house bot plays b's draws and stand, then c's and the bank's
    decided = _decisions(three.seats[B].actions)  # b's own bet and the bot's moves for b
    rules.deal(three, full_deck([]))
    data = three.to_dict()
    again = type(three).from_dict(data, SPANISH_DECK)
    assert (again.seats[B].moves, again.seats[B].own_moves) == (decided, 1)
    for seat in data["seats"]:  # a state saved before the counts existed
        del seat["moves"], seat["own_moves"]
    older = type(three).from_dict(data, SPANISH_DECK)
    assert (older.seats[B].moves, older.seats[B].own_moves) == (0, None)
    moves.apply_move(older, B, "bet", 1)  # its moves from now on are not counted as its own
    assert older.seats[B].own_moves is None

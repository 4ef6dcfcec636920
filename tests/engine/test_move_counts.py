"""Each seat counts its decisions and, apart, those its own player made (the ratings weigh one
against the other: docs/ratings.md). A decision is a punter's bet (R4.4), a draw (R4.5) or a
stand by choice (R4.7); R4.6's stand at 7½ is the rules', and the turn timer's moves are not
the person's."""
from __future__ import annotations

from siete.engine import moves, rules
from siete.engine.cards import SPANISH_DECK
from tests.engine.engine_helpers import full_deck

A, B, C = 0, 1, 2  # a banks, then b, c (the `three` fixture)


def test_a_persons_moves_are_their_own_and_the_timers_are_not(three):
    moves.apply_move(three, B, "bet", 1)
    moves.apply_move(three, B, "draw")  # b holds O03 and draws C01
    moves.apply_move(three, B, "stand")
    moves.time_out(three, C)  # bets 1 and stands for c
    moves.apply_move(three, A, "stand")  # the bank: the hand settles
    counts = [(seat.moves, seat.own_moves) for seat in three.seats]
    assert counts == [(1, 1), (3, 3), (2, 0)]


def test_the_stand_at_seven_and_a_half_is_not_a_decision(three):
    moves.apply_move(three, B, "bet", 1)
    while three.current_seat() == B:  # b draws until bust or 7½, each draw a decision
        moves.apply_move(three, B, "draw")
    actions = three.seats[B].actions
    moves.time_out(three, C)
    moves.time_out(three, A)
    drawn = sum(1 for action in actions if action[0] == "draw")
    chosen_stands = sum(1 for action in actions if action[0] == "stand" and action[1] != "auto")
    assert three.seats[B].moves == 1 + drawn + chosen_stands == three.seats[B].own_moves


def test_the_counts_survive_the_json_round_trip_and_older_states_are_not_known(three):
    moves.apply_move(three, B, "bet", 1)
    moves.time_out(three, B)
    moves.time_out(three, C)
    moves.time_out(three, A)
    rules.deal(three, full_deck([]))
    data = three.to_dict()
    again = type(three).from_dict(data, SPANISH_DECK)
    assert (again.seats[B].moves, again.seats[B].own_moves) == (2, 1)
    for seat in data["seats"]:  # a state saved before the counts existed
        del seat["moves"], seat["own_moves"]
    older = type(three).from_dict(data, SPANISH_DECK)
    assert (older.seats[B].moves, older.seats[B].own_moves) == (0, None)
    moves.apply_move(older, B, "bet", 1)  # its moves from now on are not counted as its own
    assert older.seats[B].own_moves is None

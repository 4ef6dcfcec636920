"""A person the turn timer plays for twice in a row is away: a bot plays the seat until they come
back. A timed-out turn itself is played by the house bot (tests/engine/test_timeouts.py); points
are kept through it all (R2.4)."""
from __future__ import annotations

import random

import pytest

from siete.engine import moves, rules
from siete.engine.cards import SPANISH_DECK
from siete.engine.codes import Event
from siete.engine.records import LogEvent
from siete.engine.state import RuleError
from tests.engine.engine_helpers import full_deck

A, B, C = 0, 1, 2  # a banks, then b, c (the `three` fixture)


def test_one_timeout_is_not_away(three):
    moves.time_out(three, B, random.Random(0))
    assert (three.seats[B].timeouts, three.seats[B].away, three.seats[B].bot) == (1, False, None)


def test_a_move_of_their_own_starts_the_count_again(three):
    moves.time_out(three, B, random.Random(0))
    moves.time_out(three, C, random.Random(0))
    moves.time_out(three, A, random.Random(0))  # the bank: the hand settles
    rules.deal(three, full_deck([]))
    moves.apply_move(three, B, "bet", 1)
    assert three.seats[B].timeouts == 0 and three.seats[C].timeouts == 1


def test_the_second_timeout_in_a_row_hands_the_seat_to_a_standard_bot(three):
    moves.time_out(three, B, random.Random(0))
    moves.time_out(three, C, random.Random(0))
    moves.time_out(three, A, random.Random(0))
    rules.deal(three, full_deck([]))
    version = three.version
    moves.time_out(three, B, random.Random(0))
    seat = three.seats[B]
    assert (seat.away, seat.bot, seat.timeouts) == (True, "standard", 2)
    assert three.log[-1] == LogEvent(Event.AWAY, B) and three.version > version
    assert three.conserved_total() == 60  # R2.4: the bot keeps the seat's points


def test_coming_back_takes_the_seat_from_the_bot(three):
    three.seats[B].bot, three.seats[B].away, three.seats[B].timeouts = "standard", True, 2
    points, version = three.seats[B].points, three.version
    moves.come_back(three, B)
    seat = three.seats[B]
    assert (seat.away, seat.bot, seat.timeouts, seat.points) == (False, None, 0, points)
    assert three.log[-1] == LogEvent(Event.BACK, B) and three.version == version + 1
    with pytest.raises(RuleError, match="b is not away"):
        moves.come_back(three, B)


def test_a_seat_left_for_good_is_not_taken_back(three):
    moves.replace_with_bot(three, C)
    with pytest.raises(RuleError, match="c is not away"):
        moves.come_back(three, C)


def test_leaving_while_away_keeps_the_bot_for_good(three):
    three.seats[B].bot, three.seats[B].away = "standard", True
    moves.replace_with_bot(three, B)
    assert (three.seats[B].bot, three.seats[B].away) == ("standard", False)


def test_away_and_the_count_survive_the_json_round_trip(three):
    three.seats[B].away, three.seats[B].timeouts = True, 2
    again = type(three).from_dict(three.to_dict(), SPANISH_DECK)
    assert (again.seats[B].away, again.seats[B].timeouts) == (True, 2)

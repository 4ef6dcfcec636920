"""The actions of rules.py against RULES.md R2-R4: verify_x raises, can_x answers, x acts."""
from __future__ import annotations

import copy
import random

import pytest

from siete.engine import deck, moves, rules
from siete.engine.cards import SPANISH_DECK
from siete.engine.codes import BankResult, Event, RuleCode
from siete.engine.config import GameConfig
from siete.engine.records import STAND_AT_SEVEN_HALF, LogEvent
from siete.engine.state import (
    BUST,
    DEAL,
    OUT,
    PLAY,
    PLAYING,
    STOOD,
    GameState,
    RuleError,
    max_bet,
)
from tests.engine.engine_helpers import can_bet, full_deck, start_game

A, B, C = 0, 1, 2  # seat indices of a, b, c in the `three` fixture


def test_r3_2_seating_by_rank_then_suit():
    state = rules.new_game(["a", "b", "c", "d", "e"], GameConfig(), ["B12", "O12", "C07", "E12", "O01"])
    names = [state.seats[i].name for i in state.order]
    assert names == ["b", "d", "a", "c", "e"]  # 12s by oros, espadas, bastos; then 7, then as
    assert state.seating == state.order and state.bank == 1  # R3.3: first holds the bank


def test_r2_2_initial_points_and_r2_1_player_limits():
    state = rules.new_game(["a", "b"], GameConfig(initial_points=33), ["O01", "O02"])
    assert [s.points for s in state.seats] == [33, 33]
    for names in (["a"], [f"p{i}" for i in range(9)]):
        cards = list(SPANISH_DECK.active[:len(names)])
        with pytest.raises(RuleError, match="a game needs 2 to 8 players"):
            rules.new_game(names, GameConfig(), cards)


@pytest.mark.parametrize("names, cards, message", [
    (["a", "a"], ["O01", "O02"], "two players have the same name"),
    (["a", "b"], ["O01"], "every player needs exactly one seat card"),
    (["a", "b"], ["O01", "O08"], "O08 is not a card of the deck"),
    (["a", "b"], ["O01", "O01"], "a seat card was dealt twice"),
])
def test_r3_1_new_game_refuses_bad_seating(names, cards, message):
    with pytest.raises(RuleError, match=message):
        rules.new_game(names, GameConfig(), cards)


def test_r3_1_seat_cards_are_distinct_active_cards():
    import random
    for seed in range(50):
        cards = deck.draw_seat_cards(SPANISH_DECK, random.Random(seed), 8)
        assert len(set(cards)) == 8 and set(cards) <= SPANISH_DECK.active_set


def test_r1_5_shuffled_deck_is_a_permutation_of_the_active_cards():
    import random
    decks = [deck.shuffled_deck(SPANISH_DECK, random.Random(s)) for s in range(20)]
    for shuffled in decks:
        assert sorted(shuffled) == sorted(SPANISH_DECK.active) and len(shuffled) == 40
    assert len({tuple(d) for d in decks}) == 20  # fresh shuffles differ


def test_r1_5_chunked_digits_give_the_plain_one_number_shuffle():
    """shuffled_deck reads its big random number a chunk at a time; the deck must be the one
    that dividing the number once per card gives (the same seed, the same deck as always)."""
    import math
    import random
    active = SPANISH_DECK.active
    orders = math.factorial(len(active))
    for seed in range(200):
        rng = random.Random(seed)
        number = rng.getrandbits(orders.bit_length())
        while number >= orders:
            number = rng.getrandbits(orders.bit_length())
        expected = list(active)
        for i in range(len(expected) - 1, 0, -1):
            number, j = divmod(number, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert deck.shuffled_deck(SPANISH_DECK, random.Random(seed)) == expected
    assert all(product < 2**30 for product, _ in deck._digit_chunks(len(active)))


def test_r4_1_deal_players_first_bank_last(three):
    assert three.seats[B].cards == ["O03"] and three.seats[C].cards == ["O04"]
    assert three.seats[A].cards == ["O05"]  # the bank's card comes last
    assert three.phase == PLAY and three.current_seat() == B and len(three.deck) == 37
    assert [s.total for s in three.seats] == [10, 6, 8]  # half points


@pytest.mark.parametrize("points, cap", [
    (1, 1), (2, 1), (4, 1), (5, 1), (6, 2), (10, 2), (11, 3), (15, 3), (16, 4), (20, 4),
    (21, 5), (24, 5), (25, 5), (26, 6), (99, 20), (100, 20), (101, 21),
])
def test_r4_4_bet_cap_is_ceil_20_percent(points, cap):
    assert max_bet(points) == cap
    state = start_game(["a", "b"], ["O12", "O11"], ["O03", "O05"], GameConfig(initial_points=points))
    assert list(rules.legal_bets(state, B)) == list(range(1, cap + 1))
    assert can_bet(state, B, cap) and not can_bet(state, B, cap + 1)
    with pytest.raises(RuleError) as err:
        rules.verify_bet(state, B, cap + 1)
    assert str(err.value) == f"b may bet 1 to {cap}"
    assert (err.value.code, err.value.values) == (RuleCode.BET_OUT_OF_RANGE, {"name": "b", "top": cap})


@pytest.mark.parametrize("amount", [0, -1, 2.0, "1", True, None])
def test_r4_4_bet_must_be_a_whole_number_in_range(three, amount):
    assert not can_bet(three, B, amount)
    with pytest.raises(RuleError, match="b may bet 1 to 4"):
        rules.bet(three, B, amount)


def test_r4_4_stake_leaves_the_points_at_once(three):
    rules.bet(three, B, 3)
    seat = three.seats[B]
    assert (seat.points, seat.stake, seat.bet) == (17, 3, 3)
    assert three.conserved_total() == 60  # R2.4


def test_r4_3_a_punter_bets_once_and_first(three):
    with pytest.raises(RuleError) as err:
        rules.draw(three, B)
    assert (str(err.value), err.value.code) == ("b must bet first", RuleCode.BET_FIRST)
    assert not rules.can_draw(three, B) and not rules.can_stand(three, B)
    rules.bet(three, B, 1)
    with pytest.raises(RuleError) as err:
        rules.bet(three, B, 1)
    assert (str(err.value), err.value.code) == ("b has already bet", RuleCode.ALREADY_BET)
    assert list(rules.legal_bets(three, B)) == []


def test_r4_3_out_of_turn_in_third_and_second_person(three):
    for verify in (lambda: rules.verify_bet(three, C, 1), lambda: rules.verify_draw(three, C),
                   lambda: rules.verify_stand(three, C)):
        with pytest.raises(RuleError) as err:
            verify()
        assert str(err.value) == "it is not c's turn" and err.value.code == RuleCode.NOT_YOUR_TURN
    assert not can_bet(three, C, 1) and not rules.can_draw(three, C)
    assert not rules.can_stand(three, A) and list(rules.legal_bets(three, C)) == []


def test_r4_9_the_bank_places_no_bet(three):
    for seat in (B, C):
        rules.bet(three, seat, 1)
        rules.stand(three, seat)
    assert three.current_seat() == A
    with pytest.raises(RuleError) as err:
        rules.bet(three, A, 1)
    assert err.value.code == RuleCode.BANK_PLACES_NO_BET and "a holds the bank" in str(err.value)
    assert list(rules.legal_bets(three, A)) == [] and rules.can_draw(three, A) and rules.can_stand(three, A)


def test_r4_5_bust_pays_the_bank_at_once(three):
    # b holds O03 (3); the deck after the deal starts C01.., so make b draw 7s via a fixed deck
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O07", "O04", "O05", "C06"])
    rules.bet(state, B, 4)
    rules.draw(state, B)
    bank, bust = state.seats[A], state.seats[B]
    assert bust.status == BUST and bust.result == BUST and bust.stake == 0
    assert bank.points == 24 and bust.points == 16  # before any settlement
    assert state.current_seat() == C and state.log[-1] == LogEvent(Event.BUST, B, "O07")  # first card shown


def test_r4_6_seven_and_a_half_stands_by_itself():
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O07", "O04", "O05", "C10"])
    rules.bet(state, B, 1)
    rules.draw(state, B)
    assert state.seats[B].status == STOOD and state.seats[B].total == 15
    assert state.seats[B].actions[-1] == STAND_AT_SEVEN_HALF and state.current_seat() == C


def test_r4_7_stand_keeps_the_cards(three):
    rules.bet(three, B, 1)
    rules.stand(three, B)
    assert three.seats[B].status == STOOD and three.seats[B].cards == ["O03"]
    assert three.current_seat() == C


def test_r4_8_empty_deck_stand_only():
    state = start_game(["a", "b"], ["O12", "O11"], ["O03", "O05"], full=False)
    rules.bet(state, B, 1)
    assert not rules.can_draw(state, B) and rules.can_stand(state, B)
    with pytest.raises(RuleError) as err:
        rules.draw(state, B)
    assert str(err.value) == "the deck is empty: b must stand"
    assert (err.value.code, err.value.values) == (RuleCode.DECK_EMPTY, {"name": "b"})


def test_r4_9_bank_skipped_when_all_bust():
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O07", "C07", "O05", "C06", "E06"])
    for seat in (B, C):
        rules.bet(state, seat, 1)
        rules.draw(state, seat)
    assert state.phase == DEAL and state.seats[A].status == PLAYING  # the bank never played
    assert state.last_hand.bank_result == BankResult.DID_NOT_PLAY and state.seats[A].points == 22


def test_deal_refuses_bad_decks(three):
    fresh = start_game(["a", "b", "c"], ["O12", "O11", "O10"])
    for cards, message in ((["O03", "X01", "O05"], "X01 is not a card of the deck"),
                          (["O03", "O03", "O05"], "O03 is dealt twice"),
                          (["O03", "O04"], "the deck has 2 cards and the deal needs 3")):
        with pytest.raises(RuleError, match=message):
            rules.deal(fresh, cards)
    with pytest.raises(RuleError, match="a hand is in play"):
        rules.deal(three, full_deck([]))


def _illegal_moves(state: GameState):
    """Every kind of refused action for the `three` game in its first turn."""
    return [lambda: rules.bet(state, C, 1), lambda: rules.bet(state, B, 5), lambda: rules.bet(state, B, 0),
            lambda: rules.draw(state, B), lambda: rules.stand(state, B), lambda: rules.draw(state, A),
            lambda: rules.stand(state, C), lambda: moves.time_out(state, C, random.Random(0)),
            lambda: rules.deal(state, full_deck([])), lambda: rules.bet(state, 7, 1)]


def test_illegal_input_never_changes_state(three):
    before = copy.deepcopy(three.to_dict())
    for move in _illegal_moves(three):
        with pytest.raises(RuleError):
            move()
        assert three.to_dict() == before


def test_version_grows_with_every_applied_action():
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"])
    seen = [state.version]
    rules.deal(state, full_deck(["O01", "O02", "O03", "C01", "C02"]))
    seen.append(state.version)
    for action in (lambda: rules.bet(state, B, 1), lambda: rules.draw(state, B),
                   lambda: rules.stand(state, B), lambda: moves.replace_with_bot(state, C),
                   lambda: moves.time_out(state, C, random.Random(0)), lambda: rules.draw(state, A),
                   lambda: rules.stand(state, A)):
        action()
        seen.append(state.version)
    assert seen == sorted(set(seen)) and len(seen) == 9


def test_time_out_plays_the_turn_as_the_house_bot_and_keeps_a_bet_made(three):
    """The timer's moves are the standard bot's (tests/engine/test_timeouts.py compares them
    move by move): here b's bet of 2 (R8.3, 20 of 40 points: half the top 4), its draws, its
    stand; a bet already made is kept."""
    moves.time_out(three, B, random.Random(0))
    seat = three.seats[B]
    assert (seat.bet, seat.points, seat.status) == (2, 18, STOOD)
    assert LogEvent(Event.TIMEOUT, B) in three.log and three.current_seat() == C
    rules.bet(three, C, 3)
    moves.time_out(three, C, random.Random(0))  # already bet: keeps the bet
    assert three.seats[C].bet == 3 and three.seats[C].status != PLAYING
    moves.time_out(three, A, random.Random(0))  # the bank plays; the hand settles
    assert three.phase == DEAL and three.conserved_total() == 60


def test_time_out_only_for_the_seat_in_turn(three):
    with pytest.raises(RuleError) as err:
        moves.time_out(three, C, random.Random(0))
    assert err.value.code == RuleCode.NOT_YOUR_TURN


def test_replace_with_bot_keeps_the_seat(three):
    points = three.seats[C].points
    moves.replace_with_bot(three, C, "cautious")
    assert three.seats[C].bot == "cautious" and three.seats[C].points == points
    assert three.log[-1] == LogEvent(Event.REPLACED, C)
    with pytest.raises(RuleError, match="already played by a bot"):
        moves.replace_with_bot(three, C)


def test_seat_index_names_unknown_players(three):
    assert three.seat_index("c") == C
    with pytest.raises(RuleError) as err:
        three.seat_index("zoe")
    assert (err.value.code, str(err.value)) == (RuleCode.NOT_PLAYING, "zoe is not playing in this game")


def test_no_moves_between_hands():
    state = start_game(["a", "b"], ["O12", "O11"])
    with pytest.raises(RuleError) as err:
        rules.bet(state, B, 1)
    assert (err.value.code, str(err.value)) == (RuleCode.NO_HAND_IN_PLAY, "no hand is in play")
    assert state.phase == DEAL and not rules.can_stand(state, B)


def test_removed_seat_out_is_skipped():
    """R6.1: an eliminated seat is dealt no cards and gets no turn."""
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O07", "C07", "O05", "C06"],
                       GameConfig(initial_points=1))
    rules.bet(state, B, 1)
    rules.draw(state, B)  # b busts with 13, has 0 points
    rules.bet(state, C, 1)
    rules.stand(state, C)
    rules.stand(state, A)
    assert state.seats[B].out and state.order == [A, C]
    rules.deal(state, full_deck(["O01", "O02"]))
    assert state.seats[B].status == OUT and state.seats[B].cards == []
    assert state.current_seat() == C


def test_r4_3_moves_by_name_go_through_the_rules():
    """apply_move is the one dispatch from a move's name to its rule (web and replay share it)."""
    state = rules.new_game(["a", "b"], GameConfig(), ["O12", "C11"])
    rules.deal(state, ["O10", "C10", "E05", "B01"])
    b = state.seat_index("b")
    with pytest.raises(RuleError, match="b may bet 1 to 4"):
        moves.apply_move(state, b, "bet", 5)
    with pytest.raises(RuleError, match="not a move"):
        moves.apply_move(state, b, "fold")
    moves.apply_move(state, b, "bet", 2)
    moves.apply_move(state, b, "draw")
    assert state.seats[b].bet == 2 and len(state.seats[b].cards) == 2


def test_r3_r4_1_start_game_seats_by_seat_cards_then_deals_the_first_hand_from_one_source():
    """The one starter every path uses (web, simulator, bulk recorder): seat cards (R3.1) and
    the first deal (R4.1) come from the same seeded source, in that order."""
    names, bots = ["a", "b", "c"], {"b": "bold", "c": "cautious"}
    state = rules.start_game(names, bots, GameConfig(), deck.seeded_rng(7, "seating"))
    rng = deck.seeded_rng(7, "seating")
    seat_cards = deck.draw_seat_cards(SPANISH_DECK, rng, 3)
    by_hand = rules.new_game(names, GameConfig(), seat_cards, bots)
    rules.deal(by_hand, deck.shuffled_deck(SPANISH_DECK, rng))
    assert state.to_dict() == by_hand.to_dict()
    assert state.phase == PLAY and state.hand == 1 and state.turn == 1
    assert [seat.bot for seat in state.seats] == [None, "bold", "cautious"]

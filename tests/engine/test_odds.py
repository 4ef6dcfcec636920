"""The odds solver (siete/engine/odds.py): hand-checked cases, the issue's worked example, the
slow fraction reference of odds_helpers.py, and invariants over many random positions."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from siete.engine.cards import SEVEN_HALF, SPANISH_DECK, CardSet
from siete.engine.codes import Action
from siete.engine.odds import (
    VALUES,
    BankPosition,
    Odds,
    Role,
    best_action,
    best_bet,
    bet_for,
    clear_cache,
    odds,
)
from siete.engine.odds_position import PositionError, bank_position, punter_position
from tests.engine.odds_helpers import bank_reference, punter_reference, small_deck

EXACT = 1e-12  # floats against the exact fractions


def close(value: float | None, exact: Fraction | None) -> bool:
    if value is None or exact is None:
        return value is None and exact is None
    return abs(value - float(exact)) < EXACT


def test_the_issues_worked_example_heads_up():
    """Standing on 5½ (a face-down 5 and a sota) against a bank showing 6: the standard bank
    counts the 5 as an average unseen card, stands on its 6 and wins (R8.2, R5.3)."""
    answer = odds(punter_position(SPANISH_DECK, ["O05", "C12"], ["E06"]))
    assert answer.role == Role.PUNTER and answer.unseen == 37 and answer.deck == 37
    assert answer.bust_next == pytest.approx(18 / 37, abs=EXACT)  # 3s to 7s bust 5½ (R4.5)
    assert answer.stand.ev == -1.0 and answer.stand.win == 0.0
    assert answer.draw is not None and close(answer.draw.ev, Fraction(-76, 333))
    assert answer.best == Action.DRAW and close(answer.margin, 1 - Fraction(76, 333))
    assert close(answer.draw.ev, punter_reference(SPANISH_DECK, ["O05", "C12"], "E06", [])[1])


def test_hand_checked_three_card_deck_r8_2():
    """A 5 against a bank's 6 with only a 1, a ½ and a 3 unseen (heads-up, R4.9):
    standing loses (the bank counts the hidden 5 as the average 4.75/2 and stands on 6);
    drawing: the 3 busts; the ½ or the 1 then the other makes 6½, which beats the standing
    6, and then only the 3 is left: so each is worth (1 - 1) / 2 = 0, and drawing -1/3."""
    cards = small_deck(["O05", "C06", "O01", "O10", "O03"])
    answer = odds(punter_position(cards, ["O05"], ["C06"]))
    assert answer.unseen == 3 and answer.stand.ev == -1.0
    assert answer.draw is not None and close(answer.draw.ev, Fraction(-1, 3))
    assert close(answer.bust_next, Fraction(1, 3)) and answer.best == Action.DRAW
    assert close(answer.margin, Fraction(2, 3))
    after_half = odds(punter_position(cards, ["O05", "O10"], ["C06"]))  # 5½: draw is 0
    assert after_half.stand.ev == -1.0 and close(after_half.draw.ev, Fraction(0))
    six_and_half = odds(punter_position(cards, ["O05", "O10", "O01"], ["C06"]))
    assert six_and_half.stand.ev == 1.0 and six_and_half.best == Action.STAND  # R5.3


def test_hand_checked_bank_against_one_stander():
    """The bank on 6, one punter stood on its face-down card for 2 points, the unseen cards a
    1, a ½ and a 7 (R4.9, R5). Standing: the stander's 1 and ½ lose, its 7 wins: (2+2-2)/3.
    Drawing: the 1 makes 7 (beats or ties every stander: +2), the ½ makes 6½ (standing or
    drawing the last card are both worth 0), the 7 busts (-2): 0. The bank stands."""
    cards = small_deck(["O06", "O01", "O10", "O07"])
    answer = odds(bank_position(cards, ["O06"], [[None]], [2]))
    assert answer.role == Role.BANK and answer.stand.win is None
    assert close(answer.stand.ev, Fraction(2, 3)) and close(answer.draw.ev, Fraction(0))
    assert close(answer.bust_next, Fraction(1, 3)) and answer.best == Action.STAND


def test_r5_5_a_drawn_seven_and_a_half_is_paid_twice():
    """Holding 7 against a bank's 7 with only a ½ and a 7 unseen: the ½ makes 7½, which the
    bank cannot beat once it stands or busts: drawing is 1/2 * 2 - 1/2 * 1 = 1/2."""
    cards = small_deck(["O07", "C07", "O10", "E07"])
    answer = odds(punter_position(cards, ["O07"], ["C07"]))
    exact = punter_reference(cards, ["O07"], "C07", [])
    assert close(answer.stand.ev, exact[0]) and close(answer.draw.ev, exact[1])
    assert close(answer.draw.ev, Fraction(1, 2))


def test_r4_8_an_empty_deck_allows_no_draw():
    cards = small_deck(["O05", "C06"])
    answer = odds(punter_position(cards, ["O05"], ["C06"]))
    assert answer.deck == 0 and answer.draw is None and answer.best == Action.STAND
    assert answer.margin == 0.0 and answer.value == answer.stand.ev == -1.0


def _random_small_position(rng: random.Random) -> tuple[CardSet, list[str], str, list[list[str | None]]]:
    """A punter's position on a deck of 7 to 9 random cards, with 0 to 2 other punters."""
    ids = rng.sample(SPANISH_DECK.active, rng.randint(7, 9))
    cards = small_deck(ids)
    pool = ids[:]
    rng.shuffle(pool)
    you = [pool.pop()]
    bank = pool.pop()
    others: list[list[str | None]] = []
    for _ in range(rng.randint(0, 2)):
        kind = rng.random()
        if kind < 0.4:
            others.append([None])  # stood on one card, or still to play
        elif kind < 0.8:
            others.append([None, pool.pop()])  # stood after a draw
        else:
            others.append([pool.pop(), pool.pop(), pool.pop()])  # all shown: it may have bust
    for _ in range(rng.randint(0, 2)):
        you.append(pool.pop())
    return cards, you, bank, others


def _positions(count: int, seed: int):
    rng = random.Random(seed)
    found = 0
    while found < count:
        cards, you, bank, others = _random_small_position(rng)
        try:
            position = punter_position(cards, you, [bank], others)
        except PositionError:
            continue
        found += 1
        yield cards, you, bank, others, position


def test_punter_values_equal_the_fraction_reference():
    """Heads-up and with other punters, stood or bust: every value within 1e-12."""
    several = 0
    for cards, you, bank, others, position in _positions(60, 5):
        stand, draw = punter_reference(cards, you, bank, others)
        answer = odds(position)
        assert close(answer.stand.ev, stand), (you, bank, others)
        assert close(None if answer.draw is None else answer.draw.ev, draw), (you, bank, others)
        several += len(position.others) > 0
    assert several >= 20


def test_bank_values_equal_the_fraction_reference():
    rng = random.Random(9)
    checked = 0
    while checked < 40:
        ids = rng.sample(SPANISH_DECK.active, rng.randint(6, 8))
        pool = ids[:]
        rng.shuffle(pool)
        bank = [pool.pop() for _ in range(rng.randint(1, 2))]
        others: list[list[str | None]] = [[None] + [pool.pop() for _ in range(rng.randint(0, 1))]
                                          for _ in range(rng.randint(1, 2))]
        stakes = [rng.randint(1, 4) for _ in others]
        cards = small_deck(ids)
        try:
            position = bank_position(cards, bank, others, stakes)
        except PositionError:
            continue
        stand, draw = bank_reference(cards, bank, others, stakes)
        answer = odds(position)
        assert close(answer.stand.ev, stand), (bank, others, stakes)
        assert close(None if answer.draw is None else answer.draw.ev, draw), (bank, others)
        checked += 1


def _full_deck_positions(count: int, seed: int):
    """Positions on the 40 cards: a punter or the bank, heads-up or with up to 5 others."""
    rng = random.Random(seed)
    while count:
        pool = list(SPANISH_DECK.active)
        rng.shuffle(pool)
        others: list[list[str | None]] = []
        for _ in range(rng.randint(0, 5)):
            drawn = [pool.pop() for _ in range(rng.choice((0, 0, 1, 1, 2)))]
            others.append([None, *drawn] if rng.random() < 0.8 else [pool.pop(), *drawn, pool.pop()])
        try:
            if rng.random() < 0.3:
                bank = [pool.pop() for _ in range(rng.randint(1, 3))]
                stakes = [rng.randint(1, 5) for _ in others]
                yield bank_position(SPANISH_DECK, bank, others, stakes)
            else:
                you = [pool.pop() for _ in range(rng.randint(1, 3))]
                yield punter_position(SPANISH_DECK, you, [pool.pop()], others)
        except PositionError:
            continue
        count -= 1


def _check_invariants(answer: Odds, position) -> None:
    assert sum(answer.next_card) == pytest.approx(1.0, abs=1e-12)
    assert all(p >= 0 for p in answer.next_card) and 0 <= answer.bust_next <= 1
    assert answer.bust_next == pytest.approx(sum(
        p for p, v in zip(answer.next_card, VALUES) if position.total + v > SEVEN_HALF))
    assert answer.unseen == sum(position.unseen) and answer.deck == position.deck
    assert answer.draw is not None and answer.margin >= 0
    assert answer.value == max(answer.stand.ev, answer.draw.ev)
    if answer.best == Action.DRAW:
        assert answer.draw.ev > answer.stand.ev and answer.margin == answer.draw.ev - answer.stand.ev
    if isinstance(position, BankPosition):
        staked = sum(s.stake for s in position.standing)
        assert -2 * staked <= answer.stand.ev <= staked and answer.draw.ev <= staked
    else:
        assert -1 <= answer.stand.ev <= 1 and -1 <= answer.draw.ev <= 2
        assert answer.stand.win == pytest.approx((answer.stand.ev + 1) / 2)


def test_invariants_and_the_fast_answers_agree_with_odds():
    """best_action and bet_for (what the expert asks) answer exactly as odds() does, on
    positions met afresh and on positions already searched."""
    for position in _full_deck_positions(150, 3):
        for fresh in (True, False):
            if fresh:
                clear_cache()
            action = best_action(position)
            bet = None if isinstance(position, BankPosition) else bet_for(position, 7)
            answer = odds(position)
            _check_invariants(answer, position)
            assert action == answer.best, position
            if bet is not None:
                assert bet == best_bet(answer.value, 7), position


def test_best_bet_is_the_most_on_a_positive_value():
    assert best_bet(0.01, 5) == 5 and best_bet(-0.01, 5) == 1 and best_bet(0.0, 5) == 1


def test_the_cache_keeps_answers_the_same():
    positions = list(_full_deck_positions(40, 11))
    first = [odds(p) for p in positions]
    clear_cache()
    assert [odds(p) for p in reversed(positions)] == list(reversed(first))


@pytest.mark.parametrize("you, bank, others, problem", [
    (["O05", "X99"], ["E06"], [], "unknown_card"),
    (["O05", "O08"], ["E06"], [], "unknown_card"),  # 8s are not dealt (R1.1)
    (["O05", "C12"], ["O05"], [], "card_twice"),
    (["O05", "C12"], ["E06"], [[None, "C12"]], "card_twice"),
    (["O07", "C06"], ["E06"], [], "over"),
    (["O07", "C10"], ["E06"], [], "seven_half"),
    ([], ["E06"], [], "no_cards"),
    (["O05"], [], [], "bank_cards"),
    (["O05"], ["E06", "E01"], [], "bank_cards"),
    (["O05"], ["E06"], [["O01", "C01"]], "face_down"),  # shown but not bust (R4.2)
    (["O05"], ["E06"], [["O01", None]], "face_down"),
    (["O05"], ["E06"], [[None, "O07", "C07", "B01"]], "over"),
])
def test_impossible_positions_are_refused(you, bank, others, problem):
    with pytest.raises(PositionError) as caught:
        punter_position(SPANISH_DECK, you, bank, others)
    assert caught.value.problem == problem and str(caught.value)


def test_a_bank_needs_a_stander_and_good_stakes():
    with pytest.raises(PositionError, match="nobody stood"):
        bank_position(SPANISH_DECK, ["O05"], [["O07", "C07", "B01"]], [1])
    for stakes in ([0], [1, 2], [1.5], [True]):
        with pytest.raises(PositionError, match="stakes"):
            bank_position(SPANISH_DECK, ["O05"], [[None]], stakes)


def test_face_down_cards_that_cannot_fit_are_refused():
    """A stander showing 7 holds a ½ (R4.5); with the only ½ in our hand, none can."""
    cards = small_deck(["O05", "C06", "O07", "O10", "C07"])
    assert punter_position(cards, ["O05"], ["C06"], [[None, "O07"]]).others == (14,)
    with pytest.raises(PositionError) as caught:
        punter_position(cards, ["O05", "O10"], ["C06"], [[None, "O07"]])
    assert caught.value.problem == "no_fit"


def test_only_the_last_search_is_kept():
    """odds_cache keeps the search of the context asked last, no other: kept searches' large
    memo tables made an expert's table 21-27% slower than this (odds_cache.SEARCH_BUDGET)."""
    from siete.engine import odds_cache

    clear_cache()
    positions = list(_full_deck_positions(40, 11))
    contexts = set()
    for position in positions:
        best_action(position)
        last = odds_cache._last[0]
        assert last is not None
        contexts.add(last[0])
    assert len(contexts) > 1  # the positions met several contexts, each forgetting the one before


def test_answer_keys_tell_positions_apart():
    """odds._answer_key: a punter's is one whole number (a fifth of a tuple's memory), equal
    exactly when the positions are, the others' number and order included; the bank's too."""
    from siete.engine.odds import PunterPosition, _answer_key

    positions = set(_full_deck_positions(300, 5))
    unseen = (12, 4, 3, 4, 4, 4, 4, 3)
    for others in [(), (0,), (0, 0), (14,), (0, 14), (14, 0), (13,), (1, 0), (0, 0, 0)]:
        for total, hidden, bank in [(8, 4, 14), (15, 14, 1), (4, 4, 14), (8, 4, 12)]:
            positions.add(PunterPosition(total, hidden, bank, unseen, others))
            positions.add(PunterPosition(total, hidden, bank, (11, *unseen[1:]), others))
    owners: dict[object, object] = {}
    for position in positions:
        key = _answer_key(position)
        assert isinstance(key, int) == isinstance(position, PunterPosition)
        assert owners.setdefault(key, position) == position


def test_no_card_can_bust_is_a_float_zero_r4_5():
    """A sota (½) can take any card without going over 7½ (R4.5): the chance of busting is
    0.0, a float like every other chance, whether the engine runs plain or compiled (the plain
    sum of no chances was the int 0, printed `0` by `odds` where the compiled one said `0.0`)."""
    answer = odds(punter_position(SPANISH_DECK, ["O10"], ["E04"]))
    assert answer.bust_next == 0.0 and type(answer.bust_next) is float
    assert all(type(chance) is float for chance in answer.next_card)

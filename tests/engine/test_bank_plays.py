"""The bank's R8.2 play that every punter search shares (siete/engine/odds_bank_plays.py): a
search that meets what another search worked out reads it, and answers to the last bit what it
would have found alone."""
from __future__ import annotations

from siete.engine.cards import SPANISH_DECK
from siete.engine.odds import clear_cache, odds
from siete.engine.odds_bank_plays import BANK_PLAYS
from siete.engine.odds_position import punter_position
from tests.engine.odds_helpers import full_deck_positions


def _cold(position):
    """The answer and how many bank positions it worked out, alone."""
    clear_cache()
    answer = odds(position)
    return answer, BANK_PLAYS.held


def test_r8_2_a_bank_showing_1_that_draws_a_2_is_one_showing_2_that_draws_a_1():
    """Standing on 5 (a face-down 3 and a 2) against a bank showing a 1 or a 2 (R8.2 has it
    draw while the 2 plus the average unseen card beats it): once either bank holds both
    cards, the positions are the same, so the second search reads the first's bank play and
    answers exactly as it would alone."""
    shows_1 = punter_position(SPANISH_DECK, ["O03", "C02"], ["E01"])
    shows_2 = punter_position(SPANISH_DECK, ["O03", "C02"], ["E02"])
    first, first_alone = _cold(shows_1)
    second, second_alone = _cold(shows_2)
    assert first_alone > 0 and second_alone > 0
    clear_cache()
    assert odds(shows_1) == first and odds(shows_2) == second
    assert BANK_PLAYS.held < first_alone + second_alone  # the second search reused some


def test_answers_with_the_shared_tables_equal_answers_alone():
    """Over random positions, asked in a row (the tables filling from every context) and each
    alone: the same answers, every float to the last bit."""
    positions = list(full_deck_positions(60, 17))
    alone = [_cold(position)[0] for position in positions]
    clear_cache()
    assert [odds(position) for position in positions] == alone


def test_tables_emptied_under_kept_searches_keep_answers_the_same():
    """Emptied in one go when full (odds_bank_plays.BANK_PLAYS_KEPT), in place: kept searches
    of later positions find their tables empty and work the bank's play out again."""
    positions = list(full_deck_positions(40, 23))
    alone = [_cold(position)[0] for position in positions]
    clear_cache()
    for position, answer in zip(positions, alone):
        BANK_PLAYS.clear()
        assert odds(position) == answer

"""Reports 1-8 on exact data: every row, worked out by hand from tests/reports/scenarios.

The games (S = seat card, order after R3 bank first, final points, winner):
  g1  ana E12 / Bob O07 / bot1 B03 (bot); order ana, Bob, bot1; 2 hands; ana 21 W, Bob 20, bot1 19
      h1: Bob C05 bet 3 draws O02 -> 7 stands; bot1 O05 bet 3 draws C03 -> 8 bust;
          bank ana C04 draws E03 -> 7 stands; Bob loses on the tie 7 = 7 (R5.3)
      h2: Bob B07 bet 3 stands on 7; bot1 E10 bet 1 draws C07 -> 7.5; bank ana O06 stands on 6;
          Bob wins, bot1 wins with 7.5
  g2  ana B01 / cris E02; order cris, ana; ana E01 bet 4 draws O05 -> 6; bank cris C06 stands
      on 6; ana loses on the tie. cris 24 W, ana 16
  g3  Bob E05 / cris B11 / bot1 O11 / bot2 C04 (bots bot1, bot2); order bot1, cris, Bob, bot2
      (rank 11 tie: oros before bastos, R3.2); cris O07 bet 4 stands; Bob B07 bet 4 draws C02 ->
      9 bust; bot2 C10 bet 2 draws O05, B10 -> 6; bank bot1 E04 draws E02 -> 6.
      cris wins, bot2 loses on the tie. cris 24 W, bot1 22, bot2 18, Bob 16
  g4  cris C12 / bot1 E01 (bot) / dee B01; order cris, bot1, dee; bot1 O03 bet 2 draws E10 ->
      3.5; dee C06 bet 1 stands on 6; bank cris B06 draws C10 -> 6.5; both lose.
      cris 23 W, dee 19, bot1 18
  g5  ana O01 / bot3 B12 (bot); order bot3, ana; ana E07 bet 1 draws B02 -> 9 bust; the bank
      bot3 (first card C01) does not play (R4.9). bot3 21 W, ana 19
  g6  ana / Bob, one hand of two: never finished (abandoned), so no report counts it. Had it
      counted, Bob's first card C05 would tie B07 and win on deck order, ana would have another
      bank tie win and Bob another bet of 4.
  g7  Bob O01 / cris E05; order cris, Bob; Bob O04 bet 1 stands on 4; bank cris O07 draws C05 ->
      12 bust. Bob 21 W, cris 19
Names sort by LOWER(name), then byte-wise, on both databases (#25): "ana" < "Bob" < "bot1" < "bot2"
< "bot3" < "cris" < "dee".
"""
from __future__ import annotations

import pytest

from siete.service.reports.definitions import get_report
from siete.service.reports.queries import read_report, run_report
from tests.reports.report_data import record


def rows(app, key: str) -> list[list]:
    with app.app_context():
        plain = run_report(get_report(key)).rows
        # The aggregates the pages read give exactly the definition's rows.
        assert read_report(get_report(key)).rows == plain
        return [list(row) for row in plain]  # as the expected rows below are written


def test_first_card_most_frequent_ties_by_deck_order(app, games):
    # Bob: C05, B07 (g1), B07 (g3), O04 (g7) -> B07 twice, though C05 comes first in the deck.
    # ana: C04, O06, E01, E07 once each -> O06 (oros first). bot1: O05, E10, E04, O03 -> O03.
    # cris: C06 (g2, bank), O07 (g3), B06 (g4), O07 (g7) -> O07 twice. g6 is not counted.
    assert rows(app, "first_card") == [
        ["ana", "O06", 1], ["Bob", "B07", 2], ["bot1", "O03", 1], ["bot2", "C10", 1],
        ["bot3", "C01", 1], ["cris", "O07", 2], ["dee", "C06", 1]]


def test_highest_bet_lists_every_player_who_made_it(app, games):
    g = games
    # g1: Bob 3 (twice, listed once), bot1 3 and 1. g3: cris 4 and Bob 4, bot2 2. g4: bot1 2, dee 1.
    assert rows(app, "highest_bet") == [
        [g["g1"], "Bob", 3], [g["g1"], "bot1", 3], [g["g2"], "ana", 4], [g["g3"], "Bob", 4],
        [g["g3"], "cris", 4], [g["g4"], "bot1", 2], [g["g5"], "ana", 1], [g["g7"], "Bob", 1]]


def test_lowest_bet(app, games):
    g = games
    assert rows(app, "lowest_bet") == [
        [g["g1"], "bot1", 1], [g["g2"], "ana", 4], [g["g3"], "bot2", 2], [g["g4"], "dee", 1],
        [g["g5"], "ana", 1], [g["g7"], "Bob", 1]]


def test_win_rate_by_hand_counts_punter_turns_only(app, games):
    # Bob hand 1: g1 lose (3), g3 bust (4), g7 win (1) -> 1 of 3 = 33.33 %, bet 8/3 = 2.67.
    # Bob hand 2: g1 win (3). ana hand 1: g2 lose (4), g5 bust (1); as g1's bank she has no bet.
    # bot1 hand 1: g1 bust (3), g4 lose (2); hand 2: g1 seven_half (1) counts as won.
    # bot3 only ever held the bank: no row.
    assert rows(app, "win_rate_by_hand") == [
        ["ana", 1, 2, 0.0, 2.5], ["Bob", 1, 3, 33.33, 2.67], ["Bob", 2, 1, 100.0, 3.0],
        ["bot1", 1, 2, 0.0, 2.5], ["bot1", 2, 1, 100.0, 1.0], ["bot2", 1, 1, 0.0, 2.0],
        ["cris", 1, 1, 100.0, 4.0], ["dee", 1, 1, 0.0, 1.0]]


def test_nemesis_lists_tied_winners(app, games):
    # Losses: g1 Bob, bot1 to ana; g2 ana to cris; g3 bot1, Bob, bot2 to cris; g4 bot1, dee to
    # cris; g5 ana to bot3; g7 cris to Bob. bot1 lost twice to cris and once to ana: cris only.
    assert rows(app, "nemesis") == [
        ["ana", "bot3", 1], ["ana", "cris", 1], ["Bob", "ana", 1], ["Bob", "cris", 1],
        ["bot1", "cris", 2], ["bot2", "cris", 1], ["cris", "Bob", 1], ["dee", "cris", 1]]


def test_bot_wins(app, games):
    # Finished games with a bot: g1, g3, g4, g5; only g5 was won by a bot (bot3): 1 of 4.
    assert rows(app, "bot_wins") == [[4, 1, 25.0]]


def test_wins_by_seat_card_per_player_then_all(app, games):
    # O01: Bob won g7, ana lost g5 -> 2 games, 1 won, 50 %. E05: Bob g3, cris g7, both lost.
    # B01: ana g2 and dee g4, both lost. Cards in deck order: O, C, E, B and 1..12 in each.
    assert rows(app, "wins_by_seat_card") == [
        ["ana", "O01", 1, 0, 0.0], ["ana", "E12", 1, 1, 100.0], ["ana", "B01", 1, 0, 0.0],
        ["Bob", "O01", 1, 1, 100.0], ["Bob", "O07", 1, 0, 0.0], ["Bob", "E05", 1, 0, 0.0],
        ["bot1", "O11", 1, 0, 0.0], ["bot1", "E01", 1, 0, 0.0], ["bot1", "B03", 1, 0, 0.0],
        ["bot2", "C04", 1, 0, 0.0], ["bot3", "B12", 1, 1, 100.0],
        ["cris", "C12", 1, 1, 100.0], ["cris", "E02", 1, 1, 100.0], ["cris", "E05", 1, 0, 0.0],
        ["cris", "B11", 1, 1, 100.0], ["dee", "B01", 1, 0, 0.0],
        ["*", "O01", 2, 1, 50.0], ["*", "O07", 1, 0, 0.0], ["*", "O11", 1, 0, 0.0],
        ["*", "C04", 1, 0, 0.0], ["*", "C12", 1, 1, 100.0], ["*", "E01", 1, 0, 0.0],
        ["*", "E02", 1, 1, 100.0], ["*", "E05", 2, 0, 0.0], ["*", "E12", 1, 1, 100.0],
        ["*", "B01", 2, 0, 0.0], ["*", "B03", 1, 0, 0.0], ["*", "B11", 1, 1, 100.0],
        ["*", "B12", 1, 1, 100.0]]


def test_wins_by_start_position(app, games):
    # 0 (bank): ana g1 W, cris g2 W, bot1 g3, cris g4 W, bot3 g5 W, cris g7 -> 4 of 6.
    # 1: Bob g1, ana g2, cris g3 W, bot1 g4, ana g5, Bob g7 W -> 2 of 6.
    # 2: bot1 g1, Bob g3, dee g4 -> 0 of 3. 3: bot2 g3 -> 0 of 1.
    assert rows(app, "wins_by_start_position") == [
        [0, 6, 4, 66.67], [1, 6, 2, 33.33], [2, 3, 0, 0.0], [3, 1, 0, 0.0]]


@pytest.mark.parametrize("key", ["first_card", "highest_bet", "lowest_bet", "win_rate_by_hand",
                                 "nemesis", "wins_by_seat_card", "wins_by_start_position"])
def test_unfinished_games_count_for_nothing(app, key):
    record(app, ["g6_unfinished"])
    assert rows(app, key) == []

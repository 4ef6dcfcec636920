"""Reports 9-16 on exact data: every row, worked out by hand (the games are described in
test_rows_1_to_8.py; g6 is unfinished and never counts).

Each player's turns in finished games (position 0 = bank, cards drawn, outcome):
  Bob   g1h1 p1 drew 1 lose | g1h2 p1 drew 0 win | g3 p2 drew 1 bust | g7 p1 drew 0 win
  ana   g1h1 bank drew 1 stood 7 | g1h2 bank drew 0 stood 6 | g2 p1 drew 1 lose | g5 p1 bust
  bot1  g1h1 p2 bust | g1h2 p2 drew 1 seven_half | g3 bank drew 1 stood 6 | g4 p1 drew 1 lose
  bot2  g3 p3 drew 2 lose
  bot3  g5 bank, did not play (everyone busted, R4.9)
  cris  g2 bank drew 0 stood 6 | g3 p1 drew 0 win | g4 bank drew 1 stood 6.5 | g7 bank bust
  dee   g4 p2 drew 0 lose
Winners (final points, duration_s): g1 ana 21 (100), g2 cris 24 (50), g3 cris 24 (300),
g4 cris 23 (20), g5 bot3 21 (40), g7 Bob 21 (10).
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


def test_stands_per_game_bank_that_did_not_play_did_not_stand(app, games):
    # Bob 3 stands (lose, win, win) in 3 games; ana 3 (two bank stands, a lose) in 3;
    # bot1 3 (7.5, bank stand, lose) in 3; cris 3 (bank, win, bank; the g7 bust is none) in 4.
    # bot3 only held g5's bank, which did not play: listed with 0 stands in 1 game.
    assert rows(app, "stands_per_game") == [
        ["ana", 3, 3, 1.0], ["Bob", 3, 3, 1.0], ["bot1", 3, 3, 1.0], ["bot2", 1, 1, 1.0],
        ["bot3", 1, 0, 0.0], ["cris", 4, 3, 0.75], ["dee", 1, 1, 1.0]]


def test_long_wins_above_the_winners_average(app, games):
    g = games
    # Average of the winners' points: (21 + 24 + 24 + 23 + 21 + 21) / 6 = 22.33.
    assert rows(app, "long_wins") == [
        ["cris", g["g2"], 24, 50], ["cris", g["g3"], 24, 300], ["cris", g["g4"], 23, 20]]


def test_wins_vs_bots_low_suits(app, games):
    # g1: ana (human) won with E12 against bot1 -> counts. g3: cris won with B11 against bots.
    # g4: cris won with C12 (copas) -> no. g5: won by a bot -> no. g2: cris won with E02 but
    # no bot sat there -> no. g7: no bot.
    assert rows(app, "wins_vs_bots_low_suits") == [["ana", 1], ["cris", 1]]


def test_won_without_drawing_with_total(app, games):
    # Bob g1h2 (stood on B07) and g7 (stood on O04); cris g3 (stood on O07). bot1's 7.5 in g1h2
    # was drawn. Banks are not punters.
    assert rows(app, "won_without_drawing") == [["Bob", 2], ["cris", 1], ["*", 3]]


def test_few_draw_winners(app, games):
    g = games
    # ana drew in 1 of her 2 hands of g1 (exactly half). cris drew in 0 of 1 in g2 and g3, but
    # in 1 of 1 in g4 (more than half: not listed). bot3's g5 bank was dealt a card: 1 hand, 0
    # drawn. Bob stood on his first card in g7.
    assert rows(app, "few_draw_winners") == [
        ["ana", g["g1"], 2, 1], ["cris", g["g2"], 1, 0], ["cris", g["g3"], 1, 0],
        ["bot3", g["g5"], 1, 0], ["Bob", g["g7"], 1, 0]]


def test_bank_tie_wins_with_total(app, games):
    # g1h1 ana 7 beat Bob's 7; g2 cris 6 beat ana's 6; g3 bot1 6 beat bot2's 6. g4: cris 6.5
    # against 3.5 and 6 is no tie; g6's tie (unfinished) does not count.
    assert rows(app, "bank_tie_wins") == [["ana", 1], ["bot1", 1], ["cris", 1], ["*", 3]]


def test_best_game_earliest_game_on_a_tie(app, games):
    g = games
    # cris had 24 in g2 and in g3: the earlier g2. bot1's best is g3 (22), which cris won.
    # 21 points three times: by player, whatever the case ("ana" < "Bob" < "bot3").
    assert rows(app, "best_game") == [
        ["cris", g["g2"], 24, "yes"], ["bot1", g["g3"], 22, "no"], ["ana", g["g1"], 21, "yes"],
        ["Bob", g["g7"], 21, "yes"], ["bot3", g["g5"], 21, "yes"], ["dee", g["g4"], 19, "no"],
        ["bot2", g["g3"], 18, "no"]]


def test_human_busts_as_punter_and_as_bank(app, games):
    # Bob busted in g3, ana in g5 (punters); cris busted as g7's bank; dee never: listed at 0.
    # Bots (bot1 busted in g1) are left out.
    assert rows(app, "human_busts") == [
        ["ana", 3, 1, 0.33], ["Bob", 3, 1, 0.33], ["cris", 4, 1, 0.25], ["dee", 1, 0, 0.0]]


@pytest.mark.parametrize("key", ["stands_per_game", "long_wins", "wins_vs_bots_low_suits",
                                 "few_draw_winners", "best_game", "human_busts"])
def test_unfinished_games_count_for_nothing(app, key):
    record(app, ["g6_unfinished"])
    assert rows(app, key) == []


def test_total_rows_are_there_at_zero(app):
    record(app, ["g6_unfinished"])  # a bank tie win, and bets, but the game never finished
    assert rows(app, "won_without_drawing") == [["*", 0]]
    assert rows(app, "bank_tie_wins") == [["*", 0]]
    assert rows(app, "bot_wins") == [[0, 0, 0.0]]

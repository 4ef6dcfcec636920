"""A practice table teaches the bet too (R4.4): at a punter's bet the odds panel gives its hand's
worth per point bet, from what it sees (R4.2, the one solver), and the bet the game's review
would call best; played out, the review (engine.review) names the same best bet for the same
position. Drawn at the table: the one line beside the Bet buttons, the best bet marked."""
from __future__ import annotations

import random
import re

import pytest
from sqlalchemy import update

from siete.data.base import db
from siete.data.games import Game
from siete.engine import rules
from siete.engine.cards import SPANISH_DECK
from siete.engine.codes import Action
from siete.engine.config import GameConfig
from siete.engine.odds import best_bet, odds
from siete.engine.odds_position import position_of
from siete.engine.review import review_hand
from siete.engine.state import PLAY, GameState, max_bet
from siete.play.odds_panel import BetPanel, OddsPanel, odds_panel
from tests.support.play import client_for, load, make_user, seat_of_user, started_game, text

NAMES = ["Ana", "Bea", "Cal", "Dan"]


def make_practice(app, game_id: int) -> None:
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == game_id).values(show_odds=True))
        db.session.commit()


def as_number(label: str) -> float:
    """"+0.12" or "−0.40" (the English labels) as a number."""
    return float(label.strip().replace("\u2212", "-").replace("+", ""))


def a_hand(seed: int) -> GameState:
    """Four people (no bots: the test plays every seat) dealt a shuffled deck."""
    deal = random.Random(seed)
    seat_cards = deal.sample(list(SPANISH_DECK.active), len(NAMES))
    state = rules.new_game(NAMES, GameConfig(), seat_cards)
    rules.deal(state, deal.sample(list(SPANISH_DECK.active), len(SPANISH_DECK.active)))
    return state


def play_the_hand(state: GameState, pick_bet) -> dict[int, BetPanel]:
    """Every seat in turn: a punter's bet after reading its panel (pick_bet(panel) chooses
    the amount), then draws or stands as the solver says. The panels shown at the bets."""
    shown: dict[int, BetPanel] = {}
    while state.phase == PLAY:
        seat = state.current_seat()
        panel = odds_panel(True, state, seat)
        if seat != state.bank and not state.seats[seat].bet:
            assert isinstance(panel, BetPanel)
            shown[seat] = panel
            rules.bet(state, seat, pick_bet(panel))
        elif odds(position_of(state, seat)).best == Action.DRAW:
            rules.draw(state, seat)
        else:
            rules.stand(state, seat)
    return shown


@pytest.mark.parametrize("betting", ["best", "least"])
def test_the_panels_best_bet_is_the_one_the_review_calls_best(app, betting):
    """For every punter's bet of ten hands, the panel's best bet and value are the review's
    best_stake and value for that bet: one function (odds.best_bet) on one position."""
    pick = (lambda panel: panel.best) if betting == "best" else (lambda panel: 1)
    compared, bests = 0, set()
    with app.test_request_context():
        for seed in range(10):
            state = a_hand(seed)
            shown = play_the_hand(state, pick)
            reviewed = {m.seat: m for m in review_hand(SPANISH_DECK, state.last_hand) if m.step == 0}
            for seat, panel in shown.items():
                assert panel.top == max_bet(20) == 4  # everyone starts with 20 points (R2.2)
                move = reviewed[seat]  # R4.4 allows 4: the bet is a decision the review marks
                assert move.best_stake == panel.best, (seed, seat)
                assert abs(move.value - panel.value.value) < 1e-12
                compared += 1
                bests.add(panel.best)
    assert compared >= 20 and bests == {1, 4}  # hands worth betting on, and hands not


def test_the_panel_uses_the_solvers_value_from_what_the_seat_sees(app):
    with app.test_request_context():
        state = a_hand(3)
        seat = state.current_seat()
        panel = odds_panel(True, state, seat)
        answer = odds(position_of(state, seat))
    assert isinstance(panel, BetPanel)
    assert panel.value.value == answer.value
    assert panel.best == best_bet(answer.value, max_bet(state.seats[seat].points))
    with app.test_request_context():
        assert odds_panel(False, state, seat) is None  # a plain table shows nothing
        assert odds_panel(True, state, (seat + 1) % len(NAMES)) is None  # not your turn


def test_the_bet_shows_its_line_and_marks_the_best_button(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)  # the user's turn to bet
    make_practice(app, game_id)
    html = text(client_for(app, ana).get(f"/tables/{game_id}"))
    _status, state = load(app, game_id)
    seat = seat_of_user(app, game_id, ana)
    answer = odds(position_of(state, seat))
    best = best_bet(answer.value, max_bet(state.seats[seat].points))
    line = re.search(r'id="odds-line">(.*?)</p>', html, re.S).group(1)
    worth = re.search(r'id="odds-value">[^<]*<span class="odds__value">([^<]*)<', line).group(1)
    assert abs(as_number(worth) - answer.value) <= 0.005
    assert re.search(rf'id="odds-best-bet">(<span class="odds__sep[^"]*"[^>]*>·</span>)?Best bet '
                     rf'<span class="odds__value">{best}<', line)
    assert re.findall(r'id="move-bet-(\d+)"[^>]*data-best', html) == [str(best)]
    assert '<details class="odds__details" id="odds-details">' in html  # folded: no "open"


def test_the_bank_and_a_punter_after_its_bet_get_the_draw_panel(app):
    with app.test_request_context():
        state = a_hand(5)
        seat = state.current_seat()
        rules.bet(state, seat, 1)
        assert isinstance(odds_panel(True, state, seat), OddsPanel)


def test_the_lobby_says_the_odds_cover_the_bet_too(app):
    """trial3: the lobby's hint under "Show the odds" named only the draw or stand (the chance to
    bust, Draw or Stand), though the table shows the odds at the bet as well: the hand's worth
    and the best bet (R4.4)."""
    client = client_for(app, make_user(app, "Ana"))
    for language, words in (("en", ("what your hand is worth", "the best bet", "chance to bust")),
                            ("es", ("cuánto vale tu mano", "la mejor apuesta", "probabilidad de pasarte"))):
        hint = re.search(r'id="show_odds".*?<(?:small|p|span|div)[^>]*class="[^"]*hint[^"]*"[^>]*>(.*?)<',
                         text(client.get("/", headers={"Accept-Language": language})), re.S)
        assert hint is not None
        assert all(word in hint.group(1) for word in words), hint.group(1)

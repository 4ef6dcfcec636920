"""Practice tables, "Show the odds" (#27.4): the option stored, the odds shown to the seat in turn
only (R4.2: from what that seat sees), their figures the solver's, and the marks in the lobby
and the history. Ratings skipping practice games: tests/history/test_practice_ratings.py."""
from __future__ import annotations

import re

from sqlalchemy import select, update

from siete.data.base import db
from siete.data.games import Game
from siete.data.people import User
from siete.engine.odds import odds
from siete.engine.odds_position import position_of
from siete.engine.state import PLAY
from siete.service.tables.lobby_actions import TableSpec, create_table, join_table, player_for, start_table
from tests.support.play import (
    HX,
    THREE_BOTS,
    client_for,
    load,
    make_user,
    seat_of_user,
    started_game,
    table_id_from,
    text,
)
from tests.support.settings import app_settings

PANEL = 'id="odds"'


def make_practice(app, game_id: int) -> None:
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == game_id).values(show_odds=True))
        db.session.commit()


def bet_once(app, client, game_id: int) -> None:
    """Bet 1 so the seat in turn goes on to draw or stand (R4.4, R4.5)."""
    _status, state = load(app, game_id)
    response = client.post(f"/tables/{game_id}/bet", data={"version": state.version, "amount": 1},
                           headers=HX)
    assert response.status_code == 200, text(response)[:300]


def figure(html: str, row: str) -> str:
    """The value the odds panel shows in its row `row` (odds-bust, odds-win, odds-stand...)."""
    found = re.search(rf'id="{row}">.*?<span class="odds__value">([^<]*)</span>', html, re.S)
    assert found, f"no {row} in the panel"
    return found.group(1).strip()


def as_number(label: str) -> float:
    """"48.6%" -> 0.486, "−0.23 stakes" -> -0.23 (the English labels the panel shows)."""
    number = label.split()[0].replace("\u2212", "-").replace("+", "")
    return float(number[:-1]) / 100 if number.endswith("%") else float(number)


def practice_turn(app, user: int, punter: bool = True) -> tuple[int, object]:
    """A practice table where it is `user`'s turn to draw or stand; (game id, its client)."""
    game_id = started_game(app, user, punter=punter)
    make_practice(app, game_id)
    client = client_for(app, user)
    if punter:
        bet_once(app, client, game_id)
    _status, state = load(app, game_id)
    assert state.phase == PLAY and state.current_seat() == seat_of_user(app, game_id, user)
    return game_id, client


# ---- the option ----

def test_the_new_table_form_stores_show_the_odds_off_by_default(app):
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    assert 'name="show_odds"' in text(client.get("/"))
    plain = table_id_from(client.post("/tables", data=THREE_BOTS))
    practice = table_id_from(client.post("/tables", data={**THREE_BOTS, "show_odds": "y"}))
    with app.app_context():
        stored = dict(db.session.execute(select(Game.id, Game.show_odds)).all())
    assert stored[plain] is False and stored[practice] is True


def test_play_again_keeps_the_practice_option(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    make_practice(app, game_id)
    client = client_for(app, ana)
    client.post(f"/tables/{game_id}/leave")  # the game ends: a rematch follows a game over
    again = table_id_from(client.post(f"/tables/{game_id}/again"))
    with app.app_context():
        assert db.session.get(Game, again).show_odds is True


def test_the_lobby_and_the_table_mark_a_practice_table(app):
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    plain = table_id_from(client.post("/tables", data={**THREE_BOTS, "name": "Plain"}))
    practice = table_id_from(client.post("/tables", data={**THREE_BOTS, "name": "Lessons",
                                                          "show_odds": "y"}))
    lobby = text(client.get("/"))  # full (Ana and three bots): listed to its creator only
    card = re.search(rf'id="lobby-table-{practice}".*?</li>', lobby, re.S).group(0)
    other = re.search(rf'id="lobby-table-{plain}".*?</li>', lobby, re.S).group(0)
    assert "badge--practice" in card and "badge--practice" not in other
    assert "badge--practice" in text(client.get(f"/tables/{practice}"))
    assert "badge--practice" not in text(client.get(f"/tables/{plain}"))


# ---- the odds at your turn ----

def test_the_seat_in_turn_sees_the_solvers_figures(app):
    """R4.2: the position is the seat's view (position_of); the panel shows the solver's answer."""
    ana = make_user(app, "Ana")
    game_id, client = practice_turn(app, ana)
    html = text(client.get(f"/tables/{game_id}/fragment", headers=HX))
    assert PANEL in html
    _status, state = load(app, game_id)
    answer = odds(position_of(state, state.current_seat()))
    assert abs(as_number(figure(html, "odds-bust")) - answer.bust_next) <= 0.0005
    assert abs(as_number(figure(html, "odds-win")) - answer.stand.win) <= 0.0005
    assert abs(as_number(figure(html, "odds-stand")) - answer.stand.ev) <= 0.005
    assert answer.draw is not None
    assert abs(as_number(figure(html, "odds-draw")) - answer.draw.ev) <= 0.005
    advice = re.search(r'id="odds-advice">([^<]*)<', html).group(1)
    word = "Drawing" if answer.best == "draw" else "Standing"
    assert advice.startswith(f"{word} is better, by {answer.margin:.2f} stakes") or answer.margin == 0


def test_the_bank_in_turn_sees_its_odds_in_points(app):
    ana = make_user(app, "Ana")
    game_id, client = practice_turn(app, ana, punter=False)
    html = text(client.get(f"/tables/{game_id}", headers=HX))
    _status, state = load(app, game_id)
    answer = odds(position_of(state, state.bank))
    assert PANEL in html and 'id="odds-win"' not in html  # a bank's standing is many results
    assert abs(as_number(figure(html, "odds-bust")) - answer.bust_next) <= 0.0005
    assert abs(as_number(figure(html, "odds-stand")) - answer.stand.ev) <= 0.005
    advice = re.search(r'id="odds-advice">([^<]*)<', html).group(1)
    assert advice.endswith("points.") or "the same" in advice  # the bank's values are points


def two_people_in_practice(app, ana: int, bea: int) -> tuple[int, int, int]:
    """A practice table of Ana, Bea and a bot where one of them is to draw or stand:
    (game id, whose turn, the other)."""
    spec = TableSpec(name="two of us", seats=3, bots=("standard",), show_odds=True)
    for seed in range(1, 80):
        with app.app_context():
            game = create_table(player_for(_user(ana)), spec, app.config["GAME"], seed=seed)
            join_table(game.id, player_for(_user(bea)))
            start_table(app_settings(), game.id, player_for(_user(ana)))
            game_id = game.id
        _status, state = load(app, game_id)
        name = state.seats[state.current_seat()].name if state.phase == PLAY else None
        if name not in ("Ana", "Bea"):
            continue
        turn, other = (ana, bea) if name == "Ana" else (bea, ana)
        if state.current_seat() != state.bank:
            bet_once(app, client_for(app, turn), game_id)
        _status, state = load(app, game_id)
        if state.phase == PLAY and state.seats[state.current_seat()].name == name:
            return game_id, turn, other
    raise AssertionError("no seed gave a person the turn")


def test_spectators_other_seats_and_plain_tables_see_no_odds(app):
    ana, bea, cat = make_user(app, "Ana"), make_user(app, "Bea"), make_user(app, "Cat")
    game_id, turn, other = two_people_in_practice(app, ana, bea)
    assert PANEL in text(client_for(app, turn).get(f"/tables/{game_id}"))
    assert PANEL not in text(client_for(app, other).get(f"/tables/{game_id}"))
    assert PANEL not in text(client_for(app, cat).get(f"/tables/{game_id}"))
    assert PANEL not in text(client_for(app, None).get(f"/tables/{game_id}"))
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == game_id).values(show_odds=False))
        db.session.commit()
    assert PANEL not in text(client_for(app, turn).get(f"/tables/{game_id}"))


def test_the_bet_gets_the_bet_line_not_the_draw_and_stand_one(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)  # the user's turn to bet: no draw or stand yet
    make_practice(app, game_id)
    html = text(client_for(app, ana).get(f"/tables/{game_id}"))
    assert PANEL in html and 'id="odds-best-bet"' in html  # tests/play/test_odds_bet.py
    assert 'id="odds-stand"' not in html and 'id="odds-bust"' not in html


def test_the_advice_is_one_line_and_the_details_fold_away(app):
    """The line beside Draw and Stand holds both values, the better one marked; the rest is in
    a closed <details> (it opens without JavaScript), and the values are not repeated there."""
    ana = make_user(app, "Ana")
    game_id, client = practice_turn(app, ana)
    html = text(client.get(f"/tables/{game_id}"))
    _status, state = load(app, game_id)
    answer = odds(position_of(state, state.current_seat()))
    line = re.search(r'id="odds-line">(.*?)</p>', html, re.S).group(1)
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", line)).strip()
    best = "Draw" if answer.best == "draw" else "Stand"
    assert f"{best} ✓" in words or answer.margin == 0, words
    assert "odds-stand" in line and "odds-draw" in line
    details = re.search(r'<details class="odds__details" id="odds-details">(.*?)</details>', html, re.S)
    assert details, "the details are folded away, closed"
    assert "odds-stand" not in details.group(1) and "odds-bust" in details.group(1)


def test_the_odds_panel_speaks_spanish(app):
    ana = make_user(app, "Ana")
    game_id, client = practice_turn(app, ana)
    html = text(client.get(f"/tables/{game_id}", headers={"Accept-Language": "es"}))
    assert "Tus probabilidades" in html and "La siguiente carta te pasa" in html
    assert re.search(r'id="odds-bust">.*?<span class="odds__value">\d+,\d\s%', html, re.S)


def _user(user_id: int) -> User:
    return db.session.get(User, user_id)

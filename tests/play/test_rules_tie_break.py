"""The rules page says who wins on equal points (R7.2: the one earlier in the final order, which
R6.5 starts with the bank). It said only "most points wins": a finished game with two players on
the same points and one of them marked the winner read as a mistake."""
from __future__ import annotations

from siete.engine.config import GameConfig
from siete.engine.seating import new_game
from siete.engine.settlement import final_ranking
from tests.support.play import client_for, text


def test_the_rules_say_who_wins_on_equal_points(app):
    page = " ".join(text(client_for(app, None).get("/rules")).split())
    assert "most points wins. On equal points the player earlier in the order of play wins, the bank first." in page
    es = text(client_for(app, None).get("/rules", headers={"Accept-Language": "es"}))
    assert "Con los mismos puntos gana quien va antes en el orden de juego" in es


def test_the_game_ranks_equal_points_by_the_order_of_play_as_the_rules_say():
    """R7.2: on 20 points each, the bank (first in the order, R3.3) ranks above the punter."""
    state = new_game(["five", "knight"], GameConfig(), ["O05", "E11"])
    bank, punter = state.order
    assert state.seats[bank].points == state.seats[punter].points
    assert final_ranking(state) == [bank, punter]

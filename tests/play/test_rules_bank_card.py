"""The rules page says how the card for the bank is compared (R3.2): by rank, the king highest,
not by points. The page calls the figures worth ½ just above, so "the highest card holds the
bank" read as "the most points": a user trial saw a knight (½) take the bank from a 5 and
thought the game was wrong."""
from __future__ import annotations

from siete.engine.config import GameConfig
from siete.engine.seating import new_game
from tests.support.play import client_for, text


def test_the_rules_say_the_bank_goes_by_rank_with_the_king_highest(app):
    page = text(client_for(app, None).get("/rules"))
    assert "not by points" in page and "the king (12) is the highest" in page
    es = text(client_for(app, None).get("/rules", headers={"Accept-Language": "es"}))
    assert "no por puntos" in es and "el rey (12) es la más alta" in es


def test_the_game_gives_the_bank_to_a_knight_over_a_five_as_the_rules_say():
    """R3.2, R3.3: the knight of swords (11, ½ point) holds the bank before the 5 of coins."""
    state = new_game(["five", "knight"], GameConfig(), ["O05", "E11"])
    assert state.seats[state.order[0]].name == "knight"

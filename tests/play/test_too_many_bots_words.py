"""The lobby form's 'too many bots' error with one seat left for bots: a newcomer who sets 2
seats to play one bot, with the form's three default bots, read "3 bots for 1 seats" ("3 bots para
1 asientos"). The seat count agrees with its number (R2.1: 2 to 8 seats, one is yours)."""
from __future__ import annotations

from tests.support.play import THREE_BOTS, client_for, make_user, text


def test_one_seat_for_bots_is_said_in_the_singular(app):
    client = client_for(app, make_user(app, "Ana"))
    en = client.post("/tables", data={**THREE_BOTS, "seats": 2})
    assert en.status_code == 422
    assert "Too many bots: 3 bots for 1 seat, leaving one for you." in text(en)
    es = client.post("/tables", data={**THREE_BOTS, "seats": 2}, headers={"Accept-Language": "es"})
    assert "Demasiados bots: 3 bots para 1 asiento, dejando uno para ti." in text(es)
    two = client.post("/tables", data={**THREE_BOTS, "seats": 3})
    assert "Too many bots: 3 bots for 2 seats, leaving one for you." in text(two)

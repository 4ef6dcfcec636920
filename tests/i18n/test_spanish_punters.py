"""Spanish words a newcomer reads about the odds: the other players are 'jugadores', never
'puntos'. 'Punto' is the old word for a punter, but every seat on the same page says 'Puntos: 19'
for points, so 'se supone que los puntos que aún no han jugado se plantan' (the table's odds note)
read as points that stand; the rules page and the review say 'jugadores' everywhere else."""
from __future__ import annotations

import re

from flask_babel import force_locale, gettext

from tests.support.play import client_for, text

TABLE_NOTE = "From the cards you can see; punters still to play are taken to stand on their first card."
PUNTER_AS_POINTS = re.compile(r"\b(los|un|otro|solo) puntos? (que|plantado|contra)\b")


def test_the_odds_note_at_the_table_calls_the_others_players(app):
    with app.test_request_context(), force_locale("es"):
        note = gettext(TABLE_NOTE)
    assert "jugadores que aún no han jugado" in note and "puntos" not in note


def test_the_spanish_rules_odds_section_says_players_not_points(app):
    page = text(client_for(app, None).get("/rules", headers={"Accept-Language": "es"}))
    start = page.index('id="odds"')
    odds = page[start:page.index("<h2", start)]  # the section, up to the review's (points there are points)
    assert not PUNTER_AS_POINTS.search(odds), PUNTER_AS_POINTS.search(odds).group(0)
    assert "un jugador plantado" in odds and "otro jugador" in odds

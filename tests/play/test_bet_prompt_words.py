"""The bet prompt when a single bet is allowed: with 5 points or fewer R4.4 allows only 1 (20%
rounded up), and the prompt said "Your turn: bet 1 to 1 points." ("apuesta entre 1 y 1 puntos")
to a newcomer who was losing. One bet allowed is said as one."""
from __future__ import annotations

from types import SimpleNamespace

from flask import render_template
from flask_babel import force_locale


def prompt(app, bets: list[int], locale: str) -> str:
    moves = SimpleNamespace(bet=bets, draw=False, stand=False)
    urls = SimpleNamespace(rules="/rules", bet="/tables/1/bet")
    with app.test_request_context(), force_locale(locale):
        html = render_template("play/_moves.html", moves=moves, urls=urls,
                               view=SimpleNamespace(version=1), odds=None, s=None)
    return html.split('class="actions__prompt">', 1)[1].split("<a", 1)[0].strip()


def test_a_single_allowed_bet_is_said_once_r4_4(app):
    assert prompt(app, [1], "en") == "Your turn: bet 1 point."
    assert prompt(app, [1], "es") == "Tu turno: apuesta 1 punto."


def test_a_range_of_bets_keeps_its_words(app):
    assert prompt(app, [1, 2, 3, 4], "en") == "Your turn: bet 1 to 4 points."
    assert prompt(app, [1, 2], "es") == "Tu turno: apuesta entre 1 y 2 puntos."

"""Every number of the review says what it counts (trial3, a returning player reading the game
page): a bet's line says its hand is worth so much "a point", and the draws' and stands' values,
on the same scale (engine/review.py: per unit of stake, for the bank too), said nothing, so
"Draw +0.63, Stand −1.00" beside "cost 47% of the points in play" read as points."""
from __future__ import annotations

import re

from siete.engine.codes import Action
from siete.engine.review import Mark
from siete.service.records.review_pages import MoveNote

MOVE_LINE = '{% from "history/_move_review.html" import move_review %}{{ move_review(note) }}'
STEP = '{% from "history/_step.html" import option_values %}{{ option_values(step) }}'


def _draw(is_bank: bool = False) -> MoveNote:
    return MoveNote(action=Action.DRAW, is_bank=is_bank, mark=Mark.BEST, value_lost=0.0,
                    stand_ev=-1.0, draw_ev=0.63, stake=None, best_stake=None, hand_value=None)


def _words(app, source: str, language: str = "en", **context) -> str:
    with app.test_request_context("/", headers={"Accept-Language": language}):
        page = app.jinja_env.from_string(source).render(**context)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_the_move_line_gives_the_draw_and_stand_values_their_unit(app):
    for is_bank in (False, True):
        line = _words(app, MOVE_LINE, note=_draw(is_bank))
        assert "draw +0.63, stand −1.00 a point" in line, line


def test_the_replay_step_says_its_options_are_per_point_of_stake(app):
    step = _words(app, STEP, step={"note": _draw()})
    assert "per point of stake" in step and "Stand −1.00" in step and "Draw +0.63" in step, step
    spanish = _words(app, STEP, language="es", step={"note": _draw()})
    assert "por punto apostado" in spanish and "Pedir carta +0,63" in spanish, spanish


def test_a_bet_step_keeps_its_own_line_and_no_second_unit(app):
    bet = MoveNote(action=Action.BET, is_bank=False, mark=Mark.MISTAKE, value_lost=0.47,
                   stand_ev=None, draw_ev=None, stake=1, best_stake=4, hand_value=0.63)
    step = _words(app, STEP, step={"note": bet})
    assert "worth +0.63 a point of stake" in step and "per point of stake:" not in step

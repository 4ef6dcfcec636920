"""A move the review marks best shows no cost (engine/review.py: "best" is within a twentieth
of the solver's best, too close to tell apart): the last user trial read "best; cost 4% of the
points in play" as a contradiction. The other marks keep their cost, in the move's line beside
the replay and in the replay step's verdict."""
from __future__ import annotations

import re

from siete.engine.codes import Action
from siete.engine.review import BEST_BELOW, Mark, mark_for
from siete.service.records.review_pages import MoveNote

MOVE_LINE = '{% from "history/_move_review.html" import move_review %}{{ move_review(note) }}'


def _draw(mark: Mark, lost: float) -> MoveNote:
    return MoveNote(action=Action.DRAW, is_bank=False, mark=mark, value_lost=lost, stand_ev=0.10,
                    draw_ev=0.10 - lost, stake=None, best_stake=None, hand_value=None)


def _words(app, source: str, **context) -> str:
    with app.test_request_context("/"):
        page = app.jinja_env.from_string(source).render(**context)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_a_best_move_shows_no_cost_even_when_it_lost_a_little(app):
    lost = 0.04  # rounds to 4 %, still under the best mark's threshold
    assert lost < BEST_BELOW and mark_for(lost) is Mark.BEST
    line = _words(app, MOVE_LINE, note=_draw(Mark.BEST, lost))
    assert "best" in line and "draw +0.06, stand +0.10" in line
    assert "cost" not in line


def test_an_inaccuracy_keeps_its_cost(app):
    line = _words(app, MOVE_LINE, note=_draw(Mark.INACCURACY, 0.12))
    assert "inaccuracy" in line and "cost 12% of the points in play" in line


def test_the_replay_steps_verdict_follows_the_same_rule(app):
    verdict = ('{% from "history/_step.html" import option_values %}'
               '{{ option_values(step) }}')
    best = _words(app, verdict, step={"note": _draw(Mark.BEST, 0.04)})
    mistake = _words(app, verdict, step={"note": _draw(Mark.MISTAKE, 0.45)})
    assert "best" in best and "cost" not in best
    assert "mistake" in mistake and "cost 45% of the points in play" in mistake

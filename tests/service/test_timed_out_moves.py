"""A person's timed-out turns through the tables' own path: the worker's timer lets the house bot
play them, the turns keep from which step it did, and the stored review labels those moves
timed out and leaves them out of the person's figures (SQLite and MariaDB). Once away, the bot
standing in for them plays on: its moves are labelled and left out the same way."""
from __future__ import annotations

import re
from datetime import timedelta

from sqlalchemy import select

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer, Turn
from siete.data.people import User
from siete.data.reviews import MoveReviewRow, SeatReviewRow
from siete.engine.records import HandRecord
from siete.engine.review import review_game
from siete.service.records.game_review import review_queued_games, stored_hands
from siete.service.tables import turns as play
from siete.service.tables.due_tables import run_tick
from siete.service.tables.lobby_actions import TableSpec, create_table, player_for, start_table
from tests.support.settings import app_settings

FAR = timedelta(days=1)  # a tick "a day later": every deadline set by then is due


def _walked_away_game(app) -> int:
    """Ana opens a table with two bots and never moves: the timer plays her first two turns
    (then she is away and a standard bot plays the seat), and the worker finishes the game."""
    user = User(username="ana", email="ana@example.test", password_hash="x")
    db.session.add(user)
    db.session.commit()
    ana = player_for(user)
    db.session.commit()
    spec = TableSpec(name="walked away", seats=3, bots=("standard", "bold"), max_hands=5)
    game = create_table(ana, spec, app.config["GAME"], seed=3)
    start_table(app_settings(), game.id, ana)
    for _ in range(200):
        db.session.expire_all()
        if db.session.get(Game, game.id).status == "finished":
            return game.id
        run_tick(app_settings(), utcnow() + FAR, batch=50, waiting_ttl_s=3600)
        db.session.remove()
    raise AssertionError("the game did not finish")


def test_timed_out_turns_are_stored_labelled_and_left_out_of_the_figures(app):
    with app.app_context():
        game_id = _walked_away_game(app)
        ana = db.session.scalars(select(GamePlayer).join(GamePlayer.player)
                                 .where(GamePlayer.game_id == game_id)
                                 .where(GamePlayer.player.has(name="ana"))).one()
        timed = db.session.execute(select(Turn.hand_number, Turn.timed_out_step)
                                   .where(Turn.game_id == game_id)
                                   .where(Turn.timed_out_step.is_not(None))).all()
        assert len(timed) == 2  # her two timeouts; then the away bot, no timer
        assert {step for _, step in timed} <= {0, 1}  # the whole turn: from the bet (or the bank's first)
        assert review_queued_games(app.config["GAME"].cards, "worker", limit=10, budget_s=60) == 1
        rows = db.session.execute(select(MoveReviewRow.hand_number, MoveReviewRow.timed_out,
                                         MoveReviewRow.stand_in)
                                  .where(MoveReviewRow.game_player_id == ana.id)).all()
        labelled = {hand for hand, timed_out, _ in rows if timed_out}
        assert labelled == {hand for hand, _ in timed}
        # Every later move of hers is the stand-in's (she never came back): none is judged.
        assert {hand for hand, _, stand_in in rows if stand_in} == {hand for hand, _, _ in rows} - labelled
        assert not [row for row in rows if row.timed_out and row.stand_in]
        figures = db.session.get(SeatReviewRow, ana.id)
        assert (figures.decisions, figures.best, float(figures.value_lost)) == (0, 0, 0.0)


def test_the_away_turns_keep_the_stand_ins_steps(app):
    with app.app_context():
        game_id = _walked_away_game(app)
        turns = db.session.execute(select(Turn.hand_number, Turn.timed_out_step, Turn.stand_in_step,
                                          Turn.cards_drawn)
                                   .join(Turn.game_player).join(GamePlayer.player)
                                   .where(Turn.game_id == game_id)
                                   .where(GamePlayer.player.has(name="ana"))
                                   .order_by(Turn.hand_number)).all()
    assert [t.stand_in_step is None for t in turns[:2]] == [True, True]  # the timer's turns
    later = turns[2:]
    assert later and all(t.timed_out_step is None and t.stand_in_step is not None for t in later)


def test_the_stored_hands_give_the_review_the_flag_the_engine_recorded(app, monkeypatch):
    seen: list[HandRecord] = []
    original = play.record_hand

    def keep(game, state, hand, by):
        seen.append(hand)
        return original(game, state, hand, by)

    monkeypatch.setattr(play, "record_hand", keep)
    with app.app_context():
        game_id = _walked_away_game(app)
        ids = [gp.id for gp in sorted(db.session.get(Game, game_id).players,
                                       key=lambda gp: gp.join_order)]
        stored = stored_hands(game_id, ids)
    flags = [[t.timed_out for t in sorted(h.turns, key=lambda t: t.position)] for h in seen]
    assert flags == [[t.timed_out for t in sorted(h.turns, key=lambda t: t.position)]
                     for h in stored]
    assert sum(f is not None for hand in flags for f in hand) == 2
    cards = app.config["GAME"].cards
    assert review_game(cards, stored, 3) == review_game(cards, seen, 3)


def test_the_game_page_labels_the_timed_out_moves_in_both_languages(app, client):
    with app.app_context():
        game_id = _walked_away_game(app)
        hand = db.session.scalars(select(Turn.hand_number).where(Turn.game_id == game_id)
                                  .where(Turn.timed_out_step.is_not(None))).first()
    page = client.get(f"/games/{game_id}?hand={hand}").get_data(as_text=True)  # reviews it first
    with app.app_context():
        timed = db.session.scalars(select(MoveReviewRow.step).where(
            MoveReviewRow.game_id == game_id, MoveReviewRow.hand_number == hand,
            MoveReviewRow.timed_out.is_(True))).all()
    assert timed
    marks = re.findall(r'class="move-review move-review--(\w+)"', page)
    assert marks.count("timed_out") == len(timed)
    assert '<span class="move-review__mark">timed out</span>' in page
    assert "the house bot played it when the time ran out" in page
    spanish = client.get(f"/games/{game_id}?hand={hand}",
                         headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert '<span class="move-review__mark">tiempo agotado</span>' in spanish


def test_the_game_page_labels_the_stand_ins_moves_in_both_languages(app, client):
    with app.app_context():
        game_id = _walked_away_game(app)
        client.get(f"/games/{game_id}")  # reviews it first
        hand = db.session.scalars(select(MoveReviewRow.hand_number).where(
            MoveReviewRow.game_id == game_id, MoveReviewRow.stand_in.is_(True))).first()
        assert hand is not None
        count = len(db.session.scalars(select(MoveReviewRow.step).where(
            MoveReviewRow.game_id == game_id, MoveReviewRow.hand_number == hand,
            MoveReviewRow.stand_in.is_(True))).all())
    page = client.get(f"/games/{game_id}?hand={hand}").get_data(as_text=True)
    marks = re.findall(r'class="move-review move-review--(\w+)"', page)
    assert marks.count("stand_in") == count
    assert '<span class="move-review__mark">stand-in</span>' in page
    assert "played by the stand-in while the player was away" in page
    spanish = client.get(f"/games/{game_id}?hand={hand}",
                         headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert '<span class="move-review__mark">suplente</span>' in spanish

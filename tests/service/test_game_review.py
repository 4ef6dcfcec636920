"""Every finished game is reviewed once and stored (issue 27 item 5): its end queues it, the
worker reviews it (issue 25: not inside the last move's request), its page if it comes first."""
from __future__ import annotations

import pytest
from sqlalchemy import delete, func, select

from siete.data.base import db
from siete.data.games import GamePlayer
from siete.data.people import Player
from siete.data.reviews import MoveReviewRow, ReviewQueueRow, SeatReviewRow
from siete.engine.records import HandRecord
from siete.engine.review import review_game
from siete.service.records.bot_games import simulate_recorded
from siete.service.records.game_review import (
    review_if_queued,
    review_queued_games,
    review_stored_game,
    stored_hands,
)
from siete.service.tables import turns as play


@pytest.fixture
def finished(app, monkeypatch):
    """Two bots-only games played through the tables' own path, and the engine's hand records
    of each as they were settled (read where play.advance stores them)."""
    seen: list[tuple[int, HandRecord]] = []
    original = play.record_hand

    def keep(game, state, hand, by):
        seen.append((game.id, hand))
        return original(game, state, hand, by)

    monkeypatch.setattr(play, "record_hand", keep)
    with app.app_context():
        ids = simulate_recorded(["standard", "cautious", "bold"], 2, app.config["GAME"], seed=3,
                                max_hands=10)
    return ids, seen


def work_the_queue(app) -> int:
    """What the worker does between its timer steps: review the queued games."""
    with app.app_context():
        return review_queued_games(app.config["GAME"].cards, "worker", limit=100, budget_s=60)


def _queued(app) -> list[int]:
    with app.app_context():
        return list(db.session.execute(select(ReviewQueueRow.game_id).order_by(ReviewQueueRow.game_id))
                    .scalars())


def _reviewed(app, game_id) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(SeatReviewRow)
                                 .where(SeatReviewRow.game_id == game_id))


@pytest.fixture
def recorded(app, finished):
    """The two games, reviewed by the worker."""
    assert work_the_queue(app) == len(finished[0])
    return finished


def test_the_games_end_queues_its_review_and_the_worker_writes_it(app, finished):
    ids, _ = finished
    assert _queued(app) == sorted(ids)  # the last move only queued them: nothing reviewed yet
    assert [_reviewed(app, game_id) for game_id in ids] == [0, 0]
    with app.app_context():  # a tick with no time left still reviews one game (no starving)
        assert review_queued_games(app.config["GAME"].cards, "worker", limit=100, budget_s=0) == 1
    assert work_the_queue(app) == 1 and _queued(app) == []
    assert all(_reviewed(app, game_id) == 3 for game_id in ids)  # one row a seat
    assert work_the_queue(app) == 0  # an empty queue: nothing to do


def test_a_queued_game_is_reviewed_when_its_page_comes_first(app, finished, client):
    ids, _ = finished
    page = client.get(f"/games/{ids[1]}").get_data(as_text=True)
    assert "move-review--" in page and "<dt>Accuracy</dt>" in page
    assert _queued(app) == [ids[0]] and _reviewed(app, ids[1]) == 3
    with app.app_context():  # reviewed once: the page's second look and the worker find it done
        assert review_if_queued(ids[1], app.config["GAME"].cards, "test") is False
    assert work_the_queue(app) == 1 and _reviewed(app, ids[1]) == 3


def _seats(game_id):
    return list(db.session.execute(select(GamePlayer.id).where(GamePlayer.game_id == game_id)
                                   .order_by(GamePlayer.join_order)).scalars())


def test_the_review_is_stored_when_the_game_ends(app, recorded):
    ids, seen = recorded
    cards = app.config["GAME"].cards
    with app.app_context():
        for game_id in ids:
            seats = _seats(game_id)
            hands = [hand for game, hand in seen if game == game_id]
            stored = stored_hands(game_id, seats)
            assert [(h.number, sorted(h.turns, key=lambda t: t.position)) for h in hands] == [
                (h.number, sorted(h.turns, key=lambda t: t.position)) for h in stored]
            expected = review_game(cards, hands, len(seats))
            rows = db.session.execute(select(MoveReviewRow).where(MoveReviewRow.game_id == game_id)
                                      .order_by(MoveReviewRow.id)).scalars().all()
            assert len(rows) == len(expected.moves) > 0
            for row, move in zip(rows, expected.moves):
                assert (row.hand_number, row.game_player_id, row.step, row.action, row.mark) == (
                    move.hand, seats[move.seat], move.step, move.action, move.mark)
                assert row.value_lost == pytest.approx(move.lost, abs=1e-6)  # stored to a millionth
            figures = {r.game_player_id: r for r in db.session.execute(
                select(SeatReviewRow).where(SeatReviewRow.game_id == game_id)).scalars()}
            assert set(figures) == set(seats)
            for seat in expected.seats:
                row = figures[seats[seat.seat]]
                assert (row.decisions, row.best, row.blunders) == (seat.decisions, seat.best, seat.blunders)
                assert row.value_lost == pytest.approx(seat.lost, abs=1e-6)


def test_a_game_is_reviewed_once_and_the_backfill_reviews_old_games(app, recorded, runner):
    ids, _ = recorded
    cards = app.config["GAME"].cards
    with app.app_context():
        count = db.session.scalar(select(func.count()).select_from(MoveReviewRow))
        assert review_stored_game(ids[0], cards, "test") is None  # already reviewed
        for table in (MoveReviewRow, SeatReviewRow):  # as if finished before reviews were kept
            db.session.execute(delete(table).where(table.game_id == ids[0]))
        db.session.commit()
    result = runner.invoke(args=["review-games"])
    assert result.exit_code == 0 and "Reviewed 1 finished games." in result.output
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(MoveReviewRow)) == count
    assert "Reviewed 0 finished games." in runner.invoke(args=["review-games"]).output


def test_a_stored_game_of_experts_reviews_every_expert_decision_as_best(app):
    """#27.5: the expert plays the solver's best, so its stored review has nothing lost; the
    other bots at its table are reviewed too (played through the tables' own path)."""
    with app.app_context():
        ids = simulate_recorded(["expert", "expert", "standard"], 2, app.config["GAME"], seed=5,
                                max_hands=8)
    assert work_the_queue(app) == 2
    with app.app_context():
        for game_id in ids:
            by_profile = {}
            for row, profile in db.session.execute(
                    select(SeatReviewRow, Player.profile).join(Player, Player.id == SeatReviewRow.player_id)
                    .where(SeatReviewRow.game_id == game_id)):
                by_profile.setdefault(profile, []).append(row)
            experts = by_profile["expert"]
            assert len(experts) == 2 and all(r.decisions > 0 for r in experts)
            assert all(r.best == r.decisions and r.value_lost == 0 for r in experts)
            assert by_profile["standard"][0].decisions > 0  # the others are reviewed as well

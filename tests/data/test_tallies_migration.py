"""Migration 0016 drops the write-only tallies player_first_cards and player_nemeses (the
profiles and reports read the report aggregates); downgrading creates them again, filled with
what the finished games give, as the code before it kept them."""
from __future__ import annotations

from collections import Counter

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, select, text

from siete.data.base import db
from siete.data.database import SEED_SQL, run_sql_file
from siete.data.games import Game, GamePlayer, Hand, Turn
from siete.data.migrations import MIGRATIONS_DIR
from siete.service.records.bot_games import simulate_recorded

TALLIES = {"player_first_cards", "player_nemeses"}
BEFORE = "0015_guests"


def tables() -> set[str]:
    return set(inspect(db.engine).get_table_names())


def first_cards_counted() -> dict[tuple[int, int], int]:
    """(player, first card) -> turns, over the finished games, counted with the ORM."""
    finished = select(Game.id).where(Game.status == "finished")
    return dict(Counter(db.session.execute(
        select(Turn.player_id, Turn.first_card_id).join(Hand).where(Hand.game_id.in_(finished))).all()))


def nemeses_counted() -> dict[tuple[int, int], int]:
    """(loser, winner) -> games, over the finished games, counted with the ORM."""
    beaten: Counter[tuple[int, int]] = Counter()
    for game_id in db.session.scalars(select(Game.id).where(Game.status == "finished")):
        seats = db.session.scalars(select(GamePlayer).where(GamePlayer.game_id == game_id)).all()
        winner = next(s.player_id for s in seats if s.result == "won")
        beaten.update((s.player_id, winner) for s in seats if s.result == "lost")
    return dict(beaten)


def stored(sql: str) -> dict[tuple[int, int], int]:
    return {(a, b): n for a, b, n in db.session.execute(text(sql))}


@pytest.fixture
def at_head_with_games(app):
    """The migrations' head and six recorded bot games; the schema left at the head after."""
    with app.app_context():
        db.drop_all()
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        upgrade(directory=str(MIGRATIONS_DIR))
        run_sql_file(SEED_SQL)
        simulate_recorded(["standard", "bold", "cautious"], 6, app.config["GAME"], seed=14, max_hands=4)
        db.session.commit()
    yield
    with app.app_context():
        db.session.rollback()
        upgrade(directory=str(MIGRATIONS_DIR))


def test_the_head_has_no_tallies(app, at_head_with_games):
    with app.app_context():
        assert not TALLIES & tables()


def test_downgrading_fills_the_tallies_from_the_games_and_upgrading_drops_them(app, at_head_with_games):
    with app.app_context():
        db.session.rollback()
        downgrade(directory=str(MIGRATIONS_DIR), revision=BEFORE)
        assert TALLIES <= tables()
        cards = stored("SELECT player_id, card_id, times FROM player_first_cards")
        nemeses = stored("SELECT player_id, winner_id, games FROM player_nemeses")
        assert cards and cards == first_cards_counted()
        assert nemeses and nemeses == nemeses_counted()
        db.session.rollback()
        upgrade(directory=str(MIGRATIONS_DIR))
        assert not TALLIES & tables()

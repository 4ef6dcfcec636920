"""`flask simulate --record` stores its games in batches: the same rows, column for column, as
the web's one-by-one path (create_table + start_table) stores for the same seeds."""
from __future__ import annotations

from sqlalchemy import delete, select

from siete.data.base import db
from siete.data.games import Game, GamePlayer, GameStateRow, Hand, Turn, TurnAction
from siete.data.player_stats import GameRating, PlayerRating
from siete.service.records import bulk_rows
from siete.service.records.bot_games import simulate_recorded, simulate_recorded_bulk
from siete.service.records.ratings import rebuild_ratings

PROFILES = ["standard", "bold", "cautious"]
IGNORED = {"id", "game_id", "hand_id", "turn_id", "game_player_id", "bank_game_player_id",
           "created_at", "updated_at", "started_at", "ended_at",
           "duration_s"}  # clock readings: a one-by-one game may straddle a second


def columns(row) -> dict:
    return {c.key: getattr(row, c.key) for c in row.__table__.columns if c.key not in IGNORED}


def stored(game_id: int) -> dict:
    """Every row of one game, with its ids replaced by places (seat join order, hand number)."""
    game = db.session.get(Game, game_id)
    seats = db.session.scalars(select(GamePlayer).where(GamePlayer.game_id == game_id)
                               .order_by(GamePlayer.join_order)).all()
    order = {s.id: s.join_order for s in seats}
    hands = db.session.scalars(select(Hand).where(Hand.game_id == game_id).order_by(Hand.number)).all()
    turns = db.session.scalars(select(Turn).where(Turn.game_id == game_id)
                               .order_by(Turn.hand_number, Turn.position)).all()
    actions = {t.id: [columns(a) for a in db.session.scalars(
        select(TurnAction).where(TurnAction.turn_id == t.id).order_by(TurnAction.seq))] for t in turns}
    state = db.session.get(GameStateRow, game_id)
    return {"game": {**columns(game), "name": game.name.split("/")[-1]},
            "seats": [columns(s) for s in seats],
            "hands": [(columns(h), order[h.bank_game_player_id]) for h in hands],
            "turns": [(columns(t), order[t.game_player_id], actions[t.id]) for t in turns],
            "state": (state.version, state.state, state.turn_deadline)}


def test_bulk_rows_are_the_one_by_one_rows(app):
    with app.app_context():
        config = app.config["GAME"].with_overrides(max_hands=8)
        one_by_one = simulate_recorded(PROFILES, 5, config, 7, 8)
        db.session.remove()
        bulk = simulate_recorded_bulk(PROFILES, 5, config, 7, 8, batch=2)
        db.session.remove()
        assert len(bulk) == 5 and not set(bulk) & set(one_by_one)
        for single, batched in zip(one_by_one, bulk):
            expected, got = stored(single), stored(batched)
            assert got["turns"], "the game was played"
            assert got["game"] == expected["game"]
            assert got == expected


def test_bulk_rows_of_expert_games_in_many_statements(app, monkeypatch):
    """The default profiles, the expert among them, and statements of a few rows each: a game's
    hands, turns and actions then straddle INSERTs, and every turn must still land on its hand
    and seat, every action on its turn, as the one-by-one path writes them."""
    monkeypatch.setattr(bulk_rows, "ROWS_PER_INSERT", 7)
    profiles = ["expert", "standard", "cautious", "bold"]
    with app.app_context():
        config = app.config["GAME"].with_overrides(max_hands=5)
        one_by_one = simulate_recorded(profiles, 5, config, 3, 5)
        db.session.remove()
        bulk = simulate_recorded_bulk(profiles, 5, config, 3, 5, batch=3, workers=1)
        db.session.remove()
        assert len(bulk) == 5
        for single, batched in zip(one_by_one, bulk):
            got = stored(batched)
            assert sum(len(actions) for _, _, actions in got["turns"]) > 7
            assert got == stored(single)


def ratings_of(game_ids: list[int]) -> dict:
    """The ratings and per-game rating rows the games left, games by their place."""
    place = {game_id: number for number, game_id in enumerate(game_ids)}
    skip = {"id", "created_at", "updated_at"}

    def rows(model, *order):
        return [{c.key: getattr(r, c.key) for c in model.__table__.columns if c.key not in skip}
                for r in db.session.scalars(select(model).order_by(*order))]

    game_rows = [{**row, "game_id": place[row["game_id"]]}
                 for row in rows(GameRating, GameRating.id) if row["game_id"] in place]
    return {"game_ratings": game_rows,
            "players": rows(PlayerRating, PlayerRating.player_id)}


def forget_ratings() -> None:
    for model in (GameRating, PlayerRating):
        db.session.execute(delete(model))
    db.session.commit()


def test_bulk_ratings_are_the_one_by_one_ones(app):
    """Batches rate their games in memory, in order: the same values as rating each game as it
    finishes, and as `flask ratings rebuild`; batches of 3 carry ratings across batches."""
    with app.app_context():
        config = app.config["GAME"].with_overrides(max_hands=6)
        one_by_one = simulate_recorded(PROFILES, 7, config, 11, 6)
        expected = ratings_of(one_by_one)
        assert len(expected["game_ratings"]) == 7 * len(PROFILES)
        forget_ratings()
        bulk = simulate_recorded_bulk(PROFILES, 7, config, 11, 6, batch=3, workers=0)
        got = ratings_of(bulk)
        assert {r["games"] for r in got["players"]} == {7}
        assert got == expected
        db.session.execute(delete(GameRating).where(GameRating.game_id.in_(one_by_one)))
        db.session.commit()
        rebuild_ratings(by="system")  # rates the bulk games first (rated first), then the others
        assert ratings_of(bulk)["game_ratings"] == expected["game_ratings"]

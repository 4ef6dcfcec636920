"""bench/reports.py stores, row for row, what the recording path (siete/service/recording.py)
stores for the same game, so the bench times the reports on realistic data."""
from __future__ import annotations

import random
import sys
from pathlib import Path

from sqlalchemy import select

from siete.db import db
from siete.models import Card, Game, GamePlayer, Hand, Player, Turn, TurnAction
from siete.service.recording import record_finish, record_hand, record_start
from siete.simulate import play_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import reports as bench  # noqa: E402  (bench/reports.py)

SEAT_COLUMNS = ("join_order", "seat_card_id", "start_position", "final_points", "final_position",
                "result", "hands_played", "hands_drawn", "stands", "busts", "won_without_drawing",
                "bank_tie_wins", "max_bet", "min_bet")
HAND_COLUMNS = ("number", "bank_total", "bank_result")
TURN_COLUMNS = ("position", "points_start", "points_end", "bet", "first_card_id", "total",
                "cards_drawn", "result", "hand_number")


def record_through_the_service(players: list, config, seed: str) -> int:
    """Play the game with the same seed and store it the way replays and tables do."""
    game = Game(name="service", status="waiting", mode="mixed", num_players=len(players),
                initial_points=config.initial_points, max_hands=config.max_hands, turn_seconds=30,
                win_condition="x", seed=1, started_at=bench.EPOCH)
    for order, (pid, _, _) in enumerate(players):
        game.players.append(GamePlayer(player_id=pid, join_order=order))
    db.session.add(game)
    db.session.flush()

    def on_hand(state, record):
        if record["number"] == 1:
            record_start(game, state, "test")
        record_hand(game, state, record, "test")

    state = play_game([n for _, n, _ in players], {n: p for _, n, p in players}, config,
                      random.Random(seed), on_hand)
    record_finish(game, state, "test")
    db.session.commit()
    return game.id


def stored(game_id: int) -> dict:
    """A game's seats, hands and turns (with each turn's actions), without ids."""
    seats = db.session.scalars(select(GamePlayer).where(GamePlayer.game_id == game_id)
                               .order_by(GamePlayer.join_order)).all()
    join_order = {s.id: s.join_order for s in seats}
    player_of = {s.id: s.player_id for s in seats}
    hands = db.session.scalars(select(Hand).where(Hand.game_id == game_id).order_by(Hand.number)).all()
    return {
        "winner": db.session.get(Game, game_id).winner_player_id,
        "seats": [tuple(getattr(s, c) for c in SEAT_COLUMNS) for s in seats],
        "hands": [(tuple(getattr(h, c) for c in HAND_COLUMNS), join_order[h.bank_game_player_id],
                   [(join_order[t.game_player_id], tuple(getattr(t, c) for c in TURN_COLUMNS),
                     # the copied keys name the turn's own game and seat's player
                     (t.game_id == game_id, t.player_id == player_of[t.game_player_id]),
                     [(a.seq, a.action, a.card_id, a.automatic) for a in t.actions])
                    for t in sorted(h.turns, key=lambda t: t.position)])
                  for h in hands],
    }


def test_bench_rows_match_the_recording_path(app):
    with app.app_context():
        players = bench.add_players(humans=2, bots=2)
        config = app.config["GAME"].with_overrides(max_hands=6)
        kinds = dict(db.session.execute(select(Player.id, Player.kind)).all())
        last = {t: db.session.scalar(select(db.func.coalesce(db.func.max(m.id), 0)))
                for t, m in (("games", Game), ("game_players", GamePlayer), ("hands", Hand),
                             ("turns", Turn), ("turn_actions", TurnAction))}
        rows = bench.GameRows(dict(db.session.execute(select(Card.code, Card.id)).all()), last)
        rows.add_game(players, kinds, config, random.Random("same:0"), 0)
        bench_id = rows.ids["games"]
        rows.flush()
        service_id = record_through_the_service(players, config, "same:0")
        db.session.expire_all()
        from_bench, from_service = stored(bench_id), stored(service_id)
        assert from_bench["hands"], "the game was played"
        assert from_bench == from_service

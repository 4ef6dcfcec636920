"""Every game is recorded: stored hands replay to the same points (R2.4 holds in every hand)."""
from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import func, select

from siete.data.base import db
from siete.data.games import Game, GamePlayer, Hand, Turn
from siete.engine.replay import replay
from siete.history.scenario import scenario_of
from siete.service.records.bot_games import simulate_recorded
from siete.service.records.game_record import load_record
from siete.service.records.scenario_games import record_scenarios

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"  # copies of the public cases


def _simulate(app, games=3, hands=12):
    with app.app_context():
        return simulate_recorded(["standard", "cautious", "bold", "standard"], games,
                                 app.config["GAME"], seed=11, max_hands=hands)


def test_simulated_games_are_stored_finished(app):
    ids = _simulate(app)
    with app.app_context():
        for game_id in ids:
            game = db.session.get(Game, game_id)
            assert game.status == "finished" and game.mode == "bots"
            assert game.hands_played == len(game.hands) >= 1
            assert game.winner_player_id is not None
            assert sorted(gp.final_position for gp in game.players) == [1, 2, 3, 4]


def test_stored_hands_replay_to_the_same_points(app):
    """Rebuild each game from its rows and replay it through the engine: same points, hand by hand."""
    ids = _simulate(app)
    with app.app_context():
        for game_id in ids:
            game = db.session.get(Game, game_id)
            result = replay(scenario_of(load_record(game_id)), app.config["GAME"])
            final = {gp.player.name: gp.final_points for gp in game.players}
            assert result.to_json()["points"] == final
            assert result.to_json()["winner"] == game.winner.name
            for hand, replayed in zip(game.hands, result.hands):
                stored = {t.game_player.player.name: t.points_end for t in hand.turns}
                assert {k: v for k, v in replayed["points"].items() if k in stored} == stored


def test_r2_4_points_conserved_in_every_stored_hand(app):
    ids = _simulate(app)
    with app.app_context():
        for game_id in ids:
            game = db.session.get(Game, game_id)
            total = game.initial_points * game.num_players
            for hand in game.hands:
                # Eliminated players hold 0 and have no turn, so the turns carry every point.
                assert sum(t.points_start for t in hand.turns) == total
                assert sum(t.points_end for t in hand.turns) == total


def test_replay_record_stores_the_public_scenario(app):
    text = (SCENARIOS / "02_full_game.json").read_text()
    expected = json.loads((SCENARIOS / "02_full_game.expected.json").read_text())
    with app.app_context():
        [game] = record_scenarios([("02", text)], app.config["GAME"])
        assert game.status == "finished" and game.hands_played == 15
        assert game.winner.name == expected["winner"]
        final = {gp.player.name: gp.final_points for gp in game.players}
        assert final == expected["points"]
        turns = db.session.scalar(select(func.count()).select_from(Turn).join(Hand)
                                  .where(Hand.game_id == game.id))
        assert turns == 15 * 3
        # Exported back, the game is the same scenario.
        assert replay(scenario_of(load_record(game.id)), app.config["GAME"]).to_json() == expected


def test_replay_record_marks_bots_and_creates_humans(app):
    data = json.loads((SCENARIOS / "01_one_hand.json").read_text())
    data["bots"] = ["bob"]
    with app.app_context():
        [game] = record_scenarios([("01", json.dumps(data))], app.config["GAME"])
        kinds = {gp.player.name: gp.player.kind for gp in game.players}
        assert kinds == {"ana": "human", "bob": "bot", "cris": "human"}
        assert game.status == "abandoned"  # one hand of thirty: the game never finished
        assert db.session.scalar(select(func.count()).select_from(GamePlayer)) == 3


def test_replay_record_is_all_or_nothing(app):
    good = (SCENARIOS / "01_one_hand.json").read_text()
    bad = (SCENARIOS / "03_bet_too_high.json").read_text()
    with app.app_context():
        try:
            record_scenarios([("good", good), ("bad", bad)], app.config["GAME"])
        except Exception as exc:  # noqa: BLE001 - the message is what matters
            assert "bad: hand 1, move 1" in str(exc)
        else:
            raise AssertionError("a forbidden move must not be recorded")
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0

"""Every game the history tests record, exported as a scenario (SCENARIOS.md) and replayed by
the engine, comes out as recorded: seating order, every hand's points, final points, winner."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sqlalchemy import select

from siete.data.base import db
from siete.data.games import Game, GamePlayer, Hand, Turn
from siete.data.people import Player
from siete.engine.replay import replay
from tests.support.settings import app_settings

ROOT = Path(__file__).resolve().parents[2]


def recorded(game_id: int) -> dict:
    """What the database holds: seating order, points after each hand, final points, winner."""
    game = db.session.get(Game, game_id)
    seats = db.session.execute(select(Player.name, GamePlayer.start_position, GamePlayer.final_points)
                               .join(GamePlayer.player).where(GamePlayer.game_id == game_id)).all()
    hands = []
    for hand in db.session.scalars(select(Hand).where(Hand.game_id == game_id).order_by(Hand.number)):
        hands.append({t.game_player.player.name: t.points_end for t in
                      db.session.scalars(select(Turn).where(Turn.hand_id == hand.id))})
    return {"order": [name for name, pos, _ in sorted(seats, key=lambda s: s[1])],
            "hands": hands, "status": game.status,
            "points": {name: points for name, _, points in seats},
            "winner": game.winner.name if game.winner else None}


def check_replay(expected: dict, result: dict) -> None:
    assert result["order"] == expected["order"]
    assert len(result["hands"]) == len(expected["hands"])
    for replayed, stored in zip(result["hands"], expected["hands"]):
        # Eliminated players have no turn in later hands: compare the seats that played.
        assert {k: v for k, v in replayed["points"].items() if k in stored} == stored
    if expected["status"] == "finished":
        assert result["finished"] is True
        assert result["points"] == expected["points"]
        assert result["winner"] == expected["winner"]
    else:
        assert result["finished"] is False and result["winner"] is None


def test_every_recorded_game_exports_and_replays_to_the_same_result(app, client, games):
    all_ids = games["bots"] + games["humans"] + games["running"]
    with app.app_context():
        stored = db.session.scalars(select(Game.id).where(Game.status != "waiting")).all()
        assert sorted(stored) == sorted(all_ids)  # every game the fixture recorded is checked
        for game_id in all_ids:
            response = client.get(f"/games/{game_id}/scenario.json")
            assert response.status_code == 200 and response.is_json
            data = response.get_json()
            check_replay(recorded(game_id), replay(data, app.config["GAME"]).to_json())


def test_the_cli_replays_an_exported_game(app, client, games, tmp_path):
    """`python -m siete replay FILE` of the downloaded file: same order, points and winner."""
    game_id = games["humans"][0]
    path = tmp_path / "game.json"
    path.write_bytes(client.get(f"/games/{game_id}/scenario.json").data)
    done = subprocess.run([sys.executable, "-m", "siete", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    with app.app_context():
        check_replay(recorded(game_id), json.loads(done.stdout))


def test_export_names_bots_and_the_game_settings(app, client, games):
    data = client.get(f"/games/{games['humans'][1]}/scenario.json").get_json()
    assert data["players"][0] == "Bea" and len(data["players"]) == 4
    assert set(data["bots"]) == set(data["players"][1:])
    assert data["config"] == {"initial_points": 20, "max_hands": 5}
    assert all(len(card) == 3 for card in data["seat_cards"])


def test_a_running_game_exports_only_its_settled_hands(app, client, games):
    """R4.2: the hand in play has face-down cards; only settled (all face-up) hands leave."""
    game_id = games["running"][0]
    with app.app_context():
        from siete.service.tables.turns import current_state

        _game, state = current_state(app_settings(), game_id)
        in_play = state.hand
    data = client.get(f"/games/{game_id}/scenario.json").get_json()
    assert len(data["hands"]) == in_play - 1
    # The deck of the hand in play appears nowhere: no hand lists exactly the current deal.
    current_deal = [state.seats[i].cards[0] for i in state.order[1:] + state.order[:1]]
    assert all(hand["deck"][:len(current_deal)] != current_deal for hand in data["hands"])


def test_export_of_unknown_or_unstarted_games(app, client, games):
    assert client.get("/games/999999/scenario.json").status_code == 404
    assert client.get(f"/games/{2**40}/scenario.json").status_code == 404
    with app.app_context():
        from siete.service.tables.lobby_actions import TableSpec, create_table
        from tests.history.history_games import make_human

        cris = make_human("Cris")
        waiting = create_table(cris, TableSpec(name="waiting", seats=3), app.config["GAME"]).id
    assert client.get(f"/games/{waiting}/scenario.json").status_code == 409

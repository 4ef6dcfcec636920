"""Recording the hand-built scenario games of tests/reports/scenarios for the report tests."""
from __future__ import annotations

from pathlib import Path

from siete.data.base import db
from siete.service.records.scenario_games import record_scenarios

SCENARIOS = Path(__file__).parent / "scenarios"
ALL_GAMES = sorted(path.stem for path in SCENARIOS.glob("*.json"))  # g1_... to g7_...


def record(app, names: list[str]) -> dict[str, int]:
    """Store the named scenarios (file stems) in order; {'g1': game id, ...} by name prefix."""
    paths = [SCENARIOS / f"{name}.json" for name in names]
    with app.app_context():
        games = record_scenarios([(str(p), p.read_text(encoding="utf-8")) for p in paths],
                                 app.config["GAME"])
        ids = {name.split("_")[0]: game.id for name, game in zip(names, games)}
        db.session.remove()
    return ids

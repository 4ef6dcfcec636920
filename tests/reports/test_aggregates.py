"""The aggregates the pages read agree with the reports' SQL definitions (sql/reports/), row for
row, whether kept game by game (the web's record_finish), in batches (the simulator's bulk
path) or worked out again by `flask reports rebuild`; and the game lists page correctly."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from siete.data.base import db
from siete.data.people import Player
from siete.service.records.bot_games import simulate_recorded, simulate_recorded_bulk
from siete.service.reports.aggregates import rebuild
from siete.service.reports.definitions import REPORTS, get_report
from siete.service.reports.queries import count_rows, read_report, run_report
from tests.reports.report_data import ALL_GAMES, record


def every_report(plain: bool) -> dict[str, list]:
    return {r.key: (run_report(r) if plain else read_report(r)).rows for r in REPORTS}


@pytest.fixture
def history(app):
    """Scenario games (one unfinished) and bot games stored both ways."""
    record(app, ALL_GAMES)
    with app.app_context():
        config = app.config["GAME"].with_overrides(max_hands=6)
        simulate_recorded(["standard", "bold", "cautious"], 3, config, 3, 6)
        db.session.remove()
        simulate_recorded_bulk(["bold", "standard", "cautious", "bold"], 40, config, 4, 6, batch=15)
        db.session.remove()
    return app


def test_incremental_rebuilt_and_plain_give_the_same_rows(history):
    with history.app_context():
        plain, incremental = every_report(plain=True), every_report(plain=False)
        assert plain["highest_bet"] and plain["best_game"], "there is something to compare"
        assert incremental == plain
        assert rebuild() == 49  # 6 finished scenario games, 3 one by one, 40 in bulk
        assert every_report(plain=False) == plain


def test_game_lists_page_and_filter_by_player(history):
    with history.app_context():
        for key in ("highest_bet", "lowest_bet", "long_wins", "few_draw_winners"):
            report = get_report(key)
            whole = run_report(report).rows
            paged = []
            for offset in range(0, 60, 7):
                paged += read_report(report, limit=7, offset=offset).rows
            assert tuple(paged) == whole, key
            name, = db.session.execute(select(Player.name).where(Player.name == "bot1")).one()
            pid = db.session.scalar(select(Player.id).where(Player.name == name))
            mine = [row for row in whole if name in row]
            assert read_report(report, player_id=pid).rows == tuple(mine), key
            if key not in ("highest_bet", "lowest_bet"):
                assert count_rows(key) == len(whole)
                assert count_rows(key, pid) == len(mine)

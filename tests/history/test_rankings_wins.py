"""The rankings' rows showed a rating and a count of rated games, nothing of wins, so why
someone ranked where they did rested on the page's opening text. Each row now says the games
won of the finished public games played, read from the reports' per-player totals (one row by
key a player: no count over the history, the page stays as cheap at 100,000 games)."""
from __future__ import annotations

import re

from sqlalchemy import select

from siete.data.base import db
from siete.data.people import Player
from siete.data.report_tables import ReportPlayerTotals
from siete.service.records.ratings import leaderboard
from tests.support.statements import counted_statements


def row_text(html: str, name: str) -> str:
    row = re.search(rf'<li class="rank-row">(?:(?!</li>).)*href="/players/{name}"(?:(?!</li>).)*</li>', html, re.S)
    assert row, name
    return " ".join(re.sub(r"<[^>]+>", " ", row.group(0)).split())


def test_each_ranked_row_says_the_games_won(app, client, games):
    with app.app_context():
        totals = db.session.execute(
            select(Player.name, ReportPlayerTotals.games, ReportPlayerTotals.won)
            .join(ReportPlayerTotals, ReportPlayerTotals.player_id == Player.id)
            .where(Player.name == "Ana")).one()
        board = {row["name"]: row for row in leaderboard()}
    assert totals.games > 0 and (board["Ana"]["played"], board["Ana"]["won"]) == (totals.games, totals.won)
    html = client.get("/rankings").get_data(as_text=True)
    plural = totals.games != 1
    assert f"· won {totals.won} of {totals.games} game{'s' * plural} played" in row_text(html, "Ana")
    spanish = client.get("/rankings", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert f"· ganó {totals.won} de {totals.games} partida{'s' * plural} jugada{'s' * plural}" \
        in row_text(spanish, "Ana")


def test_the_wins_cost_no_statement_more(app, games):
    with app.app_context():
        leaderboard()  # warm
        with counted_statements(app) as statements:
            rows = leaderboard()
    assert rows and len(statements) == 1

"""One player's own figures for /reports/players/<name>: the reports' rows filtered to the
player, plus one small query (sql/profile/player_totals.sql) for what no report gives per
player (games, wins and busts of bots as well as humans). All of it read from the report
aggregates: a few rows per player, whatever the size of the history."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from sqlalchemy import text

from siete.data.base import db
from siete.reports.catalog import get_report, read_report
from siete.reports.charts import BarChart, win_rate_by_hand_chart

PROFILE_SQL = Path(__file__).resolve().parents[2] / "sql" / "profile" / "player_totals.sql"
# The reports a profile reuses, by key (REPORTS.md).
PROFILE_REPORTS = ("first_card", "nemesis", "stands_per_game", "best_game", "win_rate_by_hand")


@dataclass
class PlayerProfile:
    """Everything the profile page shows about one player."""

    name: str
    kind: str
    games: int
    won: int
    hands_played: int
    busts: int
    stands: int = 0
    first_card: dict | None = None
    best_game: dict | None = None
    nemeses: list[dict] = field(default_factory=list)
    victims: list[dict] = field(default_factory=list)
    hand_rows: list[dict] = field(default_factory=list)
    hand_chart: BarChart | None = None

    # The columns of report 4 the profile shows (the player column would repeat the name).
    HAND_COLUMNS = ("hand_number", "turns", "won_pct", "avg_bet")

    @property
    def hand_table(self) -> list[list]:
        """Report 4's rows for this player, without the player column."""
        return [[row[column] for column in self.HAND_COLUMNS] for row in self.hand_rows]

    @property
    def win_pct(self) -> float:
        """Games won as a percentage of games played (0 with no games)."""
        return per(100.0 * self.won, self.games)

    @property
    def busts_per_game(self) -> float:
        return per(self.busts, self.games)

    @property
    def stands_per_game(self) -> float:
        return per(self.stands, self.games)


def per(amount: float, count: int) -> float:
    """amount / count rounded to 2 decimals, and 0 rather than a division by zero."""
    return round(amount / count, 2) if count else 0.0


@cache
def totals_sql() -> str:
    return PROFILE_SQL.read_text(encoding="utf-8")


def player_totals(name: str) -> dict | None:
    """The player's games, wins, hands and busts; None when no player has this name."""
    row = db.session.execute(text(totals_sql()), {"name": name}).mappings().first()
    return dict(row) if row is not None else None


def rows_where(result: dict, column: str, value: str) -> list[dict]:
    """The result's rows whose `column` equals value, each as a {column: value} dict."""
    columns = result["columns"]
    rows = (dict(zip(columns, row)) for row in result["rows"])
    return [row for row in rows if row.get(column) == value]


def load_results() -> dict[str, dict]:
    """Run only the reports a profile needs (not all sixteen), by key."""
    return {key: read_report(get_report(key)) for key in PROFILE_REPORTS}


def load_profile(name: str) -> PlayerProfile | None:
    """The profile of the player called `name`, or None if there is none."""
    totals = player_totals(name)
    if totals is None:
        return None
    profile = PlayerProfile(name=totals["player"], kind=totals["kind"], games=int(totals["games"]),
                            won=int(totals["won"]), hands_played=int(totals["hands_played"]),
                            busts=int(totals["busts"]))
    results = load_results()
    first_cards = rows_where(results["first_card"], "player", name)
    profile.first_card = first_cards[0] if first_cards else None
    best = rows_where(results["best_game"], "player", name)
    profile.best_game = best[0] if best else None
    stands = rows_where(results["stands_per_game"], "player", name)
    profile.stands = int(stands[0]["stands"]) if stands else 0
    profile.nemeses = rows_where(results["nemesis"], "player", name)
    profile.victims = rows_where(results["nemesis"], "nemesis", name)
    by_hand = results["win_rate_by_hand"]
    profile.hand_rows = rows_where(by_hand, "player", name)
    mine = {**by_hand, "rows": [list(row.values()) for row in profile.hand_rows]}
    profile.hand_chart = win_rate_by_hand_chart(mine)
    return profile

"""Keep the reports' aggregates (siete/data/report_tables.py) as games finish.

`add_finished_games(ids)` adds what the finished games `ids` bring to every aggregate, with one
INSERT ... SELECT per table over those games alone (a few hundred rows at most), so its cost
does not grow with the history. The web's record_finish calls it for one game, the simulator's
bulk path for a batch, and `rebuild()` for every finished game after emptying the tables: the
same statements on all three paths, so they cannot drift apart.

Additive tables are upserts (`x = x + new`), which are atomic per row on both databases, so
two games finishing at once cannot lose each other's counts.

A private table's game (games.private) is left out: the reports are public pages, and a game
played with friends shows only to its players (sql/reports/*.sql say the same).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import bindparam, false, select, text

from siete.data.base import Model, db
from siete.data.games import Game
from siete.data.report_tables import (
    ReportBestGame,
    ReportFirstCard,
    ReportGameBet,
    ReportGameWinner,
    ReportHandRate,
    ReportNemesis,
    ReportPlayerTotals,
    ReportPosition,
    ReportSeatCard,
    ReportTotals,
)
from siete.data.vocabulary import GameStatus
from siete.service.unit_of_work import unit_of_work

# A game with at least one bot seated (reports 6 and 11).
HAS_BOT = ("EXISTS (SELECT 1 FROM game_players b JOIN players pb ON pb.id = b.player_id "
           "WHERE b.game_id = {seat}.game_id AND pb.kind = 'bot')")
WON = "CASE WHEN {seat}.result = 'won' THEN 1 ELSE 0 END"


@dataclass(frozen=True)
class Additive:
    """An aggregate table whose `adds` columns are sums: the SELECT gives keys, the sums, @BY."""

    table: str
    keys: tuple[str, ...]
    adds: tuple[str, ...]
    select: str


ADDITIVE = (
    Additive("report_totals", ("id",),
             ("finished_games", "bot_games", "bot_won", "winners", "winner_points"),
             "SELECT 1, COUNT(*), COALESCE(SUM(CASE WHEN " + HAS_BOT.format(seat="w")
             + " THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN pw.kind = 'bot' THEN 1 ELSE 0 END), 0),"
             " COUNT(w.final_points), COALESCE(SUM(w.final_points), 0), @BY"
             " FROM game_players w JOIN players pw ON pw.id = w.player_id"
             " WHERE w.game_id IN :ids AND w.result = 'won'"),
    Additive("report_player_totals", ("player_id",),
             ("games", "won", "hands_played", "stands", "busts", "won_without_drawing",
              "bank_tie_wins", "low_suit_bot_wins"),
             "SELECT gp.player_id, COUNT(*), SUM(" + WON.format(seat="gp") + "), SUM(gp.hands_played),"
             " SUM(gp.stands), SUM(gp.busts),"
             " SUM(gp.won_without_drawing), SUM(gp.bank_tie_wins),"
             " SUM(CASE WHEN gp.result = 'won' AND cd.suit IN ('Espadas', 'Bastos') AND "
             + HAS_BOT.format(seat="gp") + " THEN 1 ELSE 0 END), @BY"
             " FROM game_players gp LEFT JOIN cards cd ON cd.id = gp.seat_card_id"
             " WHERE gp.game_id IN :ids AND gp.result IS NOT NULL GROUP BY gp.player_id"),
    Additive("report_first_cards", ("player_id", "card_id"), ("times",),
             "SELECT t.player_id, t.first_card_id, COUNT(*), @BY FROM turns t"
             " WHERE t.game_id IN :ids AND t.player_id IS NOT NULL"
             " GROUP BY t.player_id, t.first_card_id"),
    Additive("report_hand_rates", ("player_id", "hand_number"), ("turns", "won", "bets"),
             "SELECT t.player_id, t.hand_number, COUNT(*),"
             " SUM(CASE WHEN t.result IN ('win', 'seven_half') THEN 1 ELSE 0 END), SUM(t.bet), @BY"
             " FROM turns t WHERE t.game_id IN :ids AND t.position > 0 AND t.player_id IS NOT NULL"
             " GROUP BY t.player_id, t.hand_number"),
    Additive("report_nemeses", ("player_id", "winner_player_id"), ("games",),
             "SELECT gp.player_id, g.winner_player_id, COUNT(*), @BY FROM game_players gp"
             " JOIN games g ON g.id = gp.game_id WHERE gp.game_id IN :ids AND gp.result = 'lost'"
             " GROUP BY gp.player_id, g.winner_player_id"),
    Additive("report_seat_cards", ("player_id", "card_id"), ("games", "won"),
             "SELECT gp.player_id, gp.seat_card_id, COUNT(*), SUM(" + WON.format(seat="gp") + "), @BY"
             " FROM game_players gp WHERE gp.game_id IN :ids AND gp.result IS NOT NULL"
             " AND gp.seat_card_id IS NOT NULL GROUP BY gp.player_id, gp.seat_card_id"),
    Additive("report_positions", ("position",), ("games", "won"),
             "SELECT gp.start_position, COUNT(*), SUM(" + WON.format(seat="gp") + "), @BY"
             " FROM game_players gp WHERE gp.game_id IN :ids AND gp.result IS NOT NULL"
             " AND gp.start_position IS NOT NULL GROUP BY gp.start_position"),
)

# Rows written once per finished game: its winner (reports 10, 13) and its extreme bets (2, 3).
# A game the simulator played has no duration (sql/reports/10_long_wins.sql says why).
INSERT_WINNERS = (
    "INSERT INTO report_game_winners (game_id, player_id, points, minus_points, duration_s,"
    " hands_played, hands_drawn, few_draw, created_by, updated_by)"
    " SELECT w.game_id, w.player_id, w.final_points, -w.final_points,"
    " CASE WHEN g.created_by = 'simulator' THEN NULL ELSE g.duration_s END, w.hands_played,"
    " w.hands_drawn, CASE WHEN w.hands_played > 0 AND 2 * w.hands_drawn <= w.hands_played"
    " THEN 1 ELSE 0 END, :by, :by"
    " FROM game_players w JOIN games g ON g.id = w.game_id"
    " WHERE w.game_id IN :ids AND w.result = 'won'")
INSERT_BETS = (
    "INSERT INTO report_game_bets (highest, game_id, player_id, bet, created_by, updated_by)"
    " SELECT {highest}, gp.game_id, gp.player_id, gp.{column}, :by, :by FROM game_players gp"
    " WHERE gp.game_id IN :ids AND gp.result IS NOT NULL AND gp.{column} = ("
    "SELECT {extreme}(x.{column}) FROM game_players x"
    " WHERE x.game_id = gp.game_id AND x.result IS NOT NULL)")
# Report 15's candidates: every finished seat with points; the upsert keeps the best per player.
BEST_SELECT = (
    "SELECT gp.player_id, 0, gp.final_points, g.started_at, g.id,"
    " CASE WHEN gp.result = 'won' THEN 1 ELSE 0 END, :by, :by"
    " FROM game_players gp JOIN games g ON g.id = gp.game_id"
    " WHERE gp.game_id IN :ids AND gp.result IS NOT NULL AND gp.final_points IS NOT NULL")
BEST_COLUMNS = "player_id, better, points, started_at, game_id, won, created_by, updated_by"


def better(new: Callable[[str], str], old: Callable[[str], str]) -> str:
    """SQL: the new row beats the kept one: more points, or as many and earlier (NULL first)."""
    start_new, start_old = f"COALESCE({new('started_at')}, '')", f"COALESCE({old('started_at')}, '')"
    return (f"({new('points')} > {old('points')} OR ({new('points')} = {old('points')} AND"
            f" ({start_new} < {start_old} OR ({start_new} = {start_old}"
            f" AND {new('game_id')} < {old('game_id')}))))")


TABLES: tuple[type[Model], ...] = (ReportTotals, ReportPlayerTotals, ReportFirstCard, ReportHandRate, ReportNemesis,
          ReportSeatCard, ReportPosition, ReportBestGame, ReportGameWinner, ReportGameBet)


def _is_mysql() -> bool:
    return db.session.get_bind().dialect.name in ("mysql", "mariadb")


def _upsert(spec: Additive, mysql: bool) -> str:
    columns = ", ".join((*spec.keys, *spec.adds, "created_by", "updated_by"))
    select_sql = spec.select.replace("@BY", ":by, :by")
    if mysql:
        sums = ", ".join(f"{c} = {spec.table}.{c} + VALUES({c})" for c in spec.adds)
        return (f"INSERT INTO {spec.table} ({columns}) {select_sql} ON DUPLICATE KEY UPDATE "
                f"{sums}, updated_by = VALUES(updated_by), updated_at = CURRENT_TIMESTAMP")
    sums = ", ".join(f"{c} = {spec.table}.{c} + excluded.{c}" for c in spec.adds)
    return (f"INSERT INTO {spec.table} ({columns}) {select_sql} ON CONFLICT ({', '.join(spec.keys)}) "
            f"DO UPDATE SET {sums}, updated_by = excluded.updated_by, updated_at = CURRENT_TIMESTAMP")


def _best_upsert(mysql: bool) -> str:
    head = f"INSERT INTO report_best_games ({BEST_COLUMNS}) {BEST_SELECT}"
    if mysql:  # MySQL applies the SET list left to right: `better` is worked out first
        keep = ", ".join(f"{c} = IF(report_best_games.better, VALUES({c}), report_best_games.{c})"
                         for c in ("won", "started_at", "game_id", "points"))
        condition = better(lambda c: f"VALUES({c})", lambda c: f"report_best_games.{c}")
        return (f"{head} ON DUPLICATE KEY UPDATE better = {condition}, {keep}, "
                "updated_at = CURRENT_TIMESTAMP")
    sets = ", ".join(f"{c} = excluded.{c}" for c in ("points", "started_at", "game_id", "won"))
    return (f"{head} ON CONFLICT (player_id) DO UPDATE SET {sets}, updated_at = CURRENT_TIMESTAMP"
            f" WHERE {better(lambda c: f'excluded.{c}', lambda c: f'report_best_games.{c}')}")


def _statements(mysql: bool) -> list[str]:
    bets = [INSERT_BETS.format(highest=h, column=c, extreme=e)
            for h, c, e in ((1, "max_bet", "MAX"), (0, "min_bet", "MIN"))]
    return [_upsert(spec, mysql) for spec in ADDITIVE] + [_best_upsert(mysql), INSERT_WINNERS, *bets]


LOCK_TOTALS = text(
    "INSERT INTO report_totals (id, finished_games, bot_games, bot_won, winners, winner_points, "
    "created_by, updated_by) VALUES (1, 0, 0, 0, 0, 0, :by, :by) ON DUPLICATE KEY UPDATE id = id")


def lock_finishes(by: str) -> None:
    """Make games that finish at once take their turn, until this transaction ends.

    Every finish adds to the same rows (the totals, the bots' aggregates and ratings): each
    transaction locking them in its own order deadlocked under load. They all lock the totals
    row first instead (creating it if need be). Locking again in the same transaction is free.
    SQLite has one writer at a time already.
    """
    if _is_mysql():
        db.session.connection().execute(LOCK_TOTALS, {"by": by})


PUBLIC_AMONG = select(Game.id).where(Game.id.in_(bindparam("ids", expanding=True)),
                                     Game.private.is_(false()))


def add_finished_games(game_ids: list[int], by: str = "system") -> None:
    """Add the finished games `game_ids` to every aggregate, in the caller's transaction; the
    private ones among them are left out (the finish lock is taken all the same)."""
    if not game_ids:
        return
    connection = db.session.connection()
    mysql = _is_mysql()
    lock_finishes(by)
    public = list(connection.execute(PUBLIC_AMONG, {"ids": list(game_ids)}).scalars())
    if not public:
        return
    for sql in _statements(mysql):
        statement = text(sql).bindparams(bindparam("ids", expanding=True))
        connection.execute(statement, {"ids": public, "by": by})


def rebuild(chunk: int = 2000, by: str = "rebuild") -> int:
    """Empty the aggregates and add every finished public game again; returns how many were
    added (after an upgrade, this also takes out the private games added before they were
    left out)."""
    with unit_of_work() as session:
        connection = session.connection()
        for model in reversed(TABLES):
            connection.execute(model.__table__.delete())
        ids = list(session.scalars(select(Game.id).where(Game.status == GameStatus.FINISHED, Game.private.is_(false()))
                                   .order_by(Game.id)))
        for start in range(0, len(ids), chunk):
            add_finished_games(ids[start:start + chunk], by)
    return len(ids)

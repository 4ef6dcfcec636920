"""The reports' aggregates: figures summed as each game finishes (siete/service/reports/aggregates.py),
so reading a report costs the same at a thousand and at a million games. `flask reports
rebuild` works them out again from the recorded games; sql/reports/*.sql stay the definitions
and tests/reports/test_aggregates.py checks both give the same rows."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, Integer, SmallInteger
from sqlalchemy.orm import Mapped, mapped_column

from siete.data.base import MYSQL_TABLE, ControlColumns, Model, TinyInt


class ReportTotals(ControlColumns, Model):
    """One row (id 1): counts over all finished games (reports 6 and 10, and paging)."""

    __tablename__ = "report_totals"
    __table_args__ = (MYSQL_TABLE,)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    finished_games: Mapped[int] = mapped_column(Integer, default=0)
    bot_games: Mapped[int] = mapped_column(Integer, default=0)
    bot_won: Mapped[int] = mapped_column(Integer, default=0)
    winners: Mapped[int] = mapped_column(Integer, default=0)
    winner_points: Mapped[int] = mapped_column(Integer, default=0)


class ReportPlayerTotals(ControlColumns, Model):
    """Per player, its finished seats summed (reports 9, 11, 12, 14, 16)."""

    __tablename__ = "report_player_totals"
    __table_args__ = (MYSQL_TABLE,)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True,
                                           autoincrement=False)
    games: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[int] = mapped_column(Integer, default=0)
    hands_played: Mapped[int] = mapped_column(Integer, default=0)
    stands: Mapped[int] = mapped_column(Integer, default=0)
    busts: Mapped[int] = mapped_column(Integer, default=0)
    won_without_drawing: Mapped[int] = mapped_column(Integer, default=0)
    bank_tie_wins: Mapped[int] = mapped_column(Integer, default=0)
    low_suit_bot_wins: Mapped[int] = mapped_column(Integer, default=0)


class ReportFirstCard(ControlColumns, Model):
    """Per player and card, the turns of finished games it was dealt first (report 1)."""

    __tablename__ = "report_first_cards"
    __table_args__ = (Index(None, "card_id"), MYSQL_TABLE)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True,
                                           autoincrement=False)
    card_id: Mapped[int] = mapped_column(ForeignKey("cards.id"), primary_key=True,
                                         autoincrement=False)
    times: Mapped[int] = mapped_column(Integer, default=0)


class ReportHandRate(ControlColumns, Model):
    """Per player and hand number, its punter turns of finished games (report 4)."""

    __tablename__ = "report_hand_rates"
    __table_args__ = (MYSQL_TABLE,)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True,
                                           autoincrement=False)
    hand_number: Mapped[int] = mapped_column(SmallInteger, primary_key=True, autoincrement=False)
    turns: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[int] = mapped_column(Integer, default=0)
    bets: Mapped[int] = mapped_column(Integer, default=0)


class ReportNemesis(ControlColumns, Model):
    """Per loser and winner, the finished games the one lost to the other (report 5)."""

    __tablename__ = "report_nemeses"
    __table_args__ = (Index(None, "winner_player_id"), MYSQL_TABLE)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True,
                                           autoincrement=False)
    winner_player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True,
                                                  autoincrement=False)
    games: Mapped[int] = mapped_column(Integer, default=0)


class ReportSeatCard(ControlColumns, Model):
    """Per player and seat card, finished games and wins (report 7)."""

    __tablename__ = "report_seat_cards"
    __table_args__ = (Index(None, "card_id"), MYSQL_TABLE)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True,
                                           autoincrement=False)
    card_id: Mapped[int] = mapped_column(ForeignKey("cards.id"), primary_key=True,
                                         autoincrement=False)
    games: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[int] = mapped_column(Integer, default=0)


class ReportPosition(ControlColumns, Model):
    """Per start position, finished games and wins (report 8)."""

    __tablename__ = "report_positions"
    __table_args__ = (MYSQL_TABLE,)
    position: Mapped[int] = mapped_column(TinyInt, primary_key=True, autoincrement=False)
    games: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[int] = mapped_column(Integer, default=0)


class ReportBestGame(ControlColumns, Model):
    """Per player, its best finished game so far: most points, then the earliest (report 15)."""

    __tablename__ = "report_best_games"
    __table_args__ = (Index(None, "game_id"), MYSQL_TABLE)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True,
                                           autoincrement=False)
    better: Mapped[bool] = mapped_column(Boolean, default=False)  # scratch flag of the upsert
    points: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime | None] = mapped_column(DateTime)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    won: Mapped[bool] = mapped_column(Boolean)


class ReportGameWinner(ControlColumns, Model):
    """One row per finished game: its winner's figures (reports 10 and 13, and paging by game)."""

    __tablename__ = "report_game_winners"
    __table_args__ = (
        # Report 10 reads the winners above the average from the top; 13 the few-draw ones by game.
        Index(None, "minus_points", "game_id"),
        Index(None, "few_draw", "game_id"),
        Index(None, "player_id", "minus_points", "game_id"),
        Index(None, "player_id", "few_draw", "game_id"),
        MYSQL_TABLE,
    )
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True,
                                         autoincrement=False)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    points: Mapped[int | None] = mapped_column(Integer)
    # -points: report 10 lists by points descending, then game ascending, which one index in
    # ascending order serves on every database (MariaDB 10.6 ignores DESC in an index).
    minus_points: Mapped[int | None] = mapped_column(Integer)
    duration_s: Mapped[int | None] = mapped_column(Integer)
    hands_played: Mapped[int] = mapped_column(Integer)
    hands_drawn: Mapped[int] = mapped_column(Integer)
    few_draw: Mapped[bool] = mapped_column(Boolean)


class ReportGameBet(ControlColumns, Model):
    """Per finished game, the players who made its highest (kind 1) or lowest (kind 0) bet
    (reports 2 and 3)."""

    __tablename__ = "report_game_bets"
    __table_args__ = (
        Index(None, "player_id", "highest", "game_id"),
        Index(None, "game_id"),
        MYSQL_TABLE,
    )
    highest: Mapped[bool] = mapped_column(Boolean, primary_key=True, autoincrement=False)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True,
                                         autoincrement=False)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True,
                                           autoincrement=False)
    bet: Mapped[int] = mapped_column(Integer)

"""Games and their record: seats, live state, hands, turns and each turn's actions."""
from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    UniqueConstraint,
)
from sqlalchemy.dialects import mysql
from sqlalchemy.orm import Mapped, mapped_column, relationship

from siete.data.base import (
    ACTIONS,
    BANK_RESULTS,
    GAME_MODES,
    GAME_STATUSES,
    MYSQL_TABLE,
    SEAT_RESULTS,
    TURN_RESULTS,
    ControlColumns,
    LongText,
    Model,
    Points,
    TinyInt,
    one_of,
)
from siete.data.people import Player, User
from siete.data.reference import Card
from siete.data.vocabulary import GameStatus


class Game(ControlColumns, Model):
    """A table: its settings, its life (waiting, playing, finished) and its winner."""

    __tablename__ = "games"
    __table_args__ = (
        CheckConstraint(one_of("status", GAME_STATUSES), name="status"),
        CheckConstraint(one_of("mode", GAME_MODES), name="mode"),
        CheckConstraint("num_players BETWEEN 2 AND 8", name="num_players"),
        Index(None, "status"),
        Index(None, "winner_player_id"),
        Index(None, "creator_user_id"),
        Index(None, "rematch_of"),
        Index(None, "autostart_at"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    status: Mapped[str] = mapped_column(String(10), default=GameStatus.WAITING)
    mode: Mapped[str] = mapped_column(String(6))
    num_players: Mapped[int] = mapped_column(TinyInt)
    initial_points: Mapped[int] = mapped_column(Integer)
    max_hands: Mapped[int] = mapped_column(Integer)
    win_condition: Mapped[str] = mapped_column(String(255))
    # A fresh random seed unless the caller fixes one (a replayable game).
    seed: Mapped[int] = mapped_column(BigInteger, default=lambda: secrets.randbits(62))
    turn_seconds: Mapped[int] = mapped_column(Integer)
    creator_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    started_at: Mapped[datetime | None] = mapped_column(DateTime)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime)
    duration_s: Mapped[int | None] = mapped_column(Integer)
    hands_played: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    winner_player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    # "Show the odds": a practice table, shown each seat's odds at its turn, not rated.
    show_odds: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    # Play with friends: a private table is left out of other people's lobbies and opens
    # only with its invite link, whose secret is invite_token (siete.service.tables.table_access);
    # rematch_of is the finished game whose "Play again" opened this one: a plain id, no foreign
    # key (InnoDB checks a self-reference row by row, so emptying games would depend on order).
    private: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    invite_token: Mapped[str | None] = mapped_column(String(43))
    rematch_of: Mapped[int | None] = mapped_column(Integer)
    # Chat at the table (siete.service.social.chat): whether the creator let spectators read and write
    # it (a public table only), and how many messages were said, which the table's poll compares.
    chat_spectators: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    messages_sent: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Play now: a table it opened starts by itself at this time, free seats filled with bots
    # (the worker's due query reads it); NULL for a table its creator starts.
    autostart_at: Mapped[datetime | None] = mapped_column(DateTime)

    creator: Mapped[User | None] = relationship()
    winner: Mapped[Player | None] = relationship()
    players: Mapped[list[GamePlayer]] = relationship(
        back_populates="game", order_by="GamePlayer.join_order", cascade="all, delete-orphan")
    state: Mapped[GameStateRow | None] = relationship(back_populates="game", cascade="all, delete-orphan")
    hands: Mapped[list[Hand]] = relationship(
        back_populates="game", order_by="Hand.number", cascade="all, delete-orphan")


class GameStateRow(ControlColumns, Model):
    """The live state of a table: the engine's JSON and a version that grows with every move."""

    __tablename__ = "game_states"
    # turn_deadline: when the table's next automatic step is due; the worker's query per tick.
    __table_args__ = (Index(None, "turn_deadline"), MYSQL_TABLE)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True, autoincrement=False)
    version: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(LongText)
    # To the millisecond on MariaDB: a paced bot's move is due less than a second after the last.
    turn_deadline: Mapped[datetime | None] = mapped_column(
        DateTime().with_variant(mysql.DATETIME(fsp=3), "mysql", "mariadb"))
    game: Mapped[Game] = relationship(back_populates="state")


class GamePlayer(ControlColumns, Model):
    """A player's seat in a game: join order, seat card, start position and final result."""

    __tablename__ = "game_players"
    __table_args__ = (
        UniqueConstraint("game_id", "player_id"),
        UniqueConstraint("game_id", "join_order"),
        CheckConstraint(one_of("result", SEAT_RESULTS, nullable=True), name="result"),
        Index(None, "player_id"),
        Index(None, "seat_card_id"),
        # The per-seat reports read a finished game's seats (result set) from one of these two
        # indexes alone, by player or by game, never the wider rows (sql/reports/).
        Index("ix_game_players_player_cover", "player_id", "result", "seat_card_id", "stands",
              "busts", "won_without_drawing", "bank_tie_wins", "game_id"),
        Index("ix_game_players_game_cover", "game_id", "result", "player_id", "max_bet", "min_bet",
              "start_position", "final_points", "hands_played", "hands_drawn", "seat_card_id"),
        # A player's games newest first ("My games", profiles) from the index alone.
        Index("ix_game_players_player_history", "player_id", "game_id", "result", "final_points",
              "final_position", "hands_played", "busts"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    join_order: Mapped[int] = mapped_column(TinyInt)
    seat_card_id: Mapped[int | None] = mapped_column(ForeignKey("cards.id"))
    start_position: Mapped[int | None] = mapped_column(TinyInt)
    final_points: Mapped[int | None] = mapped_column(Integer)
    final_position: Mapped[int | None] = mapped_column(TinyInt)
    # Written by record_finish, and only then: a seat with a result is a seat of a finished
    # game, which lets the reports keep finished games without a join to games.
    result: Mapped[str | None] = mapped_column(String(4))
    left_at: Mapped[datetime | None] = mapped_column(DateTime)
    # The seat's record summed hand by hand as each hand is recorded (recording.tally_hand),
    # so the reports read one row per seat instead of walking every turn (REPORTS.md words).
    hands_played: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    hands_drawn: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    stands: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    busts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    won_without_drawing: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    bank_tie_wins: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    max_bet: Mapped[int | None] = mapped_column(Integer)
    min_bet: Mapped[int | None] = mapped_column(Integer)
    # Presence and quick reactions (siete/service/social/presence.py): when the seat's person last
    # asked anything of the table (written at most every few seconds), and how many reactions
    # they sent, so a poll's one query notices both.
    last_seen_at: Mapped[datetime | None] = mapped_column(DateTime)
    reactions_sent: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    game: Mapped[Game] = relationship(back_populates="players")
    player: Mapped[Player] = relationship()
    seat_card: Mapped[Card | None] = relationship()
    turns: Mapped[list[Turn]] = relationship(back_populates="game_player")


class Hand(ControlColumns, Model):
    """One deal of a game (R4) and how the bank fared in it."""

    __tablename__ = "hands"
    __table_args__ = (
        UniqueConstraint("game_id", "number"),
        CheckConstraint(one_of("bank_result", BANK_RESULTS), name="bank_result"),
        Index(None, "bank_game_player_id"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    number: Mapped[int] = mapped_column(SmallInteger)
    bank_game_player_id: Mapped[int] = mapped_column(ForeignKey("game_players.id"))
    bank_total: Mapped[float] = mapped_column(Points)
    bank_result: Mapped[str] = mapped_column(String(12))

    game: Mapped[Game] = relationship(back_populates="hands")
    bank: Mapped[GamePlayer] = relationship()
    turns: Mapped[list[Turn]] = relationship(
        back_populates="hand", order_by="Turn.position", cascade="all, delete-orphan")


class Turn(ControlColumns, Model):
    """One player's part in one hand; the bank's row has position 0, no bet and result 'bank'."""

    __tablename__ = "turns"
    __table_args__ = (
        UniqueConstraint("hand_id", "game_player_id"),
        CheckConstraint(one_of("result", TURN_RESULTS), name="result"),
        CheckConstraint("bet IS NULL OR bet >= 1", name="bet"),
        CheckConstraint("cards_drawn >= 0", name="cards_drawn"),
        CheckConstraint("(position = 0 AND bet IS NULL AND result = 'bank') OR "
                        "(position > 0 AND bet IS NOT NULL AND result <> 'bank')", name="bank_row"),
        Index(None, "game_player_id"),
        Index(None, "first_card_id"),
        # The report aggregates take a finished game's turns in through the game_id index
        # (siete/service/reports/aggregates.py); player_id's index is its foreign key's.
        Index(None, "game_id"),
        Index(None, "player_id", "first_card_id"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id"))
    game_player_id: Mapped[int] = mapped_column(ForeignKey("game_players.id"))
    position: Mapped[int] = mapped_column(TinyInt)
    points_start: Mapped[int] = mapped_column(Integer)
    points_end: Mapped[int] = mapped_column(Integer)
    bet: Mapped[int | None] = mapped_column(Integer)
    first_card_id: Mapped[int] = mapped_column(ForeignKey("cards.id"))
    total: Mapped[float] = mapped_column(Points)
    cards_drawn: Mapped[int] = mapped_column(TinyInt)
    result: Mapped[str] = mapped_column(String(10))
    # Copies of hands.game_id, game_players.player_id and hands.number, written with the turn
    # (it never moves): reports group 580k turns by player and hand number without two joins
    # per turn. NULL only for rows written outside siete/service/records/recording.py.
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    hand_number: Mapped[int | None] = mapped_column(SmallInteger)
    # The first step of the turn the turn timer played (the house bot: 0 the bet, n the n-th
    # action); NULL when the player made every move (and in turns recorded before it was kept).
    timed_out_step: Mapped[int | None] = mapped_column(TinyInt)
    # The first step the player made after the bot standing in for them (they were away) had
    # made the ones before it; NULL when the stand-in made none.
    stand_in_step: Mapped[int | None] = mapped_column(TinyInt)

    hand: Mapped[Hand] = relationship(back_populates="turns")
    game_player: Mapped[GamePlayer] = relationship(back_populates="turns")
    first_card: Mapped[Card] = relationship()
    actions: Mapped[list[TurnAction]] = relationship(
        back_populates="turn", order_by="TurnAction.seq", cascade="all, delete-orphan")


class TurnAction(ControlColumns, Model):
    """One decision in a turn: a draw (with the card drawn) or a stand (automatic at 7½)."""

    __tablename__ = "turn_actions"
    __table_args__ = (
        UniqueConstraint("turn_id", "seq"),
        CheckConstraint(one_of("action", ACTIONS), name="action"),
        CheckConstraint("(action = 'draw' AND card_id IS NOT NULL) OR "
                        "(action = 'stand' AND card_id IS NULL)", name="card"),
        Index(None, "card_id"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    turn_id: Mapped[int] = mapped_column(ForeignKey("turns.id"))
    seq: Mapped[int] = mapped_column(TinyInt)
    action: Mapped[str] = mapped_column(String(5))
    card_id: Mapped[int | None] = mapped_column(ForeignKey("cards.id"))
    automatic: Mapped[bool] = mapped_column(Boolean, default=False)

    turn: Mapped[Turn] = relationship(back_populates="actions")
    card: Mapped[Card | None] = relationship()

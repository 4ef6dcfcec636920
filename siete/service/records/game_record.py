"""A stored game read back for its page: seats, hands, turns and actions in a handful of
indexed queries (by games.id, game_players.game_id, hands.game_id and turn_actions.turn_id),
never a scan of the history."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, func, select

from siete.data.base import db
from siete.data.game_rows import PlainGameRow
from siete.data.games import Game, GamePlayer, Hand, Turn, TurnAction
from siete.data.people import Player
from siete.data.player_stats import GameRating
from siete.data.vocabulary import GameStatus, PlayerKind
from siete.engine.codes import Action, BankResult, GameResult, Result
from siete.service.records.ratings import Skill
from siete.service.records.recording import card_ids

GAMES, SEATS, PLAYERS = Game.__table__, GamePlayer.__table__, Player.__table__
HANDS, TURNS, ACTIONS, RATED = Hand.__table__, Turn.__table__, TurnAction.__table__, GameRating.__table__


@dataclass
class Seat:
    """A seat of the game, in join order."""

    id: int
    join_order: int
    player_id: int
    name: str
    kind: PlayerKind
    profile: str | None
    seat_card: str | None
    start_position: int | None
    final_points: int | None
    final_position: int | None
    result: GameResult | None
    left_at: datetime | None
    rating_before: float | None = None
    rating_after: float | None = None
    rated_games: int = 0  # the player's rated games up to and with this one (provisional?)

    @property
    def is_bot(self) -> bool:
        return self.kind == PlayerKind.BOT


@dataclass
class StoredAction:
    """A turn's draw (with its card) or stand (automatic: R4.6's at 7½)."""

    action: Action
    card: str | None
    automatic: bool


@dataclass
class TurnRow:
    """One seat's part in a hand; position 0 is the bank."""

    id: int
    seat: Seat
    position: int
    points_start: int
    points_end: int
    bet: int | None
    first_card: str
    total: float
    result: Result
    actions: list[StoredAction] = field(default_factory=list)

    @property
    def cards(self) -> list[str]:
        return [self.first_card] + [a.card for a in self.actions if a.action == Action.DRAW and a.card]

    @property
    def is_bank(self) -> bool:
        return self.position == 0

    @property
    def change(self) -> int:
        """Points won (+) or lost (-) in the hand, the stake included."""
        return self.points_end - self.points_start


@dataclass
class HandRow:
    id: int
    number: int
    bank: Seat
    bank_total: float
    bank_result: BankResult
    recorded_at: datetime | None = None  # when the hand was settled and stored
    turns: list[TurnRow] = field(default_factory=list)  # play order: punters 1, 2, ..., then the bank


@dataclass(frozen=True)
class GameRecord:
    """Everything stored about one game: its games row, its seats and its settled hands."""

    game: PlainGameRow
    seats: list[Seat]
    hands: list[HandRow]

    @property
    def finished(self) -> bool:
        return self.game.status == GameStatus.FINISHED


GAME_ROW = select(*(GAMES.c[column.name] for column in fields(PlainGameRow))).where(GAMES.c.id == bindparam("game_id"))
SEAT_ROWS = (select(SEATS.c.id, SEATS.c.join_order, SEATS.c.player_id, PLAYERS.c.name,
                    PLAYERS.c.kind, PLAYERS.c.profile, SEATS.c.seat_card_id,
                    SEATS.c.start_position, SEATS.c.final_points, SEATS.c.final_position,
                    SEATS.c.result, SEATS.c.left_at)
             .join(PLAYERS, PLAYERS.c.id == SEATS.c.player_id)
             .where(SEATS.c.game_id == bindparam("game_id")).order_by(SEATS.c.join_order))
HAND_ROWS = (select(HANDS.c.id, HANDS.c.number, HANDS.c.bank_game_player_id, HANDS.c.bank_total,
                    HANDS.c.bank_result, HANDS.c.created_at)
             .where(HANDS.c.game_id == bindparam("game_id")).order_by(HANDS.c.number))
TURN_ROWS = (select(TURNS.c.id, TURNS.c.hand_id, TURNS.c.game_player_id, TURNS.c.position,
                    TURNS.c.points_start, TURNS.c.points_end, TURNS.c.bet, TURNS.c.first_card_id,
                    TURNS.c.total, TURNS.c.result)
             .join(HANDS, HANDS.c.id == TURNS.c.hand_id)
             .where(HANDS.c.game_id == bindparam("game_id")))
ACTION_ROWS = (select(ACTIONS.c.turn_id, ACTIONS.c.action, ACTIONS.c.card_id, ACTIONS.c.automatic)
               .join(TURNS, TURNS.c.id == ACTIONS.c.turn_id)
               .join(HANDS, HANDS.c.id == TURNS.c.hand_id)
               .where(HANDS.c.game_id == bindparam("game_id"))
               .order_by(ACTIONS.c.turn_id, ACTIONS.c.seq))
EARLIER = RATED.alias("earlier")
# Each rated seat's rating before and after, and how many rated games the player had by then
# (counted from ix_game_ratings_player_history).
RATING_ROWS = (select(RATED.c.player_id, RATED.c.mu_before, RATED.c.sigma_before,
                      RATED.c.mu_after, RATED.c.sigma_after,
                      select(func.count()).select_from(EARLIER)
                      .where(EARLIER.c.player_id == RATED.c.player_id, EARLIER.c.id <= RATED.c.id)
                      .scalar_subquery().label("games"))
               .where(RATED.c.game_id == bindparam("game_id")))


def card_codes() -> dict[int, str]:
    """cards.id -> code, from the per-app cache the recorder keeps."""
    return {card_id: code for code, card_id in card_ids().items()}


def load_record(game_id: int) -> GameRecord | None:
    """The game with id `game_id` as stored, or None when there is none."""
    connection, params = db.session.connection(), {"game_id": game_id}
    game = connection.execute(GAME_ROW, params).first()
    if game is None:
        return None
    codes = card_codes()
    seats = [Seat(row.id, row.join_order, row.player_id, row.name, PlayerKind(row.kind), row.profile,
                  codes.get(row.seat_card_id), row.start_position, row.final_points,
                  row.final_position, None if row.result is None else GameResult(row.result),
                  row.left_at)
             for row in connection.execute(SEAT_ROWS, params)]
    add_ratings(seats, connection.execute(RATING_ROWS, params))
    by_id = {seat.id: seat for seat in seats}
    hands = {row.id: HandRow(row.id, row.number, by_id[row.bank_game_player_id], row.bank_total,
                             BankResult(row.bank_result), row.created_at)
             for row in connection.execute(HAND_ROWS, params)}
    turns = {}
    for row in connection.execute(TURN_ROWS, params):
        turns[row.id] = TurnRow(row.id, by_id[row.game_player_id], row.position, row.points_start,
                                row.points_end, row.bet, codes[row.first_card_id], row.total,
                                Result(row.result))
        hands[row.hand_id].turns.append(turns[row.id])
    for row in connection.execute(ACTION_ROWS, params):
        turns[row.turn_id].actions.append(
            StoredAction(Action(row.action), codes.get(row.card_id), bool(row.automatic)))
    for hand in hands.values():
        # Play order (R4.3): punters 1, 2, ... then the bank.
        hand.turns.sort(key=lambda t: (t.position == 0, t.position))
    return GameRecord(PlainGameRow(**game._mapping), seats, sorted(hands.values(), key=lambda h: h.number))


def add_ratings(seats: list[Seat], rows: Iterable[Any]) -> None:
    """Each seat's rating before and after the game, from the game's RATING_ROWS."""
    by_player = {seat.player_id: seat for seat in seats}
    for row in rows:
        seat = by_player.get(row.player_id)
        if seat is not None:
            seat.rating_before = Skill(row.mu_before, row.sigma_before).ordinal
            seat.rating_after = Skill(row.mu_after, row.sigma_after).ordinal
            seat.rated_games = int(row.games)

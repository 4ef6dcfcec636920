"""What the pages read of the stored reviews: a game's seats and the moves of
one hand (its page), and a player's reviewed games (its profile). Reads, but for one case: a
game's page asked for before the worker reviewed the game reviews it then (game_review.py), so
the page never shows a finished game without its review. A review is written once."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, false, select

from siete.data.base import db
from siete.data.games import Game
from siete.data.people import Player
from siete.data.reviews import MoveReviewRow, SeatReviewRow
from siete.engine.cards import CardSet
from siete.engine.codes import Action
from siete.engine.review import Mark
from siete.engine.review_scale import weighted_accuracy
from siete.service.records.game_review import review_if_queued

MOVES, SEATS_REVIEWED, PLAYERS = MoveReviewRow.__table__, SeatReviewRow.__table__, Player.__table__
GAMES = Game.__table__
TREND_GAMES = 20  # the profile's trend shows the player's last reviewed games


@dataclass(frozen=True)
class ReviewFigures:
    """A seat's (or a player's) figures: decisions, marks and value lost in all (in points in
    play, engine/review.py)."""

    decisions: int
    best: int
    inaccuracies: int
    mistakes: int
    blunders: int
    value_lost: float

    @property
    def accuracy(self) -> float | None:
        """0-100: a best decision counts 1, an inaccuracy ½ (the engine's review figure);
        None with no decision."""
        share = weighted_accuracy(self.best, self.inaccuracies, self.decisions)
        return None if share is None else 100.0 * share

    @property
    def mean_lost(self) -> float | None:
        return self.value_lost / self.decisions if self.decisions else None


@dataclass(frozen=True)
class MoveNote:
    """One reviewed decision as its page shows it (engine/review.py): the options' values per
    point staked, the value lost in the seat's points in play."""

    action: str
    is_bank: bool
    mark: str
    value_lost: float
    stand_ev: float | None
    draw_ev: float | None
    stake: int | None
    best_stake: int | None
    hand_value: float | None
    timed_out: bool = False  # the turn timer (the house bot) made it: not the player's
    stand_in: bool = False  # the bot playing for the away player made it: not the player's

    @property
    def near_best(self) -> bool:
        """Marked best though another option was worth a shade more (lost under BEST_BELOW):
        the page says so, or "best" beside "best bet 1" for a bet of 2 reads as a contradiction."""
        if self.mark != Mark.BEST:
            return False
        if self.action == Action.BET:
            return self.best_stake is not None and self.stake is not None and self.stake != self.best_stake
        chosen, other = ((self.draw_ev, self.stand_ev) if self.action == Action.DRAW
                         else (self.stand_ev, self.draw_ev))
        return chosen is not None and other is not None and round(other, 2) > round(chosen, 2)


@dataclass(frozen=True)
class GameReviewRecord:
    """A game's stored review: each seat's figures (by game_players.id) and one hand's moves,
    keyed (game_players.id, step)."""

    seats: dict[int, ReviewFigures]
    moves: dict[tuple[int, int], MoveNote]

    def note(self, game_player_id: int, step: int) -> MoveNote | None:
        return self.moves.get((game_player_id, step))


SEAT_FIGURES = select(SEATS_REVIEWED).where(SEATS_REVIEWED.c.game_id == bindparam("game_id"))
HAND_MOVES = (select(MOVES.c.game_player_id, MOVES.c.step, MOVES.c.action, MOVES.c.is_bank,
                     MOVES.c.mark, MOVES.c.value_lost, MOVES.c.stand_ev, MOVES.c.draw_ev,
                     MOVES.c.stake, MOVES.c.best_stake, MOVES.c.hand_value, MOVES.c.timed_out,
                     MOVES.c.stand_in)
              .where(MOVES.c.game_id == bindparam("game_id"),
                     MOVES.c.hand_number == bindparam("hand")))


def _figures(row: Any) -> ReviewFigures:
    return ReviewFigures(int(row.decisions), int(row.best), int(row.inaccuracies),
                         int(row.mistakes), int(row.blunders), float(row.value_lost))


def finished_game_review(game_id: int, hand: int | None, cards: CardSet, by: str
                         ) -> GameReviewRecord | None:
    """A finished game's review (see game_review), written first if it is still queued."""
    review = game_review(game_id, hand)
    if review is None and review_if_queued(game_id, cards, by):
        review = game_review(game_id, hand)
    return review


def game_review(game_id: int, hand: int | None) -> GameReviewRecord | None:
    """The stored review of a game with the moves of hand number `hand`; None if it has none."""
    connection = db.session.connection()
    seats = {row.game_player_id: _figures(row)
             for row in connection.execute(SEAT_FIGURES, {"game_id": game_id})}
    if not seats:
        return None
    moves = {}
    if hand is not None:
        for row in connection.execute(HAND_MOVES, {"game_id": game_id, "hand": hand}):
            moves[(row.game_player_id, row.step)] = MoveNote(
                row.action, bool(row.is_bank), row.mark, float(row.value_lost), row.stand_ev,
                row.draw_ev, row.stake, row.best_stake, row.hand_value, bool(row.timed_out),
                bool(row.stand_in))
    return GameReviewRecord(seats, moves)


@dataclass(frozen=True)
class ReviewedGame:
    game_id: int
    figures: ReviewFigures


@dataclass(frozen=True)
class ReviewTrend:
    """A player's last reviewed games, oldest first, and its figures over them."""

    games: tuple[ReviewedGame, ...]

    @property
    def overall(self) -> ReviewFigures:
        figures = [g.figures for g in self.games]
        return ReviewFigures(sum(f.decisions for f in figures), sum(f.best for f in figures),
                             sum(f.inaccuracies for f in figures), sum(f.mistakes for f in figures),
                             sum(f.blunders for f in figures), sum(f.value_lost for f in figures))


PLAYER_TREND = (select(SEATS_REVIEWED).join(PLAYERS, PLAYERS.c.id == SEATS_REVIEWED.c.player_id)
                .where(PLAYERS.c.name == bindparam("name"), SEATS_REVIEWED.c.decisions > 0)
                .order_by(SEATS_REVIEWED.c.game_id.desc()).limit(TREND_GAMES))


# As others see it: a private table's games show only to their players (their own profile).
PUBLIC_TREND = (PLAYER_TREND.join(GAMES, GAMES.c.id == SEATS_REVIEWED.c.game_id)
                .where(GAMES.c.private.is_(false())))


def review_trend(name: str, with_private: bool = False) -> ReviewTrend:
    """The player's last TREND_GAMES reviewed games with a decision in them, oldest first;
    games of private tables only when `with_private` (the player looks at its own profile)."""
    query = PLAYER_TREND if with_private else PUBLIC_TREND
    rows = db.session.connection().execute(query, {"name": name}).all()
    return ReviewTrend(tuple(ReviewedGame(row.game_id, _figures(row)) for row in reversed(rows)))

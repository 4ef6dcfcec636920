"""A player's history: its account's player and rating, and its games a page at a time (My
games, and the recent ones on its profile: siete/service/records/player_profile.py). A private table's
games are the players' own: My games and their own profile list them, others never see them.

Every query is bounded by the player and read from an index alone: game_players.player_id
(ix_game_players_player_history), never the player's turns or the whole history.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, false, select

from siete.data.base import db
from siete.data.games import Game, GamePlayer
from siete.data.people import Player, User
from siete.data.player_stats import PlayerRating
from siete.data.reviews import SeatReviewRow
from siete.engine.review_scale import weighted_accuracy
from siete.service.records.rating_rules import ShownRating, not_a_guest, shown

GAMES, SEATS, PLAYERS = Game.__table__, GamePlayer.__table__, Player.__table__
RATINGS = PlayerRating.__table__
REVIEWED = SeatReviewRow.__table__


def player_by_user(user_id: int) -> Any:
    """The players row of the account (id, name, ...), or None before its first game."""
    return db.session.execute(select(PLAYERS).where(PLAYERS.c.user_id == user_id)).first()


def is_guest(user_id: int) -> bool:
    """Whether the account is a guest's (siete.service.accounts.guests)."""
    return bool(db.session.scalar(select(User.__table__.c.guest).where(User.__table__.c.id == user_id)))


def rating_for_user(user_id: int) -> ShownRating | None:
    """The rating of the account's player as shown, or None before a rated game (or a guest's)."""
    row = db.session.execute(
        select(RATINGS.c.ordinal, RATINGS.c.games).join(PLAYERS, PLAYERS.c.id == RATINGS.c.player_id)
        .where(PLAYERS.c.user_id == user_id, not_a_guest())).first()
    return None if row is None else shown(row[0], row[1])


MY_GAMES = (select(SEATS.c.game_id, SEATS.c.result, SEATS.c.final_points, SEATS.c.final_position,
                   GAMES.c.name, GAMES.c.status, GAMES.c.num_players, GAMES.c.hands_played,
                   GAMES.c.started_at, GAMES.c.ended_at, GAMES.c.created_at, GAMES.c.show_odds,
                   GAMES.c.private,
                   REVIEWED.c.decisions.label("review_decisions"),
                   REVIEWED.c.best.label("review_best"),
                   REVIEWED.c.inaccuracies.label("review_inaccuracies"),
                   REVIEWED.c.value_lost.label("review_lost"))
            .join(GAMES, GAMES.c.id == SEATS.c.game_id)
            # the seat's review, by its primary key: none before the game ends
            .outerjoin(REVIEWED, REVIEWED.c.game_player_id == SEATS.c.id)
            .where(SEATS.c.player_id == bindparam("player_id"))
            .order_by(SEATS.c.game_id.desc()))
PUBLIC_GAMES = MY_GAMES.where(GAMES.c.private.is_(false()))  # as anyone else sees them


@dataclass(frozen=True)
class GameLine:
    """One of the player's games as a list shows it: its seat's result, the game's figures."""

    game_id: int
    result: str | None
    final_points: int | None
    final_position: int | None
    name: str
    status: str
    num_players: int
    hands_played: int
    started_at: datetime | None
    ended_at: datetime | None
    created_at: datetime | None
    show_odds: bool = False  # a practice table: not rated
    private: bool = False  # a private table: listed only to its players
    # The seat's review: its decisions, the best among them, the value lost in all.
    review_decisions: int | None = None
    review_best: int | None = None
    review_lost: float | None = None
    review_inaccuracies: int | None = None

    @property
    def accuracy(self) -> float | None:
        """The seat's accuracy, 0-100 (a best decision 1, an inaccuracy ½: the engine's
        review_scale.weighted_accuracy); None unreviewed or with none."""
        if not self.review_decisions or self.review_best is None:
            return None
        return 100.0 * (weighted_accuracy(self.review_best, self.review_inaccuracies or 0,
                                          self.review_decisions) or 0.0)

    @property
    def mean_lost(self) -> float | None:
        if not self.review_decisions or self.review_lost is None:
            return None
        return float(self.review_lost) / self.review_decisions


def games_of(player_id: int, page: int, per_page: int,
             with_private: bool = True) -> tuple[list[GameLine], bool]:
    """One page of the player's games, newest first, and whether another page follows; the
    games of private tables only `with_private` (the player's own lists)."""
    query = MY_GAMES if with_private else PUBLIC_GAMES
    rows = db.session.execute(query.limit(per_page + 1).offset((page - 1) * per_page),
                              {"player_id": player_id}).all()
    return [GameLine(**row._mapping) for row in rows[:per_page]], len(rows) > per_page

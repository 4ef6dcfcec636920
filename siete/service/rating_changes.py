"""What a finished game did to its players' ratings, as the game-over screen and the game page
show it: each rated seat's change, the seats a stand-in played (counted as a loss), or why the
game was not rated at all (rating_rules says the rules)."""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import bindparam, func, select

from siete.data.base import db
from siete.data.games import Game, GamePlayer, GameStateRow
from siete.data.people import Player
from siete.data.player_stats import GameRating
from siete.data.vocabulary import GameStatus
from siete.service.rating_rules import (
    PROVISIONAL_GAMES,
    RatingChange,
    aborted,
    is_rated,
    move_counts,
    seat_facts,
    shown_value,
)
from siete.service.ratings import Skill

GAMES, SEATS, PLAYERS = Game.__table__, GamePlayer.__table__, Player.__table__
RATED, STATES = GameRating.__table__, GameStateRow.__table__
EARLIER = RATED.alias("earlier")

# Why a finished game was not rated (words: siete/i18n/labels.py UNRATED_REASONS).
PRACTICE, PRIVATE, ABORTED = "practice", "private", "aborted"

GAME_ROW = select(GAMES.c.status, GAMES.c.show_odds, GAMES.c.private, GAMES.c.mode).where(
    GAMES.c.id == bindparam("game_id"))
SEAT_ROWS = (select(PLAYERS.c.name, SEATS.c.player_id, SEATS.c.join_order, SEATS.c.final_position,
                    PLAYERS.c.kind)
             .join(PLAYERS, PLAYERS.c.id == SEATS.c.player_id)
             .where(SEATS.c.game_id == bindparam("game_id"), SEATS.c.final_position.is_not(None)))
# Each rated seat's rating before and after, and how many rated games the player had then
# (ix_game_ratings_player_history answers the count).
CHANGE_ROWS = select(
    RATED.c.player_id, RATED.c.mu_before, RATED.c.sigma_before, RATED.c.mu_after,
    RATED.c.sigma_after,
    select(func.count()).select_from(EARLIER)
    .where(EARLIER.c.player_id == RATED.c.player_id, EARLIER.c.id <= RATED.c.id)
    .scalar_subquery().label("games"),
).where(RATED.c.game_id == bindparam("game_id"))
STATE_ROW = select(STATES.c.state).where(STATES.c.game_id == bindparam("game_id"))


@dataclass(frozen=True)
class GameRatings:
    """A finished game's effect on the ratings, by player name."""

    changes: dict[str, RatingChange] = field(default_factory=dict)
    stood_in: frozenset[str] = frozenset()  # a stand-in played most of their moves: a loss
    unrated: str | None = None  # PRACTICE, PRIVATE or ABORTED when the game was not rated


def game_ratings(game_id: int) -> GameRatings | None:
    """What the finished game `game_id` did to the ratings; None for a game not finished."""
    connection, params = db.session.connection(), {"game_id": game_id}
    game = connection.execute(GAME_ROW, params).first()
    if game is None or game.status != GameStatus.FINISHED:
        return None
    if not is_rated(game.show_odds, game.private):
        return GameRatings(unrated=PRACTICE if game.show_odds else PRIVATE)
    seats = connection.execute(SEAT_ROWS, params).all()
    names = {row.player_id: row.name for row in seats}
    state = connection.execute(STATE_ROW, params).scalar() if game.mode != "bots" else None
    facts = seat_facts([(r.player_id, r.join_order, r.final_position, r.kind) for r in seats],
                       move_counts(state) if state else {})
    if aborted(facts):
        return GameRatings(unrated=ABORTED)
    changes = {names[row.player_id]: RatingChange(
        shown_value(Skill(row.mu_before, row.sigma_before).ordinal),
        shown_value(Skill(row.mu_after, row.sigma_after).ordinal),
        int(row.games) < PROVISIONAL_GAMES)
        for row in connection.execute(CHANGE_ROWS, params) if row.player_id in names}
    return GameRatings(changes, frozenset(names[f.player_id] for f in facts if f.stood_in))

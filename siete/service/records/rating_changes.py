"""What a finished game did to its players' ratings, as the game-over screen and the game page
show it: each rated seat's change, the seats a stand-in played (counted as a loss), or why the
game was not rated at all (rating_rules says the rules)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from sqlalchemy import bindparam, select

from siete.data.base import db
from siete.data.games import GameStateRow
from siete.data.people import Player, User
from siete.data.vocabulary import GameStatus, PlayerKind
from siete.service.records.game_record import (
    GAME_ROW,
    RATING_ROWS,
    SEAT_ROWS,
    GameRecord,
    Seat,
    add_ratings,
)
from siete.service.records.rating_rules import (
    PROVISIONAL_GAMES,
    RatingChange,
    aborted,
    is_rated,
    move_counts,
    seat_facts,
    shown_value,
)

STATES = GameStateRow.__table__
STATE_ROW = select(STATES.c.state).where(STATES.c.game_id == bindparam("game_id"))

# Why a finished game was not rated (templates/macros/rating.html words them).
PRACTICE, PRIVATE, ABORTED = "practice", "private", "aborted"


@dataclass(frozen=True)
class GameRatings:
    """A finished game's effect on the ratings, by player name."""

    changes: dict[str, RatingChange] = field(default_factory=dict)
    stood_in: frozenset[str] = frozenset()  # a stand-in played most of their moves: a loss
    unrated: str | None = None  # PRACTICE, PRIVATE or ABORTED when the game was not rated
    # Guests' rows show no change while the bots' beside them do: the screen says why.
    guests: frozenset[str] = frozenset()


def game_ratings(game_id: int) -> GameRatings | None:
    """What the finished game `game_id` did to the ratings (the game-over screen's query)."""
    connection, params = db.session.connection(), {"game_id": game_id}
    game = connection.execute(GAME_ROW, params).first()
    if game is None:
        return None
    seats = [Seat(row.id, row.join_order, row.player_id, row.name, row.kind, row.profile, None,
                  row.start_position, row.final_points, row.final_position, row.result,
                  row.left_at) for row in connection.execute(SEAT_ROWS, params)]
    add_ratings(seats, connection.execute(RATING_ROWS, params))
    return _assemble(game.id, game.status, game.show_odds, game.private, seats)


def record_ratings(record: GameRecord) -> GameRatings | None:
    """The same, from a game's record already loaded (the game page): no query but the final
    state's, and that one only for a rated game that seats a person."""
    game = record.game
    return _assemble(game.id, game.status, game.show_odds, game.private, record.seats)


def _assemble(game_id: int, status: str, show_odds: bool, private: bool,
              seats: Iterable[Seat]) -> GameRatings | None:
    if status != GameStatus.FINISHED:
        return None
    if not is_rated(show_odds, private):
        return GameRatings(unrated=PRACTICE if show_odds else PRIVATE)
    placed = [seat for seat in seats if seat.final_position is not None]
    rows = [(s.player_id, s.join_order, s.final_position, s.kind)
            for s in placed if s.final_position is not None]
    facts = seat_facts(rows, _counts(game_id, any(s.kind == PlayerKind.HUMAN for s in placed)))
    if aborted(facts):
        return GameRatings(unrated=ABORTED)
    names = {seat.player_id: seat.name for seat in placed}
    guests = guest_players([seat.player_id for seat in placed if seat.kind == PlayerKind.HUMAN])
    return GameRatings(
        {seat.name: _change(seat) for seat in placed if seat.player_id not in guests
         and seat.rating_before is not None and seat.rating_after is not None},
        frozenset(names[fact.player_id] for fact in facts if fact.stood_in),
        guests=frozenset(names[player_id] for player_id in guests))


def guest_players(player_ids: list[int]) -> set[int]:
    """Which of these players are guests: their seat is rated for the others, but their own
    rating is never shown (rating_rules.not_a_guest)."""
    if not player_ids:
        return set()
    return set(db.session.scalars(select(Player.id).join(User, User.id == Player.user_id)
                                  .where(Player.id.in_(player_ids), User.guest.is_(True))))


def _counts(game_id: int, people: bool) -> dict[int, tuple[int, int | None]]:
    """The seats' move counts from the game's final state; bots alone need none."""
    state = db.session.execute(STATE_ROW, {"game_id": game_id}).scalar() if people else None
    return move_counts(state) if state else {}


def _change(seat: Seat) -> RatingChange:
    assert seat.rating_before is not None and seat.rating_after is not None
    return RatingChange(shown_value(seat.rating_before), shown_value(seat.rating_after),
                        seat.rated_games < PROVISIONAL_GAMES)



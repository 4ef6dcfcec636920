"""Which games and seats are rated, at which place, and the rating as people read it.

One set of rules for the finish (ratings.rate_game) and the rebuild (ratings.rebuild_ratings),
so that recomputing from the history arrives at the same numbers (docs/ratings.md says why):

- a practice table (show_odds) or a private table (friends' games) is casual: never rated;
- a game in which no person made a move of their own is aborted: rated for no one;
- a person's seat that a stand-in (the timer, then the bot that plays an away or departed
  person's seat) played for most of its decisions is counted as a loss: it is rated last,
  below every seat that played its own game, whatever place the stand-in reached.

The displayed rating is OpenSkill's ordinal (mu - 3 sigma, 0 for a newcomer) on a scale people
read: START + SCALE x ordinal, never below 0, marked provisional for fewer than
PROVISIONAL_GAMES rated games.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sqlalchemy import ColumnElement, and_, exists, false

from siete.data.games import Game
from siete.data.people import Player, User
from siete.data.vocabulary import PlayerKind

START = 1500  # a newcomer's displayed rating (ordinal 0)
SCALE = 24  # displayed points per point of ordinal: openskill's ordinal(alpha=24, target=1500)
PROVISIONAL_GAMES = 10  # fewer rated games than this: the rating is provisional ("?")

GAMES = Game.__table__


def is_rated(show_odds: bool, private: bool) -> bool:
    """Whether a game counts for the ratings at all: practice and private tables do not."""
    return not show_odds and not private


def not_a_guest() -> ColumnElement[bool]:
    """On a query of players: the player is no guest. Guests are unrated (SECURITY.md): their
    seat is rated for the others at the table, but their own rating is never shown or ranked."""
    users, players = User.__table__, Player.__table__
    return ~exists().where(users.c.id == players.c.user_id, users.c.guest.is_(True))


def rated_games_clause() -> ColumnElement[bool]:
    """is_rated() as SQL on the games table, for the queries that pick the rated games."""
    return and_(GAMES.c.show_odds == false(), GAMES.c.private == false())


@dataclass(frozen=True)
class SeatFacts:
    """What the rules read of one seat of a finished game."""

    player_id: int
    place: int  # the final place of R7.2, 1 the winner
    person: bool  # a person's seat (players.kind 'human'), not a bot's
    moves: int = 0  # the seat's decisions, whoever made them (engine Seat.moves)
    own_moves: int | None = None  # those its person made; None: not known (an older game)

    @property
    def stood_in(self) -> bool:
        """A stand-in made most of this person's decisions (more than half of them)."""
        return self.person and self.own_moves is not None and 2 * self.own_moves < self.moves


def aborted(seats: Iterable[SeatFacts]) -> bool:
    """A game with people none of whom made a move: nobody played it, it is rated for no one."""
    people = [seat for seat in seats if seat.person]
    return bool(people) and all(seat.own_moves == 0 for seat in people)


def rated_places(seats: Iterable[SeatFacts]) -> list[tuple[int, int]]:
    """[(player_id, place)] as the game is rated, by place; [] for a game not rated.

    The seats that played keep their order (places 1, 2, ... among them); every seat a
    stand-in played shares the place after the last of them.
    """
    seats = sorted(seats, key=lambda seat: seat.place)
    if len(seats) < 2 or aborted(seats):
        return []
    played = [seat for seat in seats if not seat.stood_in]
    last = len(played) + 1
    return ([(seat.player_id, place) for place, seat in enumerate(played, start=1)]
            + [(seat.player_id, last) for seat in seats if seat.stood_in])


def move_counts(state_json: str) -> dict[int, tuple[int, int | None]]:
    """{seat index: (moves, own_moves)} from a game's stored state (game_states.state)."""
    seats = json.loads(state_json)["seats"]
    return {index: (int(seat.get("moves", 0)), seat.get("own_moves"))
            for index, seat in enumerate(seats)}


def seat_facts(rows: Iterable[tuple[int, int, int, str]],
               counts: Mapping[int, tuple[int, int | None]]) -> list[SeatFacts]:
    """SeatFacts from (player_id, join_order, final place, kind) rows and the move counts by
    seat index (the join order); a seat without counts is an older game's: not known."""
    return [SeatFacts(player_id, place, kind == PlayerKind.HUMAN, *counts.get(join_order, (0, None)))
            for player_id, join_order, place, kind in rows]


@dataclass(frozen=True)
class ShownRating:
    """A rating as people read it: a whole number from 0 up, and whether still provisional."""

    value: int
    provisional: bool


def shown_value(ordinal: float) -> int:
    """START + SCALE x ordinal, rounded, never below 0."""
    return max(0, round(START + SCALE * float(ordinal)))


def shown(ordinal: float, games: int) -> ShownRating:
    return ShownRating(shown_value(ordinal), games < PROVISIONAL_GAMES)


@dataclass(frozen=True)
class RatingChange:
    """One seat's rating before and after a rated game, as shown, and the change."""

    before: int
    after: int
    provisional: bool  # provisional after this game

    @property
    def delta(self) -> int:
        return self.after - self.before

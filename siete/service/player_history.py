"""A player's history: their games a page at a time, and the figures of their profile.

Every query is bounded by the player and read from an index alone: game_players.player_id
(ix_game_players_player_history), game_ratings.player_id (ix_game_ratings_player_history) and
the per-player tallies (siete/service/tallies.py), never the player's turns or the whole history.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import bindparam, case, func, select

from siete.data.base import db
from siete.data.games import Game, GamePlayer
from siete.data.people import Player, User
from siete.data.player_stats import GameRating, PlayerFirstCard, PlayerNemesis, PlayerRating
from siete.data.vocabulary import SeatResult
from siete.service.game_record import card_codes
from siete.service.ratings import Skill

GAMES, SEATS, PLAYERS = Game.__table__, GamePlayer.__table__, Player.__table__
RATED, RATINGS = GameRating.__table__, PlayerRating.__table__
FIRST, NEMESES = PlayerFirstCard.__table__, PlayerNemesis.__table__
RECENT = 10
MAX_POINTS = 200  # a long history is thinned to this many points on the rating line


def player_by_user(user_id: int):
    return db.session.execute(select(PLAYERS).where(PLAYERS.c.user_id == user_id)).first()


def rating_for_user(user_id: int) -> float | None:
    """The rating (ordinal) of the account's player, or None before a rated game."""
    return db.session.execute(
        select(RATINGS.c.ordinal).join(PLAYERS, PLAYERS.c.id == RATINGS.c.player_id)
        .where(PLAYERS.c.user_id == user_id)).scalar()


MY_GAMES = (select(SEATS.c.game_id, SEATS.c.result, SEATS.c.final_points, SEATS.c.final_position,
                   GAMES.c.name, GAMES.c.status, GAMES.c.num_players, GAMES.c.hands_played,
                   GAMES.c.started_at, GAMES.c.ended_at, GAMES.c.created_at)
            .join(GAMES, GAMES.c.id == SEATS.c.game_id)
            .where(SEATS.c.player_id == bindparam("player_id"))
            .order_by(SEATS.c.game_id.desc()))


def games_of(player_id: int, page: int, per_page: int) -> tuple[list[dict], bool]:
    """One page of the player's games, newest first, and whether another page follows."""
    rows = db.session.execute(MY_GAMES.limit(per_page + 1).offset((page - 1) * per_page),
                              {"player_id": player_id}).mappings().all()
    return [dict(row) for row in rows[:per_page]], len(rows) > per_page


@dataclass
class Profile:
    """Everything /players/<name> shows."""

    name: str
    kind: str
    profile: str | None
    player_id: int | None
    games: int = 0
    won: int = 0
    points: int = 0
    hands: int = 0
    busts: int = 0
    rating: float | None = None
    rated_games: int = 0
    favourite_card: str | None = None
    favourite_times: int = 0
    nemesis: str | None = None
    nemesis_wins: int = 0
    win_rate_series: list[tuple[str, float, str]] = field(default_factory=list)
    rating_series: list[tuple[int, float]] = field(default_factory=list)
    recent: list[dict] = field(default_factory=list)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def win_pct(self) -> float:
        return round(100.0 * self.won / self.games, 1) if self.games else 0.0

    @property
    def points_per_game(self) -> float:
        return round(self.points / self.games, 2) if self.games else 0.0

    @property
    def busts_per_hand(self) -> float:
        return round(self.busts / self.hands, 3) if self.hands else 0.0


SEATS_DONE = (SEATS.c.player_id == bindparam("player_id"), SEATS.c.result.is_not(None))
TOTALS = select(func.count(), func.sum(case((SEATS.c.result == SeatResult.WON, 1), else_=0)),
                func.sum(SEATS.c.final_points), func.sum(SEATS.c.hands_played),
                func.sum(SEATS.c.busts)).where(*SEATS_DONE)
FAVOURITE_CARD = (select(FIRST.c.card_id, FIRST.c.times)
                  .where(FIRST.c.player_id == bindparam("player_id"))
                  .order_by(FIRST.c.times.desc(), FIRST.c.card_id).limit(1))
NEMESIS = (select(PLAYERS.c.name, NEMESES.c.games).join(PLAYERS, PLAYERS.c.id == NEMESES.c.winner_id)
           .where(NEMESES.c.player_id == bindparam("player_id"))
           .order_by(NEMESES.c.games.desc(), NEMESES.c.winner_id).limit(1))


def _numbered(columns, table, where, order):
    """The rows with their 1-based place in `order` (rn), for grouping or thinning in SQL."""
    return select(*columns, func.row_number().over(order_by=order).label("rn")) \
        .select_from(table).where(*where).subquery()


def _win_buckets(player_id: int, games: int) -> list:
    """(first game index, games, won) per group of the player's games, oldest first."""
    size = -(-games // WIN_RATE_BARS)
    numbered = _numbered([SEATS.c.result], SEATS, SEATS_DONE, SEATS.c.game_id)
    start = (numbered.c.rn - 1) - (numbered.c.rn - 1) % size
    won = func.sum(case((numbered.c.result == SeatResult.WON, 1), else_=0))
    return db.session.execute(select(start, func.count(), won).group_by(start).order_by(start),
                              {"player_id": player_id}).all()


def _rating_points(player_id: int, games: int) -> list:
    """(game id, mu, sigma) after each rated game, thinned to about MAX_POINTS in SQL."""
    step = max(1, -(-games // MAX_POINTS))
    numbered = _numbered([RATED.c.game_id, RATED.c.mu_after, RATED.c.sigma_after], RATED,
                         [RATED.c.player_id == bindparam("player_id")], RATED.c.id)
    keep = ((numbered.c.rn - 1) % step == 0) | (numbered.c.rn == games)
    return db.session.execute(
        select(numbered.c.game_id, numbered.c.mu_after, numbered.c.sigma_after)
        .where(keep).order_by(numbered.c.rn), {"player_id": player_id}).all()


def load_profile(name: str) -> Profile | None:
    """The profile of the player called `name` (an account that never played has an empty one)."""
    row = db.session.execute(select(PLAYERS).where(PLAYERS.c.name == name)).first()
    if row is None:
        user = db.session.execute(select(User.__table__.c.username)
                                  .where(User.__table__.c.username_key == User.key_for(name))).first()
        return None if user is None else Profile(user.username, "human", None, None)
    profile = Profile(row.name, row.kind, row.profile, row.id)
    params = {"player_id": row.id}
    games, won, points, hands, busts = db.session.execute(TOTALS, params).one()
    profile.games, profile.won, profile.points = games, int(won or 0), int(points or 0)
    profile.hands, profile.busts = int(hands or 0), int(busts or 0)
    if games:
        _add_win_rate(profile, _win_buckets(row.id, games))
    favourite = db.session.execute(FAVOURITE_CARD, params).first()
    if favourite:
        profile.favourite_card, profile.favourite_times = card_codes()[favourite[0]], favourite[1]
    nemesis = db.session.execute(NEMESIS, params).first()
    if nemesis:
        profile.nemesis, profile.nemesis_wins = nemesis
    rating = db.session.execute(select(RATINGS.c.games).where(RATINGS.c.player_id == row.id)).scalar()
    if rating:
        _add_rating(profile, _rating_points(row.id, rating), rating)
    profile.recent, _more = games_of(row.id, 1, RECENT)
    return profile


# The win-rate chart groups the games into at most this many bars, oldest first.
WIN_RATE_BARS = 12


def _add_win_rate(profile: Profile, buckets: list) -> None:
    for start, count, won in buckets:
        first, last, won = int(start) + 1, int(start) + count, int(won or 0)
        # The bar is labelled by the games played at its end; its tooltip names the range.
        games = str(first) if first == last else f"{first}–{last}"
        profile.win_rate_series.append((str(last), round(100.0 * won / count, 1),
                                        f"{games}: {won}/{count}"))


def _add_rating(profile: Profile, rows: list, games: int) -> None:
    profile.rating_series = [(game_id, Skill(mu, sigma).ordinal) for game_id, mu, sigma in rows]
    profile.rated_games = games
    if rows:
        profile.rating = profile.rating_series[-1][1]

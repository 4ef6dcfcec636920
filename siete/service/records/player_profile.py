"""A player's profile (/players/<name>): the figures of its finished games, the reports' rows
about it, its win rate and rating over time, and its recent games.

Every query is bounded by the player and reads an index or an aggregate, never the player's
turns or the whole history: its totals, first card, nemeses, best game and win rate by hand
come from the report aggregates (sql/profile/, the reports' own definitions narrowed to one
player, so the profile and the reports always agree); its games from game_players
(ix_game_players_player_history) and its rating from game_ratings (ix_game_ratings_player_history).

A profile is public: its figures, charts and the reports' rows leave out the games of private
tables, which show only to their players. The player looking at its own profile also sees
them in its recent games (as in My games); its figures stay those everyone sees.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import bindparam, case, false, func, select, text
from sqlalchemy.sql.selectable import Subquery

from siete.data.base import db
from siete.data.games import Game, GamePlayer
from siete.data.people import Player, User
from siete.data.player_stats import GameRating
from siete.data.vocabulary import PlayerKind
from siete.engine.codes import GameResult
from siete.paths import SQL_DIR
from siete.service.records.player_history import GameLine, games_of
from siete.service.records.rating_rules import PROVISIONAL_GAMES, ShownRating, shown_value
from siete.service.records.ratings import Skill

PROFILE_SQL = SQL_DIR / "profile"
SEATS, RATED, GAMES = GamePlayer.__table__, GameRating.__table__, Game.__table__
RECENT = 10
MAX_POINTS = 200  # a long history is thinned to this many points on the rating line
WIN_RATE_BARS = 12  # the win-rate chart groups the games into at most this many bars


@dataclass(frozen=True)
class FirstCard:
    """Report 1's row: the card dealt to the player first most often, and how often."""

    card: str
    times: int


@dataclass(frozen=True)
class Nemesis:
    """Report 5's row: a winner the player lost most of its lost games to."""

    name: str
    games_lost_to: int


@dataclass(frozen=True)
class BestGame:
    """Report 15's row: the player's most points in a finished game, and whether they won it."""

    game: int
    points: int
    won: bool


@dataclass(frozen=True)
class HandRate:
    """Report 4's row for one hand number: punter turns, the share won, the average bet."""

    hand_number: int
    turns: int
    won_pct: float
    avg_bet: float


@dataclass(frozen=True)
class WinRateGroup:
    """A group of the player's games, oldest first: the first and last (1-based) and the wins."""

    first: int
    last: int
    won: int


@dataclass(frozen=True)
class RatingPoint:
    game_id: int
    rating: int  # the rating shown after that game (rating_rules.shown_value)


@dataclass(frozen=True)
class Profile:
    """Everything /players/<name> shows."""

    name: str
    kind: str
    profile: str | None  # a bot's strategy
    games: int = 0
    won: int = 0
    points: int = 0
    hands_played: int = 0
    busts: int = 0
    stands: int = 0
    rated_games: int = 0
    first_card: FirstCard | None = None
    best_game: BestGame | None = None
    nemeses: tuple[Nemesis, ...] = ()
    nemesis_of: tuple[str, ...] = ()  # the players whose nemesis this one is
    hand_rates: tuple[HandRate, ...] = ()
    win_rate: tuple[WinRateGroup, ...] = ()
    rating_series: tuple[RatingPoint, ...] = ()
    recent: tuple[GameLine, ...] = ()
    own: bool = False  # the player's own account is looking: its private games are listed
    guest: bool = False  # rated out of sight until a sign-up: "not rated yet" would be untrue

    # Report 4's columns the profile shows (the player column would repeat the name).
    HAND_COLUMNS = ("hand_number", "turns", "won_pct", "avg_bet")

    @property
    def is_bot(self) -> bool:
        return self.kind == PlayerKind.BOT

    @property
    def rating(self) -> ShownRating | None:
        return (ShownRating(self.rating_series[-1].rating, self.rated_games < PROVISIONAL_GAMES)
                if self.rating_series else None)

    @property
    def win_pct(self) -> float:
        return round(100.0 * self.won / self.games, 1) if self.games else 0.0

    @property
    def points_per_game(self) -> float:
        return round(self.points / self.games, 2) if self.games else 0.0

    @property
    def busts_per_hand(self) -> float:
        return round(self.busts / self.hands_played, 3) if self.hands_played else 0.0

    @property
    def busts_per_game(self) -> float:
        return round(self.busts / self.games, 2) if self.games else 0.0

    @property
    def stands_per_game(self) -> float:
        return round(self.stands / self.games, 2) if self.games else 0.0

    @property
    def hand_table(self) -> tuple[tuple[int | float, ...], ...]:
        """Report 4's rows for this player, without the player column."""
        return tuple((h.hand_number, h.turns, h.won_pct, h.avg_bet) for h in self.hand_rates)

    @property
    def hand_rows(self) -> tuple[tuple[str | int | float, ...], ...]:
        """Report 4's rows for this player, the player column included (its chart reads them)."""
        return tuple((self.name, *row) for row in self.hand_table)


@lru_cache(maxsize=8)  # the few files of sql/profile/
def profile_sql(name: str) -> str:
    return (PROFILE_SQL / f"{name}.sql").read_text(encoding="utf-8")


def _rows(name: str, player_id: int) -> list[Any]:
    return list(db.session.execute(text(profile_sql(name)), {"player_id": player_id}))


def _spelling_of(name: str) -> str | None:
    """The one player's own spelling of `name` typed in another case (ANA for Ana), or None:
    the figures are read by the exact name, so /players/ANA showed Ana with no game."""
    names = db.session.scalars(select(Player.name).where(func.lower(Player.name) == name.lower())
                               .limit(2)).all()
    return names[0] if len(names) == 1 and names[0] != name else None


def load_profile(name: str, viewer_user_id: int | None = None) -> Profile | None:
    """The profile of the player called `name` (an account that never played has an empty
    one), or None when there is no such player. `viewer_user_id` is the account looking (None
    logged out): its own profile lists its private tables' games too."""
    totals = db.session.execute(text(profile_sql("player_totals")), {"name": name}).first()
    if totals is None and (spelled := _spelling_of(name)) is not None:
        return load_profile(spelled, viewer_user_id)
    if totals is None:
        user = db.session.execute(select(User.__table__.c.username, User.__table__.c.guest)
                                  .where(User.__table__.c.username_key == User.key_for(name))).first()
        return None if user is None else Profile(user.username, PlayerKind.HUMAN, None,
                                                 guest=bool(user.guest))
    pid, games, rated = totals.player_id, int(totals.games), int(totals.rated_games)
    account = db.session.get(User, totals.user_id) if totals.user_id is not None else None
    if account is not None and account.guest:
        rated = 0  # guests are unrated (SECURITY.md): no rating, no rating line
    own = viewer_user_id is not None and totals.user_id == viewer_user_id
    first = _rows("first_card", pid)
    best = _rows("best_game", pid)
    return Profile(
        totals.player, totals.kind, totals.profile, games=games, won=int(totals.won),
        points=int(totals.points), hands_played=int(totals.hands_played), busts=int(totals.busts),
        stands=int(totals.stands), rated_games=rated, own=own,
        guest=account is not None and account.guest,
        first_card=FirstCard(first[0].card, int(first[0].times)) if first else None,
        best_game=BestGame(int(best[0].game), int(best[0].points), bool(best[0].won)) if best else None,
        nemeses=tuple(Nemesis(r.nemesis, int(r.games_lost_to)) for r in _rows("nemeses", pid)),
        nemesis_of=tuple(r.player for r in _rows("nemesis_of", pid)),
        hand_rates=tuple(HandRate(int(r.hand_number), int(r.turns), round(float(r.won_pct), 2),
                                  round(float(r.avg_bet), 2)) for r in _rows("hand_rates", pid)),
        win_rate=_win_rate(pid, games) if games else (),
        rating_series=_rating_points(pid, rated) if rated else (),
        recent=tuple(games_of(pid, 1, RECENT, with_private=own)[0]))


SEATS_DONE = (SEATS.c.player_id == bindparam("player_id"), SEATS.c.result.is_not(None),
              GAMES.c.private.is_(false()))
PUBLIC_SEATS = SEATS.join(GAMES, GAMES.c.id == SEATS.c.game_id)  # each seat's game by its key


def _numbered(columns: list[Any], table: Any, where: Any, order: Any) -> Subquery:
    """The rows with their 1-based place in `order` (rn), for grouping or thinning in SQL."""
    return select(*columns, func.row_number().over(order_by=order).label("rn")) \
        .select_from(table).where(*where).subquery()


def _win_rate(player_id: int, games: int) -> tuple[WinRateGroup, ...]:
    """The player's finished games, oldest first, in at most WIN_RATE_BARS groups."""
    size = -(-games // WIN_RATE_BARS)
    numbered = _numbered([SEATS.c.result], PUBLIC_SEATS, SEATS_DONE, SEATS.c.game_id)
    start = (numbered.c.rn - 1) - (numbered.c.rn - 1) % size
    won = func.sum(case((numbered.c.result == GameResult.WON, 1), else_=0))
    rows: list[Any] = list(db.session.execute(
        select(start, func.count(), won).group_by(start).order_by(start), {"player_id": player_id}))
    return tuple(WinRateGroup(int(first) + 1, int(first) + int(count), int(won or 0))
                 for first, count, won in rows)


def _rating_points(player_id: int, games: int) -> tuple[RatingPoint, ...]:
    """The rating after each rated game, thinned to about MAX_POINTS in SQL (the last kept).
    A private table's game names no point (one rated before such games were left unrated)."""
    step = max(1, -(-games // MAX_POINTS))
    numbered = _numbered([RATED.c.game_id, RATED.c.mu_after, RATED.c.sigma_after,
                          func.count().over().label("n")],
                         RATED.join(GAMES, GAMES.c.id == RATED.c.game_id),
                         [RATED.c.player_id == bindparam("player_id"), GAMES.c.private.is_(false())],
                         RATED.c.id)
    keep = ((numbered.c.rn - 1) % step == 0) | (numbered.c.rn == numbered.c.n)
    rows: list[Any] = list(db.session.execute(
        select(numbered.c.game_id, numbered.c.mu_after, numbered.c.sigma_after)
        .where(keep).order_by(numbered.c.rn), {"player_id": player_id}))
    return tuple(RatingPoint(game_id, shown_value(Skill(mu, sigma).ordinal))
                 for game_id, mu, sigma in rows)

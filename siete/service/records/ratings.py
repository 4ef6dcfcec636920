"""Skill ratings: OpenSkill's Plackett-Luce model over each finished game's final places.

A game is rated in the transaction that records its finish (recording.record_finish), so a
finished game and its ratings are stored together or not at all. Humans and bots share one
scale. Which games and seats are rated, and at which place, is rating_rules' to say, for both
paths: `flask ratings rebuild` recomputes everything from the history in the order the games
were first rated, with the same rules and rounding exactly as the live path does, so it
arrives at the same values.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, delete, func, insert, select

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer, GameStateRow
from siete.data.people import Player
from siete.data.player_stats import GameRating, PlayerRating
from siete.data.report_tables import ReportPlayerTotals
from siete.data.vocabulary import GameMode, GameStatus, PlayerKind
from siete.service.records.bulk_rows import BulkWriter
from siete.service.records.rating_rules import (
    ShownRating,
    move_counts,
    not_a_guest,
    rated_games_clause,
    rated_places,
    seat_facts,
    shown,
)
from siete.service.reports.aggregates import lock_finishes
from siete.service.unit_of_work import unit_of_work

if TYPE_CHECKING:  # imported when first used, in model()
    from openskill.models import PlackettLuce

DIGITS = 6  # the columns' scale (DECIMAL(9,6)): every value is rounded to it before use
RATINGS, GAME_RATINGS, SEATS = PlayerRating.__table__, GameRating.__table__, GamePlayer.__table__


@cache
def model() -> PlackettLuce:
    """The Plackett-Luce model with OpenSkill's defaults (mu 25, sigma 25/3)."""
    # Imported on first use (the model is cached): OpenSkill pulls in its whole model family.
    from openskill.models import PlackettLuce

    return PlackettLuce()


@dataclass(frozen=True)
class Skill:
    """A rating as stored: mean and uncertainty; ordinal = mu - 3 sigma is what people see."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return round(self.mu - 3 * self.sigma, DIGITS)


def initial_skill() -> Skill:
    m = model()
    return Skill(round(m.mu, DIGITS), round(m.sigma, DIGITS))


def rate_places(places: list[tuple[int, int]], current: dict[int, Skill]) -> dict[int, Skill]:
    """New skills after one game: places is [(player_id, final place)], 1 the winner."""
    m, start = model(), initial_skill()  # the start once: making it builds a model's rating
    ids = [pid for pid, _ in places]
    teams = [[m.rating(mu=skill.mu, sigma=skill.sigma)]
             for skill in (current.get(pid, start) for pid in ids)]
    rated = m.rate(teams, ranks=[place for _, place in places])
    return {pid: Skill(round(team[0].mu, DIGITS), round(team[0].sigma, DIGITS))
            for pid, team in zip(ids, rated)}


PLAYERS = Player.__table__
# A finished game's seats as rating_rules reads them: player, seat index, final place, kind.
SEAT_ROWS = (select(SEATS.c.player_id, SEATS.c.join_order, SEATS.c.final_position, PLAYERS.c.kind)
             .join(PLAYERS, PLAYERS.c.id == SEATS.c.player_id)
             .where(SEATS.c.game_id == bindparam("game_id"), SEATS.c.final_position.is_not(None)))


def rate_game(game_id: int, by: str, counts: Mapping[int, tuple[int, int | None]]) -> bool:
    """Rate a game just recorded as finished, inside the caller's transaction (once per game).

    `counts` is each seat's (moves, own_moves) from the final state; False if the rules leave
    the game unrated (aborted: nobody moved). The caller has checked the table is rated at all.
    """
    connection = db.session.connection()
    places = rated_places(seat_facts(connection.execute(SEAT_ROWS, {"game_id": game_id}).all(),
                                     counts))
    if not places:
        return False
    ids = sorted(pid for pid, _ in places)
    # Bots sit at many tables: two games finishing at once must rate one after the other.
    # Not by locking the players' rows: every hand recorded holds shared locks on them (its
    # foreign keys), and waiting for those while holding the finish lock deadlocked.
    lock_finishes(by)
    if connection.execute(select(GAME_RATINGS.c.id).where(GAME_RATINGS.c.game_id == game_id)
                          .limit(1)).first() is not None:
        return True  # already rated
    current = {row.player_id: Skill(row.mu, row.sigma) for row in connection.execute(
        select(RATINGS.c.player_id, RATINGS.c.mu, RATINGS.c.sigma)
        .where(RATINGS.c.player_id.in_(ids)))}
    after = rate_places(places, current)
    _store(game_id, places, current, after, by)
    return True


def rate_games(games: list[tuple[int, list[tuple[int, int]]]], by: str) -> None:
    """Rate a batch of games just stored, in the given order, inside the caller's transaction.

    `games` is [(game_id, [(player_id, place)] by place)], new games no one has rated. Each
    game is rated on the ratings the previous one left, as rate_game would one by one, but in
    memory: the players' rows are locked and read once and the rows written once per batch
    (the simulator's bulk path; a game at a time cost it more than storing the game itself).
    Its games seat bots alone, for whom rating_rules' places are the final places.
    """
    games = [(game_id, places) for game_id, places in games if len(places) >= 2]
    if not games:
        return
    connection = db.session.connection()
    ids = sorted({pid for _, places in games for pid, _ in places})
    players = Player.__table__  # locked as rate_game locks them, in id order
    connection.execute(select(players.c.id).where(players.c.id.in_(ids))
                       .order_by(players.c.id).with_for_update())
    current = {row.player_id: Skill(row.mu, row.sigma) for row in connection.execute(
        select(RATINGS.c.player_id, RATINGS.c.mu, RATINGS.c.sigma)
        .where(RATINGS.c.player_id.in_(ids)))}
    rated_before, start, now = set(current), initial_skill(), utcnow()
    rows: list[dict[str, object]] = []
    played: Counter[int] = Counter()
    for game_id, places in games:
        after = rate_places(places, current)
        rows += [{"game_id": game_id, "player_id": pid, "place": place,
                  "mu_before": current.get(pid, start).mu,
                  "sigma_before": current.get(pid, start).sigma,
                  "mu_after": after[pid].mu, "sigma_after": after[pid].sigma,
                  "created_by": by, "updated_by": by, "created_at": now, "updated_at": now}
                 for pid, place in places]
        current.update(after)
        played.update(pid for pid, _ in places)
    BulkWriter(connection).insert_values(GAME_RATINGS, rows)  # in rating order: ids keep it
    _write_ratings(current, played, rated_before, by)


def _write_ratings(current: dict[int, Skill], played: Counter[int], rated_before: set[int],
                   by: str) -> None:
    """Store the players' ratings after a batch: `played[pid]` more games for each."""
    connection = db.session.connection()
    new = [pid for pid in played if pid not in rated_before]
    if new:
        connection.execute(insert(RATINGS), [
            {"player_id": pid, "mu": current[pid].mu, "sigma": current[pid].sigma,
             "ordinal": current[pid].ordinal, "games": played[pid], "created_by": by,
             "updated_by": by} for pid in new])
    old = [pid for pid in played if pid in rated_before]
    if old:
        connection.execute(
            RATINGS.update().where(RATINGS.c.player_id == bindparam("pid")).values(
                mu=bindparam("new_mu"), sigma=bindparam("new_sigma"),
                ordinal=bindparam("new_ordinal"), games=RATINGS.c.games + bindparam("more"),
                updated_by=by, updated_at=utcnow()),
            [{"pid": pid, "new_mu": current[pid].mu, "new_sigma": current[pid].sigma,
              "new_ordinal": current[pid].ordinal, "more": played[pid]} for pid in old])


def _store(game_id: int, places: list[tuple[int, int]], before: dict[int, Skill],
           after: dict[int, Skill], by: str) -> None:
    """Write one game's rating rows and its players' new ratings."""
    connection, now, start = db.session.connection(), utcnow(), initial_skill()
    connection.execute(insert(GAME_RATINGS), [
        {"game_id": game_id, "player_id": pid, "place": place,
         "mu_before": before.get(pid, start).mu, "sigma_before": before.get(pid, start).sigma,
         "mu_after": after[pid].mu, "sigma_after": after[pid].sigma,
         "created_by": by, "updated_by": by} for pid, place in places])
    new = [pid for pid, _ in places if pid not in before]
    if new:
        connection.execute(insert(RATINGS), [
            {"player_id": pid, "mu": after[pid].mu, "sigma": after[pid].sigma,
             "ordinal": after[pid].ordinal, "games": 1, "created_by": by, "updated_by": by}
            for pid in new])
    old = [pid for pid, _ in places if pid in before]
    if old:
        connection.execute(
            RATINGS.update().where(RATINGS.c.player_id == bindparam("pid")).values(
                mu=bindparam("new_mu"), sigma=bindparam("new_sigma"),
                ordinal=bindparam("new_ordinal"), games=RATINGS.c.games + 1,
                updated_by=by, updated_at=now),
            [{"pid": pid, "new_mu": after[pid].mu, "new_sigma": after[pid].sigma,
              "new_ordinal": after[pid].ordinal} for pid in old])


def games_in_rating_order() -> list[int]:
    """Finished games in the order they were rated (then any unrated, by end time and id);
    casual tables (practice, private: rating_rules.is_rated) are never rated."""
    first_rated = (select(GAME_RATINGS.c.game_id, func.min(GAME_RATINGS.c.id).label("seq"))
                   .group_by(GAME_RATINGS.c.game_id).subquery())
    games = Game.__table__
    query = (select(games.c.id).outerjoin(first_rated, first_rated.c.game_id == games.c.id)
             .where(games.c.status == GameStatus.FINISHED, rated_games_clause())
             .order_by(first_rated.c.seq.is_(None), first_rated.c.seq, games.c.ended_at, games.c.id))
    return list(db.session.execute(query).scalars())


def _history_places() -> dict[int, list[tuple[int, int]]]:
    """Every finished game's places as rating_rules rates them: {game id: [(player, place)]}.

    A game that seats a person (mode other than 'bots') needs its moves counted: they are read
    from its final state (game_states), as the finish read them from the state in memory.
    """
    rows: dict[int, list[tuple[int, int, int, str]]] = {}
    for seat in db.session.execute(
            select(SEATS.c.game_id, SEATS.c.player_id, SEATS.c.join_order, SEATS.c.final_position,
                   PLAYERS.c.kind).join(PLAYERS, PLAYERS.c.id == SEATS.c.player_id)
            .where(SEATS.c.result.is_not(None), SEATS.c.final_position.is_not(None))):
        rows.setdefault(seat[0], []).append(tuple(seat[1:]))
    states, games = GameStateRow.__table__, Game.__table__
    counts = {gid: move_counts(str(state)) for gid, state in db.session.execute(
        select(states.c.game_id, states.c.state).join(games, games.c.id == states.c.game_id)
        .where(games.c.status == GameStatus.FINISHED, games.c.mode != GameMode.BOTS))}
    return {gid: rated_places(seat_facts(seats, counts.get(gid, {})))
            for gid, seats in rows.items()}


def rebuild_ratings(by: str = "ratings rebuild") -> int:
    """Recompute every rating from the finished games; returns how many games were rated."""
    with unit_of_work():
        # Lock every player as rate_game does (by id): a game finishing meanwhile waits, so
        # it is neither lost by the DELETEs below nor rated twice.
        players = Player.__table__
        db.session.execute(select(players.c.id).order_by(players.c.id).with_for_update())
        order = games_in_rating_order()
        places = _history_places()
        db.session.execute(delete(GAME_RATINGS))
        db.session.execute(delete(RATINGS))
        current: dict[int, Skill] = {}
        rated = 0
        for game_id in order:
            seats = places.get(game_id, [])
            if not seats:
                continue
            after = rate_places(seats, current)
            _store(game_id, seats, current, after, by)
            current.update(after)
            rated += 1
    return rated


# The rankings' choice of who is listed: everyone, people alone or bots alone.
KINDS = {"all": None, "people": PlayerKind.HUMAN, "bots": PlayerKind.BOT}


def leaderboard(limit: int = 50, offset: int = 0, who: str = "all") -> list[dict[str, Any]]:
    """Rated players, best first: name, kind, bot profile, rating (ordinal), mu, sigma, games
    (rated), `played` and `won` (finished public games, rated or not: the reports' per-player
    totals, one row by key each) and `shown`, the rating as people read it
    (rating_rules.shown); `who` is one of KINDS."""
    players, totals = Player.__table__, ReportPlayerTotals.__table__
    query = (select(players.c.name, players.c.kind, players.c.profile, RATINGS.c.ordinal,
                    RATINGS.c.mu, RATINGS.c.sigma, RATINGS.c.games,
                    func.coalesce(totals.c.games, 0).label("played"),
                    func.coalesce(totals.c.won, 0).label("won"))
             .join(players, players.c.id == RATINGS.c.player_id)
             .outerjoin(totals, totals.c.player_id == RATINGS.c.player_id).where(not_a_guest()))
    if KINDS.get(who) is not None:
        query = query.where(players.c.kind == KINDS[who])
    rows = db.session.execute(query.order_by(RATINGS.c.ordinal.desc(), players.c.name)
                              .limit(limit).offset(offset))
    return [{**row._mapping, "shown": shown(row.ordinal, row.games)} for row in rows]


def rated_players(who: str = "all") -> int:
    players = Player.__table__
    query = (select(func.count()).select_from(RATINGS)
             .join(players, players.c.id == RATINGS.c.player_id).where(not_a_guest()))
    if KINDS.get(who) is not None:
        query = query.where(players.c.kind == KINDS[who])
    return db.session.scalar(query) or 0


def ratings_of(player_ids: set[int]) -> dict[int, ShownRating]:
    """The current ratings of these players as shown, in one query; the unrated are left out."""
    if not player_ids:
        return {}
    rows = db.session.execute(select(RATINGS.c.player_id, RATINGS.c.ordinal, RATINGS.c.games)
                              .join(Player.__table__, Player.__table__.c.id == RATINGS.c.player_id)
                              .where(RATINGS.c.player_id.in_(sorted(player_ids)), not_a_guest()))
    return {row[0]: shown(row[1], row[2]) for row in rows}

"""Per-player tallies a profile reads instead of the player's whole history: first cards and
nemeses. Added to when a game's finish is recorded (ratings.rate_game, under its lock on the
players' rows); `flask ratings rebuild` recomputes them from the finished games."""
from __future__ import annotations

from sqlalchemy import and_, bindparam, delete, func, insert, literal, select, update

from siete.db import db
from siete.models.games import GamePlayer, Turn
from siete.models.ratings import PlayerFirstCard, PlayerNemesis
from siete.models.vocabulary import SeatResult

FIRST, NEMESES = PlayerFirstCard.__table__, PlayerNemesis.__table__
SEATS, TURNS = GamePlayer.__table__, Turn.__table__
LOSERS, WINNERS = SEATS.alias("loser"), SEATS.alias("winner")


def _first_cards_of(game_filter):
    """(player, card, times) of the turns of the games `game_filter` keeps (a seat condition)."""
    return (select(SEATS.c.player_id, TURNS.c.first_card_id, func.count())
            .select_from(TURNS).join(SEATS, SEATS.c.id == TURNS.c.game_player_id)
            .where(game_filter).group_by(SEATS.c.player_id, TURNS.c.first_card_id))


def _nemeses_of(game_filter):
    """(loser, winner, games) of the games `game_filter` keeps (a condition on the loser's seat)."""
    return (select(LOSERS.c.player_id, WINNERS.c.player_id, func.count())
            .select_from(LOSERS)
            .join(WINNERS, and_(WINNERS.c.game_id == LOSERS.c.game_id, WINNERS.c.result == SeatResult.WON))
            .where(game_filter, LOSERS.c.result == SeatResult.LOST)
            .group_by(LOSERS.c.player_id, WINNERS.c.player_id))


def tally_game(game_id: int, by: str) -> None:
    """Add one finished game to its players' first-card and nemesis tallies."""
    tally_games([game_id], by)


def tally_games(game_ids: list[int], by: str) -> None:
    """Add finished games to the tallies: one grouped query and one write per table for all.

    The counts are sums, so adding a batch at once gives what adding its games one by one
    does (the simulator's bulk path relies on it).
    """
    if not game_ids:
        return
    connection = db.session.connection()
    cards = connection.execute(_first_cards_of(SEATS.c.game_id.in_(game_ids))).all()
    _add(FIRST, "card_id", "times", cards, by)
    nemeses = connection.execute(_nemeses_of(LOSERS.c.game_id.in_(game_ids))).all()
    _add(NEMESES, "winner_id", "games", nemeses, by)


def _add(table, other: str, count: str, rows: list, by: str) -> None:
    """Add each (player, other, n) to the table: UPDATE the pairs it has, INSERT the others."""
    if not rows:
        return
    connection = db.session.connection()
    players = {row[0] for row in rows}
    known = {tuple(row) for row in connection.execute(
        select(table.c.player_id, table.c[other]).where(table.c.player_id.in_(players)))}
    new = [row for row in rows if (row[0], row[1]) not in known]
    old = [row for row in rows if (row[0], row[1]) in known]
    if new:
        connection.execute(insert(table), [
            {"player_id": p, other: o, count: n, "created_by": by, "updated_by": by}
            for p, o, n in new])
    if old:
        connection.execute(
            update(table).where(table.c.player_id == bindparam("p"), table.c[other] == bindparam("o"))
            .values({count: table.c[count] + bindparam("n"), "updated_by": by}),
            [{"p": p, "o": o, "n": n} for p, o, n in old])


def rebuild_tallies(by: str) -> None:
    """Recompute both tallies from every finished game (a seat with a result), in SQL."""
    connection = db.session.connection()
    connection.execute(delete(FIRST))
    connection.execute(delete(NEMESES))
    stamp = (literal(by).label("created_by"), literal(by).label("updated_by"))
    cards = _first_cards_of(SEATS.c.result.is_not(None)).add_columns(*stamp)
    connection.execute(insert(FIRST).from_select(
        ["player_id", "card_id", "times", "created_by", "updated_by"], cards))
    nemeses = _nemeses_of(LOSERS.c.result.is_not(None)).add_columns(*stamp)
    connection.execute(insert(NEMESES).from_select(
        ["player_id", "winner_id", "games", "created_by", "updated_by"], nemeses))

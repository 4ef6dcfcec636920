"""Per-player tallies a profile reads instead of the player's whole history: first cards and
nemeses. Added to when a game's finish is recorded (ratings.rate_game, under its lock on the
players' rows); `flask ratings rebuild` recomputes them from the finished games."""
from __future__ import annotations

from sqlalchemy import ColumnElement, Insert, Table, and_, delete, func, insert, literal, select
from sqlalchemy.dialects.mysql import insert as mysql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from siete.data.base import AnySelect, db
from siete.data.games import GamePlayer, Turn
from siete.data.player_stats import PlayerFirstCard, PlayerNemesis
from siete.engine.codes import GameResult

FIRST, NEMESES = PlayerFirstCard.__table__, PlayerNemesis.__table__
SEATS, TURNS = GamePlayer.__table__, Turn.__table__
LOSERS, WINNERS = SEATS.alias("loser"), SEATS.alias("winner")


def _first_cards_of(game_filter: ColumnElement[bool]) -> AnySelect:
    """(player, card, times) of the turns of the games `game_filter` keeps (a seat condition)."""
    return (select(SEATS.c.player_id, TURNS.c.first_card_id, func.count())
            .select_from(TURNS).join(SEATS, SEATS.c.id == TURNS.c.game_player_id)
            .where(game_filter).group_by(SEATS.c.player_id, TURNS.c.first_card_id))


def _nemeses_of(game_filter: ColumnElement[bool]) -> AnySelect:
    """(loser, winner, games) of the games `game_filter` keeps (a condition on the loser's seat)."""
    return (select(LOSERS.c.player_id, WINNERS.c.player_id, func.count())
            .select_from(LOSERS)
            .join(WINNERS, and_(WINNERS.c.game_id == LOSERS.c.game_id, WINNERS.c.result == GameResult.WON))
            .where(game_filter, LOSERS.c.result == GameResult.LOST)
            .group_by(LOSERS.c.player_id, WINNERS.c.player_id))


def tally_game(game_id: int, by: str) -> None:
    """Add one finished game to its players' first-card and nemesis tallies."""
    tally_games([game_id], by)


def tally_games(game_ids: list[int], by: str) -> None:
    """Add finished games to the tallies: one grouped upsert per table for all of them.

    The counts are sums, so adding a batch at once gives what adding its games one by one
    does (the simulator's bulk path relies on it). The database adds them up in place: reading
    the pairs known, inserting the new ones and updating the others one by one would take ~40
    statements, the bulk of a finish's CPU under load.
    """
    if not game_ids:
        return
    connection = db.session.connection()
    cards = _first_cards_of(SEATS.c.game_id.in_(game_ids))
    connection.execute(_upsert(FIRST, "card_id", "times", cards, by, connection.dialect.name))
    nemeses = _nemeses_of(LOSERS.c.game_id.in_(game_ids))
    connection.execute(_upsert(NEMESES, "winner_id", "games", nemeses, by, connection.dialect.name))


def _upsert(table: Table, other: str, count: str, counts: AnySelect, by: str,
            dialect: str) -> Insert:
    """INSERT the (player, other, n) rows `counts` selects; a pair already there gets n added."""
    stamp = (literal(by).label("created_by"), literal(by).label("updated_by"))
    columns = ["player_id", other, count, "created_by", "updated_by"]
    if dialect == "sqlite":
        # SQLite reads "ON CONFLICT" after a join as part of the SELECT unless it has a WHERE
        # (it does: the games' filter), the documented way to make the upsert unambiguous.
        on_sqlite = sqlite_insert(table).from_select(columns, counts.add_columns(*stamp))
        return on_sqlite.on_conflict_do_update(
            index_elements=["player_id", other],
            set_={count: table.c[count] + on_sqlite.excluded[count], "updated_by": by})
    on_mysql = mysql_insert(table).from_select(columns, counts.add_columns(*stamp))
    return on_mysql.on_duplicate_key_update(
        {count: table.c[count] + on_mysql.inserted[count], "updated_by": by})


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

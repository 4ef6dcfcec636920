"""Play now: one click seats a person where a game starts soonest.

That is the public waiting table with people at it that is closest to full (fewest free seats,
then the oldest) and that will start: one with a countdown, or one whose creator, who alone may
start it, is at the table now; if there is none, a new short table (PLAY_NOW_HANDS), which
starts by itself after PLAY_NOW_COUNTDOWN_S with bots in the seats nobody took (the worker starts
it: start_when_due). The countdown is stored (games.autostart_at), so every page shows the same one.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import ColumnElement, case, exists, func, or_, select
from sqlalchemy.orm import aliased

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer
from siete.data.people import Player
from siete.data.vocabulary import GameStatus, PlayerKind
from siete.service.errors import Conflict, NotAllowed, TableError
from siete.service.social.presence import PRESENCE_WINDOW
from siete.service.tables.lobby_actions import TableSpec, create_table, join_table, start_table
from siete.settings import ServiceSettings

PLAY_NOW_COUNTDOWN_S = 10  # long enough for someone in the lobby to join, short for the one waiting
PLAY_NOW_SEATS = 4  # the new-table form's usual four seats
# Play now is most people's first game (a guest's always): the form's usual fifteen hands took a
# newcomer a quarter of an hour, five end in a few minutes and still pass the bank around.
# RULES.md R2.3 lets a table choose fewer hands than Num_Max_Rounds; the turn timer stays the
# site's usual one (settings.turn_seconds), since a newcomer needs time to read the table.
PLAY_NOW_HANDS = 5
CANDIDATES = 5  # tables tried in turn when the first fills up between the look and the join


def waiting_table_of(player: Player) -> int | None:
    """The waiting table this player already sits at (Play now twice is one seat), if any."""
    return db.session.scalar(
        select(Game.id).join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(GamePlayer.player_id == player.id, Game.status == GameStatus.WAITING)
        .order_by(Game.id).limit(1))


def _will_start(now: datetime) -> ColumnElement[bool]:
    """A countdown starts the table, or its creator is here to press Start (seen within the
    presence window, or the table is that new): a newcomer is never seated at a table whose
    creator has gone, waiting for nothing (the worker hands such a table over only minutes later,
    siete.service.tables.absent_creators)."""
    seat, person = aliased(GamePlayer), aliased(Player)
    creator_here = exists().where(
        seat.game_id == Game.id, seat.player_id == person.id, person.user_id == Game.creator_user_id,
        func.coalesce(seat.last_seen_at, Game.created_at) > now - PRESENCE_WINDOW)
    return or_(Game.autostart_at.is_not(None), creator_here.correlate(Game))


def tables_to_join(now: datetime | None = None, max_hands: int | None = None) -> list[int]:
    """Public waiting tables with a free seat and a person at them that will start (_will_start;
    not a rematch, whose seats are kept for the invited), closest to full first; of at most
    `max_hands` hands when given."""
    free = Game.num_players - func.count(GamePlayer.id)
    people = func.sum(case((Player.kind == PlayerKind.HUMAN, 1), else_=0))
    query = (select(Game.id).join(GamePlayer, GamePlayer.game_id == Game.id)
             .join(Player, Player.id == GamePlayer.player_id)
             .where(Game.status == GameStatus.WAITING, Game.private.is_(False),
                    Game.rematch_of.is_(None), Game.creator_user_id.is_not(None),
                    _will_start(now or utcnow()))
             .group_by(Game.id, Game.num_players)
             .having((free > 0) & (people > 0))
             .order_by(free, Game.id).limit(CANDIDATES))
    if max_hands is not None:
        query = query.where(Game.max_hands <= max_hands)
    return list(db.session.scalars(query))


def play_now(settings: ServiceSettings, player: Player) -> int:
    """Seat the player where a game starts soonest (see the module); the table's id. A guest
    is seated only at a short table: the lobby promised a newcomer a game of a few minutes."""
    already = waiting_table_of(player)
    if already is not None:
        return already
    guest = player.user is not None and player.user.guest
    for game_id in tables_to_join(max_hands=PLAY_NOW_HANDS if guest else None):
        try:
            join_table(game_id, player, rematch_seconds=settings.rematch_seconds)
        except (Conflict, NotAllowed):  # it filled, started or closed since: the next one
            continue
        return game_id
    config = settings.game
    spec = TableSpec(name="", seats=min(PLAY_NOW_SEATS, config.max_players),
                     max_hands=min(PLAY_NOW_HANDS, config.max_hands),
                     turn_seconds=settings.turn_seconds, starts_in_s=PLAY_NOW_COUNTDOWN_S)
    return create_table(player, spec, config, max_open=settings.max_open_tables).id


def start_when_due(settings: ServiceSettings, game_id: int, now: datetime) -> bool:
    """Start a Play now table whose countdown ran out, bots in its free seats; True if it did
    (False: it started, closed or is not due, which the table's lock decides)."""
    try:
        start_table(settings, game_id, None, fill_with_bots=True, due_at=now)
    except TableError:
        return False
    return True

"""Rematch: "Play again" at a finished game opens the next table with its people invited,
or, when one of them has opened it already, takes a seat there; each of them sees the offer on
the finished table (`rematch_offer`) until they sit down, say no, or the time runs out."""
from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer
from siete.data.invites import GameInvite
from siete.data.people import Player
from siete.data.vocabulary import OPEN_STATUSES, GameStatus
from siete.service.errors import Conflict, NotAllowed, Problem
from siete.service.tables.lobby_actions import TableSpec, create_table, join_table
from siete.service.tables.rematch_invites import (
    WAITING,
    invite_players,
    invite_state,
    pending_invite_count,
    seconds_left,
)
from siete.service.tables.table_locks import locked_table
from siete.settings import ServiceSettings


@dataclass(frozen=True)
class RematchOffer:
    """The rematch of a finished game as one of its players sees it.

    `answer`: "seated" (they sit at it), "waiting" (they may join or say no, `seconds_left`),
    "declined", "no_answer" (the time ran out) or "open" (a player who was not asked, e.g.
    the one who watched: they may still take a free seat).
    """

    game_id: int
    by: str
    answer: str
    seconds_left: int | None
    free: int


def play_again(settings: ServiceSettings, game_id: int, player: Player, spec: TableSpec) -> int:
    """The rematch of the finished game `game_id` for `player`: its id, opened if need be.

    The old table is locked first, so two players who click at once get one rematch: the
    second takes a seat at the table the first opened. A new one copies the old table's
    privacy and invites every other person who played. A game not over yet is refused
    (verify_over).
    """
    with locked_table(game_id) as (old, _row):
        people = [gp.player for gp in old.players if gp.player.user_id is not None]
        if player.user_id is None or (old.creator_user_id != player.user_id
                                      and player.id not in {p.id for p in people}):
            raise NotAllowed(Problem.NOT_A_PLAYER)
        verify_over(old)
        existing = _open_rematch(game_id)
        if existing is not None:
            seated = any(gp.player_id == player.id for gp in existing.players)
            if not seated and existing.status == GameStatus.WAITING and \
                    len(existing.players) < existing.num_players:
                join_table(existing.id, player, rematch_seconds=settings.rematch_seconds)
            return existing.id
        game = create_table(player, replace(spec, private=old.private), settings.game,
                            max_open=settings.max_open_tables)
        game.rematch_of = game_id
        db.session.flush()
        invite_players(game, [p for p in people if p.id != player.id], player.name)
        return game.id


def verify_over(game: Game) -> None:
    """Refuse "Play again" at a table still waiting or being played: a rematch follows a game
    that has ended (a 409, Problem.GAME_NOT_OVER)."""
    if game.status in OPEN_STATUSES:
        raise Conflict(Problem.GAME_NOT_OVER)


def _open_rematch(game_id: int) -> Game | None:
    """The newest rematch of the game still waiting or being played."""
    return db.session.scalars(
        select(Game).where(Game.rematch_of == game_id, Game.status.in_(OPEN_STATUSES))
        .options(selectinload(Game.players).selectinload(GamePlayer.player))
        .order_by(Game.id.desc()).limit(1)).first()


def played_with_people(game_id: int, user_id: int) -> bool:
    """Whether the account played this game with at least one other person (a rematch to wait for)."""
    return db.session.scalar(
        select(GamePlayer.id).join(Player, Player.id == GamePlayer.player_id)
        .where(GamePlayer.game_id == game_id, Player.user_id.is_not(None), Player.user_id != user_id)
        .limit(1)) is not None


def rematch_offer(settings: ServiceSettings, game_id: int, user_id: int | None) -> RematchOffer | None:
    """What the finished game's page offers this player about its rematch (None: nothing yet)."""
    if user_id is None:
        return None
    rematch = _open_rematch(game_id)
    if rematch is None:
        return None
    seats = {gp.player_id: gp.player for gp in rematch.players}
    by = rematch.creator.username if rematch.creator is not None else ""
    free = rematch.num_players - len(seats)
    if any(p.user_id == user_id for p in seats.values()):
        return RematchOffer(rematch.id, by, "seated", None, free)
    if rematch.status != GameStatus.WAITING:
        return None
    invite = db.session.scalar(
        select(GameInvite).join(Player, Player.id == GameInvite.player_id)
        .where(GameInvite.game_id == rematch.id, Player.user_id == user_id))
    if invite is None:  # only a seat no invitee who can still answer needs (verify_seat_not_held)
        if rematch.private:
            return None
        kept = pending_invite_count(rematch, settings.rematch_seconds)
        return RematchOffer(rematch.id, by, "open", None, free - kept)
    now = utcnow()
    answer = invite_state(invite, set(seats), settings.rematch_seconds, now)
    left = seconds_left(invite, settings.rematch_seconds, now) if answer == WAITING else None
    return RematchOffer(rematch.id, by, answer, left, free)

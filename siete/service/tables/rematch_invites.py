"""A rematch's invites: who was asked back, what they answered, and whether the owner may
start yet. An invite waits `ServiceSettings.rematch_seconds` for an answer; the owner may fill
the free seats with bots once every invitee has sat down, said no, or let the time run out."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select

from siete.data.base import db, utcnow
from siete.data.games import Game
from siete.data.invites import GameInvite, InviteAnswer
from siete.data.people import Player
from siete.data.vocabulary import GameStatus
from siete.service.errors import Conflict, NotAllowed, Problem
from siete.service.tables.table_locks import locked_table

JOINED, WAITING, DECLINED, NO_ANSWER = "joined", "waiting", "declined", "no_answer"
# How long a finished table's page keeps looking for its rematch (its own small poll); the
# players may send reactions there this long too, then the table is closed to them.
REMATCH_WINDOW = timedelta(minutes=15)


@dataclass(frozen=True)
class InviteStatus:
    """One invited player as the table's owner sees them; `state` is one of the four above."""

    name: str
    state: str
    seconds_left: int | None


def invite_players(game: Game, players: list[Player], by: str) -> None:
    """Ask these players to the table (it has been flushed, so it has its id)."""
    for player in players:
        db.session.add(GameInvite(game_id=game.id, player_id=player.id, created_by=by, updated_by=by))


def invites_of(game_id: int) -> list[GameInvite]:
    return list(db.session.scalars(
        select(GameInvite).where(GameInvite.game_id == game_id).order_by(GameInvite.id)))


def seconds_left(invite: GameInvite, rematch_seconds: int, now: datetime) -> int:
    """How long the invite still waits for an answer (0: it has run out)."""
    ends = invite.created_at + timedelta(seconds=rematch_seconds)
    return max(0, int((ends - now).total_seconds() + 0.999))


def invite_state(invite: GameInvite, seated: set[int], rematch_seconds: int, now: datetime) -> str:
    if invite.player_id in seated:
        return JOINED
    if invite.answer == InviteAnswer.DECLINED:
        return DECLINED
    return WAITING if seconds_left(invite, rematch_seconds, now) > 0 else NO_ANSWER


def invite_statuses(game: Game, rematch_seconds: int) -> list[InviteStatus]:
    """Each invitee of the table and where their answer stands, for its owner."""
    if game.rematch_of is None:
        return []
    now, seated = utcnow(), {gp.player_id for gp in game.players}
    statuses = []
    for invite in invites_of(game.id):
        state = invite_state(invite, seated, rematch_seconds, now)
        left = seconds_left(invite, rematch_seconds, now) if state == WAITING else None
        statuses.append(InviteStatus(invite.player.name, state, left))
    return statuses


def pending_invite_count(game: Game, rematch_seconds: int) -> int:
    """How many of the table's invitees can still answer (0 at a table that is no rematch)."""
    return sum(status.state == WAITING for status in invite_statuses(game, rematch_seconds))


def verify_no_pending(game: Game, rematch_seconds: int) -> None:
    """Bots may not take the seats of invitees who can still answer (start_table asks)."""
    pending = [s for s in invite_statuses(game, rematch_seconds) if s.state == WAITING]
    if pending:
        raise Conflict(Problem.INVITES_PENDING, names=", ".join(s.name for s in pending),
                       seconds=max(s.seconds_left or 0 for s in pending))


def verify_seat_not_held(game: Game, player_id: int, rematch_seconds: int) -> None:
    """A rematch keeps a seat for each invitee who can still answer: anyone else (a stranger
    from the lobby, a spectator of the old game) takes a free seat only if one is left over."""
    if game.rematch_of is None:
        return
    now, seated = utcnow(), {gp.player_id for gp in game.players}
    waiting = [invite for invite in invites_of(game.id) if invite.player_id != player_id
               and invite_state(invite, seated, rematch_seconds, now) == WAITING]
    if waiting and game.num_players - len(game.players) <= len(waiting):
        raise Conflict(Problem.SEATS_HELD, names=", ".join(i.player.name for i in waiting),
                       seconds=max(seconds_left(i, rematch_seconds, now) for i in waiting))


def decline(game_id: int, player: Player) -> None:
    """The invitee says no: the owner need not wait for them."""
    with locked_table(game_id) as (game, _row):
        invite = db.session.scalar(select(GameInvite).where(
            GameInvite.game_id == game_id, GameInvite.player_id == player.id))
        if invite is None:
            raise NotAllowed(Problem.NOT_INVITED)
        if game.status != GameStatus.WAITING:
            raise Conflict(Problem.ALREADY_STARTED)
        if any(gp.player_id == player.id for gp in game.players):
            raise Conflict(Problem.ALREADY_SEATED)
        invite.answer, invite.updated_by = InviteAnswer.DECLINED, player.name

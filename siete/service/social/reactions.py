"""Quick reactions: a seated player sends one of a fixed set (siete.engine.reaction_kinds.Reaction)
to the table, at most one every REACTION_GAP and REACTIONS_PER_MINUTE a minute, while the game
is played and for REACTIONS_AFTER_END after it finished (the rematch's time: the finished
table's page looks for it that long); then the table takes none, and the worker deletes its
reactions (prune_reactions), which nothing reads any more.

Not game events: the state, its version and the game's record stay as they are (the replay
and the exports read only those); the seat's reactions_sent count tells the table's polls.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from siete.data.game_rows import game_exists
from siete.data.reaction_rows import (
    SentReaction,
    add_reaction,
    delete_reactions_closed_before,
    lock_sender_seat,
    newest_reactions,
    recent_of_player,
)
from siete.data.vocabulary import GameStatus
from siete.engine.reaction_kinds import Reaction
from siete.service.errors import Conflict, NotAllowed, Problem, RuleBroken, TableNotFound, TooMany
from siete.service.tables.rematch_invites import REMATCH_WINDOW
from siete.service.unit_of_work import unit_of_work

REACTION_GAP = timedelta(seconds=3)
REACTIONS_PER_MINUTE = 10
MINUTE = timedelta(minutes=1)
REACTIONS_AFTER_END = REMATCH_WINDOW


def reaction_of(kind: str | None) -> Reaction:
    """The Reaction named `kind`, or RuleBroken: nothing outside the fixed set is ever stored."""
    try:
        return Reaction(kind or "")
    except ValueError:
        raise RuleBroken(Problem.UNKNOWN_REACTION) from None


def send_reaction(game_id: int, player_id: int, player_name: str, kind: str | None,
                  now: datetime) -> Reaction:
    """Store the player's reaction at the table; refused (nothing stored) for anyone not seated
    there (a spectator, a player who left), at a closed table (abandoned, or finished over
    REACTIONS_AFTER_END ago), or over the rate limit."""
    reaction = reaction_of(kind)
    with unit_of_work():
        seat = lock_sender_seat(game_id, player_id)  # concurrent sends are counted in turn
        if seat is None or seat.left_at is not None:
            if not game_exists(game_id):
                raise TableNotFound(Problem.NO_SUCH_TABLE)
            raise NotAllowed(Problem.SEATED_ONLY_REACT)
        if seat.game_status == GameStatus.ABANDONED:
            raise Conflict(Problem.NOT_PLAYED_NOW)
        if not reactions_open(seat.game_status, seat.game_ended_at, now):
            raise Conflict(Problem.REACTIONS_CLOSED, minutes=minutes_after_end())
        verify_rate(game_id, player_id, now)
        add_reaction(game_id, player_id, reaction.value, now, player_name)
    return reaction


def reactions_open(status: str, ended_at: datetime | None, now: datetime) -> bool:
    """Whether a table in this state takes reactions: waiting or playing, or finished under
    REACTIONS_AFTER_END ago (a finished game with no end time takes none)."""
    if status == GameStatus.ABANDONED:
        return False
    if status != GameStatus.FINISHED:
        return True
    return ended_at is not None and now - ended_at < REACTIONS_AFTER_END


def minutes_after_end() -> int:
    return int(REACTIONS_AFTER_END.total_seconds()) // 60


def prune_reactions(now: datetime) -> int:
    """Delete the reactions of every table closed over REACTIONS_AFTER_END ago (the worker's
    housekeeping): no page shows them and nothing may be added to them; how many went."""
    with unit_of_work():
        return delete_reactions_closed_before(now - REACTIONS_AFTER_END)


def verify_rate(game_id: int, player_id: int, now: datetime) -> None:
    """TooMany when the player's last reaction here is under REACTION_GAP old, or they sent
    REACTIONS_PER_MINUTE in the last minute."""
    count, latest = recent_of_player(game_id, player_id, now - MINUTE)
    if latest is not None and now - latest < REACTION_GAP:
        wait = REACTION_GAP - (now - latest)
        raise TooMany(Problem.REACTION_TOO_SOON, seconds=max(1, int(wait.total_seconds())))
    if count >= REACTIONS_PER_MINUTE:
        raise TooMany(Problem.REACTIONS_PER_MINUTE, count=count)


def table_reactions(game_id: int) -> list[SentReaction]:
    """The table's newest reactions, oldest first (its log shows them)."""
    return newest_reactions(game_id)

"""Presence at a table: who is here (asked anything of the table in the last PRESENCE_WINDOW),
and the marks a poll compares, all read in one statement.

A person's presence is game_players.last_seen_at, written at most every SEEN_EVERY by their own
requests to the table (polls included): a poll costs one query, and one small UPDATE a few
seconds apart per person. Presence and the reactions' count travel in the poll's `p` marker,
apart from the game's version: the version still moves one step per public move (SECURITY.md),
and neither presence nor reactions depend on any card.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from siete.data import lobby_marks
from siete.data.login_sessions import SessionClaim
from siete.data.reaction_rows import mark_seen, table_marks
from siete.data.seat_marks import SeatMark, TableMarks
from siete.service.unit_of_work import unit_of_work

PRESENCE_WINDOW = timedelta(seconds=10)  # seen this recently: here; longer ago: gone
# A person's last_seen_at is written at most this often: a write is a commit (a log flush on
# MariaDB) holding a worker, and at 3 s half of a player's polls (every 1.5 s) wrote; at 4 s a
# third do. Still well inside PRESENCE_WINDOW: seen at most 4 s + one poll (a hidden tab's 5 s,
# then every poll writes) ago.
SEEN_EVERY = timedelta(seconds=4)


def waiting_marker(status: str, player_ids: list[int]) -> str:
    """A short fingerprint of a table before it starts (its status and who sits, in join order)."""
    return f"w{status}-" + ".".join(str(player_id) for player_id in player_ids)


@dataclass(frozen=True)
class TablePulse:
    """What a poll compares, and what the seats show of presence: the game's status, version
    and deadline (None before the start), who is here (player names) and the reactions sent."""

    status: str
    version: int | None
    deadline: datetime | None
    seats: tuple[SeatMark, ...]
    here: frozenset[str]
    reactions: int
    private: bool = False  # a private table (#26): only who may see it gets its poll's 204
    invite_token: str | None = None

    @property
    def marker(self) -> str:
        """The game's marker: its version once started, else who sits (waiting_marker)."""
        if self.version is not None:
            return str(self.version)
        return waiting_marker(self.status, [seat.player_id for seat in self.seats])

    @property
    def live_marker(self) -> str:
        """Presence (a bit per seat in join order) and the reactions' count: what changes
        without a move. Letters, digits and '.' only: it needs no quoting in a query."""
        bits = sum(1 << seat.join_order for seat in self.seats if seat.player_name in self.here)
        return f"{bits}.{self.reactions}"


def is_here(seat: SeatMark, now: datetime) -> bool:
    """A person seen within PRESENCE_WINDOW (the viewer always is: they are asking now)."""
    if not seat.human:
        return False
    return seat.is_viewer or (seat.last_seen_at is not None and now - seat.last_seen_at <= PRESENCE_WINDOW)


def table_pulse(game_id: int, claim: SessionClaim | None, now: datetime,
                note_viewer: bool = True) -> TablePulse | None:
    """The table's pulse in one statement (None if there is no such table).

    With `note_viewer`, the viewer's seat (the account of the login session `claim` names) is
    marked seen if it was last written over SEEN_EVERY ago: one UPDATE a few seconds apart.
    """
    marks = table_marks(game_id, claim)
    if marks is None:
        return None
    if note_viewer:
        _note_viewer(game_id, marks, now)
    return pulse_of(marks, now)


def pulse_of(marks: TableMarks, now: datetime) -> TablePulse:
    here = frozenset(seat.player_name for seat in marks.seats if is_here(seat, now))
    return TablePulse(marks.status, marks.version, marks.deadline, marks.seats, here,
                      sum(seat.reactions_sent for seat in marks.seats), marks.private,
                      marks.invite_token)


def _note_viewer(game_id: int, marks: TableMarks, now: datetime) -> None:
    viewer = next((seat for seat in marks.seats if seat.is_viewer), None)
    if viewer is None or not needs_writing(viewer.last_seen_at, now):
        return
    with unit_of_work():
        mark_seen(game_id, viewer.player_id, now)


def note_mover_here(game_id: int, seats: tuple[SeatMark, ...], now: datetime) -> tuple[SeatMark, ...]:
    """A move's seats, the mover's (the viewer's) marked seen if it is due, in the move's own
    transaction: one UPDATE a few seconds apart and no commit of its own."""
    mover = next((seat for seat in seats if seat.is_viewer), None)
    if mover is None or not needs_writing(mover.last_seen_at, now):
        return seats
    mark_seen(game_id, mover.player_id, now)
    return tuple(replace(seat, last_seen_at=now) if seat is mover else seat for seat in seats)


def needs_writing(last_seen_at: datetime | None, now: datetime) -> bool:
    """Whether a seat's last_seen_at is old enough to be written again (the throttle)."""
    return last_seen_at is None or now - last_seen_at >= SEEN_EVERY or last_seen_at > now


def lobby_marker() -> str:
    """The lobby's marker (siete.data.lobby_marks): it changes whenever its lists would."""
    return lobby_marks.lobby_marker()

"""Presence at a table: who is here (asked anything of the table in the last PRESENCE_WINDOW),
and what a page watching the table compares, all read in one statement.

A person's presence is game_players.last_seen_at, written at most every SEEN_EVERY by their own
requests to the table (polls included): a poll costs one query, and one small UPDATE a few
seconds apart per person. Presence and the reactions' and chat's counts travel in the
page's pulse (`p`), apart from the game's version: the version still moves one step per public move (SECURITY.md),
and neither presence nor reactions depend on any card.

Two reads: the poll's (poll_summary: one row summing up the seats, no names, no account; the
page names its viewer's seat and the write checks it) and the whole TableWatch (watch_table:
names and the viewer, for a render and a private table). A move's answer reads neither: it shows the pulse the
mover's page sent (watch_of_move).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from siete.data.base import db, utcnow
from siete.data.game_rows import PlainGameRow, PlainStateRow
from siete.data.login_sessions import SessionClaim
from siete.data.presence_rows import (
    mark_seen,
    mark_seen_by_claim,
    read_poll_summary,
    read_started_watched,
    read_watch_row,
)
from siete.data.table_changes import note_changed
from siete.data.watched_seats import WatchedSeat, WatchRow
from siete.service.news.table_bus import SAID
from siete.service.unit_of_work import transactional_retried
from siete.settings import ServiceSettings

# Seen this recently: here; longer ago: gone. "About 10 s", a little over, so that a
# hidden tab's poll (every 5 s) that writes every other time keeps its seat here.
PRESENCE_WINDOW = timedelta(seconds=12)
# A person's last_seen_at is written at most this often. The write is a commit, and a commit
# waits for MariaDB's log flush while it holds a sync worker: 1-2 ms idle, 2-8 ms under
# bench/load.py's load, against 0.4 ms for the poll's read alone. At 4 s a third of a visible
# page's polls (every 1.5 s) committed and an unchanged poll took 1 ms more inside gunicorn (p50,
# 5.7 against 4.75 ms without the write); at 8 s one in six does. The oldest a seat gets before
# its next write: 8 s + one poll (a hidden tab's 5 s: 10 s), inside PRESENCE_WINDOW.
SEEN_EVERY = timedelta(seconds=8)


def waiting_version(status: str, player_ids: list[int], pending_invites: int = 0) -> str:
    """A short fingerprint of a table before it starts: its status, who sits (in join order)
    and, at a rematch, how many invitees can still answer (a no, or their time running out,
    changes what its page says and offers)."""
    seats = f"w{status}-" + ".".join(str(player_id) for player_id in player_ids)
    return f"{seats}-i{pending_invites}" if pending_invites else seats


def pulse_of_counts(here_bits: int, reactions: int, messages: int = 0) -> str:
    """Presence (a bit per seat here, by join order), the reactions' count and the chat's: what
    changes without a move. Letters, digits and '.' only: it needs no quoting in a query."""
    return f"{here_bits}.{reactions}.{messages}"


PULSE_PATTERN = re.compile(r"(\d{1,3})\.(\d{1,9})\.(\d{1,9})")  # at most 8 seats: bits below 256


def parse_pulse(text: str | None) -> tuple[int, int, int] | None:
    """(presence bits, reactions, messages) of a pulse a page sent back, or None if it is
    not one."""
    found = PULSE_PATTERN.fullmatch(text) if text and text.isascii() else None
    return None if found is None else (int(found[1]), int(found[2]), int(found[3]))


@dataclass(frozen=True)
class TableWatch:
    """A table as a page watching it reads it, what its poll compares and its seats show: the
    game's status, version and deadline (None before the start), who is here (player names,
    and as bits by join order), the reactions sent, and whether the viewer sits there."""

    status: str
    version: int | None
    deadline: datetime | None
    player_ids: tuple[int, ...]  # who sits, in join order
    here: frozenset[str]
    here_bits: int
    reactions: int
    viewer_seated: bool
    private: bool = False  # a private table: only who may see it gets its poll's 204
    invite_token: str | None = None
    messages: int = 0  # chat messages said at the table (siete.service.social.chat)
    pending_invites: int = 0  # a rematch's invitees who can still answer

    @property
    def page_version(self) -> str:
        """The version the page holds and sends back (`v`): the live version once the game
        started, else who sits and who may still answer (waiting_version)."""
        if self.version is not None:
            return str(self.version)
        return waiting_version(self.status, list(self.player_ids), self.pending_invites)

    @property
    def pulse(self) -> str:
        return pulse_of_counts(self.here_bits, self.reactions, self.messages)


@dataclass(frozen=True)
class PollSummary:
    """A started public table as its poll compares it, from poll_summary: its version (the
    page's too), deadline and pulse."""

    version: int
    deadline: datetime | None
    pulse: str

    @property
    def page_version(self) -> str:
        return str(self.version)


def is_here(seat: WatchedSeat, now: datetime) -> bool:
    """A person seen within PRESENCE_WINDOW (the viewer always is: they are asking now)."""
    if not seat.human:
        return False
    return seat.is_viewer or _seen_lately(seat.last_seen_at, now)


def _seen_lately(last_seen_at: datetime | None, now: datetime) -> bool:
    return last_seen_at is not None and now - last_seen_at <= PRESENCE_WINDOW


def watch_table(game_id: int, claim: SessionClaim | None, now: datetime, note_viewer: bool = True,
                rematch_seconds: int = ServiceSettings.rematch_seconds) -> TableWatch | None:
    """The table as its page watches it, in one statement (None if there is no such table).

    With `note_viewer`, the viewer's seat (the account of the login session `claim` names) is
    marked seen if it was last written over SEEN_EVERY ago: one UPDATE a few seconds apart.
    A rematch's invites wait `rematch_seconds` for an answer (the settings': the page's
    version counts the invitees who can still answer, as its render does).
    """
    row = read_watch_row(game_id, claim, now - timedelta(seconds=rematch_seconds))
    if row is None:
        return None
    if note_viewer:
        _note_viewer(game_id, row, now)
    return watch_of(row, now)


def watch_started_table(game_id: int, claim: SessionClaim | None, now: datetime
                        ) -> tuple[TableWatch, PlainGameRow, PlainStateRow] | None:
    """watch_table (noting the viewer) for a started table, with its game and state row read in
    the same statement; None where read_started_watched reads nothing (the caller reads apart)."""
    found = read_started_watched(game_id, claim)
    if found is None:
        return None
    row, game, live = found
    _note_viewer(game_id, row, now)
    return watch_of(row, now), game, live


def watch_of(row: WatchRow, now: datetime) -> TableWatch:
    """The watch of one read. A private table's chat is its players' (siete.service.social.chat):
    to anyone else who may see the table (its invite link's key, no seat) its count is 0, so
    their pulse never moves, nor their poll answers, when the players chat."""
    here = [seat for seat in row.seats if is_here(seat, now)]
    seated = any(seat.is_viewer for seat in row.seats)
    return TableWatch(row.status, row.version, row.deadline,
                      tuple(seat.player_id for seat in row.seats),
                      frozenset(seat.player_name for seat in here),
                      sum(1 << seat.join_order for seat in here),
                      sum(seat.reactions_sent for seat in row.seats),
                      seated, row.private, row.invite_token,
                      row.messages_sent if seated or not row.private else 0, row.pending_invites)


def watch_of_move(status: str, version: int, deadline: datetime | None, seat_names: list[str],
                  live: tuple[int, int, int]) -> TableWatch:
    """The watch a mover's page showed (its pulse, `live`) on the table the move left:
    the answer's presence and reactions with no read of the seats (the next poll corrects
    anything that changed since). Seats are in join order, so a bit names a seat's player."""
    bits, reactions, messages = live
    here = frozenset(name for order, name in enumerate(seat_names) if bits >> order & 1)
    return TableWatch(status, version, deadline, (), here, bits, reactions, True, messages=messages)


def poll_summary(game_id: int, seat: int | None, claim: SessionClaim | None,
                 now: datetime) -> PollSummary | None:
    """A poll's summary from POLL_ROW, one row; None for a table that is not a started public
    one (a waiting table's version names who sits, a private table's poll must
    know its viewer: watch_table reads both, and says when there is no such table).

    `seat` is the join order the poll's page names as its viewer's: it is marked seen when due
    (SEEN_EVERY), by a write that checks the seat is the claimed session's account's.
    """
    seen = read_poll_summary(game_id, seat, now - PRESENCE_WINDOW)
    if seen is None:
        return None
    bits = seen.here_bits
    if (seat is not None and seen.named_seat_exists and claim is not None
            and needs_writing(seen.named_seat_seen_at, now)
            and _mark_claimed_seat(game_id, seat, claim, now, _seen_lately(seen.named_seat_seen_at, now))):
        bits |= 1 << seat
    return PollSummary(seen.version, seen.deadline, pulse_of_counts(bits, seen.reactions, seen.messages))


# A presence write races the moves that lock the same seats (MariaDB may end it as a deadlock's
# victim, seen under bench/load.py --realistic): it is run again, not turned into a failed poll.
@transactional_retried
def _mark_claimed_seat(game_id: int, seat: int, claim: SessionClaim, now: datetime,
                       was_here: bool) -> bool:
    marked = mark_seen_by_claim(game_id, seat, claim, now)
    if marked and not was_here:  # an arrival: the other pages show them here
        note_changed(game_id)
    return marked


def _note_viewer(game_id: int, row: WatchRow, now: datetime) -> None:
    viewer = next((seat for seat in row.seats if seat.is_viewer), None)
    if viewer is None or not needs_writing(viewer.last_seen_at, now):
        return
    _mark_viewer(game_id, viewer.player_id, now, arrival=not _seen_lately(viewer.last_seen_at, now))


@transactional_retried  # as _mark_claimed_seat: a deadlock's victim is run again
def _mark_viewer(game_id: int, player_id: int, now: datetime, arrival: bool) -> None:
    mark_seen(game_id, player_id, now)
    if arrival:  # the other pages show them here
        note_changed(game_id)


def presence_beat(game_id: int, claim: SessionClaim | None, pulse: str) -> Callable[[], bool]:
    """What a seated viewer's stream does while nothing else happens: note them here (their
    page no longer polls), and say whether who is here changed since `pulse` (someone
    gone quiet: no write tells of a departure). The read is ended so no connection is held."""
    last = pulse

    def beat() -> bool:
        nonlocal last
        try:
            watch = watch_table(game_id, claim, utcnow())
        finally:
            end_read()
        if watch is None or watch.pulse == last:
            return watch is None
        last = watch.pulse
        return True
    return beat


def chat_news_for(game_id: int, claim: SessionClaim | None) -> Callable[[str], bool]:
    """Whether a news of a private table is one for its stream's page: every news, but the
    chat's (SAID) only when the viewer sits there (their pulse alone counts the chat: watch_of),
    read at each chat news (the viewer may have sat down since), the read ended."""
    def tells(news: str) -> bool:
        if news != SAID:
            return True
        try:
            watch = watch_table(game_id, claim, utcnow(), note_viewer=False)
        finally:
            end_read()
        return watch is not None and watch.viewer_seated
    return tells


def end_read() -> None:
    """Give the session's connection back (a stream holds the request open for minutes)."""
    db.session.close()


def needs_writing(last_seen_at: datetime | None, now: datetime) -> bool:
    """Whether a seat's last_seen_at is old enough to be written again (the throttle)."""
    return last_seen_at is None or now - last_seen_at >= SEEN_EVERY or last_seen_at > now

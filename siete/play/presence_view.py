"""Presence and quick reactions as the table templates show them (play/_presence.html,
play/_reactions.html): who is here, the reactions' bubbles on the seats and lines in the log,
whether the viewer may send one, and whether they muted them (a cookie, so it works without JS)."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cached_property

from flask import current_app, g, request

from siete.data.game_rows import GameRow, PlainGameRow, PlainStateRow
from siete.data.games import Game
from siete.data.vocabulary import GameStatus
from siete.engine.reaction_kinds import Reaction
from siete.engine.state import GameState
from siete.i18n.labels import word
from siete.i18n.reaction_words import REACTION_WORDS
from siete.service.records.recording import seats_by_join_order
from siete.service.social.presence import (
    TableWatch,
    parse_pulse,
    watch_of_move,
    watch_started_table,
    watch_table,
)
from siete.service.social.reactions import table_reactions
from siete.service.tables.turns import TableSnapshot
from siete.settings import service_settings
from siete.web.login import claimed_session

BUBBLE_FOR = timedelta(seconds=6)  # a reaction shows on its seat this long (and stays in the log)
MUTE_COOKIE = "siete_mute_reactions"
MUTE_KEY = "siete_reactions_muted"  # g: the mute this request has just set


@dataclass(frozen=True)
class ReactionLine:
    """One reaction in the table's log (and, while fresh, on its sender's seat)."""

    id: int
    name: str
    kind: str
    words: str
    fresh: bool


@dataclass(frozen=True)
class PresenceView:
    """What the seats show of presence and reactions, and what the viewer may do about them."""

    here: frozenset[str]
    pulse: str
    muted: bool
    can_react: bool
    lines: list[ReactionLine] = field(default_factory=list)
    react_url: str = ""
    mute_url: str = ""

    @property
    def choices(self) -> list[tuple[str, str]]:
        return [(kind.value, word(REACTION_WORDS, kind)) for kind in Reaction]

    @cached_property
    def bubbles(self) -> dict[str, ReactionLine]:
        """Each seat's newest fresh reaction, by the sender's name (found once per render)."""
        return {line.name: line for line in self.lines if line.fresh}


def reactions_muted() -> bool:
    """The viewer muted reactions (this request, or earlier: the cookie)."""
    return bool(g.get(MUTE_KEY, request.cookies.get(MUTE_COOKIE) == "1"))


def presence_view(game_id: int, watch: TableWatch | None, seated: bool, now: datetime,
                  table_url: str) -> PresenceView:
    """The table's presence and reactions for this viewer; `seated` when they may send one.
    `table_url` is the table's address, which the reactions' forms post under."""
    if watch is None:
        return PresenceView(frozenset(), "", reactions_muted(), False)
    muted = reactions_muted()
    lines = [] if muted or not watch.reactions else [
        ReactionLine(sent.id, sent.player_name, sent.kind, word(REACTION_WORDS, sent.kind),
                     now - sent.sent_at < BUBBLE_FOR)
        for sent in table_reactions(game_id)]
    return PresenceView(watch.here, watch.pulse, muted, seated and watch.status != GameStatus.ABANDONED,
                     lines, f"{table_url}/react", f"{table_url}/reactions/mute")


def watch_for_page(game_id: int, snapshot: TableSnapshot | None, pulse_seen: str | None,
                   now: datetime) -> TableWatch | None:
    """Presence and reactions: a move's answer shows what the mover's page showed (its pulse:
    no read of the seats on the move's path); otherwise the table as watch_table reads it,
    which also notes the viewer here unless a move is answered (one statement, and a write a few seconds
    apart; the mover's polls note them)."""
    live = parse_pulse(pulse_seen) if snapshot is not None else None
    if snapshot is not None and live is not None:
        return watch_of_move(snapshot.game.status, snapshot.version, snapshot.deadline,
                             [seat.name for seat in snapshot.state.seats], live)
    return watch_table(game_id, claimed_session(), now, note_viewer=snapshot is None,
                       rematch_seconds=service_settings(current_app).rematch_seconds)


def watch_started_for_page(game_id: int, now: datetime
                           ) -> tuple[TableWatch, PlainGameRow, PlainStateRow] | None:
    """watch_for_page's watch of a started table (no move's answer) with the game and state row
    the page draws, read in one statement; None where the two are read apart."""
    return watch_started_table(game_id, claimed_session(), now)


def poll_seat(game: GameRow, state: GameState | None, seat: int | None) -> str:
    """The viewer's seat as the poll names it: its join order ("-" for none). A started game's
    seat is its join order; a waiting table's seats may have gaps (someone left)."""
    if seat is None:
        return "-"
    if state is not None or not isinstance(game, Game):
        return str(seat)
    return str(seats_by_join_order(game)[seat].join_order)

"""What the table's templates read: the page's context as frozen dataclasses, built once per
render by siete/play/context.py and never changed afterwards.

The templates take the context's fields as their variables (`TablePage.template_args`), so a
field added here (with a default) reaches them without touching the routes.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from markupsafe import Markup

from siete.data.game_rows import GameRow
from siete.data.vocabulary import GameStatus
from siete.engine.codes import SeatStatus
from siete.engine.views import TableView
from siete.play.odds_panel import BetPanel, OddsPanel
from siete.play.presence_view import PresenceView
from siete.service.records.rating_changes import GameRatings


@dataclass(frozen=True, slots=True)
class TableUrls:
    """The addresses the fragment links and posts to (siete/play/routes.py)."""

    table: str
    lobby: str
    fragment: str
    bet: str
    draw: str
    stand: str
    leave: str
    back: str
    next: str
    rules: str


@dataclass(frozen=True, slots=True)
class WaitingSeat:
    """A seat of a table that has not started: who sits, and whether a bot."""

    name: str
    bot: str | None  # the bot's profile
    user_id: int | None


@dataclass(frozen=True, slots=True)
class SettlementRow:
    """One seat's line of a settled hand, its CSS modifiers worked out here rather than in filters."""

    name: str
    is_bank: bool
    bet: int | None
    hand: Markup  # the cards, drawn small
    total: float
    result: str  # in the reader's language
    points: int
    kind: str  # the CSS modifier: won, won-with-7half, lost, bust, bank
    change: str  # "+2", "-1", "0"
    trend: str | None  # up, down or None


@dataclass(frozen=True, slots=True)
class Settlement:
    """The last settled hand as rows: bet, total, result and what each seat gained or paid."""

    number: int
    bank: str
    rows: tuple[SettlementRow, ...]
    bank_result: str  # the code (did_not_play, stood, bust, seven_half)
    bank_words: str  # the bank's result in the reader's language
    bank_sentence: str  # "The bank (Ana) stood with 6."
    bank_total: float
    eliminated: tuple[str, ...]
    next_bank: str | None  # None once the game is over
    drawn: Markup = Markup()  # the section play/_settlement.html draws of it (settled_hand.py)


@dataclass(frozen=True, slots=True)
class Standing:
    """A final place (R7.2)."""

    place: int
    name: str
    points: int
    winner: bool
    bot: str | None


@dataclass(frozen=True, slots=True)
class Pause:
    """Between hands: who has said "next" and who is still looking at the settled hand."""

    waiting: tuple[str, ...]
    can_say_next: bool
    ready: bool


@dataclass(frozen=True, slots=True)
class TableSeat:
    """A seat as the table draws it: the engine's view of it (R4.2) and how the page shows it.

    SeatView's fields come first, repeated rather than inherited: the engine's classes may run
    compiled (scripts/compile_engine.py), and an interpreted class cannot subclass a compiled
    one (tests/play/test_play_table_page.py checks they stay the same)."""

    index: int
    name: str
    bot: str | None
    away: bool
    points: int
    stake: int
    bet: int
    status: SeatStatus
    out: bool
    cards: tuple[str | None, ...]  # None: a face-down card
    position: int | None  # where the seat plays this hand (0: the bank), None if it does not
    total: float | None  # the whole total, None while a card is face down to this viewer
    shown_total: float  # the total of the face-up cards
    is_turn: bool
    max_bet: int
    state: str  # a code for data-state: waiting, to play, stood, bust, out, did not play
    state_words: str  # the state in the reader's language
    hidden_from_others: bool  # its first card is face down to the other seats
    is_bank: bool  # holds the bank of the hand its cards belong to
    face_down: int  # how many of its cards this viewer cannot see
    plays: int | None  # its place in the hand's order (0: the bank)
    result: SettlementRow | None  # its line of the settled hand, until the next deal
    takes_bank: bool  # takes the bank for the next hand
    seven_half: bool
    hand: Markup  # its cards, drawn
    did: SeatMove | None = None  # the hand's last move, when this seat made it (shown until the next)


@dataclass(frozen=True, slots=True)
class SeatMove:
    """What a seat just did ("bets 2", "draws", "stands", "bust"): the engine's event code and
    the move in the reader's words."""

    kind: str
    words: str


@dataclass(frozen=True, slots=True)
class PlayedTable:
    """The part of the page a started game draws: seats in their places, settlement, standings."""

    view: TableView
    log: tuple[str, ...]  # the hand's events as sentences in the reader's language
    seats_in_order: tuple[TableSeat, ...]
    turn_name: str | None
    bank_name: str | None
    next_bank_name: str | None
    seconds_left: int | None
    settlement: Settlement | None
    standings: tuple[Standing, ...] | None  # once the game is over
    pause: Pause | None
    timed_out: str | None  # what the turn timer did for the viewer, in words
    your_turn: bool

    def template_args(self) -> dict[str, Any]:
        """The template's variables this part gives, as the templates name them."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


# A table that has not started draws none of a played table's parts.
_NOT_PLAYED: dict[str, Any] = {f.name: None for f in fields(PlayedTable)}


@dataclass(frozen=True, slots=True)
class TablePage:
    """Everything _table.html needs; a seat replaced by a bot watches as a spectator."""

    game: GameRow
    urls: TableUrls
    user_id: int | None
    seat: int | None  # the viewer's seat, None for a spectator
    left: bool  # the viewer left and a bot plays their seat
    away: bool  # the timer handed the viewer's seat to a bot until they are back
    is_creator: bool
    poll: bool
    poll_v: str
    poll_ms: int  # how often the page asks when it holds no stream
    error: str | None = None
    notice: str | None = None
    waiting: tuple[WaitingSeat, ...] = ()  # a waiting table's seats
    free: int = 0  # a waiting table's free seats
    played: PlayedTable | None = None
    due_ms: int | None = None  # the next automatic step is due in this many ms (and no bus says so)
    bots_moving: bool = False  # paced play: a bot's move is due soon (no-JS pages reload for it)
    odds: OddsPanel | BetPanel | None = None  # a practice table's odds for the seat in turn
    presence: PresenceView | None = None  # who is here at each seat, and the quick reactions
    ratings: GameRatings | None = None  # once the game is over: what it did to the ratings
    guest: bool = False  # the viewer sits here as a guest (who reads no chat)

    def template_args(self) -> dict[str, Any]:
        """The template's variables: this page's fields and its played table's (None before
        the game starts), side by side as the templates name them."""
        args = {f.name: getattr(self, f.name) for f in fields(self)}
        played = self.played
        args.update(_NOT_PLAYED if played is None else played.template_args())
        args["seated_in_play"] = self.seated_in_play
        return args

    @property
    def seated_in_play(self) -> bool:
        """The viewer sits at a table not over yet: the page shows the turn's tools (keys, sound)."""
        return self.seat is not None and self.game.status in (GameStatus.WAITING, GameStatus.PLAYING)

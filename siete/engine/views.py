"""What one seat may see of a game (R4.2): the table view for people (the view bots decide on is
bot_views.py's)."""
from __future__ import annotations

from dataclasses import dataclass

from siete.engine.cards import points
from siete.engine.codes import BankResult, Phase, Result, SeatStatus
from siete.engine.rules import can_draw, can_stand, legal_bets
from siete.engine.state import (
    BUST,
    OVER,
    PLAY,
    GameState,
    HandRecord,
    LogEvent,
    TurnAction,
    max_bet,
)


def is_face_down(state: GameState, seat: int, card_pos: int, viewer: int | None) -> bool:
    """R4.2: a punter's first card is hidden from others until it busts or the hand is settled."""
    return (card_pos == 0 and state.phase == PLAY and seat != viewer and seat != state.bank
            and state.seats[seat].status != BUST)


def visible_cards(state: GameState, seat: int, viewer: int | None) -> list[str | None]:
    """The seat's cards as `viewer` sees them; None stands for a face-down card."""
    cards = state.seats[seat].cards
    return [None if is_face_down(state, seat, pos, viewer) else c for pos, c in enumerate(cards)]


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as a viewer may see it: its cards face down (None) where R4.2 hides them."""

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


@dataclass(frozen=True, slots=True)
class ViewerActions:
    """Which buttons the viewer may press right now."""

    bet: tuple[int, ...]  # the amounts a bet may be, empty when no bet is due
    draw: bool
    stand: bool


@dataclass(frozen=True, slots=True)
class SettledTurn:
    """One seat's turn in a settled hand, named; every card is face up by now."""

    seat: int
    name: str
    position: int  # 0: the bank
    points_start: int
    points_end: int
    bet: int | None  # None for the bank
    first_card: str
    cards: tuple[str, ...]
    actions: tuple[TurnAction, ...]
    total: float
    result: Result | None


@dataclass(frozen=True, slots=True)
class SettledHand:
    """A settled hand's record with names (R5, R6): who held the bank, each turn, who left."""

    number: int
    bank: str
    order: tuple[str, ...]
    turns: tuple[SettledTurn, ...]
    bank_total: float
    bank_result: BankResult
    results: tuple[tuple[str, Result], ...]  # (name, result)
    eliminated: tuple[str, ...]
    next_bank: str | None


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything a viewer (a seat, or None for a spectator) may know of the table (R4.2).

    Facts only: which seat holds the bank is `bank_seat` (the next hand's between hands), and
    how a page shows a seat (siete/play/context.py, siete/history/live.py) is the web's.
    """

    version: int
    phase: Phase
    hand: int
    max_hands: int
    deck_count: int
    turn_seat: int | None
    bank_seat: int | None
    viewer: int | None
    order: tuple[int, ...]
    seats: tuple[SeatView, ...]
    log: tuple[LogEvent, ...]  # the hand's events as facts; siete/i18n/words.py says them
    last_hand: SettledHand | None
    winner: str | None
    finished: bool
    actions: ViewerActions


def seat_view(state: GameState, index: int, viewer: int | None) -> SeatView:
    """Seat `index` as `viewer` sees it."""
    seat = state.seats[index]
    cards = visible_cards(state, index, viewer)
    half = state.config.cards.half
    shown = points(sum(half[c] for c in cards if c is not None))
    return SeatView(
        index=index, name=seat.name, bot=seat.bot, away=seat.away, points=seat.points,
        stake=seat.stake, bet=seat.bet, status=seat.status, out=seat.out, cards=tuple(cards),
        position=state.order.index(index) if index in state.order else None,
        total=shown if None not in cards else None, shown_total=shown,
        is_turn=state.current_seat() == index, max_bet=max_bet(seat.points))


def table_view(state: GameState, viewer: int | None = None) -> TableView:
    """The table as `viewer` (a seat, or None for a spectator) may see it, built once."""
    return TableView(
        version=state.version, phase=state.phase, hand=state.hand,
        max_hands=state.config.max_hands, deck_count=len(state.deck),
        turn_seat=state.current_seat(), bank_seat=state.bank if state.order else None,
        viewer=viewer, order=tuple(state.order),
        seats=tuple(seat_view(state, i, viewer) for i in range(len(state.seats))),
        log=tuple(state.log),
        last_hand=named_record(state, state.last_hand) if state.last_hand else None,
        winner=None if state.winner is None else state.seats[state.winner].name,
        finished=state.phase == OVER, actions=_viewer_actions(state, viewer))


_NO_ACTIONS = ViewerActions(bet=(), draw=False, stand=False)


def _viewer_actions(state: GameState, viewer: int | None) -> ViewerActions:
    """Which buttons the viewer may press right now."""
    if viewer is None or state.current_seat() != viewer:
        return _NO_ACTIONS
    bets = tuple(legal_bets(state, viewer))
    return ViewerActions(bet=bets, draw=not bets and can_draw(state, viewer),
                         stand=not bets and can_stand(state, viewer))


def named_record(state: GameState, record: HandRecord) -> SettledHand:
    """A settled hand's record with names and game numbers; every card is face up by now."""
    names = [s.name for s in state.seats]
    turns = tuple(
        SettledTurn(seat=t.seat, name=names[t.seat], position=t.position,
                    points_start=t.points_start, points_end=t.points_end, bet=t.bet,
                    first_card=t.first_card, cards=t.cards, actions=t.actions,
                    total=points(t.total), result=t.result)
        for t in record.turns)
    return SettledHand(
        number=record.number, bank=names[record.bank],
        order=tuple(names[i] for i in record.order), turns=turns,
        bank_total=points(record.bank_total), bank_result=record.bank_result,
        results=tuple((names[i], r) for i, r in record.results),
        eliminated=tuple(names[i] for i in record.eliminated),
        next_bank=None if record.next_bank is None else names[record.next_bank],
    )

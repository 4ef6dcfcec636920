"""What one seat may see of a game (R4.2): the table view for people and the view bots decide on."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from siete.engine.cards import SEVEN_HALF, CardSet, points
from siete.engine.codes import BankResult, Event, Phase, Result, SeatStatus
from siete.engine.rules import can_draw, can_stand, legal_bets
from siete.engine.state import (
    BUST,
    OVER,
    PLAY,
    STOOD,
    GameState,
    HandRecord,
    LogEvent,
    TurnAction,
    max_bet,
)

# The log events a bot's memory reads, as module names: HandMemory.catch_up tests them on
# every bot decision, and a global is read faster than an enum's member.
# Final: the compiled engine keeps each in a C static instead of looking it up by name.
_DRAW: Final = Event.DRAW
_DEAL: Final = Event.DEAL
_BUST: Final = Event.BUST
_STAND: Final = Event.STAND
_BET: Final = Event.BET


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


@dataclass(slots=True, init=False)
class BotView:
    """What a bot in `seat` knows when it decides; never a hidden card or the deck order.

    The __init__ is written out: a dataclass's generated one is interpreted Python even in the
    compiled engine (mypyc leaves it to the dataclasses module), and a bot builds a view on
    every decision; written here it compiles with the class.
    """

    seat: int
    is_bank: bool
    points: int
    initial_points: int
    max_bet: int
    total: int  # own total, half points
    bank_shown: int  # the bank's face-up total, half points
    deck_count: int
    unseen: list[int]  # unseen[v]: cards worth v half points that the seat has not seen
    unseen_count: int  # sum(unseen), kept so that bots need not add it up on every decision
    unseen_weight: int  # the half points of those cards: sum(v * unseen[v])
    standing: list[tuple[int, int]]  # punters who stood: (face-up total, face-down cards)
    hidden: int  # its own face-down first card's value, half points (0 for the bank)
    stakes: list[int]  # the bank's view: each stander's stake

    def __init__(self, seat: int, is_bank: bool, points: int, initial_points: int,
                 max_bet: int, total: int, bank_shown: int, deck_count: int, unseen: list[int],
                 unseen_count: int, unseen_weight: int, standing: list[tuple[int, int]],
                 hidden: int = 0, stakes: list[int] | None = None) -> None:
        self.seat = seat
        self.is_bank = is_bank
        self.points = points
        self.initial_points = initial_points
        self.max_bet = max_bet
        self.total = total
        self.bank_shown = bank_shown
        self.deck_count = deck_count
        self.unseen = unseen
        self.unseen_count = unseen_count
        self.unseen_weight = unseen_weight
        self.standing = standing
        self.hidden = hidden
        self.stakes = [] if stakes is None else stakes

    def safe_share(self) -> float:
        """The share of unseen cards that would not bust this hand (R8.1's p)."""
        room = SEVEN_HALF - self.total
        if not self.unseen_count or room <= 0:
            return 0.0
        # a slice adds them up: the list's indexes are the card values
        return sum(self.unseen[:room + 1]) / self.unseen_count

    def average_unseen(self) -> float:
        """The average value, in half points, of the cards this seat has not seen (R8.2)."""
        return self.unseen_weight / self.unseen_count if self.unseen_count else 0.0


class HandMemory:
    """What every seat has seen of the hand in play, read from its log (R4.2).

    The log is the hand's public record: the bank's first card, every card drawn, the first
    card of every punter who bust, and who stood. A bot's view is this plus its own cards,
    so bots never read another seat's cards at all. The memory reads only the events added
    since it last looked, because simulations build a view on every bot decision.
    """

    __slots__ = ("hand", "bank", "read", "cards", "half", "unseen", "count", "weight", "shown",
                 "standing", "bets", "stakes")

    def __init__(self, cards: CardSet) -> None:
        self.hand = -1  # no hand read yet
        self.cards = cards
        self.half = cards.half

    def _new_hand(self, state: GameState) -> None:
        cards = self.cards
        self.hand, self.read, self.bank = state.hand, 0, state.log[0].seat  # the hand's bank
        self.unseen = list(cards.active_half_list)
        self.count, self.weight = cards.active_half_total
        self.shown = [0] * len(state.seats)  # each seat's face-up total, half points
        self.standing: list[tuple[int, int]] = []  # (face-up total, face-down cards)
        self.bets = [0] * len(state.seats)  # each seat's bet, as the log says it
        self.stakes: list[int] = []  # the standers' stakes, in the order they stood

    def catch_up(self, state: GameState) -> None:
        """Read the log events added since the last call (all of them in a new hand)."""
        if self.hand != state.hand:
            self._new_hand(state)
        # locals, and the totals stored once at the end: this runs on every bot decision
        log, bank, shown, half, unseen = state.log, self.bank, self.shown, self.half, self.unseen
        count, weight = self.count, self.weight
        # by index, not a slice of the new events: no list to build on each decision
        for at in range(self.read, len(log)):
            event, seat, fact = log[at]  # unpacked: a LogEvent is a named tuple
            # a bust shows a punter's first card; the bank's was shown at the deal
            if event == _DRAW or event == _DEAL or (event == _BUST and seat != bank):
                value = half[fact]  # type: ignore[index]  # these events' value is a card
                # not `-=`: the compiled engine adds list items as ints only when written out
                unseen[value] = unseen[value] - 1
                shown[seat] = shown[seat] + value
                count -= 1
                weight -= value
            elif event == _STAND and seat != bank:
                self.standing.append((shown[seat], 1))  # its first card is still face down
                self.stakes.append(self.bets[seat])
            elif event == _BET:
                self.bets[seat] = fact  # type: ignore[assignment]  # a bet's amount
        self.count, self.weight = count, weight
        self.read = len(log)


def bot_view(state: GameState, seat: int, with_cards: bool = True,
             memory: HandMemory | None = None) -> BotView:
    """Build the view a strategy receives in a hand in play, from what `seat` has seen.

    `memory` carries what was read of the log between calls in the same hand;
    `with_cards=False` skips the card counts a bet does not need.
    """
    # Written for speed, with locals and no helper calls: it runs on every bot decision.
    seats = state.seats
    me, bank = seats[seat], state.order[0]
    if memory is None:
        memory = HandMemory(state.config.cards)
    half = memory.half
    value = stakes = None  # its face-down card's value; the standers' stakes, for the bank
    if with_cards:
        memory.catch_up(state)
        unseen, count, weight = memory.unseen.copy(), memory.count, memory.weight
        status = me.status
        if seat != bank and status != BUST:  # its own first card, face down to the others
            value = half[me.cards[0]]
            unseen[value] -= 1
            count -= 1
            weight -= value
        standing = memory.standing.copy()
        if status == STOOD and seat != bank:  # a seat that stood knows its own whole total
            standing = _own_total_shown(state, seat, standing)
        if seat == bank:
            stakes = memory.stakes.copy()
    else:
        unseen, count, weight, standing = [], 0, 0, []
    bank_cards = seats[bank].cards
    held = me.points
    # positional arguments, in BotView's field order
    return BotView(seat, seat == bank, held, state.config.initial_points,
                   max_bet(held), me.total,
                   half[bank_cards[0]] if bank_cards else 0, len(state.deck),
                   unseen, count, weight, standing, value or 0, stakes or [])


def _own_total_shown(state: GameState, seat: int,
                     standing: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The standing list with `seat`'s own entry fully face up (bots never ask after standing)."""
    stood = [i for i in state.order[1:] if state.seats[i].status == STOOD]
    return [(state.seats[i].total, 0) if i == seat else entry for i, entry in zip(stood, standing)]

"""What a bot may see when it decides (R4.2): its seat's view, and its memory of the cards shown
this hand (views.py has the table view people see)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from siete.engine.cards import SEVEN_HALF, CardSet
from siete.engine.codes import Event
from siete.engine.state import BUST, STOOD, GameState, max_bet

# The log events a bot's memory reads, as module names: HandMemory.catch_up tests them on
# every bot decision, and a global is read faster than an enum's member.
# Final: the compiled engine keeps each in a C static instead of looking it up by name.
_DRAW: Final = Event.DRAW
_DEAL: Final = Event.DEAL
_BUST: Final = Event.BUST
_STAND: Final = Event.STAND
_BET: Final = Event.BET


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

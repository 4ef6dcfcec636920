"""The end of a hand: settlement (R5), elimination and the bank passing (R6), the game's end (R7)."""
from __future__ import annotations

from typing import Final

from siete.engine.cards import SEVEN_HALF
from siete.engine.codes import BankResult, Event, Result, SeatStatus, StandNote
from siete.engine.facts import SharedEvents
from siete.engine.records import log_event
from siete.engine.state import (
    BUST,
    DEAL,
    OVER,
    PLAYING,
    STOOD,
    GameState,
    HandRecord,
    Seat,
    TurnRecord,
)

# Module names for the codes every settlement writes (a global is read faster than a member).
# Final: the compiled engine keeps each in a C static instead of looking it up by name.
LOSE: Final = Result.LOSE
WIN: Final = Result.WIN
SEVEN: Final = Result.SEVEN_HALF
BANK: Final = Result.BANK
WINS: Final = SharedEvents(Event.WIN)
LOSES: Final = SharedEvents(Event.LOSE)
AUTO: Final = StandNote.AUTO
DID_NOT_PLAY: Final = BankResult.DID_NOT_PLAY
BANK_BUST: Final = BankResult.BUST
BANK_SEVEN_HALF: Final = BankResult.SEVEN_HALF
BANK_STOOD: Final = BankResult.STOOD


def settle_hand(state: GameState) -> None:
    """Settle the standing players in order, then apply R6 and check R7."""
    seats, order = state.seats, state.order
    bank = seats[order[0]]
    bank_total = bank.total
    if bank.status == STOOD or bank.status == BUST:
        for idx in order[1:]:
            if seats[idx].status == STOOD:
                _settle_one(state, bank, idx, bank_total)
    bank.result = BANK
    _count_moves(state)
    eliminated = _between_hands(state)
    state.last_hand = _hand_record(state, order, bank_total, eliminated)
    state.turn = None
    if len(state.order) == 1 or state.hand >= state.config.max_hands:
        _finish(state)
    else:
        state.phase = DEAL


def _count_moves(state: GameState) -> None:
    """Add the hand's decisions to each seat's count: a punter's bet, and every draw and stand
    but the one R4.6 makes at 7½ (the ratings weigh a person's own moves against these)."""
    seats, order = state.seats, state.order
    for pos, i in enumerate(order):
        seat = seats[i]
        made = 1 if pos and seat.bet else 0
        for action in seat.actions:
            if action.detail != AUTO:
                made += 1
        seat.moves += made


def _settle_one(state: GameState, bank: Seat, idx: int, bank_total: int) -> None:
    """R5.1-R5.6 for one standing player; the bank pays only what it holds."""
    player = state.seats[idx]
    total = player.total
    if bank_total > SEVEN_HALF:
        won = True
    elif bank_total == SEVEN_HALF:
        won = False
    else:
        won = total > bank_total
    if won:
        due = player.stake * (2 if total == SEVEN_HALF else 1)
        paid = due if due <= bank.points else bank.points  # min(), without the call
        bank.points -= paid
        player.points += player.stake + paid
        player.result = SEVEN if total == SEVEN_HALF else WIN
        state.log.append(WINS.of(idx, (paid, due, total)))
    else:
        bank.points += player.stake
        player.result = LOSE
        state.log.append(LOSES.of(idx, player.stake))
    player.stake = 0
    state.results.append((idx, player.result))


def _between_hands(state: GameState) -> list[int]:
    """R6: eliminate players with no points, pass the bank, and set the next order; returns
    the seats eliminated."""
    seats, order = state.seats, state.order
    old_bank = order[0]
    eliminated = [i for i in order if seats[i].points == 0]
    for i in eliminated:
        seats[i].out = True
        state.log.append(log_event(Event.OUT, i))
    survivors = [i for i in order if not seats[i].out]
    new_bank = None
    for i, result in state.results:  # R6.2: the first 7½ takes the bank
        if result == SEVEN:
            new_bank = i
            break
    if new_bank is None and seats[old_bank].out and len(survivors) > 0:
        new_bank = survivors[0]  # R6.3
    if new_bank is None or new_bank == old_bank:
        new_order = survivors  # R6.4
    else:  # R6.5: new bank first, the others keep their order, the old bank last
        rest = [i for i in survivors if i not in (new_bank, old_bank)]
        tail = [] if seats[old_bank].out else [old_bank]
        new_order = [new_bank] + rest + tail
        state.log.append(log_event(Event.TAKES_BANK, new_bank))
    state.order = new_order
    return eliminated


def _finish(state: GameState) -> None:
    """R7.2: most points wins; equal points go to the one earlier in the final order."""
    state.phase = OVER
    state.winner = final_ranking(state)[0]
    state.log.append(log_event(Event.WINNER, state.winner, state.seats[state.winner].points))


def final_ranking(state: GameState) -> list[int]:
    """R7.2: the seats from first place to last: most points first, equal points in the final
    order (the seats still playing in turn order, then those out, in seat order)."""
    ranking = state.order + [i for i in range(len(state.seats)) if i not in state.order]
    ranking.sort(key=lambda i: -state.seats[i].points)  # stable: ties keep the final order
    return ranking


def _bank_result(status: SeatStatus, bank_total: int) -> BankResult:
    """How the bank's turn ended: it did not play (R4.9), stood, had 7½ or bust."""
    if status == PLAYING:
        return DID_NOT_PLAY
    if status == BUST:
        return BANK_BUST
    return BANK_SEVEN_HALF if bank_total == SEVEN_HALF else BANK_STOOD


def _stand_in_steps(seat: Seat) -> int | None:
    """The first step of the turn its person made, when the bot standing in for them (the seat
    was away) made the steps before it: all of them (one past the last) if still away."""
    if seat.stand_in is not None:
        return seat.stand_in  # the person came back during or after their turn
    # Away now and not by this hand's timer (that turn's moves are the timer's): away all hand.
    if seat.away and seat.timed_out is None:
        return len(seat.actions) + 1
    return None


def _hand_record(state: GameState, order: list[int], bank_total: int,
                 eliminated: list[int]) -> HandRecord:
    """What the hand was, for replay output, the database and the settled-hand view: `order`
    the hand's (R6 has set the next one), `eliminated` the seats it put out."""
    seats, turns = state.seats, []
    for pos, i in enumerate(order):
        seat = seats[i]
        # every field, in order, through tuple.__new__: what TurnRecord(...) does, without the
        # named tuple's interpreted __new__ (this runs for every seat of every hand)
        turns.append(tuple.__new__(TurnRecord, (
            i, pos, seat.points_start, seat.points, seat.bet if pos else None, seat.cards[0],
            tuple(seat.cards), tuple(seat.actions), seat.total, seat.result, seat.timed_out,
            _stand_in_steps(seat))))
    # likewise: number, bank, order, bank_total, bank_result, turns, results, eliminated,
    # next_bank
    return tuple.__new__(HandRecord, (
        state.hand, order[0], tuple(order), bank_total,
        _bank_result(seats[order[0]].status, bank_total), tuple(turns), tuple(state.results),
        tuple(eliminated), state.order[0] if state.order else None))

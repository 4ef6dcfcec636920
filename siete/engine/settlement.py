"""The end of a hand: settlement (R5), elimination and the bank passing (R6), the game's end (R7)."""
from __future__ import annotations

from siete.engine.cards import SEVEN_HALF
from siete.engine.codes import BankResult, Event, Result
from siete.engine.state import (
    BUST,
    DEAL,
    OVER,
    PLAYING,
    STOOD,
    GameState,
    HandRecord,
    Seat,
)

# Module names for the codes every settlement writes (a global is read faster than a member).
LOSE, WIN, SEVEN, BANK = Result.LOSE, Result.WIN, Result.SEVEN_HALF, Result.BANK
WINS, LOSES = Event.WIN, Event.LOSE
AUTO = "auto"  # rules.AUTO, the detail of R4.6's stand at 7½ (rules imports this module)


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
    record = _hand_record(state, bank_total)
    _between_hands(state, record)
    state.last_hand = record
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
            if action[1] != AUTO:
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
        state.log.append([WINS, idx, [paid, due, total]])
    else:
        bank.points += player.stake
        player.result = LOSE
        state.log.append([LOSES, idx, player.stake])
    player.stake = 0
    state.results.append([idx, player.result])


def _between_hands(state: GameState, record: HandRecord) -> None:
    """R6: eliminate players with no points, pass the bank, and set the next order."""
    seats, order = state.seats, state.order
    old_bank = order[0]
    eliminated = [i for i in order if seats[i].points == 0]
    for i in eliminated:
        seats[i].out = True
        state.log.append([Event.OUT, i, None])
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
        state.log.append([Event.TAKES_BANK, new_bank, None])
    state.order = new_order
    record["eliminated"] = eliminated
    record["next_bank"] = new_order[0] if new_order else None


def _finish(state: GameState) -> None:
    """R7.2: most points wins; equal points go to the one earlier in the final order."""
    state.phase = OVER
    state.winner = final_ranking(state)[0]
    state.log.append([Event.WINNER, state.winner, state.seats[state.winner].points])


def final_ranking(state: GameState) -> list[int]:
    """R7.2: the seats from first place to last: most points first, equal points in the final
    order (the seats still playing in turn order, then those out, in seat order)."""
    ranking = state.order + [i for i in range(len(state.seats)) if i not in state.order]
    ranking.sort(key=lambda i: -state.seats[i].points)  # stable: ties keep the final order
    return ranking


def bank_result(state: GameState, bank_total: int) -> BankResult:
    """How the bank's turn ended: it did not play (R4.9), stood, had 7½ or bust."""
    bank = state.seats[state.bank]
    if bank.status == PLAYING:
        return BankResult.DID_NOT_PLAY
    if bank.status == BUST:
        return BankResult.BUST
    return BankResult.SEVEN_HALF if bank_total == SEVEN_HALF else BankResult.STOOD


def _stand_in_steps(seat: Seat) -> int | None:
    """The first step of the turn its person made, when the bot standing in for them (the seat
    was away) made the steps before it: all of them (one past the last) if still away."""
    if seat.stand_in is not None:
        return seat.stand_in  # the person came back during or after their turn
    # Away now and not by this hand's timer (that turn's moves are the timer's): away all hand.
    if seat.away and seat.timed_out is None:
        return len(seat.actions) + 1
    return None


def _hand_record(state: GameState, bank_total: int) -> HandRecord:
    """What the hand was, for replay output, the database and the settled-hand view."""
    seats, order = state.seats, state.order
    turns = []
    for pos, i in enumerate(order):
        seat = seats[i]
        cards = seat.cards
        turns.append({
            "seat": i, "position": pos, "points_start": seat.points_start,
            "points_end": seat.points, "bet": seat.bet if pos else None,
            # shallow copies: the action pairs inside are never changed once made
            "first_card": cards[0], "cards": cards[:],
            "actions": seat.actions[:], "total": seat.total,
            "result": seat.result,
        })
        if seat.timed_out is not None:  # only then: records without it read as "not timed out"
            turns[-1]["timed_out"] = seat.timed_out
        stand_in = _stand_in_steps(seat)
        if stand_in is not None:  # likewise: records without it read as "no stand-in"
            turns[-1]["stand_in"] = stand_in
    return {
        "number": state.hand, "bank": order[0], "order": order[:],
        "bank_total": bank_total, "bank_result": bank_result(state, bank_total),
        "turns": turns, "results": [list(r) for r in state.results],
    }

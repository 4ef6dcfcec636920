"""The actions of a game (RULES.md R4): the deal, bets, draws and stands; verify_x raises, can_x
answers, x acts. Who sits where (R2, R3) is seating.py; start_game seats a game and deals its first hand."""
from __future__ import annotations

import random
from collections.abc import Collection
from typing import Final

from siete.engine.cards import SEVEN_HALF
from siete.engine.codes import Event, Result, RuleCode, SeatStatus, StandNote
from siete.engine.config import GameConfig
from siete.engine.deck import draw_seat_cards, shuffled_deck
from siete.engine.facts import SharedEvents, shared_draw
from siete.engine.records import STAND_AT_SEVEN_HALF, STAND_BY_CHOICE

# new_game is re-exported: drivers and tests start a game by rules.new_game or rules.start_game.
from siete.engine.seating import new_game as new_game
from siete.engine.settlement import settle_hand
from siete.engine.state import (
    BUST,
    DEAL,
    OUT,
    PLAY,
    PLAYING,
    STOOD,
    GameState,
    LogEvent,
    RuleError,
    Seat,
    max_bet,
)

# The codes a move writes, and its events' shared facts (facts.py), as module names: they are
# read on every move of every simulated hand, and a module global is read faster than an enum's member.
# Final: the compiled engine keeps each in a C static instead of looking it up by name.
HAND: Final = SharedEvents(Event.HAND)
DEAL_SHOWN: Final = SharedEvents(Event.DEAL)
BET: Final = SharedEvents(Event.BET)
DRAW: Final = SharedEvents(Event.DRAW)
STAND: Final = SharedEvents(Event.STAND)
BUSTS: Final = SharedEvents(Event.BUST)
AUTO: Final = StandNote.AUTO
BANK_STOOD: Final = StandNote.BANK
BUSTED: Final = Result.BUST
STOOD_BY_CHOICE: Final = STAND_BY_CHOICE
STOOD_AT_SEVEN_HALF: Final = STAND_AT_SEVEN_HALF


def start_game(names: list[str], bots: dict[str, str] | None, config: GameConfig,
               rng: random.Random, known: Collection[str] | None = None) -> GameState:
    """A game ready for its first bet, from one seeded source: the seat cards and the seating
    (R3), then the first deal from a fresh deck (R4.1). The web, the simulator and the bulk
    recorder all start their games here, so a seed gives the same game on every path."""
    state = new_game(names, config, draw_seat_cards(config.cards, rng, len(names)), bots, known)
    deal_unchecked(state, shuffled_deck(config.cards, rng))  # our own fresh deck
    return state


def verify_deal(state: GameState, deck: list[str]) -> None:
    """A deal needs the game waiting for a hand and a deck of known cards, none twice."""
    if state.phase != DEAL:
        raise RuleError(RuleCode.GAME_OVER if state.winner is not None else RuleCode.HAND_IN_PLAY)
    distinct, active = set(deck), state.config.cards.active_set
    if not distinct <= active:
        raise RuleError(RuleCode.NOT_A_CARD, card=next(c for c in deck if c not in active))
    if len(distinct) != len(deck):
        dup = next(c for c in deck if deck.count(c) > 1)
        raise RuleError(RuleCode.CARD_TWICE, card=dup)
    if len(deck) < len(state.order):
        raise RuleError(RuleCode.SHORT_DECK, cards=len(deck), needed=len(state.order))


def deal(state: GameState, deck: list[str]) -> None:
    """R4.1: one card each, players 1, 2, ... first and the bank last; player 1 then bets."""
    verify_deal(state, deck)
    deal_unchecked(state, deck)


def deal_unchecked(state: GameState, deck: list[str]) -> None:
    """deal() without its checks, for a deck that shuffled_deck() has just made."""
    order, seats = state.order, state.seats
    state.deck = list(deck[len(order):])  # our own list: the caller's deck is never changed
    state.hand += 1
    state.log, state.results = [HAND.of(order[0], state.hand)], []
    state.ready = []
    for seat in seats:  # one statement per field: this runs for every seat of every hand
        seat.cards = []
        seat.actions = []
        seat.bet = seat.stake = seat.total = 0
        seat.result = seat.timed_out = seat.stand_in = None
        seat.status = OUT if seat.out else PLAYING
        seat.points_start = seat.points
    half = state.config.cards.half
    players = len(order)
    # players 1, 2, ... then the bank (order[0]), by index: no rotated copy of the order
    for dealt in range(min(players, len(deck))):
        card = deck[dealt]
        seat = seats[order[dealt + 1 if dealt + 1 < players else 0]]
        seat.cards.append(card)
        seat.total = half[card]
    state.log.append(DEAL_SHOWN.of(order[0], deck[len(order) - 1]))  # the bank's card, dealt last
    state.phase, state.turn = PLAY, 1
    state.version += 1


def verify_turn(state: GameState, seat: int) -> Seat:
    if state.phase != PLAY:
        raise RuleError(RuleCode.NO_HAND_IN_PLAY)
    if not 0 <= seat < len(state.seats):
        raise RuleError(RuleCode.NO_SUCH_SEAT)
    player = state.seats[seat]
    if state.current_seat() != seat:
        raise RuleError(RuleCode.NOT_YOUR_TURN, name=player.name)
    return player


def legal_bets(state: GameState, seat: int) -> range:
    """The amounts `seat` may bet now (R4.4), empty when it may not bet."""
    if not can_bet_at_all(state, seat):
        return range(0)
    return range(1, max_bet(state.seats[seat].points) + 1)


def can_bet_at_all(state: GameState, seat: int) -> bool:
    return (state.phase == PLAY and state.current_seat() == seat and state.turn != 0
            and state.seats[seat].bet == 0)


def verify_bet(state: GameState, seat: int, amount: object) -> None:
    """R4.3-R4.4: a player bets once, first, a whole number from 1 to max_bet. `amount` is
    whatever a person or a file sent (a float, a string, None): this is where it is checked."""
    player = verify_turn(state, seat)
    if state.turn == 0:
        raise RuleError(RuleCode.BANK_PLACES_NO_BET, name=player.name)
    if player.bet:
        raise RuleError(RuleCode.ALREADY_BET, name=player.name)
    top = max_bet(player.points)
    if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= top:
        raise RuleError(RuleCode.BET_OUT_OF_RANGE, name=player.name, top=top)


def bet(state: GameState, seat: int, amount: object) -> None:
    """The stake leaves the player's points at once (R4.4)."""
    verify_bet(state, seat, amount)
    assert isinstance(amount, int)  # verify_bet refuses anything but a whole number in range
    place_bet_unchecked(state, seat, amount)


# The *_unchecked actions skip the verify_x call. Only bot moves (bots.py) and the simulator's
# own decks use them: their callers have checked the turn and chosen a legal move, and they
# are the simulations' hot path. Anything a person or a file sends goes through bet/draw/stand.
def place_bet_unchecked(state: GameState, seat: int, amount: int) -> None:
    """bet() without its checks: the caller guarantees verify_bet would pass."""
    player = state.seats[seat]
    player.points -= amount
    player.bet = player.stake = amount
    state.log.append(BET.of(seat, amount))
    state.version += 1


def verify_draw(state: GameState, seat: int) -> None:
    """R4.3, R4.8: draw after betting, while the deck has cards."""
    player = verify_turn(state, seat)
    if state.turn != 0 and not player.bet:
        raise RuleError(RuleCode.BET_FIRST, name=player.name)
    if not state.deck:
        raise RuleError(RuleCode.DECK_EMPTY, name=player.name)


def can_draw(state: GameState, seat: int) -> bool:
    try:
        verify_draw(state, seat)
    except RuleError:
        return False
    return True


def draw(state: GameState, seat: int) -> None:
    """R4.5-R4.6: take the next card; over 7½ busts, exactly 7½ stands."""
    verify_draw(state, seat)
    draw_unchecked(state, seat)


def draw_unchecked(state: GameState, seat: int, stand_apart: bool = False) -> None:
    """draw() without its checks: the caller guarantees verify_draw would pass.

    `stand_apart` (paced play, one move per step) leaves a punter's stand at 7½ for a step of
    its own (stand_at_seven_half): a step that drew and stood at once would tell others that
    the face-down card makes 7½ (R4.2), where a stand by choice is a step of its own.
    """
    player = state.seats[seat]
    card = state.deck.pop(0)
    player.cards.append(card)
    player.actions.append(shared_draw(card))
    total = player.total = player.total + state.config.cards.half[card]
    state.log.append(DRAW.of(seat, card))
    state.version += 1
    if total > SEVEN_HALF:
        _bust(state, seat, player)  # public: the bust shows the first card (R4.5)
    elif total == SEVEN_HALF and not (stand_apart and state.turn):
        _stand(state, seat, player, AUTO)  # R4.6: the rules stand for the player


def seven_half_stand_due(state: GameState) -> bool:
    """A punter in turn holds 7½: the stand R4.6 makes is still to come (draw_unchecked's
    `stand_apart` left it for a step of its own)."""
    seat = state.current_seat()
    return (state.phase == PLAY and seat is not None and state.turn != 0
            and state.seats[seat].total == SEVEN_HALF)


def stand_at_seven_half(state: GameState, seat: int) -> None:
    """R4.6's stand, made as a step apart from the draw that reached 7½: logged, versioned and
    passing the turn exactly as a stand by choice; only the turn's `actions` say "auto"."""
    _stand(state, seat, state.seats[seat], AUTO)


def _bust(state: GameState, seat: int, player: Seat) -> None:
    """R4.5: a punter's stake goes to the bank at once; the first card is shown."""
    if state.turn != 0:
        state.seats[state.order[0]].points += player.stake
        player.stake = 0
        state.results.append((seat, BUSTED))
        player.result = BUSTED
    _end_turn(state, player, BUST, BUSTS.of(seat, player.cards[0]))


def verify_stand(state: GameState, seat: int) -> None:
    """R4.3, R4.7: a punter stands after betting; the bank may stand at any time."""
    player = verify_turn(state, seat)
    if state.turn != 0 and not player.bet:
        raise RuleError(RuleCode.BET_FIRST, name=player.name)


def can_stand(state: GameState, seat: int) -> bool:
    try:
        verify_stand(state, seat)
    except RuleError:
        return False
    return True


def stand(state: GameState, seat: int) -> None:
    """R4.7: keep the cards and end the turn."""
    verify_stand(state, seat)
    stand_unchecked(state, seat)


def stand_unchecked(state: GameState, seat: int) -> None:
    """stand() without its checks: the caller guarantees verify_stand would pass."""
    _stand(state, seat, state.seats[seat], None)


def _stand(state: GameState, seat: int, player: Seat, how: StandNote | None) -> None:
    """End the turn standing, by choice (`how` None) or at 7½ (AUTO), as one public step.

    R4.2: a punter's 7½ stands over a face-down card, so whatever others can see of the stand
    (its log event, the version's one step) is the same as for a stand by choice; only the
    turn's own record (`actions`, read once the hand is settled) says it was automatic.
    """
    player.actions.append(STOOD_AT_SEVEN_HALF if how == AUTO else STOOD_BY_CHOICE)
    # The event names the bank itself: after settlement R6 may seat another bank.
    _end_turn(state, player, STOOD, STAND.of(seat, BANK_STOOD if state.turn == 0 else None))
    state.version += 1


def _end_turn(state: GameState, player: Seat, status: SeatStatus, event: LogEvent) -> None:
    """Pass the turn on: next punter, then the bank if anyone stood (R4.9), then settle."""
    player.status = status
    state.log.append(event)
    turn = state.turn
    if turn:  # a punter's turn (in play `turn` is never None; 0 is the bank)
        seats, order = state.seats, state.order
        for pos in range(turn + 1, len(order)):
            if seats[order[pos]].status == PLAYING:
                state.turn = pos
                return
        for i in order[1:]:
            if seats[i].status == STOOD:
                state.turn = 0
                return
    settle_hand(state)

"""Bot strategies (R8): each sees only its seat's view and a seeded random source."""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Protocol

from siete.engine.bank_rule import bank_threatened
from siete.engine.bot_api import Bot
from siete.engine.bot_views import BotView, HandMemory, bot_view
from siete.engine.cards import SEVEN_HALF
from siete.engine.codes import BotProfile
from siete.engine.deck import shuffled_deck
from siete.engine.expert import ExpertBot
from siete.engine.plugged import PluggedBot
from siete.engine.rules import (
    deal_unchecked,
    draw_unchecked,
    place_bet_unchecked,
    stand_at_seven_half,
    stand_unchecked,
    verify_turn,
)
from siete.engine.state import OVER, PLAY, GameState, HandRecord, Seat


class Strategy(Protocol):
    """A bot profile: how much to bet and whether to take another card."""

    @property
    def name(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def bets_on_cards(self) -> bool: ...  # choose_bet reads the cards (a dearer view)

    def choose_bet(self, view: BotView, rng: random.Random) -> int: ...

    def wants_card(self, view: BotView, rng: random.Random) -> bool: ...


class HouseProfile(ABC):
    """A Strategy of the engine's own simple profiles. A compiled class: the loop that plays
    every simulated move calls its methods directly, where it calls any other Strategy (a
    Protocol) through Python's method lookup."""

    name: BotProfile
    description: str
    bets_on_cards: bool

    @abstractmethod
    def choose_bet(self, view: BotView, rng: random.Random) -> int: ...

    @abstractmethod
    def wants_card(self, view: BotView, rng: random.Random) -> bool: ...


def _bank_threatened(view: BotView, margin: float = 0.0) -> bool:
    """R8.2: some standing punter could beat the bank, counting each hidden card as average."""
    return bank_threatened(view.total, view.standing, view.unseen_count, view.unseen_weight, margin)


class StandardBot(HouseProfile):
    """The brief's bot: R8.1 draws, R8.2 bank play, R8.3 bolder bets with more points."""

    name = BotProfile.STANDARD
    description = "plays the brief's rules: draws by the odds, bets more when rich"
    bets_on_cards = False

    def choose_bet(self, view: BotView, rng: random.Random) -> int:
        # share = min(1, points / (2 * initial)); max(1, min(top, round(top * share))),
        # written without the builtin calls: bots bet in every simulated hand
        top = view.max_bet
        share = view.points / (2 * view.initial_points)
        amount = round(top * share) if share < 1.0 else top
        return amount if amount > 1 else 1

    def wants_card(self, view: BotView, rng: random.Random) -> bool:
        if view.is_bank:
            return _bank_threatened(view)
        if view.total <= view.bank_shown:
            return True
        p = view.safe_share()
        if p > 0.65:
            return True
        return rng.random() < (p if p >= 0.5 else p / 3)


class CautiousBot(HouseProfile):
    """Bets the minimum unless well ahead, and draws only when the odds are clearly good."""

    name = BotProfile.CAUTIOUS
    description = "small bets, draws only when at least 75% of cards are safe"
    bets_on_cards = False

    def choose_bet(self, view: BotView, rng: random.Random) -> int:
        return 1 if view.points < 1.5 * view.initial_points else max(1, view.max_bet // 2)

    def wants_card(self, view: BotView, rng: random.Random) -> bool:
        if view.is_bank:
            return _bank_threatened(view) and view.safe_share() >= 0.5
        return view.total < view.bank_shown or view.safe_share() >= 0.75


class BoldBot(HouseProfile):
    """Always bets the most it may, and draws on even odds."""

    name = BotProfile.BOLD
    description = "bets the maximum, draws while at least 40% of cards are safe"
    bets_on_cards = False

    def choose_bet(self, view: BotView, rng: random.Random) -> int:
        return view.max_bet

    def wants_card(self, view: BotView, rng: random.Random) -> bool:
        if view.is_bank:
            return _bank_threatened(view, margin=-1) or view.total < 8
        p = view.safe_share()
        return view.total <= view.bank_shown or p >= 0.4 or rng.random() < p / 2


# Keyed by plain strings: seats name their bot with one, and a dict whose keys are all exact
# strings is searched faster (a bot move looks its strategy up).
PROFILES: dict[str, Strategy] = {str(s.name): s for s in (StandardBot(), CautiousBot(), BoldBot(),
                                                          ExpertBot())}


# A seat's player: a house profile, or a bot written outside the engine (bot_api.Bot).
Player = Strategy | PluggedBot
Players = Mapping[str, Player]


def plug_in(name: str, bot: Bot, description: str = "") -> PluggedBot:
    """`bot` playing as profile `name`; the standard bot decides whatever it fails to."""
    return PluggedBot(name, bot, PROFILES[BotProfile.STANDARD], description)


def with_bots(bots: Mapping[str, PluggedBot]) -> Players:
    """The house profiles and `bots`; a bot may not take a house profile's name."""
    clash = set(bots) & set(PROFILES)
    if clash:
        raise ValueError(", ".join(sorted(clash)))
    return {**PROFILES, **bots}


def get_strategy(profile: str) -> Strategy:
    """The registered strategy called `profile`."""
    try:
        return PROFILES[profile]
    except KeyError:
        raise ValueError(f"unknown bot profile {profile!r}; known: {', '.join(PROFILES)}") from None


# The house bot: what the table plays for a person whose turn timer ran out (moves.time_out),
# and the bot that plays a seat whose person is away.
HOUSE_PROFILE = BotProfile.STANDARD


def bot_step(state: GameState, seat: int, rng: random.Random) -> None:
    """Let the bot in `seat` make exactly one move."""
    _bot_move(state, seat, verify_turn(state, seat), rng)


def house_move(state: GameState, seat: int, rng: random.Random) -> None:
    """The move the house bot (the standard profile) makes in `seat`'s place: its bet, draw
    or stand, from the seat's own view, whoever plays the seat."""
    _bot_move(state, seat, verify_turn(state, seat), rng, strategy=PROFILES[HOUSE_PROFILE])


def _bot_move(state: GameState, seat: int, player: Seat, rng: random.Random,
              memory: HandMemory | None = None, stand_apart: bool = False,
              strategy: Player | None = None, players: Players = PROFILES) -> None:
    """One move of the bot in `seat` (or of `strategy` there), whose turn the caller has
    checked it is; `stand_apart` (paced play) makes a punter's stand at 7½ a move of its own
    (rules.draw_unchecked). `players` are the profiles the seats' bots are looked up in."""
    # a bot's seat: `bot` is set; get_strategy explains a profile that is not known
    chosen = strategy or players.get(player.bot) or get_strategy(player.bot)  # type: ignore[arg-type]
    if type(chosen) is PluggedBot:  # the exact type, quicker than isinstance: every move asks
        _plugged_move(state, seat, player, chosen, rng, memory, stand_apart)
        return
    # not a PluggedBot: a house profile; the union lets the compiled engine call a
    # HouseProfile's methods directly
    house: HouseProfile | Strategy = chosen  # type: ignore[assignment]
    # Each move below is legal by construction (the turn is checked, the bet clamped to R4.4,
    # a card drawn only from a non-empty deck), so the unchecked actions skip a second check.
    if state.turn != 0 and not player.bet:
        view = bot_view(state, seat, house.bets_on_cards, memory)
        amount = int(house.choose_bet(view, rng))  # a bad profile cannot break R4.4:
        top = view.max_bet  # the clamp max(1, min(top, amount)) without two calls
        place_bet_unchecked(state, seat, top if amount > top else amount if amount > 1 else 1)
    elif player.total == SEVEN_HALF:  # a paced draw reached 7½: R4.6 stands, no choice made
        stand_at_seven_half(state, seat)  # (nor any randomness used, as when drawn unpaced)
    elif state.deck and house.wants_card(bot_view(state, seat, True, memory), rng):
        draw_unchecked(state, seat, stand_apart)
    else:
        stand_unchecked(state, seat)


def _plugged_move(state: GameState, seat: int, player: Seat, bot: PluggedBot,
                  rng: random.Random, memory: HandMemory | None, stand_apart: bool) -> None:
    """_bot_move for a bot from outside: PluggedBot answers only what the rules allow."""
    if state.turn != 0 and not player.bet:
        place_bet_unchecked(state, seat, bot.bet(state, seat, memory, rng))
    elif player.total == SEVEN_HALF:
        stand_at_seven_half(state, seat)
    elif state.deck and bot.wants_card(state, seat, memory, rng):
        draw_unchecked(state, seat, stand_apart)
    else:
        stand_unchecked(state, seat)


def run_bots(state: GameState, rng: random.Random, players: Players = PROFILES) -> int:
    """Play bot turns until a human must act or the hand ends; returns the moves made."""
    moves = 0
    seats = state.seats
    memory = HandMemory(state.config.cards)  # shared by the views of this hand's bot moves
    # each seat's player, looked up in `players` at its first move here rather than at every
    # move (a Mapping's get is a Python method call); no seat's bot changes inside this loop
    chosen: list[Player | None] = [None] * len(seats)
    # bot_to_act and bot_step's turn check inlined: this loop runs once per bot move in
    # every simulated hand, and the loop condition already proves whose turn it is.
    while state.phase == PLAY and state.turn is not None:
        seat = state.order[state.turn]
        player = seats[seat]
        if player.bot is None:
            break
        bot = chosen[seat]
        if bot is None:
            bot = chosen[seat] = players.get(player.bot) or get_strategy(player.bot)
        _bot_move(state, seat, player, rng, memory, False, bot, players)  # positional: quicker
        moves += 1
    return moves


HandHook = Callable[[GameState, HandRecord], None]


def play_until_person(state: GameState, rng: random.Random, on_hand: HandHook | None = None,
                      pauses: Callable[[GameState], bool] | None = None,
                      players: Players = PROFILES) -> None:
    """Let bots play, dealing hand after hand, until a person must act, the game is over, or
    `pauses(state)` says the table waits after a settled hand. The seats' bots are looked up
    in `players` (the house profiles unless the simulator seats bots from outside).

    The one loop the web (service.tables.turns.advance), the simulator and its stored games share.
    `on_hand` sees the last settled hand each time play stops between hands, the one already
    settled on entry included (the caller knows which hands it has recorded). Decks come from
    shuffled_deck, so they need none of deal()'s checks.
    """
    cards = state.config.cards
    while True:
        run_bots(state, rng, players)
        if state.phase == PLAY:
            return
        if on_hand is not None and state.last_hand is not None:
            on_hand(state, state.last_hand)
        if state.phase == OVER or (pauses is not None and pauses(state)):
            return
        deal_unchecked(state, shuffled_deck(cards, rng))


def paced_step_due(state: GameState, pauses: Callable[[GameState], bool] | None = None) -> bool:
    """Whether play_until_person would go on from here by itself: a bot is to move, or a hand
    is settled and the next one is dealt without a pause (not over, `pauses` says no)."""
    if state.phase == PLAY:
        seat = state.current_seat()
        return seat is not None and state.seats[seat].bot is not None
    return state.phase != OVER and not (pauses is not None and pauses(state))


def play_step(state: GameState, rng: random.Random, on_hand: HandHook | None = None,
              pauses: Callable[[GameState], bool] | None = None) -> bool:
    """One step of play_until_person, for paced play: one bot's move, or the next deal; False
    (nothing done) when play_until_person would stop here.

    A punter's draw to 7½ and the stand R4.6 makes are two steps (the stand the next one), as
    a draw and a stand by choice are: what others see of a step, its one version and its
    time, never tells a face-down card that makes 7½ (R4.2). The bank's cards are all face
    up, so its draw to 7½ stands in the same step, as unpaced.

    Called again and again with one random source, it makes the same moves as one call of
    play_until_person with it, and calls `on_hand` where that would (after the step that
    settles a hand).
    """
    if not paced_step_due(state, pauses):
        return False
    if state.phase == PLAY:
        seat = state.order[state.turn]  # type: ignore[index]  # a bot's turn: paced_step_due
        _bot_move(state, seat, state.seats[seat], rng, stand_apart=True)
    else:
        deal_unchecked(state, shuffled_deck(state.config.cards, rng))
    if state.phase != PLAY and on_hand is not None and state.last_hand is not None:
        on_hand(state, state.last_hand)
    return True

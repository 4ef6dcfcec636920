"""The engine's vocabulary: every code it writes into a state, a log or a hand record, and
why it refuses an action (RuleCode).

StrEnums, so each code is its plain string too: it compares equal to that string, is stored
in JSON and the database as that string, and the web, the models' CHECK lists and the
CLI's choices derive theirs from these. Words for people are the i18n layer's (siete/i18n/words.py,
siete/i18n/error_words.py).
"""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """A game waits for the next deal, has a hand in play, or is over (R7)."""

    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


class SeatStatus(StrEnum):
    """A seat's state within the current hand."""

    WAITING = "waiting"
    PLAYING = "playing"
    STOOD = "stood"
    BUST = "bust"
    OUT = "out"


class Result(StrEnum):
    """How a seat's hand ended (R5): a punter won, won with 7½, lost or bust; or it was the bank."""

    BUST = "bust"
    LOSE = "lose"
    WIN = "win"
    SEVEN_HALF = "seven_half"
    BANK = "bank"


class GameResult(StrEnum):
    """How a seat's game ended (R7.2): the winner won, every other seat lost. A hand's end is
    a Result."""

    WON = "won"
    LOST = "lost"


class BankResult(StrEnum):
    """How the bank's turn ended: it did not play (R4.9), stood, had 7½ or bust."""

    STOOD = "stood"
    SEVEN_HALF = "seven_half"
    BUST = "bust"
    DID_NOT_PLAY = "did_not_play"


class Event(StrEnum):
    """The kinds of the log's [event, seat, value] facts (siete/i18n/words.py says them)."""

    HAND = "hand"  # value: the hand's number; seat: its bank
    DEAL = "deal"  # value: the bank's card, dealt face up
    BET = "bet"
    DRAW = "draw"
    STAND = "stand"  # value StandNote.BANK when the bank stands; also the stand R4.6 makes at 7½
    SEVEN_HALF = "seven_half"  # only in logs saved before the stand at 7½ was logged: read as a stand (state.from_dict)
    BUST = "bust"  # value: the first card, shown as it busts
    WIN = "win"  # value: [paid, due, total]
    LOSE = "lose"
    OUT = "out"
    TAKES_BANK = "takes_bank"
    WINNER = "winner"
    TIMEOUT = "timeout"
    AWAY = "away"
    BACK = "back"
    REPLACED = "replaced"


class Action(StrEnum):
    """A player's moves by name; a turn's record keeps the draws and the stand (TURN_ACTIONS)."""

    BET = "bet"
    DRAW = "draw"
    STAND = "stand"


# The actions a turn's record keeps (records.TurnAction; turn_actions.action).
TURN_ACTIONS = (Action.DRAW, Action.STAND)


class StandNote(StrEnum):
    """What a stand says beside its kind: a turn's stand made by R4.6 at 7½ is AUTO (one by
    choice says None), and the log's stand event names the BANK when the bank stood (R6 may
    seat another bank before anyone reads the log)."""

    AUTO = "auto"
    BANK = "bank"


class BotProfile(StrEnum):
    """The bot strategies (R8), in the order forms and commands list them (engine/bots.py)."""

    STANDARD = "standard"
    CAUTIOUS = "cautious"
    BOLD = "bold"
    EXPERT = "expert"  # plays by the odds solver (engine/expert.py)
class RuleCode(StrEnum):
    """Why the rules refuse an action (a RuleError's code). Each reason names what it needs in
    the error's values: a player's `name`, a `card`, the `top` bet, ...

    RULE_REASONS below writes each as the replay reports it (SCENARIOS.md: a machine format, in
    English by that spec); the words people read are siete/i18n/error_words.py's.
    """

    # starting a game (R2.1, R3)
    PLAYER_COUNT = "player_count"  # values: min, max
    SAME_NAME = "same_name"
    SEAT_CARD_COUNT = "seat_card_count"
    SEAT_CARD_TWICE = "seat_card_twice"
    UNKNOWN_PROFILE = "unknown_profile"  # values: profile, known
    # dealing (R4.1)
    GAME_OVER = "game_over"
    HAND_IN_PLAY = "hand_in_play"
    NOT_A_CARD = "not_a_card"  # values: card
    CARD_TWICE = "card_twice"  # values: card
    SHORT_DECK = "short_deck"  # values: cards, needed
    # a player's moves (R4.3-R4.8)
    NOT_A_MOVE = "not_a_move"  # values: move
    UNREADABLE_MOVE = "unreadable_move"
    NOT_PLAYING = "not_playing"  # values: name
    NO_SUCH_SEAT = "no_such_seat"
    NO_HAND_IN_PLAY = "no_hand_in_play"
    NOT_YOUR_TURN = "not_your_turn"  # values: name
    BANK_PLACES_NO_BET = "bank_places_no_bet"  # values: name
    ALREADY_BET = "already_bet"  # values: name
    BET_OUT_OF_RANGE = "bet_out_of_range"  # values: name, top
    BET_FIRST = "bet_first"  # values: name
    DECK_EMPTY = "deck_empty"  # values: name
    # the table's own moves: the pause between hands, bots, a person away
    NO_HAND_TO_DEAL = "no_hand_to_deal"
    NOT_WAITED_FOR = "not_waited_for"
    ALREADY_A_BOT = "already_a_bot"  # values: name
    NOT_AWAY = "not_away"  # values: name


# Each refusal as the replay writes it (str.format with the error's values).
RULE_REASONS: dict[RuleCode, str] = {
    RuleCode.PLAYER_COUNT: "a game needs {min} to {max} players",
    RuleCode.SAME_NAME: "two players have the same name",
    RuleCode.SEAT_CARD_COUNT: "every player needs exactly one seat card",
    RuleCode.SEAT_CARD_TWICE: "a seat card was dealt twice",
    RuleCode.UNKNOWN_PROFILE: "there is no bot profile {profile!r}; known: {known}",
    RuleCode.GAME_OVER: "the game is over",
    RuleCode.HAND_IN_PLAY: "a hand is in play",
    RuleCode.NOT_A_CARD: "{card} is not a card of the deck",
    RuleCode.CARD_TWICE: "{card} is dealt twice",
    RuleCode.SHORT_DECK: "the deck has {cards} cards and the deal needs {needed}",
    RuleCode.NOT_A_MOVE: "{move!r} is not a move",
    RuleCode.UNREADABLE_MOVE: "the move cannot be read",
    RuleCode.NOT_PLAYING: "{name} is not playing in this game",
    RuleCode.NO_SUCH_SEAT: "there is no such seat",
    RuleCode.NO_HAND_IN_PLAY: "no hand is in play",
    RuleCode.NOT_YOUR_TURN: "it is not {name}'s turn",
    RuleCode.BANK_PLACES_NO_BET: "{name} holds the bank and places no bet",
    RuleCode.ALREADY_BET: "{name} has already bet",
    RuleCode.BET_OUT_OF_RANGE: "{name} may bet 1 to {top}",
    RuleCode.BET_FIRST: "{name} must bet first",
    RuleCode.DECK_EMPTY: "the deck is empty: {name} must stand",
    RuleCode.NO_HAND_TO_DEAL: "no hand is waiting to be dealt",
    RuleCode.NOT_WAITED_FOR: "only a person still playing says next",
    RuleCode.ALREADY_A_BOT: "{name} is already played by a bot",
    RuleCode.NOT_AWAY: "{name} is not away",
}

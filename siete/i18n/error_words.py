"""Why an action was refused, in the reader's language: each of the engine's RuleCodes and of the
services' Problems said once, to the player (the replay's own English reasons are the engine's,
siete/engine/codes.py RULE_REASONS, a machine format).

The web says them in the request's language (`error_message`), the command line in its own
(`cli_error_message`). The services sit above this layer, so their Problems are keyed here by
their codes (a Problem is its code string); tests/i18n/test_error_words.py checks that every
RuleCode and every Problem has its words.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from flask_babel import gettext as request_gettext

from siete.engine.codes import RuleCode
from siete.i18n.catalogs import N_
from siete.i18n.catalogs import gettext as cli_gettext


class Refusal(Protocol):
    """A refusal: the engine's RuleError or a service's TableError, each with its code and the
    values its words name."""

    @property
    def code(self) -> str: ...

    @property
    def values(self) -> Mapping[str, object]: ...


# The rules' refusals, said to the player who tried (the replay says them of the player).
RULE_WORDS: dict[RuleCode, str] = {
    RuleCode.PLAYER_COUNT: N_("A game needs %(min)s to %(max)s players."),
    RuleCode.SAME_NAME: N_("Two players have the same name."),
    RuleCode.SEAT_CARD_COUNT: N_("Every player needs exactly one seat card."),
    RuleCode.SEAT_CARD_TWICE: N_("A seat card was dealt twice."),
    RuleCode.UNKNOWN_PROFILE: N_("There is no bot profile %(profile)s."),
    RuleCode.GAME_OVER: N_("The game is over."),
    RuleCode.HAND_IN_PLAY: N_("A hand is in play."),
    RuleCode.NOT_A_CARD: N_("%(card)s is not a card of the deck."),
    RuleCode.CARD_TWICE: N_("%(card)s is dealt twice."),
    RuleCode.SHORT_DECK: N_("The deck has %(cards)s cards and the deal needs %(needed)s."),
    RuleCode.NOT_A_MOVE: N_("That is not a move."),
    RuleCode.UNREADABLE_MOVE: N_("The move cannot be read."),
    RuleCode.NOT_PLAYING: N_("You are not playing in this game."),
    RuleCode.NO_SUCH_SEAT: N_("There is no such seat."),
    RuleCode.NO_HAND_IN_PLAY: N_("No hand is in play."),
    RuleCode.NOT_YOUR_TURN: N_("It is not your turn."),
    RuleCode.BANK_PLACES_NO_BET: N_("The bank places no bet."),
    RuleCode.ALREADY_BET: N_("You have already bet."),
    RuleCode.BET_OUT_OF_RANGE: N_("You may bet 1 to %(top)s."),
    RuleCode.BET_FIRST: N_("You must bet first."),
    RuleCode.DECK_EMPTY: N_("The deck is empty: you must stand."),
    RuleCode.NO_HAND_TO_DEAL: N_("The next hand has already been dealt."),
    RuleCode.NOT_WAITED_FOR: N_("You are not playing this game."),
    RuleCode.ALREADY_A_BOT: N_("A bot already plays this seat."),
    RuleCode.NOT_AWAY: N_("You are not away."),
}

# The services' refusals (siete.service.errors.Problem), by code.
PROBLEM_WORDS: dict[str, str] = {
    "no_such_table": N_("There is no such table."),
    "signed_out": N_("Login required."),
    "unknown_action": N_("Unknown action."),
    "not_played_now": N_("This game is not being played now."),
    "not_seated": N_("You are not seated at this table."),
    "table_moved_on": N_("The table has moved on since you looked; here it is now."),
    "bot_plays_your_seat": N_("A bot plays your seat now."),
    "seat_count": N_("A table has %(min)s to %(max)s seats."),
    "unknown_profiles": N_("Unknown bot profile: %(names)s."),
    "no_seat_for_creator": N_("Leave a seat for yourself, or choose to watch the bots."),
    "bots_only_off": N_("Bots-only tables are switched off on this server."),
    "hand_count": N_("A game lasts 1 to %(max)s hands."),
    "turn_timer": N_("The turn timer is %(min)s to %(max)s seconds."),
    "name_characters": N_("A table name cannot hold control or invisible characters."),
    "name_stacked_marks": N_("A table name cannot stack more than %(max)s accents or marks on "
                             "one letter."),
    "no_bot_name": N_("The house could not name a new bot just now; please try again."),
    "too_many_open": N_("You already have %(count)s tables open: finish or close one before "
                        "opening another."),
    "already_started": N_("This game has already started."),
    "already_seated": N_("You already have a seat here."),
    "table_full": N_("The table is full."),
    "leaving_started": N_("The game has started: leaving now hands your seat to a bot."),
    "creator_only": N_("Only the table's creator can start the game."),
    "seats_free": N_("%(num)s seat(s) are still free: wait, or fill them with bots."),
    "not_due": N_("This table starts by itself when its countdown ends."),
    "guest_not_allowed": N_("Guests cannot do this: sign up (it is free, and your games come with you)."),
    "unknown_reaction": N_("That is not one of the reactions you can send."),
    "seated_only_react": N_("Only the players seated at this table can send reactions."),
    "reaction_too_soon": N_("Wait %(seconds)s s before sending another reaction."),
    "reactions_per_minute": N_("You have sent %(count)s reactions this minute: wait a little."),
    "reactions_closed": N_("This game ended over %(minutes)s minutes ago: reactions are closed."),
    "chat_empty": N_("Write a message first."),
    "chat_too_long": N_("A message has at most %(max)s characters; yours has %(length)s."),
    "chat_characters": N_("A message cannot hold control or invisible characters."),
    "chat_stacked_marks": N_("A message cannot stack more than %(max)s accents or marks on one "
                             "letter."),
    "chat_not_allowed": N_("Only the players seated at this table can write in its chat."),
    "chat_too_fast": N_("You wrote %(count)s messages in %(seconds)s s: wait a moment before the "
                        "next."),
    "chat_closed": N_("This game ended over %(minutes)s minutes ago: its chat is closed."),
    "chat_no_such_person": N_("Nobody of that name wrote at this table."),
    "public_table": N_("This table is public: its address is its invite link."),
    "not_invited": N_("You were not invited to this table."),
    "invites_pending": N_("%(names)s can still answer the rematch for %(seconds)s s: wait, "
                          "then the free seats get bots."),
    "seats_held": N_("The free seats are kept for %(names)s, asked back to this rematch, for "
                     "%(seconds)s s more: try again then, or join another table."),
    "not_a_player": N_("Only the players of this table can play it again."),
    "game_not_over": N_("This game has not ended yet: you can play it again once it is over."),
}


# Every refusal's words by code (the two enums share no code: the test checks it).
WORDS: dict[str, str] = {**PROBLEM_WORDS, **{code.value: words for code, words in RULE_WORDS.items()}}


def say_refusal(refusal: Refusal, gettext: Callable[..., str]) -> str:
    """The refusal, with its values, through `gettext`."""
    return gettext(WORDS[refusal.code], **refusal.values)


def error_message(refusal: Refusal) -> str:
    """A refusal in the request's language (the web's edge)."""
    return say_refusal(refusal, request_gettext)


def cli_error_message(refusal: Refusal) -> str:
    """A refusal in the command line's language."""
    return say_refusal(refusal, cli_gettext)

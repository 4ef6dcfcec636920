"""Chat at a table: the people seated there write short plain-text messages to each other.

Who reads a table's chat: its players (seated now, or gone and replaced by a bot), and its
spectators when the creator allowed it (a public table only: a private table's chat is never
shown to anyone but its players). Who writes: the people seated now, and those spectators, while
the table takes reactions (siete.service.social.reactions.reactions_open: waiting, playing, or finished
within the rematch's time). Over the rate limit (MESSAGES_PER_SPAN in SPAN) a message is
refused. Messages are kept with the game: its players find them on the game's page.

Each person may mute another: the viewer no longer sees that person's messages, at any table.
Not game events: the state, its version and the record stay as they are; games.messages_sent
counts the messages, and the table's poll compares it (siete.service.social.presence).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from siete.data.chat_rows import (
    MESSAGE_MAX,
    ChatMessage,
    ChatTable,
    add_message,
    chat_table,
    muted_here,
    newest_messages,
    sent_since,
    set_mute,
    wrote_here,
)
from siete.data.vocabulary import GameStatus
from siete.service.errors import Conflict, NotAllowed, Problem, RuleBroken, TableNotFound, TooMany
from siete.service.records.player_history import is_guest, player_by_user
from siete.service.social.reactions import minutes_after_end, reactions_open
from siete.service.text_rules import MAX_STACKED_MARKS, forbidden_characters, too_many_marks
from siete.service.unit_of_work import unit_of_work

MESSAGES_PER_SPAN, SPAN = 5, timedelta(seconds=10)
TABLE_SHOWS = 30  # the newest messages the table's chat shows
RECORD_SHOWS = 500  # the newest messages the game's page shows


@dataclass(frozen=True)
class Chatter:
    """Who asks: their account (None: logged out) and their player (None: they have none)."""

    user_id: int | None
    player_id: int | None
    name: str = ""
    guest: bool = False  # a guest reads and writes no chat (SECURITY.md, "Guests")


def chatter_of(user_id: int | None) -> Chatter:
    """The account (None: logged out) and its player, as the chat's rules know them."""
    player = player_by_user(user_id) if user_id is not None else None
    guest = user_id is not None and is_guest(user_id)
    return Chatter(user_id, player.id if player else None, player.name if player else "", guest)


def may_chat(chatter: Chatter) -> bool:
    """Whether this person may take part in any chat at all: a signed-in account with a player,
    not a guest (a guest costs one click: chat is for people who signed up)."""
    return chatter.user_id is not None and chatter.player_id is not None and not chatter.guest


def may_read(table: ChatTable, chatter: Chatter) -> bool:
    """A player of the game, or a spectator of a public table whose creator allowed them."""
    if not may_chat(chatter):
        return False
    return table.was_seated or (table.spectators_allowed and not table.private)


def may_write(table: ChatTable, chatter: Chatter) -> bool:
    """Someone seated now (not gone), or an allowed spectator: as may_read, less who left."""
    if not may_chat(chatter):
        return False
    return table.seated or (not table.was_seated and table.spectators_allowed and not table.private)


def message_text(text: str | None) -> str:
    """The message as it is stored, or RuleBroken: 1 to MESSAGE_MAX characters once trimmed, with
    no control or invisible characters (which could reorder the page around it), and no letter
    with marks stacked over the lines around it (text_rules.too_many_marks)."""
    body = (text or "").strip()
    if not body:
        raise RuleBroken(Problem.CHAT_EMPTY)
    if len(body) > MESSAGE_MAX:
        raise RuleBroken(Problem.CHAT_TOO_LONG, max=MESSAGE_MAX, length=len(body))
    if forbidden_characters(body):
        raise RuleBroken(Problem.CHAT_CHARACTERS)
    if too_many_marks(body):
        raise RuleBroken(Problem.CHAT_STACKED_MARKS, max=MAX_STACKED_MARKS)
    return body


def send_message(game_id: int, chatter: Chatter, text: str | None, now: datetime) -> None:
    """Store the message at the table; refused (nothing stored) for bad text, for anyone who may
    not write here, at a closed table, or over the rate limit."""
    body = message_text(text)
    with unit_of_work():
        table = chat_table(game_id, chatter.player_id, lock=True)  # concurrent sends in turn
        if table is None:
            raise TableNotFound(Problem.NO_SUCH_TABLE)
        if not may_write(table, chatter) or chatter.player_id is None:
            raise NotAllowed(Problem.CHAT_NOT_ALLOWED)
        if not reactions_open(table.status, table.ended_at, now):
            if table.status == GameStatus.ABANDONED:
                raise Conflict(Problem.NOT_PLAYED_NOW)
            raise Conflict(Problem.CHAT_CLOSED, minutes=minutes_after_end())
        count = sent_since(game_id, chatter.player_id, now - SPAN)
        if count >= MESSAGES_PER_SPAN:
            raise TooMany(Problem.CHAT_TOO_FAST, count=count, seconds=int(SPAN.total_seconds()))
        add_message(game_id, chatter.player_id, body, now, chatter.name)


@dataclass(frozen=True)
class ChatBox:
    """A table's chat as one viewer sees it: the newest messages of people they did not mute,
    the muted people who wrote here, and whether they may write now."""

    lines: list[ChatMessage]
    can_write: bool
    viewer_player_id: int
    messages_sent: int
    muted: list[tuple[int, str]] = field(default_factory=list)


def table_chat(game_id: int, chatter: Chatter, now: datetime) -> ChatBox | None:
    """The table's chat for this viewer, or None when they may not read it."""
    if not may_chat(chatter) or chatter.player_id is None:
        return None
    table = chat_table(game_id, chatter.player_id)
    if table is None or not may_read(table, chatter):
        return None
    writes = may_write(table, chatter) and reactions_open(table.status, table.ended_at, now)
    return _box(game_id, table, chatter.player_id, writes, TABLE_SHOWS)


def record_chat(game_id: int, chatter: Chatter) -> ChatBox | None:
    """The game's chat on its record page: for its players only (never its spectators)."""
    if not may_chat(chatter) or chatter.player_id is None:
        return None
    table = chat_table(game_id, chatter.player_id)
    if table is None or not table.was_seated:
        return None
    return _box(game_id, table, chatter.player_id, False, RECORD_SHOWS)


def _box(game_id: int, table: ChatTable, viewer: int, writes: bool, count: int) -> ChatBox:
    lines = newest_messages(game_id, viewer, count) if table.messages_sent else []
    muted = muted_here(game_id, viewer) if table.messages_sent else []
    return ChatBox(lines, writes, viewer, table.messages_sent, muted)


def mute_person(game_id: int, chatter: Chatter, person: int | None, on: bool) -> None:
    """Hide (on) or show again the messages of `person`, who wrote at this table, for the
    viewer, who reads its chat; the choice holds at every table."""
    with unit_of_work():
        table = chat_table(game_id, chatter.player_id)
        if table is None:
            raise TableNotFound(Problem.NO_SUCH_TABLE)
        if not may_read(table, chatter) or chatter.player_id is None:
            raise NotAllowed(Problem.CHAT_NOT_ALLOWED)
        if person is None or person == chatter.player_id or not wrote_here(game_id, person):
            raise RuleBroken(Problem.CHAT_NO_SUCH_PERSON)
        set_mute(chatter.player_id, person, on, chatter.name)

"""The chat box under a table (play/_chat.html) as one viewer sees it, and when a table fragment
brings it along.

The box lives outside #table, so a poll that replaces the table never touches what the viewer
is typing: a fragment carries only the new lines, out of band (#chat-lines), when the chat's
count in the pulse moved. siete.js says what the page holds (`c`: 1 the box, 0 an empty
#chat); a page that had no box (the viewer just sat down) gets the whole box instead. Without
`c` (no JavaScript: every change is a whole page) a fragment brings no chat at all.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import g, request, url_for

from siete.data.base import utcnow
from siete.data.chat_rows import MESSAGE_MAX, ChatMessage
from siete.play.blueprint import user_id
from siete.service.social.chat import ChatBox, Chatter, chatter_of, table_chat
from siete.service.social.presence import parse_pulse

NOTE_KEY = "siete_chat_note"  # g: the draft and error a refused message is shown again with


@dataclass(frozen=True)
class ChatView:
    """What _chat.html shows: the box, its addresses, and a refused message's draft and error."""

    box: ChatBox
    send_url: str
    mute_url: str
    draft: str = ""
    error: str | None = None
    max_length: int = MESSAGE_MAX

    @property
    def lines(self) -> list[ChatMessage]:
        return self.box.lines


def chatter(account: int | None = None) -> Chatter:
    """The person asking (the account given, else the request's), as the chat's rules know them."""
    return chatter_of(user_id() if account is None else account)


def keep_draft(draft: str | None, error: str) -> None:
    """Show the box again with this draft and error (a refused message loses nothing)."""
    setattr(g, NOTE_KEY, ((draft or "")[:4 * MESSAGE_MAX], error))


def chat_view(game_id: int, account: int | None = None) -> ChatView | None:
    """The table's chat box for the viewer, or None when they may not read it."""
    box = table_chat(game_id, chatter(account), utcnow())
    if box is None:
        return None
    draft, error = g.get(NOTE_KEY, ("", None))
    base = url_for("play.table", game_id=game_id)
    return ChatView(box, f"{base}/chat", f"{base}/chat/mute", draft, error)


@dataclass(frozen=True)
class ChatPart:
    """What a table render shows of the chat: the box (whole pages, and a page that had none)
    or its new lines alone (`lines_only`), or nothing."""

    view: ChatView | None
    whole_box: bool
    lines_only: bool

    def template_args(self) -> dict[str, object]:
        return {"chat": self.view, "chat_box_oob": self.whole_box, "chat_lines_oob": self.lines_only}


NO_CHAT = ChatPart(None, False, False)


def chat_part(game_id: int, viewer: int | None, pulse: str, full_page: bool) -> ChatPart:
    """The chat a table render brings for the account `viewer`: a whole page its box (or the
    empty #chat), a fragment the new lines or the box (see the module's note)."""
    if viewer is None:
        return NO_CHAT
    if full_page:
        return ChatPart(chat_view(game_id, viewer), False, False)
    holds = request.values.get("c")
    if holds not in ("0", "1"):
        return NO_CHAT
    if holds == "1" and _same_count(request.values.get("p"), pulse):
        return NO_CHAT
    view = chat_view(game_id, viewer)
    if view is None:
        return NO_CHAT
    return ChatPart(view, holds == "0", holds == "1")


def _same_count(seen: str | None, pulse: str) -> bool:
    """Whether the page's pulse counts as many messages as the table's does now."""
    before, now = parse_pulse(seen), parse_pulse(pulse)
    return before is not None and now is not None and before[2] == now[2]

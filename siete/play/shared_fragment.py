"""One table fragment for all the anonymous spectators of a table.

Every page watching a table fetches its fragment at each move's news; the spectators who are
nobody (no login, no account) all see the same thing (R4.2: table_view with no viewer), so the
first to ask renders it and the others of the same process are handed that copy, at the cost of
the poll's one read. A copy is kept under everything the render read that may differ:

- the table and its version (the cards, the turn, the deadline all move the version), and the
  pulse (presence, reactions and chat counts, siete.service.social.presence);
- the language and the reactions' mute cookie, the two things an anonymous viewer chooses;
- the time: the clock it shows (whole seconds) is compared when it is handed out; a render
  with a reaction bubble still fresh (shown a few seconds) is not kept.

Two parts are each viewer's own and are written into the copy for each answer, at slots the
shared render leaves (random per process, so no text a person typed can fill one): the CSRF
token of the viewer's session (the reactions' mute form) and the page's `data-due-ms` (the ms
until an automatic step, siete.play.polling). A render that made a token anyway (outside the
slot) is not kept.

Only a started public table in play is shared, and only between viewers with no login session
and no account: a seated player, or any account, always gets a render of their own. The copies
are a few seconds old at most, kept in Redis when the app has one (FRAGMENTS_REDIS_URL or
PUSH_REDIS_URL), else per process (siete.play.fragment_copies).
"""
from __future__ import annotations

import secrets
from typing import Any

from flask import g, render_template
from flask_babel import get_locale
from flask_login import current_user
from flask_wtf.csrf import generate_csrf

from siete.data.vocabulary import GameStatus
from siete.play.context import seconds_left
from siete.play.fragment_copies import SharedFragment, copies
from siete.play.presence_view import reactions_muted
from siete.play.table_page import TablePage
from siete.service.social.presence import PollSummary
from siete.web.login import claimed_session

CSRF_KEY = "csrf_token"  # where Flask-WTF keeps the token it made for this request (g)
CSRF_SLOT = f"csrf-{secrets.token_hex(16)}"  # letters, digits and '-': autoescape keeps them
DUE_SLOT = f"due-{secrets.token_hex(16)}"


def _anonymous() -> bool:
    """No login session named, and no account (a remember cookie loads one here)."""
    return claimed_session() is None and not current_user.is_authenticated


def _key(game_id: int, version: str, pulse: str) -> str:
    return f"{game_id}:{version}:{pulse}:{get_locale()}:{int(reactions_muted())}"


def shared_copy(game_id: int, summary: PollSummary, due_ms: int | None) -> str | None:
    """The fragment another anonymous spectator's request rendered for this table as the poll
    read it (`summary`), if this request is anonymous too and the copy is still what a render
    would draw now; else None."""
    if not _anonymous():
        return None
    kept = copies().get(_key(game_id, summary.page_version, summary.pulse))
    return None if kept is None else kept.html(seconds_left(summary.deadline), due_ms, generate_csrf)


def shareable(page: TablePage) -> bool:
    """A public table in play, drawn for no one in particular (an anonymous request), with no
    fresh reaction bubble."""
    game, presence = page.game, page.presence
    return (game.status == GameStatus.PLAYING and not game.private and page.user_id is None
            and page.seat is None and not page.error and not page.notice and presence is not None
            and not presence.bubbles and page.played is not None and _anonymous())


def render_shared(game_id: int, template: str, args: dict[str, Any], page: TablePage) -> str:
    """Render a shareable page (see shareable) with its slots, keep it for the table's other
    anonymous spectators, and answer this request from it as from any other copy."""
    assert page.presence is not None and page.played is not None  # shareable checked both
    text = render_template(template, **{**args, "csrf_token": lambda: CSRF_SLOT,
                                        "due_ms": None if page.due_ms is None else DUE_SLOT})
    copy = SharedFragment(text, page.played.seconds_left, page.due_ms is not None, CSRF_SLOT, DUE_SLOT)
    if g.get(CSRF_KEY) is None:  # no token was drawn around the slot
        copies().put(_key(game_id, page.poll_v, page.presence.pulse), copy)
    html = copy.html(page.played.seconds_left, page.due_ms, generate_csrf)
    assert html is not None  # the copy's own clock and due time
    return html

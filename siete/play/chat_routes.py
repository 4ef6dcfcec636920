"""Routes of the chat at a table: write a message, and mute (or show again) a person.

Both are plain forms (they work without JS) that htmx posts; htmx gets the chat box back
(#chat), a plain form a redirect to the table, or on a refusal the table page with the box
showing the draft and why (nothing typed is lost).
"""
from __future__ import annotations

from collections.abc import Callable

from flask import abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from siete.data.base import utcnow
from siete.i18n.error_words import error_message
from siete.play.blueprint import bp, user_id
from siete.play.friends import table_key
from siete.play.routes import _render_table
from siete.play.table_chat import chat_view, chatter, keep_draft
from siete.service.errors import NotAllowed, Problem, TableError, TableNotFound
from siete.service.social.chat import mute_person, send_message
from siete.service.tables.table_access import game_visible_to
from siete.service.text_rules import parse_ascii_int
from siete.web.login import login_required
from siete.web.security import wants_fragment


@bp.post("/tables/<int:game_id>/chat")
@login_required
def chat(game_id: int) -> ResponseReturnValue:
    """Write a message: who may write here only (403), rate-limited (429), bad text 422."""
    body = request.form.get("body")
    return _answer(game_id, lambda: send_message(game_id, chatter(), body, utcnow()), body)


@bp.post("/tables/<int:game_id>/chat/mute")
@login_required
def chat_mute(game_id: int) -> ResponseReturnValue:
    """Hide a person's messages for this viewer (mute=1), or show them again (mute=0)."""
    person, on = parse_ascii_int(request.form.get("person")), request.form.get("mute") == "1"
    return _answer(game_id, lambda: mute_person(game_id, chatter(), person, on), None)


def _answer(game_id: int, action: Callable[[], None], draft: str | None) -> ResponseReturnValue:
    """Run the action; answer with the chat box (htmx) or the table page."""
    try:
        action()
    except TableError as exc:  # the service has rolled its work back
        if isinstance(exc, TableNotFound) or not game_visible_to(game_id, user_id(), table_key(game_id)):
            abort(404, error_message(TableNotFound(Problem.NO_SUCH_TABLE)))  # to a stranger
        keep_draft(draft, error_message(exc))
        return _box_or_page(game_id, exc.status)
    if wants_fragment():
        return _box_or_page(game_id, 200)
    return redirect(url_for(".table", game_id=game_id, _anchor="chat"), 303)


def _box_or_page(game_id: int, status: int) -> ResponseReturnValue:
    """htmx gets the box; a plain form the table page, whose box shows the draft and error. A
    viewer who reads no chat here has no box to show it in: the error page says why."""
    view = chat_view(game_id)
    if view is None:  # whatever else is wrong, this viewer may not chat here
        abort(403, error_message(NotAllowed(Problem.CHAT_NOT_ALLOWED)))
    if wants_fragment():
        return render_template("play/_chat.html", chat=view), status
    return _render_table(game_id, status=status, fragment_only=False)

"""Routes of quick reactions: send one (a seated player), and mute them (anyone, per browser).

Both are plain forms (they work without JS) that htmx posts; the answer is the table.
"""
from __future__ import annotations

from flask import current_app, g, make_response, redirect, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from siete.data.base import utcnow
from siete.play.blueprint import bp, my_player
from siete.play.presence_view import MUTE_COOKIE, MUTE_KEY
from siete.play.routes import _perform, _render_table
from siete.service.social.reactions import send_reaction
from siete.web.login import login_required
from siete.web.security import wants_fragment

MUTE_MAX_AGE = 365 * 24 * 3600  # a browser remembers the choice for a year


@bp.post("/tables/<int:game_id>/react")
@login_required
def react(game_id: int) -> ResponseReturnValue:
    """Send one of the fixed reactions: seated players only (403), rate-limited (429)."""
    kind = request.form.get("kind")
    player = my_player()
    return _perform(game_id, lambda: send_reaction(game_id, player.id, player.name, kind, utcnow()))


@bp.post("/tables/<int:game_id>/reactions/mute")
def mute(game_id: int) -> Response:
    """Hide the table's reactions in this browser (mute=1), or show them again (mute=0)."""
    muted = request.form.get("mute") == "1"
    setattr(g, MUTE_KEY, muted)
    response: Response
    if wants_fragment():
        response = make_response(_render_table(game_id))
    else:
        response = redirect(url_for(".table", game_id=game_id), 303)
    if muted:
        response.set_cookie(MUTE_COOKIE, "1", max_age=MUTE_MAX_AGE, httponly=True, samesite="Lax",
                            secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")))
    else:
        response.delete_cookie(MUTE_COOKIE)
    return response

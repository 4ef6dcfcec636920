"""Play now: one click from the lobby to a seat where a game starts soonest
(siete.service.tables.quick_play); a logged-out visitor becomes a guest on the way."""
from __future__ import annotations

import math

from flask import flash, redirect, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_time
from flask_login import current_user

from siete.data.base import utcnow
from siete.data.games import Game
from siete.data.vocabulary import GameStatus
from siete.i18n.error_words import error_message
from siete.play.blueprint import bp, my_player, settings
from siete.play.lobby_routes import OPEN_TABLE_LIMIT
from siete.service.errors import TableError
from siete.service.tables.quick_play import PLAY_NOW_HANDS
from siete.service.tables.quick_play import play_now as seat_where_a_game_starts_soonest
from siete.web.fresh_login import GUEST_LIMIT, become_guest


@bp.post("/now")
@GUEST_LIMIT
@OPEN_TABLE_LIMIT
def play_now() -> ResponseReturnValue:
    """Seat the visitor (a guest, if logged out) at the table that starts soonest."""
    if not current_user.is_authenticated:
        become_guest()
    try:
        game_id = seat_where_a_game_starts_soonest(settings(), my_player())
    except TableError as exc:  # the service has rolled its work back
        flash(error_message(exc), "error")
        return redirect(url_for(".lobby"), 303)
    return redirect(url_for(".table", game_id=game_id), 303)


@bp.app_template_global()
def play_now_hands() -> int:
    """How many hands a new Play now table plays, for the lobby to tell a newcomer."""
    return PLAY_NOW_HANDS


@bp.app_template_global()
def autostart_in(game: Game) -> int | None:
    """Whole seconds until a Play now table starts by itself (0: any moment), or None."""
    if game.autostart_at is None or game.status != GameStatus.WAITING:
        return None
    return max(0, math.ceil((game.autostart_at - utcnow()).total_seconds()))


@bp.app_template_global()
def autostart_clock(game: Game) -> str:
    """When a Play now table starts by itself, as a time of day (for pages without JavaScript)."""
    # The zone is named ("03:48:41 UTC"): a bare server time read as a wrong local clock.
    return format_time(game.autostart_at, "HH:mm:ss z") if game.autostart_at else ""


@bp.app_template_global()
def autostart_iso(game: Game) -> str:
    """When a Play now table starts by itself, as <time datetime>'s UTC instant: table.js says
    it in the reader's own zone and language."""
    return game.autostart_at.strftime("%Y-%m-%dT%H:%M:%SZ") if game.autostart_at else ""

"""Routes of play with friends: a private table's new invite link, the rematch offered
on a finished table (htmx polls it), and saying no to a rematch. Thin: parse, call, render."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user

from siete.i18n.error_words import error_message
from siete.play.blueprint import bp, my_player, user_id
from siete.play.friends import rematch_box, remember_key, visible_game_or_404
from siete.service.errors import TableError
from siete.service.tables.rematch_invites import decline
from siete.service.tables.table_access import renew_link
from siete.web.login import login_required


@bp.get("/tables/<int:game_id>/rematch")
def rematch(game_id: int) -> ResponseReturnValue:
    """The finished table's rematch offer alone, for its own small poll: 204 while unchanged."""
    game = visible_game_or_404(game_id, user_id())
    box = rematch_box(game, user_id())
    if request.args.get("seen") == box.marker:
        return "", 204
    return render_template("play/_rematch.html", game=game, rematch=box)


@bp.post("/tables/<int:game_id>/invite")
@login_required
def new_invite(game_id: int) -> ResponseReturnValue:
    """The owner makes a new invite link for a private table: the old one stops working."""
    visible_game_or_404(game_id, user_id())
    try:
        key = renew_link(game_id, current_user.id)
    except TableError as exc:
        flash(error_message(exc), "error")
    else:
        remember_key(game_id, key)
        flash(_("Here is a new invite link; the old one no longer opens the table."), "success")
    return redirect(url_for(".table", game_id=game_id), 303)


@bp.post("/tables/<int:game_id>/decline")
@login_required
def decline_rematch(game_id: int) -> ResponseReturnValue:
    """An invitee says no to the rematch `game_id`; back to the finished table they came from."""
    game = visible_game_or_404(game_id, user_id())
    back = url_for(".table", game_id=game.rematch_of or game_id)
    try:
        decline(game_id, my_player())
    except TableError as exc:
        flash(error_message(exc), "error")
    # No flash when it worked: the finished table's rematch box says "You said no to the rematch."
    return redirect(back, 303)

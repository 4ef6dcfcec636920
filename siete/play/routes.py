"""Routes of the tables: parse the request, call the service, render.

With an HX-Request header a table route answers with the #table fragment (errors inside it, with
their status); without it, POSTs redirect back to the table page with a flashed message (PRG).
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import cast

from flask import (
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user

from siete.data.base import utcnow, utcnow_ms
from siete.data.login_sessions import SessionClaim
from siete.data.vocabulary import GameStatus
from siete.engine.codes import Action
from siete.i18n.error_words import error_message
from siete.play.blueprint import bp, my_player, player_name, session_claim, settings, signed_in, user_id
from siete.play.context import table_context
from siete.play.friends import friends_part, guard_table, table_key, visible_game_or_404
from siete.play.polling import due_in_ms
from siete.play.seat_limits import SEAT_LIMIT
from siete.play.shared_fragment import render_shared, shareable, shared_copy
from siete.play.table_chat import chat_part
from siete.service.errors import Problem, SignedOut, TableError, TableNotFound
from siete.service.social.presence import PollSummary, TableWatch, poll_summary, watch_table
from siete.service.tables.lobby_actions import join_table, leave_waiting_table, start_table
from siete.service.tables.seat_back import come_back_to_table, take_seat_back
from siete.service.tables.table_access import game_visible_to, key_matches
from siete.service.tables.timers import run_due_timers
from siete.service.tables.turns import (
    TableSnapshot,
    act,
    leave_game,
    ready_for_next,
    version_and_deadline,
)
from siete.service.text_rules import parse_ascii_int
from siete.web.login import claimed_session, forget_login, login_manager, login_required
from siete.web.security import wants_fragment


@bp.get("/tables/<int:game_id>")
def table(game_id: int) -> ResponseReturnValue:
    """The table page (or, for htmx, its fragment); a run-out turn timer is applied first.

    A player marked away who opens the page is back: the bot gives the seat up. (The
    fragment's poll does not count: a tab left open is not a person at the table.)
    """
    _run_timers_if_due(game_id)
    if current_user.is_authenticated and take_seat_back(settings(), game_id, player_name()):
        return _render_table(game_id, notice=_("Welcome back: your seat is yours again."))
    return _render_table(game_id)


@bp.get("/tables/<int:game_id>/fragment")
def fragment(game_id: int) -> ResponseReturnValue:
    """The poll: 204 and a single query while nothing changed, else the fresh fragment.

    current_user is not touched before the 204 check: Flask-Login would load the user.
    """
    seen, pulse_seen, now = request.args.get("v", ""), request.args.get("p"), utcnow()
    answer = _poll_summary(game_id, now)
    if isinstance(answer, TableWatch) and answer.private and not _polls_private_table(answer, game_id):
        # not seated and no key: the full render decides (the creator, an invitee) or 404s,
        # so a 204 never tells a stranger that a private table exists or what its version is
        return _render_table(game_id, fragment_only=True)
    # `p` (presence and reactions, siete.js sends it) changes apart from the game's version.
    alive = pulse_seen is None or pulse_seen == answer.pulse
    # a paced bot's move is due to the millisecond (BOT_MOVE_SECONDS), a person's timer too
    due = answer.deadline is not None and answer.deadline <= utcnow_ms()
    if seen == answer.page_version and alive and not due:
        return "", 204
    if due and answer.version is not None:
        run_due_timers(settings(), game_id)
    elif isinstance(answer, PollSummary):  # a started public table: anonymous viewers share
        copy = shared_copy(game_id, answer, due_in_ms(answer.deadline))  # one render of it
        if copy is not None:
            return copy
        return _render_table(game_id, fragment_only=True, share_render=True)
    return _render_table(game_id, fragment_only=True)


def _poll_summary(game_id: int, now: datetime) -> PollSummary | TableWatch:
    """What the poll compares. The page names its viewer's seat (`s`, a join order, "-" for
    none): then a started public table's poll reads one row, no account and no name
    (poll_summary). A waiting or private table, or a page from before `s`, gets the whole watch,
    which knows its viewer and notes them here."""
    claim, hint = claimed_session(), request.args.get("s")
    answer: PollSummary | TableWatch | None = (
        poll_summary(game_id, parse_ascii_int(hint), claim, now) if hint is not None else None)
    if answer is None:
        answer = watch_table(game_id, claim, now, rematch_seconds=settings().rematch_seconds)
    if answer is None:
        abort(404, error_message(TableNotFound(Problem.NO_SUCH_TABLE)))
    return answer


def _polls_private_table(watch: TableWatch, game_id: int) -> bool:
    """A seated viewer, or one whose key is the table's, may have the cheap 204."""
    if watch.viewer_seated:
        return True
    return key_matches(watch.invite_token, table_key(game_id))


def _run_timers_if_due(game_id: int) -> None:
    live = version_and_deadline(game_id)
    if live is not None and live[1] is not None and live[1] <= utcnow_ms():
        run_due_timers(settings(), game_id)


def _render_table(game_id: int, error: str | None = None, status: int = 200,
                  fragment_only: bool | None = None, notice: str | None = None,
                  snapshot: TableSnapshot | None = None,
                  viewer: tuple[int | None, str | None] | None = None,
                  share_render: bool = False) -> ResponseReturnValue:
    """The table as a whole page, or as the #table fragment for htmx (from `snapshot` if given).

    `viewer` is (user id, player name) when the move already knows them (a session's account
    checked with the lock), so the account is not read again. With `share_render` (a poll of a
    started public table) an anonymous spectator's render is kept for the others (shared_fragment).
    """
    viewer_id, viewer_name = viewer if viewer is not None else (user_id(), player_name())
    try:
        ctx = table_context(game_id, viewer_id, error, notice, snapshot, viewer_name,
                            request.form.get("p"))  # the mover's page's pulse (siete.js)
    except TableNotFound as exc:
        abort(404, error_message(exc))
    if snapshot is None:  # (a move's snapshot: the mover sits there) a private table is no
        guard_table(ctx.game, viewer_id)  # table to who may not see it
    fragment_only = wants_fragment() if fragment_only is None else fragment_only
    template = "play/_table.html" if fragment_only else "play/table.html"
    friends = friends_part(ctx.game, viewer_id, viewer_name).template_args()  # invites, rematch
    chat = chat_part(game_id, viewer_id, ctx.presence.pulse if ctx.presence else "", not fragment_only)
    args = {**ctx.template_args(), **friends, **chat.template_args()}
    if share_render and shareable(ctx):
        return render_shared(game_id, template, args, ctx), status
    return render_template(template, **args), status


def _perform(game_id: int, move: Callable[[], object], done: str | None = None) -> ResponseReturnValue:
    """Run one service call for the current user and answer with the table (or a redirect)."""
    try:
        result = move()
    except SignedOut:  # the login session was ended: as if it had never logged in
        forget_login()
        return unauthorized()
    except TableError as exc:  # the service has rolled its work back
        if not current_user.is_authenticated:  # a session's account, not yet checked: check it
            return unauthorized()
        message = error_message(exc)
        if isinstance(exc, TableNotFound):
            abort(404, message)
        if not game_visible_to(game_id, user_id(), table_key(game_id)):  # missing, or private
            abort(404, error_message(TableNotFound(Problem.NO_SUCH_TABLE)))  # to this stranger
        if wants_fragment():
            return _render_table(game_id, message, exc.status)
        flash(message, "error")
        return redirect(url_for(".table", game_id=game_id), 303)
    if wants_fragment():  # a move hands back the table it left: no need to read it again
        snapshot = result if isinstance(result, TableSnapshot) else None
        return _render_table(game_id, notice=done, snapshot=snapshot, viewer=_mover(snapshot))
    if done:
        flash(done, "success")
    return redirect(url_for(".table", game_id=game_id), 303)


def unauthorized() -> ResponseReturnValue:
    """Flask-Login's answer to a request that needs a login (a redirect to the login page)."""
    return cast(ResponseReturnValue, login_manager.unauthorized())


def _who_moves() -> tuple[str | None, SessionClaim | None]:
    """(player name, None) of the loaded user, or (None, the login session's claim), which the
    move checks with the table's lock and reads the account from."""
    claim = session_claim()
    return (None, claim) if claim is not None else (player_name(), None)


def _mover(snapshot: TableSnapshot | None) -> tuple[int | None, str | None] | None:
    """(user id, player name) of a move made for a login session's account, else None."""
    if snapshot is None or snapshot.mover is None or snapshot.mover.user_id is None:
        return None
    return snapshot.mover.user_id, snapshot.mover.player_name


def _bad_input(game_id: int, message: str) -> ResponseReturnValue:
    """A malformed form (not one of ours): 400 with the message and the current table."""
    return _render_table(game_id, message, 400)


def _form_int(name: str) -> int | None:
    return parse_ascii_int(request.form.get(name))  # ASCII digits only, as in every form


@bp.post("/tables/<int:game_id>/<any(bet, draw, stand):action>")
@signed_in
def play(game_id: int, action: str) -> ResponseReturnValue:
    """Bet, draw or stand; the hidden `version` makes a stale tab or a double click change nothing."""
    version = _form_int("version")
    if version is None:
        return _bad_input(game_id, _("This move is missing the table's version: reload the table."))
    amount = _form_int("amount") if action == Action.BET else None
    if action == Action.BET and amount is None:
        return _bad_input(game_id, _("A bet is a whole number of points."))
    name, claim = _who_moves()
    return _perform(game_id, lambda: act(settings(), game_id, name, action, amount, version,
                                         claim=claim))


@bp.post("/tables/<int:game_id>/next")
@signed_in
def next_hand(game_id: int) -> ResponseReturnValue:
    """The player has seen the settled hand: deal the next once every person at the table has."""
    name, claim = _who_moves()
    return _perform(game_id, lambda: ready_for_next(settings(), game_id, name, claim=claim))


@bp.post("/tables/<int:game_id>/join")
@login_required
@SEAT_LIMIT
def join(game_id: int) -> ResponseReturnValue:
    """Take a free seat at a waiting table."""
    key = table_key(game_id)  # a private table's invite key, if the visitor came by its link
    return _perform(game_id, lambda: join_table(game_id, my_player(), key, rematch_seconds=settings().rematch_seconds),
                    _("You have a seat. The game starts when the creator starts it."))


@bp.post("/tables/<int:game_id>/start")
@login_required
def start(game_id: int) -> ResponseReturnValue:
    """The creator starts the game, optionally filling the free seats with standard bots."""
    fill = request.form.get("fill") == "1"
    return _perform(game_id, lambda: start_table(settings(), game_id, my_player(),
                                                 fill_with_bots=fill))


@bp.post("/tables/<int:game_id>/leave")
@login_required
@SEAT_LIMIT
def leave(game_id: int) -> ResponseReturnValue:
    """Leave a waiting table, or hand a running game's seat to a standard bot."""
    game = visible_game_or_404(game_id, user_id())
    if game.status == GameStatus.WAITING:
        return _perform(game_id, lambda: leave_waiting_table(game_id, my_player()),
                        _("You left the table."))
    return _perform(game_id, lambda: leave_game(settings(), game_id, my_player()),
                    # Past tense: with only bots left they may have played the game out already.
                    _("You left the game; a standard bot took over your seat."))


@bp.post("/tables/<int:game_id>/back")
@login_required
def back(game_id: int) -> ResponseReturnValue:
    """"I'm back": the player marked away takes the seat back from the bot; anyone else is
    refused (403 for someone not seated, 409 for a seat not away), and nothing changes."""
    return _perform(game_id, lambda: come_back_to_table(settings(), game_id, player_name()),
                    _("Welcome back: your seat is yours again."))


@bp.get("/tables/<int:game_id>/leave")
@login_required
def confirm_leave(game_id: int) -> ResponseReturnValue:
    """Leaving cannot be undone: a page that asks first (a plain form, so it works without JS).
    A private table's stranger gets a missing table's 404: not its name, not whether it plays."""
    game = visible_game_or_404(game_id, user_id())
    return render_template("play/leave.html", game=game,
                           table_url=url_for(".table", game_id=game_id),
                           leave_url=url_for(".leave", game_id=game_id))

"""Routes of the lobby: the open and running tables, opening a table (or the same one again), the rules.

Parse the request, call the service, render; siete/play/routes.py holds the tables' routes.
"""
from __future__ import annotations

from typing import Any

from flask import (
    Response,
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_limiter import RequestLimit
from flask_login import current_user

from siete.data.base import utcnow
from siete.data.games import Game, GamePlayer
from siete.data.vocabulary import GameMode, PlayerKind
from siete.engine.bots import PROFILES
from siete.i18n.error_words import error_message
from siete.play.blueprint import bp, my_player, settings, user_id
from siete.play.forms import NewTableForm
from siete.play.friends import visible_game_or_404
from siete.play.lobby import lobby_view
from siete.play.polling import FALLBACK_POLL_MS
from siete.play.rules_odds import bust_rows
from siete.service.errors import Problem, TableError
from siete.service.records.ratings import ratings_of
from siete.service.records.recording import seats_by_join_order
from siete.service.social.lobby_news import lobby_marker
from siete.service.social.online import people_online
from siete.service.tables.lobby_actions import TableSpec, create_table, start_table
from siete.service.tables.lobby_lists import lobby_page
from siete.service.tables.rematch import play_again, verify_over
from siete.web.login import login_required
from siete.web.rate_limits import client_address, limiter


@bp.get("/")
def lobby() -> ResponseReturnValue:
    """Open and running tables (a page of each), and the form to open a new one."""
    form = NewTableForm(formdata=None, turn_seconds=settings().turn_seconds)
    return _render_lobby(form)


@bp.get("/lobby/tables")
def lobby_list() -> ResponseReturnValue:
    """The lobby's lists alone, asked for at each "changed" of the lobby's stream (or every
    LOBBY_POLL_MS without one), and while
    nothing changed (`v`, the lobby's marker) the answer is 204 after one query (and, logged
    in, the account's): the marker counts only the tables listed for this visitor."""
    marker = lobby_marker(user_id())
    if request.args.get("v") == marker:
        return "", 204
    return render_template("play/_lobby_tables.html", user_id=user_id(), **_lobby_lists(marker))


LOBBY_POLL_MS = FALLBACK_POLL_MS  # a lobby that holds no stream asks this often


def _lobby_lists(marker: str | None = None) -> dict[str, Any]:
    page = request.args.get("page", 1, type=int) or 1
    marker = lobby_marker(user_id()) if marker is None else marker  # read first: never newer than the lists
    lobby = lobby_page(max(1, min(page, 10_000)), settings().lobby_page_size, viewer=user_id(),
                       rematch_seconds=settings().rematch_seconds)
    # Everyone's rating beside their name, humans and bots on one scale: one query.
    seated = {gp.player_id for game in (*lobby.open, *lobby.running) for gp in game.players}
    return {"lobby": lobby_view(lobby, user_id(), ratings_of(seated)), "lobby_v": marker,
            "lobby_poll_ms": LOBBY_POLL_MS}


def _render_lobby(form: NewTableForm, status: int = 200, play_now_error: str | None = None) -> ResponseReturnValue:
    viewer = user_id()
    online = people_online(viewer, utcnow()) if viewer is not None else []
    return render_template(
        "play/lobby.html", form=form, config=settings().game, user_id=viewer, online=online,
        play_now_error=play_now_error, **_lobby_lists()), status


def _account_key() -> str:
    """Rate limits on opening tables count per account (per address before login)."""
    account = user_id()
    return f"user:{account}" if account is not None else f"addr:{client_address()}"


def _too_many_tables(_limit: RequestLimit) -> Response:
    """The rate on opening tables was reached: the lobby says so (429), nothing is stored.
    Refused at Play now, it says so under that button: a visitor has no "Open a table" form to
    hold the message, and on a phone that form is screens below the button just pressed."""
    form = NewTableForm(formdata=None, turn_seconds=settings().turn_seconds)
    message = _("You are opening tables too fast: wait a minute and try again.")
    if request.endpoint == "play.play_now":
        return make_response(_render_lobby(form, 429, play_now_error=message))
    form.form_errors.append(message)
    return make_response(_render_lobby(form, 429))


OPEN_TABLE_LIMIT = limiter.shared_limit(
    lambda: current_app.config["TABLE_RATE_LIMIT"], scope="open-table", key_func=_account_key,
    deduct_when=lambda response: response.status_code == 303, on_breach=_too_many_tables)


@bp.post("/tables")
@login_required
@OPEN_TABLE_LIMIT
def create() -> ResponseReturnValue:
    """Open a table; a bots-only table starts at once, since nobody else can sit."""
    config = settings().game
    form = NewTableForm()
    valid = form.validate_on_submit()
    if not (form.check_against(config) and valid):
        return _render_lobby(form, 422)
    try:
        game_id = open_table(form.spec())
    except TableError as exc:  # the service has rolled its work back
        form.form_errors.append(error_message(exc))
        return _render_lobby(form, exc.status)
    return redirect(url_for(".table", game_id=game_id), 303)


def open_table(spec: TableSpec) -> int:
    """Create the table for the current user (and start a bots-only one); returns its id.

    A table left unnamed is named after its creator by the service: their name alone, in no
    language (a Spanish page showed "ana's table", stored by an English creator)."""
    player, table_settings = my_player(), settings()
    game = create_table(player, spec, table_settings.game, max_open=table_settings.max_open_tables)
    if not spec.creator_sits:
        start_table(table_settings, game.id, player)
    return game.id


def _sat_at(game: Game) -> bool:
    """The current user had a seat at this game (or opened it, for a bots-only table)."""
    return game.creator_user_id == current_user.id or any(
        gp.player.user_id == current_user.id for gp in game.players)


@bp.get("/rules")
def rules() -> ResponseReturnValue:
    """How to play, for players: RULES.md in plain words, with the cards drawn."""
    return render_template("play/rules.html", profiles=list(PROFILES),
                           config=settings().game, bust_rows=bust_rows(settings().game.cards))


@bp.post("/tables/<int:game_id>/again")
@login_required
@OPEN_TABLE_LIMIT
def again(game_id: int) -> ResponseReturnValue:
    """A new table with the same settings and seats, with the current user seated."""
    game = visible_game_or_404(game_id, user_id())  # a stranger's "again" is a missing table's
    if not _sat_at(game):
        flash(_("Only the players of this table can play it again."), "error")
        return redirect(url_for(".table", game_id=game_id), 303)
    bots = again_bots(game)
    watch = game.mode == GameMode.BOTS
    spec = TableSpec(name=game.name, seats=game.num_players,
                     bots=bots if watch else bots[:game.num_players - 1],
                     max_hands=game.max_hands, turn_seconds=game.turn_seconds, creator_sits=not watch,
                     show_odds=game.show_odds, chat_spectators=game.chat_spectators,
                     private=game.private)  # a private watch-only table's is private too
    try:  # with people: the rematch, its players invited (or the seat at the one opened already)
        if watch:
            verify_over(game)
        new_id = open_table(spec) if watch else play_again(settings(), game_id, my_player(), spec)
    except TableError as exc:  # the service has rolled its work back
        if exc.code == Problem.GAME_NOT_OVER:  # no rematch of a game still going: say so, 409
            abort(exc.status, error_message(exc))
        flash(error_message(exc), "error")
        return redirect(url_for(".table", game_id=game_id), 303)
    return redirect(url_for(".table", game_id=new_id), 303)


def again_bots(game: Game) -> tuple[str, ...]:
    """The bot profiles of a game's seats, in join order, for "Play again"."""
    seats: list[GamePlayer] = seats_by_join_order(game)
    return tuple(gp.player.profile for gp in seats
                 if gp.player.kind == PlayerKind.BOT and gp.player.profile is not None)

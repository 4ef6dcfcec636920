"""Routes of the lobby and the tables: parse the request, call the service, render.

With an HX-Request header a table route answers with the #table fragment (errors inside it, with
their status); without it, POSTs redirect back to the table page with a flashed message (PRG).
"""
from __future__ import annotations

from collections.abc import Callable

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_login import current_user, login_required

from siete import words
from siete.engine.bots import PROFILES
from siete.extensions import limiter
from siete.models.base import utcnow
from siete.models.people import Player
from siete.play.context import again_bots, table_context, waiting_marker
from siete.play.forms import NewTableForm
from siete.play.lobby import lobby_view
from siete.security import wants_fragment
from siete.service.errors import TableError, TableNotFound
from siete.service.play import (
    SETTLE_PAUSE_S,
    TableSnapshot,
    act,
    current_state,
    leave_game,
    poll_marker,
    ready_for_next,
    run_due_timers,
    take_seat_back,
)
from siete.service.ratings import ratings_of
from siete.service.tables import (
    TableSpec,
    create_table,
    join_table,
    leave_waiting_table,
    lobby_page,
    player_of_user,
    start_table,
)
from siete.validators import parse_ascii_int

bp = Blueprint("play", __name__)
MAX_GAME_ID = 2**31 - 1  # games.id is an INT column


@bp.url_value_preprocessor
def _game_id_in_range(_endpoint: str | None, values: dict | None) -> None:
    """A table id past the INT column names no table; sent to the driver it overflowed into a 500."""
    if values and values.get("game_id", 0) > MAX_GAME_ID:
        abort(404, _("there is no such table"))


@bp.app_template_filter("game_total")
def game_total(value: int | float | None) -> str:
    """A total as players write it: 7½, 6, ½ (numbers in the reader's locale)."""
    return words.game_total(value)


def _user_id() -> int | None:
    return current_user.id if current_user.is_authenticated else None


def _player_name() -> str | None:
    """The logged-in user's player name (loaded with the account), or None."""
    return current_user.player_name if current_user.is_authenticated else None


def _my_player() -> Player:
    """The logged-in user's Player row, for the actions that write seats (not for moves)."""
    return player_of_user(current_user.id)


@bp.get("/")
def lobby():
    """Open and running tables (a page of each), and the form to open a new one."""
    form = NewTableForm(formdata=None, turn_seconds=current_app.config["TURN_SECONDS"])
    return _render_lobby(form)


@bp.get("/lobby/tables")
def lobby_list():
    """The lobby's lists alone: htmx polls them, so the lobby stays current by itself."""
    return render_template("play/_lobby_tables.html", user_id=_user_id(), **_lobby_lists())


def _lobby_lists() -> dict:
    page = request.args.get("page", 1, type=int) or 1
    lobby = lobby_page(max(1, min(page, 10_000)), current_app.config["LOBBY_PAGE_SIZE"])
    # Everyone's rating beside their name, humans and bots on one scale (#18): one query.
    seated = {gp.player_id for game in (*lobby.open, *lobby.running) for gp in game.players}
    return {"lobby": lobby_view(lobby, _user_id(), ratings_of(seated))}


def _render_lobby(form: NewTableForm, status: int = 200):
    return render_template(
        "play/lobby.html", form=form, config=current_app.config["GAME"], user_id=_user_id(),
        **_lobby_lists()), status


def _account_key() -> str:
    """Rate limits on opening tables count per account (per address before login)."""
    user_id = _user_id()
    return f"user:{user_id}" if user_id is not None else f"addr:{request.remote_addr}"


def _too_many_tables(_limit) -> object:
    """The rate on opening tables was reached: the lobby says so (429), nothing is stored."""
    form = NewTableForm(formdata=None, turn_seconds=current_app.config["TURN_SECONDS"])
    form.form_errors.append(_("You are opening tables too fast: wait a minute and try again."))
    return make_response(_render_lobby(form, 429))


OPEN_TABLE_LIMIT = limiter.shared_limit(
    lambda: current_app.config["TABLE_RATE_LIMIT"], scope="open-table", key_func=_account_key,
    deduct_when=lambda response: response.status_code == 303, on_breach=_too_many_tables)


@bp.post("/tables")
@login_required
@OPEN_TABLE_LIMIT
def create():
    """Open a table; a bots-only table starts at once, since nobody else can sit."""
    config = current_app.config["GAME"]
    form = NewTableForm()
    valid = form.validate_on_submit()
    if not (form.check_against(config) and valid):
        return _render_lobby(form, 422)
    try:
        game_id = _open_table(form.spec())
    except TableError as exc:  # the service has rolled its work back
        form.form_errors.append(exc.message)
        return _render_lobby(form, exc.status)
    return redirect(url_for(".table", game_id=game_id), 303)


def _open_table(spec: TableSpec) -> int:
    """Create the table for the current user (and start a bots-only one); returns its id."""
    config = current_app.config["GAME"]
    player = _my_player()
    game = create_table(player, spec, config, max_open=current_app.config["MAX_OPEN_TABLES"])
    if not spec.creator_sits:
        start_table(game.id, player, config, pause_s=_pause_s())
    return game.id


@bp.get("/tables/<int:game_id>")
def table(game_id: int):
    """The table page (or, for htmx, its fragment); a run-out turn timer is applied first.

    A player marked away who opens the page is back: the bot gives the seat up. (The
    fragment's poll does not count: a tab left open is not a person at the table.)
    """
    _run_timers_if_due(game_id)
    if current_user.is_authenticated and take_seat_back(game_id, _player_name()):
        return _render_table(game_id, notice=_("Welcome back: your seat is yours again."))
    return _render_table(game_id)


@bp.get("/tables/<int:game_id>/fragment")
def fragment(game_id: int):
    """The poll: 204 and a single query while nothing changed, else the fresh fragment.

    current_user is not touched before the 204 check: Flask-Login would load the user.
    """
    seen = request.args.get("v", "")
    marker = poll_marker(game_id)
    if marker is not None:
        version, deadline = marker
        due = deadline is not None and deadline <= utcnow()
        if seen == str(version) and not due:
            return "", 204
        if due:
            run_due_timers(game_id, pause_s=_pause_s())
    else:
        game = _game_or_404(game_id)
        if seen == waiting_marker(game):
            return "", 204
    return _render_table(game_id, fragment_only=True)


def _pause_s() -> float:
    """The app's pause after a settled hand, which the services are given (not read from the app)."""
    return float(current_app.config.get("SETTLE_PAUSE_S", SETTLE_PAUSE_S))


def _run_timers_if_due(game_id: int) -> None:
    marker = poll_marker(game_id)
    if marker is not None and marker[1] is not None and marker[1] <= utcnow():
        run_due_timers(game_id, pause_s=_pause_s())


def _game_or_404(game_id: int):
    try:
        return current_state(game_id)[0]
    except TableNotFound as exc:
        abort(404, exc.message)


def _render_table(game_id: int, error: str | None = None, status: int = 200,
                  fragment_only: bool | None = None, notice: str | None = None,
                  snapshot: TableSnapshot | None = None):
    """The table as a whole page, or as the #table fragment for htmx (from `snapshot` if given)."""
    try:
        ctx = table_context(game_id, _user_id(), error, notice, snapshot, _player_name())
    except TableNotFound as exc:
        abort(404, exc.message)
    fragment_only = wants_fragment() if fragment_only is None else fragment_only
    template = "play/_table.html" if fragment_only else "play/table.html"
    return render_template(template, **ctx), status


def _perform(game_id: int, move: Callable[[], object], done: str | None = None):
    """Run one service call for the current user and answer with the table (or a redirect)."""
    try:
        result = move()
    except TableError as exc:  # the service has rolled its work back
        if isinstance(exc, TableNotFound):
            abort(404, exc.message)
        if wants_fragment():
            return _render_table(game_id, exc.message, exc.status)
        flash(exc.message, "error")
        return redirect(url_for(".table", game_id=game_id), 303)
    if wants_fragment():  # a move hands back the table it left: no need to read it again
        snapshot = result if isinstance(result, TableSnapshot) else None
        return _render_table(game_id, notice=done, snapshot=snapshot)
    if done:
        flash(done, "success")
    return redirect(url_for(".table", game_id=game_id), 303)


def _bad_input(game_id: int, message: str):
    """A malformed form (not one of ours): 400 with the message and the current table."""
    return _render_table(game_id, message, 400)


def _form_int(name: str) -> int | None:
    return parse_ascii_int(request.form.get(name))  # ASCII digits only, as in every form


@bp.post("/tables/<int:game_id>/<any(bet, draw, stand):action>")
@login_required
def play(game_id: int, action: str):
    """Bet, draw or stand; the hidden `version` makes a stale tab or a double click change nothing."""
    version = _form_int("version")
    if version is None:
        return _bad_input(game_id, _("This move is missing the table's version: reload the table."))
    amount = _form_int("amount") if action == "bet" else None
    if action == "bet" and amount is None:
        return _bad_input(game_id, _("A bet is a whole number of points."))
    return _perform(game_id, lambda: act(game_id, _player_name(), action, amount, version,
                                                 _pause_s()))


@bp.post("/tables/<int:game_id>/next")
@login_required
def next_hand(game_id: int):
    """The player has seen the settled hand: deal the next once every person at the table has."""
    return _perform(game_id, lambda: ready_for_next(game_id, _player_name(),
                                                            _pause_s()))


@bp.post("/tables/<int:game_id>/join")
@login_required
def join(game_id: int):
    """Take a free seat at a waiting table."""
    return _perform(game_id, lambda: join_table(game_id, _my_player()),
                    _("You have a seat. The game starts when the creator starts it."))


@bp.post("/tables/<int:game_id>/start")
@login_required
def start(game_id: int):
    """The creator starts the game, optionally filling the free seats with standard bots."""
    fill = request.form.get("fill") == "1"
    config = current_app.config["GAME"]
    return _perform(game_id, lambda: start_table(game_id, _my_player(), config, fill_with_bots=fill,
                                                            pause_s=_pause_s()))


@bp.post("/tables/<int:game_id>/leave")
@login_required
def leave(game_id: int):
    """Leave a waiting table, or hand a running game's seat to a standard bot."""
    game = _game_or_404(game_id)
    if game.status == "waiting":
        return _perform(game_id, lambda: leave_waiting_table(game_id, _my_player()),
                        _("You left the table."))
    return _perform(game_id, lambda: leave_game(game_id, _my_player(), _pause_s()),
                    _("You left the game; a standard bot plays your seat now."))


@bp.post("/tables/<int:game_id>/back")
@login_required
def back(game_id: int):
    """"I'm back": a player marked away takes the seat back from the bot."""
    return _perform(game_id, lambda: take_seat_back(game_id, _player_name()),
                    _("Welcome back: your seat is yours again."))


def _sat_at(game) -> bool:
    """The current user had a seat at this game (or opened it, for a bots-only table)."""
    return game.creator_user_id == current_user.id or any(
        gp.player.user_id == current_user.id for gp in game.players)


@bp.get("/tables/<int:game_id>/leave")
@login_required
def confirm_leave(game_id: int):
    """Leaving cannot be undone: a page that asks first (a plain form, so it works without JS)."""
    game = _game_or_404(game_id)
    return render_template("play/leave.html", game=game,
                           table_url=url_for(".table", game_id=game_id),
                           leave_url=url_for(".leave", game_id=game_id))


@bp.get("/rules")
def rules():
    """How to play, for players: RULES.md in plain words, with the cards drawn."""
    return render_template("play/rules.html", profiles=list(PROFILES),
                           config=current_app.config["GAME"])


@bp.post("/tables/<int:game_id>/again")
@login_required
@OPEN_TABLE_LIMIT
def again(game_id: int):
    """A new table with the same settings and seats, with the current user seated."""
    game = _game_or_404(game_id)
    if not _sat_at(game):
        flash(_("Only the players of this table can play it again."), "error")
        return redirect(url_for(".table", game_id=game_id), 303)
    bots = again_bots(game)
    watch = game.mode == "bots"
    spec = TableSpec(name=game.name, seats=game.num_players,
                     bots=bots if watch else bots[:game.num_players - 1],
                     max_hands=game.max_hands, turn_seconds=game.turn_seconds, creator_sits=not watch)
    try:
        new_id = _open_table(spec)
    except TableError as exc:  # the service has rolled its work back
        flash(exc.message, "error")
        return redirect(url_for(".table", game_id=game_id), 303)
    return redirect(url_for(".table", game_id=new_id), 303)

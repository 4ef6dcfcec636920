"""The play blueprint, and what its two route modules (lobby_routes, routes) share."""
from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

from flask import Blueprint, abort, current_app
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user

from siete.data.games import Game
from siete.data.login_sessions import SessionClaim
from siete.data.people import Player
from siete.i18n import words
from siete.i18n.error_words import error_message
from siete.service.errors import TableNotFound
from siete.service.tables.lobby_actions import player_of_user
from siete.service.tables.turns import current_state
from siete.settings import ServiceSettings, service_settings
from siete.web.login import claimed_session, loaded_account, login_required

bp = Blueprint("play", __name__)
View = TypeVar("View", bound=Callable[..., ResponseReturnValue])
MAX_GAME_ID = 2**31 - 1  # games.id is an INT column


@bp.url_value_preprocessor
def _game_id_in_range(_endpoint: str | None, values: dict[str, Any] | None) -> None:
    """A table id past the INT column names no table: a 404 here, where the driver would overflow into a 500."""
    if values and values.get("game_id", 0) > MAX_GAME_ID:
        abort(404, _("There is no such table."))


@bp.app_template_filter("game_total")
def game_total(value: int | float | None) -> str:
    """A total as players write it: 7½, 6, ½ (numbers in the reader's locale)."""
    return words.game_total(value)


@bp.app_template_filter("table_name")
def table_name(name: str | None, game_id: int) -> str:
    """A table's name as people read it: the one it was given, or "Table 31" in the reader's
    language for a table stored without one (a guest's: siete.service.tables.lobby_actions)."""
    return name or _("Table %(id)s", id=game_id)


@bp.app_template_filter("name_list")
def name_list(names: list[str]) -> str:
    """Names joined as the reader's language lists them ("Ana and Rosa", "Ana y Rosa")."""
    return words.name_list(list(names))


def session_claim() -> SessionClaim | None:
    """The login session the signed session cookie names, not yet checked (a move checks it with
    its lock); None when it names none (a remember cookie alone: Flask-Login's way then), or when
    this request has read the account already (then that is used)."""
    return None if loaded_account() else claimed_session()


def signed_in(view: View) -> View:
    """login_required, unless the signed session names a login session: then the view's move
    checks it (siete.service.tables.table_locks.locked_table_for), which saves reading the account apart."""
    checked = login_required(view)

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> ResponseReturnValue:
        if session_claim() is None or current_app.config.get("LOGIN_DISABLED"):
            return checked(*args, **kwargs)
        return view(*args, **kwargs)

    return cast(View, wrapper)


def user_id() -> int | None:
    """The logged-in user's id, or None."""
    return cast(int, current_user.id) if current_user.is_authenticated else None


def player_name() -> str | None:
    """The logged-in user's player name (loaded with the account), or None."""
    return cast(str, current_user.player_name) if current_user.is_authenticated else None


def my_player() -> Player:
    """The logged-in user's Player row, for the actions that write seats (not for moves)."""
    return player_of_user(cast(int, current_user.id))


def settings() -> ServiceSettings:
    """The settings the app factory built, which the services are given (they read no app)."""
    return service_settings(current_app)


def game_or_404(game_id: int) -> Game:
    """The table's game row, or a 404 page that says there is no such table."""
    try:
        return current_state(settings(), game_id)[0]
    except TableNotFound as exc:
        abort(404, error_message(exc))

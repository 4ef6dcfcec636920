"""Players' history: a page per game with a step-through replay, its export as a replay
scenario, "My games", player profiles (with the reports' figures about the player) and the
rankings. Thin: parse, query, render."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, NoReturn, TypeVar, cast

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import format_datetime
from flask_babel import gettext as _
from flask_login import current_user, login_required
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from siete.data.vocabulary import GameStatus
from siete.engine.review import BEST_BELOW, INACCURACY_BELOW, MISTAKE_BELOW
from siete.history.live import live_hand
from siete.history.scenario import scenario_of
from siete.history.steps import replay_step
from siete.history.view import game_view, result_text
from siete.i18n.guest_names import spellings
from siete.i18n.review_words import lost_share, mark_word, percent, signed_stakes
from siete.service.records.game_record import GameRecord, load_record
from siete.service.records.player_history import games_of, player_by_user, rating_for_user
from siete.service.records.player_profile import load_profile
from siete.service.records.rating_changes import record_ratings
from siete.service.records.rating_rules import PROVISIONAL_GAMES, ShownRating
from siete.service.records.ratings import KINDS, leaderboard, rated_players
from siete.service.records.review_pages import finished_game_review, game_review, review_trend
from siete.service.social.chat import chatter_of, record_chat
from siete.service.tables.table_access import game_hidden_from
from siete.service.text_rules import parse_ascii_int
from siete.settings import service_settings
from siete.web.charts import accuracy_chart, rating_chart, win_rate_by_hand_chart, win_rate_chart
from siete.web.markup import cards_markup
from siete.web.security import wants_fragment
from siete.web.validators import plain_name_or_400

bp = Blueprint("history", __name__)
MAX_ID = 2**31 - 1  # games.id is an INT column
PER_PAGE = 20
REVIEWED_BY = "game-page"  # a review written because its page came before the worker
F = TypeVar("F", bound=Callable[..., object])


@bp.app_template_global()
def provisional_games() -> int:
    """How many rated games make a rating more than provisional (templates/macros/rating.html)."""
    return PROVISIONAL_GAMES


@bp.url_value_preprocessor
def _id_in_range(_endpoint: str | None, values: dict[str, Any] | None) -> None:
    """An id past the INT column names no game; sent to the driver it would overflow."""
    if values and values.get("game_id", 0) > MAX_ID:
        abort(404, _("There is no such game."))


def _page_number() -> int:
    page = request.args.get("page", 1, type=int)
    return page if page and 0 < page < 100_000 else 1


@bp.get("/games/<int:game_id>")
def game(game_id: int) -> tuple[str, int, dict[str, str]]:
    """A game's page; ?hand=H&move=M picks the decision the replay shows (htmx gets only the
    replay). A hand alone shows its first move; a move the game has not is a 404."""
    record = load_record(game_id)
    if record is None or record.game.private and _private_to_others(game_id):
        _no_such_game()
    count = len(record.hands)
    number, move = _replay_place(count)
    # the stored review, with the moves of the hand the replay shows
    hand = record.hands[number - 1].number if count else None
    settings = service_settings(current_app)
    if record.game.status == GameStatus.FINISHED:
        review = finished_game_review(game_id, hand, settings.game.cards, REVIEWED_BY)
    else:
        review = game_review(game_id, hand)
    view = game_view(record, review)
    first = 1 if move is None else move
    step = replay_step(record, number, first, review, settings.game) if count else None
    if move is not None and step is None:
        abort(404, _("This game has no such move."))
    fragment = wants_fragment()
    live = None
    if not fragment and record.game.status == GameStatus.PLAYING:
        live = live_hand(game_id, current_user.player_name if current_user.is_authenticated else None)
    template = "history/_replay.html" if fragment else "history/game.html"
    chat = None if fragment else record_chat(  # its players' only (never public)
        game_id, chatter_of(current_user.id if current_user.is_authenticated else None))
    html = render_template(template, view=view, current=view.hand(number), number=number,
                           count=count, live=live, step=step, chat=chat, played=_played_in(record),
                           ratings=None if fragment else record_ratings(record))
    return html, 200, {"Vary": "HX-Request"}


def _played_in(record: GameRecord) -> bool:
    """Whether the viewer sat at the game: their way back is My games, anyone else's the lobby
    (a visitor's 'My games' led to a login form)."""
    name = current_user.player_name if current_user.is_authenticated else None
    return name is not None and any(seat.name == name for seat in record.seats)


def _replay_place(count: int) -> tuple[int, int | None]:
    """The hand (1..count, 0 with none) and the move (None: not asked) the replay shows. A hand
    alone that is not one is read as the nearest (old links); with ?move= both must name one."""
    move_text, hand_text = request.args.get("move"), request.args.get("hand")
    if move_text is None:
        number = request.args.get("hand", 1, type=int) or 1
        return (min(max(number, 1), count) if count else 0), None
    # a whole number of at most 9 ASCII digits (a longer one once reached int() and its
    # 4,300-digit limit: a 500)
    hand, move = parse_ascii_int(hand_text or "1"), parse_ascii_int(move_text)
    if hand is None or move is None or not 1 <= hand <= count:
        abort(404, _("This game has no such move."))
    return hand, move


@bp.get("/games/<int:game_id>/scenario.json")
def scenario(game_id: int) -> Response:
    """The game as a replay scenario (SCENARIOS.md): every stored, settled hand."""
    record = load_record(game_id)
    if record is None or record.game.private and _private_to_others(game_id):
        _no_such_game()
    data = scenario_of(record)
    if data is None:
        abort(409, _("This game has not started: there is nothing to replay yet."))
    response = jsonify(data)
    response.headers["Content-Disposition"] = f'inline; filename="game-{game_id}.json"'
    return response


def _no_such_game() -> NoReturn:
    """404. A private game's player who is logged out (a link from a mail, another browser) was
    told only "There is no such game": say it may be private, to anyone logged out, so the words
    tell nothing about which ids exist."""
    if current_user.is_authenticated:
        abort(404, _("There is no such game."))
    abort(404, _("There is no such game, or it is a private one: if you played it, log in to see it."))


def _private_to_others(game_id: int) -> bool:
    """A private table's record is for its players (and whoever brings its invite key, ?key=)."""
    viewer = current_user.id if current_user.is_authenticated else None
    return game_hidden_from(game_id, viewer, request.args.get("key"))


def login_needed(view: F) -> F:
    """Flask-Login's login_required, with the view's type kept (the library ships no types)."""
    return cast(F, login_required(view))


@bp.get("/games")
@login_needed
def my_games() -> str:
    """The games the logged-in player sat in, newest first, a page at a time."""
    page = _page_number()
    player = player_by_user(current_user.id)
    rows, more = games_of(player.id, page, PER_PAGE) if player else ([], False)
    return render_template("history/my_games.html", rows=rows, page=page, more=more,
                           player=player)


@bp.get("/players/<path:name>")
def player(name: str) -> str | BaseResponse:
    """A player's profile: figures, the reports' rows about it, charts, rating and recent games
    (bots too)."""
    viewer = current_user.id if current_user.is_authenticated else None
    plain_name_or_400(name)  # a NUL byte or an escape is never written back on the page
    # a guest's name in any language's word ("Guest 9032" for the stored "Invitado 9032")
    profile = next(filter(None, (load_profile(spelled, viewer) for spelled in spellings(name))), None)
    if profile is None:
        abort(404, _("There is no player called %(name)s.", name=name))
    if profile.name != name:  # typed in another case or word: the address says the player's own spelling
        query = request.query_string.decode()
        return redirect(url_for("history.player", name=profile.name) + (f"?{query}" if query else ""), code=301)
    own = current_user.is_authenticated and profile.name in (
        current_user.player_name, current_user.username)
    return render_template(
        "history/player.html", profile=profile, own=own, links_player=links_player,
        win_chart=win_rate_chart([(g.first, g.last, g.won) for g in profile.win_rate]),
        rating_chart=rating_chart([(p.game_id, p.rating) for p in profile.rating_series],
                                  profile.rated_games),
        hand_chart=win_rate_by_hand_chart("win_rate_by_hand", profile.hand_rows),
        review=(trend := review_trend(profile.name, with_private=profile.own)),
        accuracy_chart=accuracy_chart([(g.game_id, g.figures.accuracy, g.figures.decisions)
                                       for g in trend.games]))


def links_player(_column: str, _value: object) -> bool:
    """The profile's table of report 4 has no player column: no cell links a player."""
    return False


@bp.get("/rankings")
def rankings() -> str:
    """The leaderboard: every rated player, humans and bots on one scale."""
    page = _page_number()
    who = request.args.get("who", "all")
    who = who if who in KINDS else "all"  # anything else lists everyone
    rows = leaderboard(PER_PAGE, (page - 1) * PER_PAGE, who)
    total = rated_players(who)
    return render_template("history/rankings.html", rows=rows, page=page, who=who,
                           first_rank=(page - 1) * PER_PAGE + 1,
                           more=page * PER_PAGE < total)


@bp.app_context_processor
def _history_helpers() -> dict[str, Callable[[], ShownRating | None]]:
    """my_rating() for the header: the logged-in player's rating, read only when asked."""
    def my_rating() -> ShownRating | None:
        if not current_user.is_authenticated:
            return None
        return rating_for_user(current_user.id)

    return {"my_rating": my_rating}


@bp.app_template_filter("history_result")
def _result(value: str | None) -> str:
    return result_text(value)


@bp.app_template_filter("history_cards")
def _cards(codes: list[str]) -> Markup:
    return cards_markup(codes, "sm")


@bp.app_template_global("review_thresholds")
def _review_thresholds() -> tuple[float, float, float]:
    """The review's marks' thresholds (shares of the points in play), for the rules page (engine/review.py)."""
    return BEST_BELOW, INACCURACY_BELOW, MISTAKE_BELOW


@bp.app_template_filter("review_mark")
@pass_context
def _review_mark(_context: Context, value: str) -> str:
    # pass_context: Jinja folds a filter on a literal ('best'|review_mark, the rules page) when
    # it compiles the template, so the first request's language stuck for every later reader.
    return mark_word(value)


@bp.app_template_filter("signed_stakes")
def _signed_stakes(value: float) -> str:
    return signed_stakes(value)


@bp.app_template_filter("lost_share")
def _lost_share(value: float) -> str | None:
    return lost_share(value)


@bp.app_template_filter("moment")
def _moment(value: datetime | str | None) -> str:
    """A stored time to the second with its zone ("2026-11-29 03:40:28 UTC"): the bare
    str() of a stored time gave no zone, and a player read it as a wrong local clock."""
    if not value:
        return "—"
    if isinstance(value, str):  # a raw SQL row on SQLite holds the text
        value = datetime.fromisoformat(value)
    # The stored times are UTC and Babel's zone is left at UTC (no BABEL_DEFAULT_TIMEZONE).
    return str(_("%(time)s UTC", time=format_datetime(value, "yyyy-MM-dd HH:mm:ss")))


@bp.app_template_filter("percent")
def _percent(value: float) -> str:
    return percent(value)


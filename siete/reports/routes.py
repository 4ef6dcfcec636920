"""The reports on the web: /reports (an overview of all sixteen), /reports/<key> (one report,
paged, sortable, by player, as CSV, XML or JSON) and /reports.json. A player's figures are on their
profile (/players/<name>, the history blueprint), where /reports/players/<name> now leads.
Public pages: no login needed, so every one reads aggregates at a fixed cost, the overview is
cached for a few seconds, downloads are rate-limited and a statement timeout guards the DB."""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlencode

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from siete.data.database import lift_statement_time_limit, limit_statement_time
from siete.i18n.guest_names import spellings
from siete.i18n.report_words import cell_text, column_label, report_explanation, report_title
from siete.reports.downloads import csv_chunks, json_chunks, xml_chunks
from siete.reports.pages import OverviewEntry, overview, report_page
from siete.service.reports.definitions import (
    GAME_LISTS,
    PLAYER_COLUMNS,
    REPORTS,
    TOTAL_ROW_NAME,
    ReportDef,
    get_report,
)
from siete.service.reports.queries import find_player
from siete.service.reports.report_downloads import (
    DOWNLOAD_PAGE_GAMES,
    Download,
    NoSuchPage,
    every_report,
    open_download,
)
from siete.web.caching import kept
from siete.web.rate_limits import client_address, limiter
from siete.web.validators import plain_name_or_400

bp = Blueprint("reports", __name__)
TONES = 6  # reports have a background colour each: the frames cycle through this many tones
CARD_COLUMNS = frozenset({"card"})


@bp.app_template_filter("column_label")
def _column_label_filter(column: str) -> str:
    return column_label(column)


@bp.app_template_filter("cell_text")
def _cell_text_filter(value: object) -> str:
    return cell_text(value)


def links_player(column: str, value: object) -> bool:
    """True for a cell that names a player (and not the '*' of a total row)."""
    return column in PLAYER_COLUMNS and isinstance(value, str) and value != TOTAL_ROW_NAME


@bp.before_request
def _guard_the_database() -> None:
    """A statement timeout for this request's queries (MariaDB; SQLite has none, see docs/history-and-reports.md)."""
    seconds = current_app.config.get("REPORTS_STATEMENT_TIMEOUT_S", 2)
    if seconds:
        limit_statement_time(float(seconds))


@bp.teardown_request
def _lift_the_guard(_error: BaseException | None) -> None:
    """The pooled connection goes back without the timeout (other pages run long writes)."""
    if current_app.config.get("REPORTS_STATEMENT_TIMEOUT_S", 2):
        lift_statement_time_limit()


@bp.get("/reports")
def index() -> str:
    """Every report in its frame: its explanation, first rows, a chart, a link to the whole.

    The figures (not the HTML, which carries the visitor's session) are kept a few seconds,
    per language: a crowd reloading the page costs the database one read per interval.
    """
    seconds = current_app.config.get("REPORTS_CACHE_S", 10)
    entries: list[OverviewEntry] = kept("reports.overview", str(get_locale()), overview, seconds)
    return render_template("reports/index.html", entries=entries, links_player=links_player,
                           tones=TONES, card_columns=CARD_COLUMNS)


def _report_or_404(key: str) -> ReportDef:
    try:
        return get_report(key)
    except ValueError:
        abort(404, description=_("There is no report called %(key)s.", key=key))


def _typed_player() -> tuple[str | None, int | None]:
    """The player named in the Player box (trimmed) as it spells its name, and its id; the
    name as typed and None when no player has it."""
    name = plain_name_or_400((request.args.get("player") or "").strip()[:40]) or None
    # a guest's name in any language's word ("Guest 9032" for the stored "Invitado 9032")
    found = next(filter(None, map(find_player, spellings(name))), None) if name else None
    return (name, None) if found is None else found


def _player_filter() -> tuple[str | None, int | None]:
    name, pid = _typed_player()
    if name and pid is None:
        abort(404, description=_("There is no player called %(name)s.", name=name))
    return name, pid


@bp.get("/reports/<key>")
def report(key: str) -> tuple[str, int]:
    """One report whole: paged, sortable (the per-player ones), narrowed to a player. A name
    nobody has keeps the page and its box (what was typed, and why nothing was narrowed): the
    whole report, answered 404."""
    chosen = _report_or_404(key)
    name, pid = _typed_player()
    unknown = name if name and pid is None else None
    if unknown:
        name = None
    sort = request.args.get("sort") or None
    page = report_page(chosen, request.args.get("page", 1, type=int), sort,
                       request.args.get("dir") == "desc", name, pid)
    game_list = chosen.key in GAME_LISTS
    files = math.ceil(page.total / _page_games()) if game_list else 1
    return render_template("reports/report.html", report=chosen, page=page, tones=TONES,
                           title=report_title(chosen.key), explanation=report_explanation(chosen.key),
                           number=REPORTS.index(chosen) + 1, links_player=links_player,
                           card_columns=CARD_COLUMNS, game_list=game_list, unknown_player=unknown,
                           download_files=max(1, files), download_size=_page_games()), 404 if unknown else 200


def _download_name(key: str, name: str | None, page: int, extension: str) -> str:
    player = "-" + "".join(c for c in name if c.isalnum()) if name else ""
    return f"{key}{player}{f'-{page}' if page > 1 else ''}.{extension}"


def _download_limit() -> str:
    return str(current_app.config.get("REPORTS_DOWNLOAD_RATE_LIMIT", "6/minute"))


def _all_downloads_limit() -> str:
    return str(current_app.config.get("REPORTS_DOWNLOADS_GLOBAL_RATE_LIMIT", "60/minute"))


# Every download (and /reports.json) counts against one limit for the whole site too, so many
# addresses at once cannot keep the database reading whole histories (the per-address one
# stays); per process, or shared when RATELIMIT_STORAGE_URI names Redis.
all_downloads = limiter.shared_limit(_all_downloads_limit, scope="reports-downloads",
                                     key_func=lambda: "everyone")


def _page_of(report: ReportDef, name: str | None, pid: int | None) -> Download:
    page = request.args.get("page", 1, type=int)
    try:
        return open_download(report, name, pid, page, _page_games())
    except NoSuchPage:
        abort(404, description=_("This download has no page %(page)s.", page=page))


def _page_games() -> int:
    return int(current_app.config.get("REPORTS_DOWNLOAD_PAGE_GAMES", DOWNLOAD_PAGE_GAMES))


def _next_url(download: Download, extension: str) -> str:
    player = request.args.get("player")
    values: dict[str, Any] = {"player": player} if player else {}
    return url_for("reports.report_file", key=download.report.key, extension=extension,
                   page=download.page + 1, **values)


def _streamed(chunks: Iterator[str] | Iterator[bytes], mimetype: str, filename: str | None,
              download: Download | None = None, extension: str = "") -> Response:
    """A download sent as it is made (chunked); its size is not known before the end."""
    response = Response(stream_with_context(chunks), mimetype=mimetype)
    if filename:
        response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    if download is not None and download.has_next:
        response.headers["Link"] = f'<{_next_url(download, extension)}>; rel="next"'
    return response


@bp.get("/reports.json")
@limiter.limit(_download_limit)
@all_downloads
def as_json() -> Response:
    """Every report for machines, {"reports": [{key, title, columns, rows}, ...]}: the twelve
    small ones whole, the four game lists' first page of games with the "next" page's URL."""
    size = _page_games()
    downloads = every_report(size)
    return _streamed(json_chunks(downloads, lambda d: _next_url(d, "json")), "application/json", None)


# Each file's form: how its chunks are made and what it is sent as. JSON has no file name: it
# is read by machines, in the browser or by a program, and never saved as an attachment.
FILE_FORMATS: dict[str, tuple[Callable[[Download], Iterator[str] | Iterator[bytes]], str, bool]] = {
    "csv": (csv_chunks, "text/csv", True),
    "xml": (lambda download: xml_chunks([download]), "application/xml", True),
    "json": (lambda download: json_chunks([download], lambda d: _next_url(d, "json")), "application/json", False),
}


def _address_and_format() -> str:
    """Each format counts against its own per-address limit (a reader may want the CSV and the XML)."""
    return f"{client_address()} {(request.view_args or {}).get('extension')}"


@bp.get("/reports/<key>.<any(csv, xml, json):extension>")
@limiter.limit(_download_limit, key_func=_address_and_format)
@all_downloads
def report_file(key: str, extension: str) -> Response:
    """One report (or one player's rows) as CSV with its header row first, as the reports XML of
    XML.md, or in /reports.json's form; game lists a page of games per file (?page=N, and a
    Link header to the next)."""
    chosen = _report_or_404(key)
    name, pid = _player_filter()
    download = _page_of(chosen, name, pid)
    chunks, mimetype, attachment = FILE_FORMATS[extension]
    filename = _download_name(key, name, download.page, extension) if attachment else None
    return _streamed(chunks(download), mimetype, filename, download, extension)


@bp.get("/reports/players/<path:name>")
def player(name: str) -> BaseResponse:
    """The old address of a player's figures: they are on the profile now, for good (301). The
    language travels with the browser (its cookie or Accept-Language), any query string too."""
    query = urlencode(list(request.args.items(multi=True)))  # encoded again: never a raw byte
    return redirect(url_for("history.player", name=name) + (f"?{query}" if query else ""), code=301)

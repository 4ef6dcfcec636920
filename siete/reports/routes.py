"""The reports on the web: /reports (an overview of all sixteen), /reports/<key> (one report,
paged, sortable, by player, as CSV or XML) and /reports.json. A player's figures are on their
profile (/players/<name>, the history blueprint), where /reports/players/<name> now leads.
Public pages: no login needed, so every one reads aggregates at a fixed cost, the overview is
cached for a few seconds, downloads are rate-limited and a statement timeout guards the DB."""
from __future__ import annotations

import csv
import io
from urllib.parse import urlencode

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
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from siete.data.database import lift_statement_time_limit, limit_statement_time
from siete.data.xmlfiles import reports_xml_bytes
from siete.i18n.report_words import cell_text, column_label
from siete.reports.catalog import REPORTS, ReportDef, get_report, run_reports
from siete.reports.pages import (
    GAME_LISTS,
    PLAYER_COLUMNS,
    TOTAL_ROW_NAME,
    OverviewEntry,
    download_rows,
    overview,
    player_id,
    report_page,
)
from siete.web.caching import kept
from siete.web.extensions import limiter

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
    """A statement timeout for this request's queries (MariaDB; SQLite has none, see README)."""
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


@bp.get("/reports.json")
@limiter.limit(lambda: current_app.config.get("REPORTS_DOWNLOAD_RATE_LIMIT", "6/minute"))
def as_json() -> Response:
    """Every row for machines: {"reports": [{key, title, columns, rows}, ...]}."""
    return jsonify(reports=[result.machine_form() for result in run_reports()])


def _report_or_404(key: str) -> ReportDef:
    try:
        return get_report(key)
    except ValueError:
        abort(404, description=_("There is no report called %(key)s.", key=key))


def _player_filter() -> tuple[str | None, int | None]:
    name = (request.args.get("player") or "").strip()[:40] or None
    pid = player_id(name)
    if name and pid is None:
        abort(404, description=_("There is no player called %(name)s.", name=name))
    return name, pid


@bp.get("/reports/<key>")
def report(key: str) -> str:
    """One report whole: paged, sortable (the per-player ones), narrowed to a player."""
    chosen = _report_or_404(key)
    name, pid = _player_filter()
    sort = request.args.get("sort") or None
    page = report_page(chosen, request.args.get("page", 1, type=int), sort,
                       request.args.get("dir") == "desc", name, pid)
    return render_template("reports/report.html", report=chosen, page=page, tones=TONES,
                           number=REPORTS.index(chosen) + 1, links_player=links_player,
                           card_columns=CARD_COLUMNS, game_list=chosen.key in GAME_LISTS)


def _download_name(key: str, name: str | None, extension: str) -> str:
    return f"{key}{'-' + ''.join(c for c in name if c.isalnum()) if name else ''}.{extension}"


@bp.get("/reports/<key>.csv")
@limiter.limit(lambda: current_app.config.get("REPORTS_DOWNLOAD_RATE_LIMIT", "6/minute"))
def report_csv(key: str) -> Response:
    """The whole report (or one player's rows) as CSV, the header row first."""
    chosen = _report_or_404(key)
    name, pid = _player_filter()
    result = download_rows(chosen, name, pid)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(result.columns)
    writer.writerows(result.rows)
    return Response(out.getvalue(), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="{_download_name(key, name, "csv")}"'})


@bp.get("/reports/<key>.xml")
@limiter.limit(lambda: current_app.config.get("REPORTS_DOWNLOAD_RATE_LIMIT", "6/minute"))
def report_xml(key: str) -> Response:
    """The whole report (or one player's rows) as the reports XML of XML.md."""
    chosen = _report_or_404(key)
    name, pid = _player_filter()
    data = reports_xml_bytes([download_rows(chosen, name, pid).machine_form()])
    return Response(data, mimetype="application/xml", headers={
        "Content-Disposition": f'attachment; filename="{_download_name(key, name, "xml")}"'})


@bp.get("/reports/players/<path:name>")
def player(name: str) -> BaseResponse:
    """The old address of a player's figures: they are on the profile now, for good (301). The
    language travels with the browser (its cookie or Accept-Language), any query string too."""
    query = urlencode(list(request.args.items(multi=True)))  # encoded again: never a raw byte
    return redirect(url_for("history.player", name=name) + (f"?{query}" if query else ""), code=301)

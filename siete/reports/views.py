"""The reports on the web: /reports (all sixteen, with charts), /reports.json and a profile
page per player. Public pages: no login needed."""
from __future__ import annotations

from flask import Blueprint, abort, jsonify, render_template

from siete.reports import run_reports
from siete.reports.charts import charts_for
from siete.reports.profile import load_profile

bp = Blueprint("reports", __name__)

# Columns whose values are player names, so the page links them to the player's profile.
PLAYER_COLUMNS = frozenset({"player", "nemesis", "bank"})
# The total rows of reports 7, 12 and 14 name no player.
TOTAL_ROW_NAME = "*"
# Reports with a background colour each: the frames cycle through this many tones.
TONES = 6


def column_label(column: str) -> str:
    """A column name as a table heading: 'won_pct' -> 'Won %', 'duration_s' -> 'Duration (s)'."""
    words = column.split("_")
    suffix = {"pct": "%", "s": "(s)"}.get(words[-1]) if len(words) > 1 else None
    if suffix:
        words[-1] = suffix
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def cell_text(value: object) -> str:
    """A value as shown in a cell: floats with 2 decimals, everything else as it is."""
    if isinstance(value, float):
        return f"{value:.2f}"
    return "" if value is None else str(value)


@bp.app_template_filter("column_label")
def _column_label_filter(column: str) -> str:
    return column_label(column)


@bp.app_template_filter("cell_text")
def _cell_text_filter(value: object) -> str:
    return cell_text(value)


def links_player(column: str, value: object) -> bool:
    """True for a cell that names a player (and not the '*' of a total row)."""
    return column in PLAYER_COLUMNS and isinstance(value, str) and value != TOTAL_ROW_NAME


@bp.get("/reports")
def index():
    """Every report in its own frame, with an index of anchors at the top."""
    results = run_reports()
    return render_template("reports/index.html", results=results, charts=charts_for(results),
                           links_player=links_player, tones=TONES)


@bp.get("/reports.json")
def as_json():
    """The same results for machines: {"reports": [{key, title, columns, rows}, ...]}."""
    keep = ("key", "title", "columns", "rows")
    return jsonify(reports=[{k: result[k] for k in keep} for result in run_reports()])


@bp.get("/reports/players/<path:name>")
def player(name: str):
    """One player's own figures; 404 when nobody has this name."""
    profile = load_profile(name)
    if profile is None:
        abort(404, description=f"There is no player called {name}.")
    return render_template("reports/player.html", profile=profile, links_player=links_player)

"""The report definitions, run_reports, and `flask reports` (tables, --only, JSON, --xml)."""
from __future__ import annotations

import json

import pytest

from siete.cli import report_commands as reports_cli
from siete.data.xmlfiles import read_reports_xml
from siete.i18n.report_words import REPORT_EXPLANATIONS, REPORT_TITLES
from siete.service.reports.definitions import REPORTS, ReportRows, get_report
from siete.service.reports.queries import run_reports

# REPORTS.md's keys and columns, in its order.
SPEC = [
    ("first_card", "player card times"), ("highest_bet", "game player bet"),
    ("lowest_bet", "game player bet"),
    ("win_rate_by_hand", "player hand_number turns won_pct avg_bet"),
    ("nemesis", "player nemesis games_lost_to"), ("bot_wins", "games won_by_bots won_pct"),
    ("wins_by_seat_card", "player card games won won_pct"),
    ("wins_by_start_position", "position games won won_pct"),
    ("stands_per_game", "player games stands avg_per_game"),
    ("long_wins", "player game points duration_s"), ("wins_vs_bots_low_suits", "player games_won"),
    ("won_without_drawing", "player hands_won"),
    ("few_draw_winners", "player game hands_played hands_drawn"), ("bank_tie_wins", "bank hands"),
    ("best_game", "player game points won"), ("human_busts", "player games busts avg_per_game"),
]


def test_definitions_follow_reports_md():
    assert [(r.key, " ".join(r.columns)) for r in REPORTS] == SPEC
    assert [r.number for r in REPORTS] == list(range(1, 17))
    for report in REPORTS:
        assert report.sql_file == f"sql/reports/{report.number:02d}_{report.key}.sql"
        assert report.aggregate_file == f"sql/reports/{report.number:02d}_{report.key}.aggregate.sql"
        assert REPORT_TITLES[report.key] and REPORT_EXPLANATIONS[report.key]


def test_unknown_key_names_the_known_ones():
    with pytest.raises(ValueError, match="known reports: first_card, highest_bet"):
        get_report("nope")


def test_empty_database_gives_empty_tables_and_zero_totals(app):
    with app.app_context():
        reports = run_reports()
    assert [r.key for r in reports] == [key for key, _ in SPEC]
    totals = {"bot_wins": ((0, 0, 0.0),), "won_without_drawing": (("*", 0),),
              "bank_tie_wins": (("*", 0),)}
    assert {r.key: r.rows for r in reports} == {key: totals.get(key, ()) for key, _ in SPEC}


def test_terminal_tables_show_title_rows_and_explanation(runner, games):
    result = runner.invoke(args=["reports"], env={"COLUMNS": "500"})
    assert result.exit_code == 0, result.output
    for report in REPORTS:
        assert f"{report.number}. {REPORT_TITLES[report.key]} ({report.key})" in result.output
        assert REPORT_EXPLANATIONS[report.key] in result.output
    assert "│ cris   │ O07  │     2 │" in result.output  # a first_card row, number right-aligned


def test_terminal_tables_on_an_empty_database(runner):
    result = runner.invoke(args=["reports", "--only", "long_wins"], env={"COLUMNS": "500"})
    assert result.exit_code == 0, result.output
    assert "Player" in result.output  # the column as people read it (siete.i18n.labels.COLUMN_LABELS)
    assert REPORT_EXPLANATIONS["long_wins"] in result.output


def test_json_shape_and_types(runner, games):
    result = runner.invoke(args=["reports", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert list(data) == ["reports"]
    assert [list(r) for r in data["reports"]] == [["key", "title", "columns", "rows"]] * 16
    by_key = {r["key"]: r for r in data["reports"]}
    assert by_key["win_rate_by_hand"]["columns"] == list(get_report("win_rate_by_hand").columns)
    rows = by_key["win_rate_by_hand"]["rows"]
    assert ["Bob", 1, 3, 33.33, 2.67] in rows
    # names sort as people read them, whatever their case (#25): ana before Bob
    names = [row[0] for row in rows]
    assert names == sorted(names, key=str.casefold) and names[0] == "ana"
    assert by_key["long_wins"]["rows"][0] == ["cris", games["g2"], 24, 50]  # game as its id


def test_only_runs_one_report(runner, games):
    result = runner.invoke(args=["reports", "--only", "bot_wins", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"reports": [{
        "key": "bot_wins", "title": REPORT_TITLES["bot_wins"],
        "columns": ["games", "won_by_bots", "won_pct"], "rows": [[4, 1, 25.0]]}]}


def test_only_with_an_unknown_key_is_a_usage_error(runner):
    result = runner.invoke(args=["reports", "--only", "nope"])
    assert result.exit_code == 2
    assert "unknown report 'nope'" in result.output and "human_busts" in result.output


def test_xml_file_is_valid_and_holds_every_row(runner, games, tmp_path, app):
    path = tmp_path / "reports.xml"
    result = runner.invoke(args=["reports", "--xml", str(path)])
    assert result.exit_code == 0, result.output
    saved = read_reports_xml(path)  # validates against config/reports.xsd again
    with app.app_context():
        expected = run_reports()
    assert [r["key"] for r in saved] == [r.key for r in expected]
    as_text = {r.key: [[str(v) for v in row] for row in r.rows] for r in expected}
    assert {r["key"]: r["rows"] for r in saved} == as_text


def test_xml_failure_leaves_no_file(runner, tmp_path, monkeypatch):
    bad = [ReportRows("not a key!", ("x",), ((1,),))]  # a key the schema refuses
    monkeypatch.setattr(reports_cli, "run_reports", lambda only=None, plain=False: bad)
    out = tmp_path / "out"
    out.mkdir()
    path = out / "reports.xml"
    result = runner.invoke(args=["reports", "--xml", str(path)])
    assert result.exit_code == 1
    assert str(path) in result.output
    assert list(out.iterdir()) == []  # neither the file nor a temporary one


def test_xml_into_a_missing_directory_fails_cleanly(runner, tmp_path):
    path = tmp_path / "missing" / "reports.xml"
    result = runner.invoke(args=["reports", "--xml", str(path)])
    assert result.exit_code == 1 and "cannot write file" in result.output
    assert not path.parent.exists()


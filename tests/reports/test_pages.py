"""/reports/<key>: every row over the pages, sorting, a player's rows, CSV and XML downloads,
clear errors for bad input; and the overview's protection (cached figures, rate limits)."""
from __future__ import annotations

import csv
import io

from lxml import etree, html

from siete.data.xmlfiles import _schema
from siete.reports.pages import PAGE_ROWS
from siete.service.reports.definitions import get_report
from siete.service.reports.queries import read_report


def rows_of(app, key: str) -> list[list]:
    with app.app_context():
        return [list(row) for row in read_report(get_report(key)).rows]


def table_rows(client, url: str) -> list[list[str]]:
    response = client.get(url)
    assert response.status_code == 200, url
    doc = html.fromstring(response.get_data(as_text=True))
    return [["".join(td.xpath(".//text()[not(ancestor::*[local-name()='svg'])]")).strip()
             for td in tr.xpath("./td")] for tr in doc.xpath("//tbody/tr")]


def test_csv_has_every_row_and_a_players_rows(app, client, games):
    response = client.get("/reports/first_card.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    got = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    expected = rows_of(app, "first_card")
    assert got[0] == ["player", "card", "times"]
    assert got[1:] == [[str(v) for v in row] for row in expected]
    mine = list(csv.reader(io.StringIO(client.get("/reports/highest_bet.csv?player=cris")
                                       .get_data(as_text=True))))
    assert mine[1:] == [[str(v) for v in row] for row in rows_of(app, "highest_bet") if row[1] == "cris"]


def test_xml_download_is_the_valid_reports_file(app, client, games):
    response = client.get("/reports/wins_by_seat_card.xml")
    assert response.status_code == 200 and response.mimetype == "application/xml"
    tree = etree.fromstring(response.data)
    _schema("reports.xsd").assertValid(tree)
    rows = tree.findall("Report/Row")
    assert len(rows) == len(rows_of(app, "wins_by_seat_card"))
    assert tree.find("Report").get("key") == "wins_by_seat_card"


def test_sorting_and_a_players_rows(app, client, games):
    expected = rows_of(app, "stands_per_game")
    by_games = sorted(expected, key=lambda r: r[1], reverse=True)
    got = table_rows(client, "/reports/stands_per_game?sort=games&dir=desc")
    assert [row[1] for row in got] == [str(r[1]) for r in by_games]
    assert table_rows(client, "/reports/stands_per_game?player=cris") == [
        [r[0], str(r[1]), str(r[2]), f"{r[3]:.2f}"] for r in expected if r[0] == "cris"]


def test_bad_input_gets_a_clear_answer(client, games):
    assert client.get("/reports/no_such_report").status_code == 404
    missing = client.get("/reports/first_card?player=nobody")
    assert missing.status_code == 404 and "nobody" in missing.get_data(as_text=True)
    for url in ("/reports/first_card?page=abc", "/reports/first_card?page=-4",
                "/reports/highest_bet?page=99999", "/reports/first_card?sort=nope&dir=sideways"):
        assert client.get(url).status_code == 200, url


def test_pages_hold_fifty_rows_and_reach_every_row(app, client):
    from siete.service.records.bot_games import simulate_recorded_bulk

    with app.app_context():
        config = app.config["GAME"].with_overrides(max_hands=3)
        simulate_recorded_bulk(["bold", "standard", "cautious"], 60, config, 5, 3, batch=30)
    whole = rows_of(app, "highest_bet")
    first, second = table_rows(client, "/reports/highest_bet"), table_rows(client, "/reports/highest_bet?page=2")
    games_shown = {row[0] for row in first}
    assert len(games_shown) == PAGE_ROWS  # 2 and 3 page by game: fifty games a page
    assert len(first) + len(second) == len(whole)


def test_overview_figures_are_kept_for_a_while(app, client, games):
    app.config["REPORTS_CACHE_S"] = 60
    before = client.get("/reports").get_data(as_text=True)
    from tests.reports.report_data import record
    record(app, ["g1_bank_ana_two_hands"])  # one more finished game
    assert client.get("/reports").get_data(as_text=True).count("report__row") == before.count("report__row")
    app.config["REPORTS_CACHE_S"] = 0
    assert client.get("/reports").status_code == 200


def test_downloads_are_rate_limited(app, client, games):
    app.config["REPORTS_DOWNLOAD_RATE_LIMIT"] = "2/minute"
    codes = [client.get("/reports/first_card.csv").status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_every_address_counts_against_one_limit_for_all_downloads(app, games):
    """#24.9: beyond the per-address limit, one for the whole site (many addresses at once)."""
    app.config["REPORTS_DOWNLOADS_GLOBAL_RATE_LIMIT"] = "3/minute"
    codes = []
    for n, url in enumerate(["/reports/first_card.csv", "/reports.json", "/reports/long_wins.xml",
                             "/reports/lowest_bet.json", "/reports/first_card.csv"]):
        response = app.test_client().get(url, environ_base={"REMOTE_ADDR": f"10.0.0.{n}"})
        response.get_data()  # a streamed answer is read before the next request
        codes.append(response.status_code)
    assert codes == [200, 200, 200, 429, 429]


def test_a_name_typed_in_the_filter_finds_its_player_in_any_case_and_a_typo_keeps_the_form(client, games):
    """trial3: typing "CRIS" in a report's Player box led to an error page, "There is no player
    called CRIS. Check the address", with the form gone, though /players/CRIS finds cris. A
    name in another case finds its player; a name nobody has keeps the report and the box
    (what was typed in it, and why nothing was narrowed) and still answers 404."""
    assert table_rows(client, "/reports/stands_per_game?player=CRIS") == table_rows(
        client, "/reports/stands_per_game?player=cris")
    missing = client.get("/reports/stands_per_game?player=crys")
    assert missing.status_code == 404
    doc = html.fromstring(missing.get_data(as_text=True))
    assert doc.xpath("//form[contains(@class, 'report__filter')]//input[@name='player']/@value") == ["crys"]
    alert = " ".join(doc.xpath("//*[@role='alert']//text()"))
    assert "There is no player called crys" in alert
    assert doc.xpath("//tbody/tr"), "the whole report stays under the form"
    assert client.get("/reports/stands_per_game.csv?player=crys").status_code == 404

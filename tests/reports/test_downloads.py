"""Downloads that stay small at any history (#24.9): the four game lists come a page of games per
file, read a chunk at a time and streamed; every page together is exactly the report; the
CSV, the XML (still valid against config/reports.xsd) and the JSON agree. (The limits on
downloads are tested in test_pages.py, where rate limits are on.)"""
from __future__ import annotations

import csv
import io
import json

import pytest
from lxml import etree

from siete.data.people import Player
from siete.data.xmlfiles import _schema
from siete.service.reports.definitions import get_report
from siete.service.reports.game_lists import ListReader
from siete.service.reports.queries import read_report

LISTS = ("highest_bet", "lowest_bet", "long_wins", "few_draw_winners")
PAGE = 7  # games per download file here (20,000 by default)


@pytest.fixture
def app_config() -> dict:
    return {"REPORTS_DOWNLOAD_PAGE_GAMES": PAGE, "RATELIMIT_ENABLED": False}


@pytest.fixture
def history(app):
    """60 recorded bot games of 3 hands, and the name of a player in them."""
    from siete.service.records.bot_games import simulate_recorded_bulk

    with app.app_context():
        config = app.config["GAME"].with_overrides(max_hands=3)
        simulate_recorded_bulk(["bold", "standard", "cautious"], 60, config, 5, 3, batch=30)
        return Player.query.filter_by(kind="bot").order_by(Player.id).first().name


def whole(app, key: str, player: str | None = None) -> list[list]:
    with app.app_context():
        rows = [list(row) for row in read_report(get_report(key)).rows]
    columns = get_report(key).columns
    return [r for r in rows if player is None or any(
        c in ("player", "nemesis", "bank") and v == player for c, v in zip(columns, r))]


def pages(client, first_url: str) -> list:
    """Every response from first_url on, following the Link headers."""
    responses, url = [], first_url
    while url:
        response = client.get(url)
        assert response.is_streamed and "Content-Length" not in response.headers
        body = response.get_data(as_text=True)  # now: a streamed answer's request is open until read
        assert response.status_code == 200, (url, body[:300])
        responses.append(response)
        link = response.headers.get("Link")
        url = link[1:link.index(">")] if link else None
    return responses


def csv_rows(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))


@pytest.mark.parametrize("key", LISTS)
@pytest.mark.parametrize("narrowed", [False, True])
def test_every_page_of_a_game_list_together_is_the_report(app, client, history, key, narrowed):
    player = history if narrowed else None
    expected = [["" if v is None else str(v) for v in row] for row in whole(app, key, player)]
    query = f"?player={player}" if player else ""
    files = pages(client, f"/reports/{key}.csv{query}")
    got = []
    for number, response in enumerate(files, start=1):
        rows = csv_rows(response)
        assert rows[0] == list(get_report(key).columns)
        got += rows[1:]
        games = {row[list(get_report(key).columns).index("game")] for row in rows[1:]}
        assert len(games) <= PAGE
        assert f"-{number}.csv" in response.headers["Content-Disposition"] or number == 1
    assert got == expected
    if len(expected) > PAGE:
        assert len(files) > 1
    last = len(files) + 1
    assert status(client, f"/reports/{key}.csv?page={last}{query.replace('?', '&')}") == 404


@pytest.mark.parametrize("key", LISTS)
def test_the_xml_and_json_pages_hold_the_same_rows(app, client, history, key):
    expected = whole(app, key)
    xml_rows = []
    for response in pages(client, f"/reports/{key}.xml"):
        tree = etree.fromstring(response.data)
        _schema("reports.xsd").assertValid(tree)
        xml_rows += [[cell.text for cell in row] for row in tree.findall("Report/Row")]
    assert xml_rows == [[None if v is None else str(v) for v in row] for row in expected]
    json_rows, url = [], f"/reports/{key}.json"
    while url:
        body = json.loads(client.get(url).get_data(as_text=True))["reports"][0]
        json_rows += body["rows"]
        url = body.get("next")
    assert json_rows == expected


def test_reports_json_has_the_small_reports_whole_and_the_first_page_of_each_list(app, client, history):
    reports = json.loads(client.get("/reports.json").get_data(as_text=True))["reports"]
    assert len(reports) == 16
    for report in reports:
        expected = whole(app, report["key"])
        if report["key"] in LISTS and len(expected) > PAGE:
            assert report["page"] == 1 and report["pages"] > 1
            assert report["next"] == f"/reports/{report['key']}.json?page=2"
            assert report["rows"] == expected[:len(report["rows"])]
        else:
            assert report["rows"] == expected and "next" not in report


@pytest.mark.parametrize("key", LISTS)
@pytest.mark.parametrize("chunk", [1, 2, 5])
def test_chunks_of_any_size_read_the_list_in_order(app, history, key, chunk):
    with app.app_context():
        reader = ListReader(key)
        read = [row for rows in reader.chunks(None, None, chunk) for row in rows]
        assert [list(r) for r in read] == [list(row) for row in read_report(get_report(key)).rows]


def status(client, url: str) -> int:
    response = client.get(url)
    response.get_data()
    return response.status_code


def test_a_small_report_has_one_page_only(client, history):
    assert status(client, "/reports/first_card.csv") == 200
    assert status(client, "/reports/first_card.csv?page=2") == 404
    assert status(client, "/reports/highest_bet.csv?page=0") == 404
    assert status(client, "/reports/highest_bet.xml?page=abc") == 200  # read as page 1


def test_the_report_page_links_every_file_of_a_long_list(client, history):
    files = len(pages(client, "/reports/highest_bet.csv"))
    page = client.get("/reports/highest_bet").get_data(as_text=True)
    assert "Download CSV, 7 games a file:" in page and "Download XML, 7 games a file:" in page
    assert f'href="/reports/highest_bet.xml?page={files}"' in page
    assert f'aria-label="CSV file {files} of {files}"' in page
    spanish = client.get("/reports/highest_bet", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Descargar CSV, 7 partidas por fichero:" in spanish
    assert f'aria-label="fichero XML 1 de {files}"' in spanish
    small = client.get("/reports/first_card").get_data(as_text=True)
    assert 'href="/reports/first_card.csv"' in small and "a file:" not in small

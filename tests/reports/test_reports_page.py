"""The reports web page (/reports), the reports' figures on the player profiles, /reports.json
and the chart geometry."""
from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from lxml import html
from sqlalchemy import func, select

from siete.data.base import db
from siete.data.games import Game, GamePlayer, Hand, Turn
from siete.data.people import Player
from siete.i18n.report_words import REPORT_TITLES, report_explanation, report_title
from siete.i18n.words import card_name, number
from siete.reports.pages import OVERVIEW_ROWS
from siete.reports.routes import cell_text, column_label
from siete.service.records.scenario_games import record_scenarios
from siete.service.reports.definitions import REPORTS, ReportRows
from siete.service.reports.queries import run_reports
from siete.web.charts import line_chart, percent_bars, win_rate_by_hand_chart, win_rate_chart
from tests.support.scenario_texts import ODD_NAME, scenario

CHARTED = ("win_rate_by_hand", "bot_wins", "wins_by_start_position")


@pytest.fixture
def played(app):
    """Four finished games: three humans for 15 hands, then short games with a bot and ODD_NAME."""
    texts = [
        ("full", scenario("02_full_game.json")),
        ("bot out", scenario("70_last_punter_out_game_over.json", {"a": "Robo", "b": "fran"}, ("Robo",))),
        ("bank out", scenario("72_bank_out_game_over.json", {"a": "cris", "b": "Robo"}, ("Robo",))),
        ("tie", scenario("73_hand_limit_tie_on_points.json", {"a": "gus", "b": "Robo", "c": ODD_NAME},
                         ("Robo",))),
    ]
    with app.app_context():
        games = record_scenarios(texts, app.config["GAME"])
        assert [game.status for game in games] == ["finished"] * 4
    return app


def page(client, url: str):
    """GET url, check it is a 200 with no CSS in the HTML, and parse it."""
    response = client.get(url)
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert "<style" not in text.lower() and "style=" not in text.lower()
    return html.fromstring(text)


def frame(doc, key: str):
    frames = doc.xpath(f'//div[contains(@class, "report ") and @id="{key}"]')
    assert len(frames) == 1, key
    return frames[0]


def results_of(app) -> list[ReportRows]:
    with app.app_context():
        return run_reports()


def test_empty_page_has_every_frame_with_its_explanation_and_no_data_yet(app, client):
    doc = page(client, "/reports")
    assert doc.xpath("//h1")[0].text_content().strip() == "Reports"
    index_links = doc.xpath('//nav[contains(@class, "reports__index")]//a/@href')
    assert index_links == [f"#{report.key}" for report in REPORTS]
    stylesheets = doc.xpath('//link[@rel="stylesheet"]/@href')
    assert any(href.split("?")[0].endswith("css/reports.css") for href in stylesheets)  # ?v= content hash
    for result in results_of(app):
        box = frame(doc, result.key)
        assert box.xpath('.//*[contains(@class, "report__title")]')[0].text_content().strip() \
            .endswith(report_title(result.key))
        assert report_explanation(result.key) in box.text_content()
        headers = [th.text_content() for th in box.xpath(".//thead//th")]
        assert headers == [column_label(column) for column in result.columns]
        assert ("No data yet" in box.text_content()) == (not result.rows)
        assert not box.xpath(".//svg")  # no chart without data
        assert "The first 0 rows" not in box.text_content()  # #28
        assert not re.search(r"\b1 games\b", box.text_content())


def shown(column: str, value) -> str:
    """What a cell reads as: totals, cards by name, games by number, numbers with 2 decimals."""
    if value == "*":
        return "All (*)"
    if column == "card":
        return card_name(value)
    if column == "game":
        return f"Game {value}"
    return cell_text(value)


def cell_texts(tr) -> list[str]:
    """A row's cells as read, without the card pictures' own text (their ranks)."""
    return ["".join(td.xpath(".//text()[not(ancestor::*[local-name()='svg'])]")).strip()
            for td in tr.xpath("./td")]


def test_overview_shows_the_first_rows_and_links_names_games_and_reports(played, client):
    doc = page(client, "/reports")
    for result in results_of(played):
        box = frame(doc, result.key)
        body_rows = box.xpath(".//tbody/tr")
        first = result.rows[:OVERVIEW_ROWS]
        assert len(body_rows) == max(len(first), 1), result.key
        for tr, row in zip(body_rows, first):
            assert cell_texts(tr) == [shown(c, v) for c, v in zip(result.columns, row)], result.key
        assert box.xpath(f'.//a[@href="/reports/{result.key}"]'), result.key
    links = set(doc.xpath('//a[contains(@class, "report__player")]/@href'))
    for name in ("fran", "cris", "gus", "Robo", ODD_NAME):
        assert f"/players/{quote(name)}" in links
    assert "/players/Ana%20Mar%C3%ADa" in links
    assert not any(link.endswith("/%2A") or link.endswith("/*") for link in links)
    games = doc.xpath('//div[@id="highest_bet"]//a[contains(@class, "report__game")]/@href')
    assert games and all(href.startswith("/games/") for href in games)


def test_each_report_page_shows_every_row(played, client):
    for result in results_of(played):
        doc = page(client, f"/reports/{result.key}")
        rows = [cell_texts(tr) for tr in doc.xpath("//tbody/tr")]
        expected = [[shown(c, v) for c, v in zip(result.columns, row)] for row in result.rows]
        assert rows == (expected or [["No data yet"]]), result.key


def test_a_report_pages_way_back_says_where_it_goes_and_the_title_shows_once(app, client):
    """The way back reads "‹ All reports", not "Reports › 1" (a bare number read as nothing);
    the report's name is its heading, shown once (a phone's first screen)."""
    for report in REPORTS:
        doc = page(client, f"/reports/{report.key}")
        crumbs = doc.xpath('//p[@class="reports__crumbs"]')[0]
        assert crumbs.text_content().split() == ["‹", "All", "reports"]
        assert crumbs.xpath(".//a/@href") == ["/reports"]
        assert report_title(report.key) in doc.xpath("//h1")[0].text_content()  # named by its heading


def test_charts_are_inline_svg_images_with_a_title(played, client):
    doc = page(client, "/reports")
    for key in CHARTED:
        svg = frame(doc, key).xpath(".//*[local-name()='svg']")
        assert len(svg) == 1, key
        assert svg[0].get("role") == "img"
        assert svg[0].xpath("./*[local-name()='title']")[0].text_content().strip()
        assert svg[0].xpath(".//*[local-name()='rect']")


def test_json_matches_the_reports(played, client):
    response = client.get("/reports.json")
    assert response.status_code == 200
    expected = [r.machine_form(REPORT_TITLES[r.key]) for r in results_of(played)]
    assert response.get_json() == {"reports": expected}


def own_figures(name: str) -> dict:
    """A player's games, wins and busts counted with the ORM, independently of the SQL file."""
    finished = (select(GamePlayer.id)
                .join(Game, Game.id == GamePlayer.game_id)
                .join(Player, Player.id == GamePlayer.player_id)
                .where(Player.name == name, Game.status == "finished"))
    seat_ids = list(db.session.scalars(finished))
    won = db.session.scalar(select(func.count()).select_from(GamePlayer)
                            .where(GamePlayer.id.in_(seat_ids), GamePlayer.result == "won"))
    punter_busts = db.session.scalar(select(func.count()).select_from(Turn).where(
        Turn.game_player_id.in_(seat_ids), Turn.result == "bust"))
    bank_busts = db.session.scalar(select(func.count()).select_from(Hand).where(
        Hand.bank_game_player_id.in_(seat_ids), Hand.bank_result == "bust"))
    return {"games": len(seat_ids), "won": won, "busts": punter_busts + bank_busts}


def figures_table(doc) -> dict[str, str]:
    """The profile's figures, by their names."""
    box = doc.xpath('//dl[@id="figures"]')[0]
    return {div.xpath("./dt")[0].text_content().strip(): div.xpath("./dd")[0].text_content().strip()
            for div in box.xpath("./div")}


def as_english(app, value: float) -> str:
    """A figure as the English page writes it (19, 0.5, 1,234)."""
    with app.test_request_context():
        return number(value)


@pytest.mark.parametrize("name", ["fran", "Robo", ODD_NAME])
def test_profile_shows_the_players_own_figures_and_its_rows_of_the_reports(played, client, name):
    doc = page(client, f"/players/{quote(name)}")
    assert doc.xpath("//h1")[0].text_content().strip().startswith(name)
    figures = figures_table(doc)
    with played.app_context():
        own = own_figures(name)
        results = {r.key: r for r in run_reports()}
    assert figures["Games"] == str(own["games"])
    assert figures["Wins"] == str(own["won"])
    assert figures["Win rate"] == as_english(played, round(100.0 * own["won"] / own["games"], 1)) + "%"
    assert figures["Busts"] == str(own["busts"])
    assert figures["Busts per game"] == as_english(played, round(own["busts"] / own["games"], 2))
    best = [r for r in results["best_game"].rows if r[0] == name]
    assert figures["Best game"].startswith(f"{best[0][2]} points in game {best[0][1]}")
    stands = [r for r in results["stands_per_game"].rows if r[0] == name]
    assert figures["Stands"] == str(stands[0][2] if stands else 0)
    first = [r for r in results["first_card"].rows if r[0] == name]
    with played.test_request_context():  # the card's name, as the page says it in English
        first_card = f"{card_name(first[0][1])} ({first[0][2]} time"
    assert figures["Most frequent first card"].startswith(first_card)
    nemeses = [r[1] for r in results["nemesis"].rows if r[0] == name]
    assert figures["Nemesis"].startswith(", ".join(nemeses) if nemeses else "none yet")
    victims = [r[0] for r in results["nemesis"].rows if r[1] == name]
    assert figures["Nemesis of"] == (", ".join(victims) if victims else "nobody yet")
    by_hand = [[cell_text(v) for v in r[1:]] for r in results["win_rate_by_hand"].rows if r[0] == name]
    assert [cell_texts(tr) for tr in doc.xpath('//*[@id="by_hand"]//tbody/tr')] == (by_hand or [["No data yet"]])


def test_profile_and_best_games_in_spanish_say_numbers_and_words_as_spanish_does(played, client):
    """Decimals with a comma, yes/no and the figures' names in Spanish (issue 16: numbers per
    locale; every string translated), on the player's profile and in a report's rows."""
    spanish = {"Accept-Language": "es"}
    doc = html.fromstring(client.get(f"/players/{quote(ODD_NAME)}", headers=spanish).get_data(as_text=True))
    figures = figures_table(doc)
    with played.app_context():
        own = own_figures(ODD_NAME)
    assert figures["Partidas"] == str(own["games"])
    win_rate = f"{round(100.0 * own['won'] / own['games'], 1):g}".replace(".", ",")
    assert figures["Porcentaje de victorias"] == f"{win_rate}%"
    assert figures["Pasadas por partida"] == f"{round(own['busts'] / own['games'], 2):g}".replace(".", ",")
    won_cells = html.fromstring(client.get("/reports/best_game", headers=spanish).get_data(as_text=True)) \
        .xpath("//tbody/tr/td[last()]/text()")
    assert won_cells and set(won_cells) <= {"sí", "no"} and "sí" in won_cells


def test_ratings_in_spanish_are_whole_numbers_and_no_mu_or_sigma_is_shown(played, client):
    """Rankings, the profile's rating and its chart's tooltips: whole numbers, provisional ones
    marked in Spanish (issue 16); the rankings give each player's rated games, not μ and σ,
    which a newcomer could not read (the last user trial)."""
    spanish = {"Accept-Language": "es"}
    rankings = html.fromstring(client.get("/rankings", headers=spanish).get_data(as_text=True))
    ratings = [span.text_content() for span in rankings.xpath("//span[@class='rank-row__rating']")]
    assert ratings and all(re.fullmatch(r"\d+(\? provisional)?", rating) for rating in ratings), ratings
    meta = " ".join(rankings.xpath("//span[contains(@class, 'rank-row__meta')]")[0].text_content().split())
    assert re.fullmatch(r"\d+ partidas? puntuadas?( ·\s?ganó \d+ de \d+ partidas? jugadas?)?", meta), meta
    profile = client.get(f"/players/{quote(ODD_NAME)}", headers=spanish).get_data(as_text=True)
    figures = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]*)</dd>", profile))
    assert re.fullmatch(r"\d+(,\d)?%", figures["Porcentaje de victorias"]), figures
    assert "." not in figures["Pasadas por mano"], figures
    tooltips = re.findall(r"valoración (-?[\d.,]+)", profile)
    assert tooltips and all(value.isdigit() for value in tooltips), tooltips


def test_profile_of_a_player_with_no_finished_game_shows_zeros(app, client):
    with app.app_context():
        record_scenarios([("one hand", scenario("01_one_hand.json", {}))], app.config["GAME"])
        name = db.session.scalars(select(Player.name).order_by(Player.id)).first()
    figures = figures_table(page(client, f"/players/{quote(name)}"))
    assert figures["Games"] == "0" and figures["Win rate"] == "0%"
    assert figures["Best game"] == "none yet"


def test_unknown_player_is_a_404_page(client):
    response = client.get("/players/nobody-at-all")
    assert response.status_code == 404
    assert "Not found" in response.get_data(as_text=True)


def test_the_reports_old_profile_address_leads_to_the_profile_for_good(played, client):
    """/reports/players/<name> was a second profile (#28: one page): a permanent redirect, the
    query string kept, and the language, which travels with the browser, too."""
    response = client.get(f"/reports/players/{quote(ODD_NAME)}?from=bookmark")
    assert response.status_code == 301
    assert response.headers["Location"] == f"/players/{quote(ODD_NAME)}?from=bookmark"
    spanish = client.get(f"/reports/players/{quote(ODD_NAME)}", headers={"Accept-Language": "es"},
                         follow_redirects=True)
    assert spanish.status_code == 200 and "Porcentaje de victorias" in spanish.get_data(as_text=True)
    client.set_cookie("lang", "es")
    chosen = client.get(f"/reports/players/{quote(ODD_NAME)}", follow_redirects=True)
    assert chosen.request.path == f"/players/{ODD_NAME}" and "Bestia negra" in chosen.get_data(as_text=True)
    assert client.get("/reports/players/nobody-at-all", follow_redirects=True).status_code == 404


def test_reports_page_is_public_and_sends_the_strict_csp(client):
    response = client.get("/reports")
    assert response.status_code == 200
    assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"]


def test_column_labels_read_as_words():
    assert column_label("won_pct") == "Won %"
    assert column_label("duration_s") == "Duration (s)"
    assert column_label("games_lost_to") == "Games lost to"
    assert column_label("player") == "Player"


def test_percent_bars_scale_heights_to_the_plot():
    chart = percent_bars("k", "T", "x", [("a", 100.0, ""), ("b", 50.0, ""), ("c", 0.0, "")])
    full, half, empty = chart.bars
    assert full.y + full.height == half.y + half.height == chart.baseline_y
    assert half.height == pytest.approx(full.height / 2)
    assert empty.height == 0
    assert full.y == pytest.approx(chart.grid[-1].y)  # 100 % reaches the top guide line
    assert all(chart.plot_left <= bar.x and bar.x + bar.width <= chart.plot_right
               for bar in chart.bars)
    assert percent_bars("k", "T", "x", []) is None


def test_win_rate_by_hand_chart_weights_players_by_their_turns():
    rows = [("a", 1, 3, 100.0, 2.0), ("b", 1, 1, 0.0, 1.0), ("a", 2, 3, 33.33, 1.0)]
    chart = win_rate_by_hand_chart("win_rate_by_hand", rows)
    assert [bar.label for bar in chart.bars] == ["1", "2"]
    assert [bar.value for bar in chart.bars] == [75.0, 33.33]  # (3 + 0) / 4 turns; 1 / 3 turns


def test_a_line_chart_keeps_its_points_inside_the_plot_and_labels_its_ends():
    chart = line_chart("r", "T", "games", [(-3.0, "a"), (12.5, "b"), (4.0, "c")], "30")
    xs, ys = [dot.x for dot in chart.dots], [dot.y for dot in chart.dots]
    assert xs == sorted(xs) and xs[0] == chart.plot_left and xs[-1] == chart.plot_right
    assert all(chart.grid[-1].y <= y <= chart.baseline_y for y in ys)
    assert ys[1] < ys[2] < ys[0]  # higher ratings higher up
    assert [(label.x, label.label) for label in chart.x_labels] == [(xs[0], "1"), (xs[-1], "30")]
    assert chart.line == " ".join(f"{x},{y}" for x, y in zip(xs, ys)) and not chart.bars
    one = line_chart("r", "T", "games", [(5.0, "a")], "1")
    assert one.dots[0].x == (chart.plot_left + chart.plot_right) / 2
    many = line_chart("r", "T", "games", [(float(i), "") for i in range(41)], "41")
    assert many.line and many.dots == ()  # too many dots to point at: the line alone
    assert line_chart("r", "T", "games", [], "0") is None


def test_a_players_win_rate_chart_has_a_bar_per_group_named_by_its_last_game(app):
    with app.test_request_context():
        chart = win_rate_chart([(1, 5, 2), (6, 10, 5), (11, 11, 0)])
    assert [(bar.label, bar.value) for bar in chart.bars] == [("5", 40.0), ("10", 100.0), ("11", 0.0)]
    assert chart.bars[0].tooltip == "games 1–5: won 2 of 5" and chart.bars[2].tooltip == "game 11: won 0 of 1"

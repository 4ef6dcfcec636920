"""The reports page in a real browser: the brief's layout rules checked on computed styles.

Runs the app on a free loopback port (werkzeug in a thread, a temporary SQLite database with
a few recorded games) and loads /reports in Chromium through Playwright. Skipped when there
is no /usr/bin/chromium. Leaves a screenshot in tests/artifacts/ to look at.
"""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import pytest
from werkzeug.serving import make_server

from siete.app import create_app
from siete.data.base import db
from siete.data.database import init_database
from siete.service.records.scenario_games import record_scenarios
from siete.service.reports.definitions import REPORTS
from tests.support.replay_check import TALLY, check_recorded_games
from tests.support.scenario_texts import ODD_NAME, scenario  # the same games as the page tests

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
TRANSPARENT = "rgba(0, 0, 0, 0)"


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    """The app serving a database with four finished games, on 127.0.0.1 and a free port."""
    database = tmp_path_factory.mktemp("reports-browser") / "siete.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "browser-test-secret-key-0123456789abcdef",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
    with app.app_context():
        init_database()
        record_scenarios([
            ("full", scenario("02_full_game.json")),
            ("bot", scenario("70_last_punter_out_game_over.json", {"a": "Robo", "b": "fran"},
                             ("Robo",))),
            ("tie", scenario("73_hand_limit_tie_on_points.json",
                             {"a": "gus", "b": "Robo", "c": ODD_NAME}, ("Robo",))),
        ], app.config["GAME"])
        db.session.remove()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)
    failures = check_recorded_games(app, TALLY)  # as conftest's `app` does for its apps
    assert not failures, "\n".join(failures)


class BrowserThread:
    """Chromium driven from a worker thread of its own.

    Why a thread: Playwright's sync API refuses to start on a thread where another sync
    Playwright is running, and tests/e2e keeps one open for the whole session.
    """

    def __init__(self, sync_playwright) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="reports-chromium")
        self._pool.submit(self._start, sync_playwright).result()

    def _start(self, sync_playwright) -> None:
        self._manager = sync_playwright()
        playwright = self._manager.__enter__()
        try:
            self._chromium = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                        args=CHROMIUM_ARGS)
        except Exception:
            self._manager.__exit__(None, None, None)
            raise

    def run(self, check, *args, width: int = 1280, height: int = 900):
        """Run check(page, *args) on a fresh page (1280x900 unless told), in the browser's thread."""
        return self._pool.submit(self._on_new_page, check, width, height, *args).result()

    def _on_new_page(self, check, width, height, *args):
        context = self._chromium.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.console_errors = []
        page.on("console", lambda msg: msg.type == "error" and page.console_errors.append(msg.text))
        try:
            return check(page, *args)
        finally:
            context.close()

    def _stop(self) -> None:
        self._chromium.close()
        self._manager.__exit__(None, None, None)

    def close(self) -> None:
        self._pool.submit(self._stop).result()
        self._pool.shutdown()


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("no Chromium at /usr/bin/chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    chromium = BrowserThread(sync_api.sync_playwright)
    yield chromium
    chromium.close()


# Measures every frame in the page (one round trip): its box, its styles and its parts'.
MEASURE_FRAMES = """() => {
  const view = document.documentElement.clientWidth;
  const css = (el) => getComputedStyle(el);
  const box = (el) => el.getBoundingClientRect();
  return [...document.querySelectorAll('div.report')].map((frame) => {
    const f = box(frame), title = frame.querySelector('.report__title'),
          table = frame.querySelector('table'), text = frame.querySelector('.report__explanation');
    return {
      id: frame.id, tag: frame.tagName, display: css(frame).display,
      radius: parseFloat(css(frame).borderTopLeftRadius), background: css(frame).backgroundColor,
      width: f.width, leftGap: f.left, rightGap: view - f.right, view, top: f.top + scrollY,
      titleAlign: css(title).textAlign, titleOffset: box(title).left - f.left,
      titleCentreOffset: Math.abs((box(title).left + box(title).right) / 2 - (f.left + f.right) / 2),
      tableAlign: css(table).textAlign,
      tableGaps: [box(table).left - f.left, f.right - box(table).right],
      textAlign: css(text).textAlign,
      textGaps: [box(text).left - f.left, f.right - box(text).right],
      thBackground: css(table.querySelector('th')).backgroundColor,
      tdBackground: css(table.querySelector('td')).backgroundColor,
    };
  });
}"""

# Any element of the reports laid out with floats, grid or absolute positioning.
NON_FLEX_LAYOUT = """() => [...document.querySelectorAll('.reports, .reports *')]
  .filter((el) => !(el instanceof SVGElement))
  .map((el) => [el.className, getComputedStyle(el)])
  .filter(([, s]) => s.float !== 'none' || s.display.includes('grid')
          || s.position === 'absolute' || s.position === 'fixed')
  .map(([name]) => String(name))"""


def test_reports_page_follows_the_layout_rules(browser, base_url):
    browser.run(check_layout_rules, base_url)


def check_layout_rules(page, base_url: str) -> None:
    response = page.goto(f"{base_url}/reports")
    assert response.status == 200
    source = response.text().lower()
    assert "<style" not in source and "style=" not in source
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == TRANSPARENT
    assert page.evaluate("getComputedStyle(document.querySelector('.reports')).display") == "flex"
    frames = page.evaluate(MEASURE_FRAMES)
    assert [f["id"] for f in frames] == [report.key for report in REPORTS]
    for f in frames:
        assert f["tag"] == "DIV" and f["display"] == "flex", f["id"]
        assert f["radius"] > 0, f["id"]
        assert f["background"] not in (TRANSPARENT, "transparent"), f["id"]
        assert f["width"] < f["view"], f["id"]
        assert f["titleAlign"] in ("left", "start") and f["titleOffset"] < 40, f["id"]
        assert f["tableAlign"] == "center" and f["textAlign"] == "center", f["id"]
        assert abs(f["tableGaps"][0] - f["tableGaps"][1]) <= 2, f["id"]
        assert abs(f["textGaps"][0] - f["textGaps"][1]) <= 2, f["id"]
        assert f["thBackground"] != f["tdBackground"], f["id"]
    assert len({f["background"] for f in frames}) > 1  # the colours vary
    # The frames wrap in rows, each row centred on the page: its first frame as far from the
    # left edge as its last from the right.
    rows: dict[int, list[dict]] = {}
    for f in frames:
        rows.setdefault(round(f["top"]), []).append(f)
    for row in rows.values():
        assert abs(row[0]["leftGap"] - row[-1]["rightGap"]) <= 2, [f["id"] for f in row]
    assert page.evaluate(NON_FLEX_LAYOUT) == []
    assert page.console_errors == []  # e.g. no Content-Security-Policy violations
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "reports.png"), full_page=True)


def test_index_anchors_reach_their_reports(browser, base_url):
    browser.run(check_index_anchors, base_url)


def check_index_anchors(page, base_url: str) -> None:
    page.goto(f"{base_url}/reports")
    page.click('a.reports__index-link[href="#nemesis"]')
    page.wait_for_function("() => location.hash === '#nemesis'")  # a function: see test_e2e_feel
    top = page.evaluate("document.getElementById('nemesis').getBoundingClientRect().top")
    assert 0 <= top < 100  # scrolled to the frame


def test_charts_draw_bars_inside_their_frames(browser, base_url):
    browser.run(check_charts, base_url)


def check_charts(page, base_url: str) -> None:
    page.goto(f"{base_url}/reports")
    for key in ("win_rate_by_hand", "bot_wins", "wins_by_start_position"):
        svg = page.locator(f"#{key} svg[role='img']")
        assert svg.count() == 1, key
        bars = svg.locator("rect.chart__bar")
        assert bars.count() > 0
        fill = bars.first.evaluate("el => getComputedStyle(el).fill")
        assert fill not in ("none", "rgb(0, 0, 0)"), key  # coloured by reports.css


def test_player_name_opens_the_profile(browser, base_url):
    browser.run(check_profile_link, base_url)


def check_profile_link(page, base_url: str) -> None:
    page.goto(f"{base_url}/reports")
    page.locator("#best_game a.report__player", has_text=ODD_NAME).first.click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/players/{quote(ODD_NAME)}")  # the player's profile
    assert page.locator("h1").inner_text().startswith(ODD_NAME)
    assert page.locator("#figures-title").is_visible()
    assert page.console_errors == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "reports-player.png"), full_page=True)


def test_report_pages_follow_the_layout_rules(browser, base_url):
    browser.run(check_report_page_layout, base_url)


def check_report_page_layout(page, base_url: str) -> None:
    for key in ("wins_by_seat_card", "highest_bet"):
        response = page.goto(f"{base_url}/reports/{key}")
        assert response.status == 200
        source = response.text().lower()
        assert "<style" not in source and "style=" not in source
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == TRANSPARENT
        frame = page.locator(f"div#{key}")
        assert frame.evaluate("el => getComputedStyle(el).display") == "flex"
        assert float(frame.evaluate("el => parseFloat(getComputedStyle(el).borderTopLeftRadius)")) > 0
        assert page.evaluate(NON_FLEX_LAYOUT) == []
        assert page.console_errors == []


# The overview at one width: any grid on the page, the frames' rows, the page's overflow, and
# for each table whether it fits its wrapper or the wrapper scrolls, says so and takes focus.
MEASURE_WRAPPING = """() => {
  const css = (el) => getComputedStyle(el);
  const grids = [...document.querySelectorAll('body, body *')]
    .filter((el) => !(el instanceof SVGElement) && css(el).display.includes('grid'))
    .map((el) => el.tagName + '.' + String(el.className));
  const frames = [...document.querySelectorAll('.reports--overview > div.report')];
  const rows = {};
  for (const frame of frames) {
    const top = Math.round(frame.getBoundingClientRect().top + scrollY);
    rows[top] = (rows[top] || 0) + 1;
  }
  const tables = [...document.querySelectorAll('.report__table-wrap')].map((wrap) => {
    const hint = wrap.nextElementSibling;
    return {
      id: wrap.closest('.report').id, fits: wrap.scrollWidth <= wrap.clientWidth + 1,
      overflowX: css(wrap).overflowX, tabindex: wrap.getAttribute('tabindex'),
      label: wrap.getAttribute('aria-label') || '',
      hintShown: !!hint && hint.classList.contains('report__scroll-hint') && !hint.hidden
                 && hint.getBoundingClientRect().height > 0,
      tableRight: wrap.querySelector('table').getBoundingClientRect().right,
      frameRight: wrap.closest('.report').getBoundingClientRect().right,
    };
  });
  return {
    grids, rows: Object.values(rows), widths: frames.map((f) => f.getBoundingClientRect().width),
    container: css(document.querySelector('.reports--overview') || document.querySelector('.reports')).display,
    frameDisplays: [...new Set(frames.map((f) => css(f).display))],
    pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    tables,
  };
}"""


@pytest.mark.parametrize(("width", "least_per_row"), [(390, 1), (1280, 2), (1920, 3)])
def test_overview_frames_wrap_without_grid_at_every_width(browser, base_url, width, least_per_row):
    browser.run(check_wrapping, base_url, width, least_per_row, width=width, height=1080)


def check_wrapping(page, base_url: str, width: int, least_per_row: int) -> None:
    page.goto(f"{base_url}/reports")
    page.wait_for_load_state("load")
    seen = page.evaluate(MEASURE_WRAPPING)
    assert seen["grids"] == [], seen["grids"]
    assert seen["container"] == "flex" and seen["frameDisplays"] == ["flex"]
    assert seen["pageOverflow"] <= 0, f"the page scrolls sideways by {seen['pageOverflow']} px"
    # Every row of frames but the last holds at least least_per_row (three or more at 1920).
    assert min(seen["rows"][:-1] or seen["rows"]) >= least_per_row, seen["rows"]
    if width >= 1920:
        assert max(seen["widths"]) < width / 2.5, seen["widths"]  # sized to their content
    if width <= 400:
        assert seen["rows"] == [1] * len(seen["rows"])  # one frame a row on a phone
    for table in seen["tables"]:
        assert table["tabindex"] == "0" and table["label"], table
        if table["fits"]:
            assert not table["hintShown"], table
        else:  # scrolls inside its frame, and says so
            assert table["overflowX"] in ("auto", "scroll") and table["hintShown"], table
    assert page.console_errors == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"reports-{width}.png"), full_page=True)


def test_a_wide_table_on_a_phone_scrolls_and_says_so(browser, base_url):
    browser.run(check_phone_report_page, base_url, width=390, height=844)


def check_phone_report_page(page, base_url: str) -> None:
    page.goto(f"{base_url}/reports/win_rate_by_hand")
    page.wait_for_load_state("load")
    seen = page.evaluate(MEASURE_WRAPPING.replace(".reports--overview > div.report", "div.report"))
    assert seen["pageOverflow"] <= 0
    (table,) = seen["tables"]
    assert table["fits"] or (table["overflowX"] == "auto" and table["hintShown"]), table
    wrap = page.locator(".report__table-wrap")
    wrap.focus()
    before = wrap.evaluate("el => el.scrollLeft")
    page.keyboard.press("ArrowRight")
    if not table["fits"]:  # the arrow key scrolls it (smoothly: give it a moment)
        page.wait_for_timeout(400)
        assert wrap.evaluate("el => el.scrollLeft") > before
    page.screenshot(path=str(ARTIFACTS / "reports-phone-report4.png"), full_page=True)


# Where the title sits against the page's other text: every paragraph of <main> but the crumbs
# (a link back, above the title on purpose) that starts above the title's top.
TEXT_ABOVE_TITLE = """() => {
  const title = document.querySelector('main h1').getBoundingClientRect().top;
  return [...document.querySelectorAll('main p')]
    .filter((p) => !p.classList.contains('reports__crumbs') && p.getBoundingClientRect().height > 0
                   && p.getBoundingClientRect().top < title)
    .map((p) => p.textContent.trim().slice(0, 40));
}"""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 640)])
def test_on_a_phone_every_reports_page_shows_its_title_first(browser, base_url, width, height):
    """The last trial read a report's explanation on a phone before its title."""
    browser.run(check_title_first, base_url, width=width, height=height)


def check_title_first(page, base_url: str) -> None:
    for path in ["/reports", *(f"/reports/{report.key}" for report in REPORTS)]:
        page.goto(base_url + path)
        assert page.evaluate(TEXT_ABOVE_TITLE) == [], path

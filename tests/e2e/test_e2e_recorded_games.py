"""The pages of a person with games behind them, in Chromium, on phones and a desktop: My games
(a game's result sits in the same place whatever it says), the profile's charts (words
readable on a small phone), and every row of items joined by "·" (none left at a line's end).
A server of its own, with games recorded by `python -m siete play --record` (one person who
won some and lost others) so that no game has to be played here."""
from __future__ import annotations

import os
import secrets
import subprocess
import sys

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.in_view import PHONE_OPTIONS, VIEWPORTS  # noqa: E402
from tests.e2e.live_app import REPO, running_app  # noqa: E402
from tests.e2e.separators import dangling_dots, dots_shown  # noqa: E402
from tests.e2e.siete_pages import PASSWORD, Player  # noqa: E402

pytestmark = pytest.mark.browser
PERSON = "AnabelleGarciaLopez2"  # with seeds 1-6 against cris and two bots: won 2, lost 4
SCREENS = ("small-phone", "phone", "landscape-phone", "desktop")


def _flask(env: dict[str, str], *args: str, answers: str | None = None) -> None:
    subprocess.run([sys.executable, *args], input=answers, cwd=REPO, env=env, text=True,
                   capture_output=True, check=True, timeout=120)


@pytest.fixture(scope="module")
def games_server(tmp_path_factory, browser):
    """The real app on a database holding six finished games of PERSON's, who can log in."""
    from siete.app import create_app
    from siete.data.base import db
    from siete.data.people import User

    work = tmp_path_factory.mktemp("game-rows")
    url = f"sqlite:///{work / 'rows.sqlite'}"
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("FLASK_", "TEST_DATABASE"))},
           "DATABASE_URL": url, "LANG": "en_US.UTF-8", "LC_ALL": ""}
    _flask(env, "-m", "flask", "--app", "wsgi", "db-setup")
    for seed in range(1, 7):
        _flask(env, "-m", "siete", "play", "--players", f"cris,{PERSON}", "--bots", "2",
               "--hands", "2", "--seed", str(seed), "--record", answers="1\ns\n" * 80)
    app = create_app({"TESTING": True, "SECRET_KEY": secrets.token_hex(32), "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        db.session.execute(db.select(User).where(User.username == PERSON)).scalar_one().set_password(PASSWORD)
        db.session.commit()
    with running_app(work, "rows.sqlite", MAX_OPEN_TABLES="1000", TABLE_RATE_LIMIT="1000/minute") as base:
        yield base


def person_on(browser, base: str, screen: str) -> Player:
    context = browser.new_context(viewport=VIEWPORTS[screen], **({} if screen == "desktop" else PHONE_OPTIONS))
    context.set_default_timeout(10_000)
    person = Player(context, base, PERSON)
    person.login()
    return person


# Each row's name and result boxes, and the result's words.
ROWS = """() => [...document.querySelectorAll('.game-row')].map(row => {
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, h: r.height}; };
  const result = row.querySelector('.game-row__result');
  return {name: box(row.querySelector('.game-row__name')), result: box(result), said: result.textContent};
})"""


@pytest.mark.parametrize("screen", SCREENS)
def test_a_games_result_sits_in_the_same_place_whatever_it_says(browser, games_server, artifacts, screen):
    """words2: on a phone "won" sat on the right of a row and "lost (place 2 of 4)" fell to a
    line of its own; each result now starts in one column, on the name's first line."""
    person = person_on(browser, games_server, screen)
    person.goto("/games")
    expect(person.page.locator(".game-row")).to_have_count(6)
    rows = person.page.evaluate(ROWS)
    person.page.screenshot(path=artifacts / f"e2e-game-rows-{screen}.png", full_page=True)
    said = {row["said"].split(" ")[0] for row in rows}
    assert said == {"won", "lost"}, rows
    assert max(r["result"]["x"] for r in rows) - min(r["result"]["x"] for r in rows) < 1, rows
    for row in rows:
        assert abs(row["result"]["y"] - row["name"]["y"]) < 4 and row["result"]["x"] > row["name"]["x"], row
    person.context.close()


# Every word drawn in the profile's charts: its height on the screen and how far it sticks out
# of its chart's figure.
CHART_WORDS = """() => [...document.querySelectorAll('.chart')].flatMap(figure => {
  const frame = figure.getBoundingClientRect();
  return [...figure.querySelectorAll('svg text')].map(text => {
    const r = text.getBoundingClientRect();
    return {text: text.textContent, height: r.height, out: Math.max(frame.left - r.left, r.right - frame.right)};
  });
})"""


def test_the_profiles_chart_words_are_readable_on_a_small_phone(browser, games_server, artifacts):
    """words2: drawn 640 units wide and shrunk to a 360 px phone, the charts' 11 px axis labels
    were about 5 px high; on a phone they are drawn larger, and stay inside their charts."""
    person = person_on(browser, games_server, "small-phone")
    person.goto(f"/players/{PERSON}")
    expect(person.page.locator(".chart").first).to_be_visible()
    words = person.page.evaluate(CHART_WORDS)
    person.page.screenshot(path=artifacts / "e2e-profile-charts-small-phone.png", full_page=True)
    assert len(words) > 10 and any(w["text"] == "100%" for w in words), words
    small = [w for w in words if w["height"] < 11]  # a line box of 11 px: a 9 px font
    assert small == [], small
    outside = [w for w in words if w["out"] > 1]
    assert outside == [], outside
    person.context.close()


# Where a "·" joins items, page by page: (what to open, the rows of items to look at).
DOTTED = (("/games", ".game-row__meta"), ("/games/1", ".hand-summary summary"),
          ("/auth/account", ".session__times, .account p"))


@pytest.mark.parametrize("screen", SCREENS)
def test_no_separator_dangles_at_a_line_end(browser, games_server, artifacts, screen):
    """words2: a "·" joining items was left at a line's end (or the start of the next) wherever
    such a row wrapped, as the odds line's had been: "Hand 1 · bank: AnabelleGarciaLopez2"
    then "· won: …" on a 390 px phone. My games, a game's hands, the account page, a table's
    facts in the lobby and on the table, and the table's header (hand, bank, turn)."""
    person = person_on(browser, games_server, screen)
    found = {}
    for path, rows in DOTTED:
        person.goto(path)
        assert dots_shown(person, rows) > 0, path  # the rows are there, with their "·"
        found[path] = dangling_dots(person, rows)
    table = person.open_table(seats=4, standard=3, hands=2)
    found["waiting table"] = dangling_dots(person, "#table .game__meta")
    person.goto("/")
    found["lobby"] = dangling_dots(person, ".table-card__facts")
    person.open(table)
    person.start()
    found["table header"] = dangling_dots(person, "#table .game__meta")
    person.page.screenshot(path=artifacts / f"e2e-dots-table-{screen}.png")
    assert {where: dots for where, dots in found.items() if dots} == {}
    person.context.close()

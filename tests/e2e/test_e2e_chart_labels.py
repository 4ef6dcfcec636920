"""The numbers under a profile's bar charts ran into each other on a phone: 20 reviewed games
or 30 hand numbers drawn 23 units high in a chart 640 units wide shrunk to 300 px. They thin
out now to every 2nd, 3rd... label, counted from the last one (siete/web/charts.py
label_steps), so on a 360×640 and a 390×844 screen no two labels a chart shows overlap, and
the newest is always there. A server of its own, with 150 recorded and reviewed bot games."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.in_view import PHONE_OPTIONS, VIEWPORTS  # noqa: E402
from tests.e2e.live_app import REPO, running_app  # noqa: E402

pytestmark = pytest.mark.browser
BOT = "As-de-Oros"  # a house bot: it sits at most of the simulated games

# Each chart's labels under its bars, as drawn: their text and box (hidden ones left out).
BAR_LABELS = """() => [...document.querySelectorAll('.chart')].map(figure =>
  [...figure.querySelectorAll('.chart__item .chart__label')]
    .filter(text => getComputedStyle(text).display !== 'none')
    .map(text => { const r = text.getBoundingClientRect();
                   return {text: text.textContent, left: r.left, right: r.right}; }))"""


@pytest.fixture(scope="module")
def charts_server(tmp_path_factory, browser):
    work = tmp_path_factory.mktemp("chart-labels")
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("FLASK_", "TEST_DATABASE"))},
           "DATABASE_URL": f"sqlite:///{work / 'charts.sqlite'}"}
    for args in (("-m", "flask", "--app", "wsgi", "db-setup"),
                 ("-m", "siete", "simulate", "--games", "150", "--seed", "3", "--record"),
                 ("-m", "siete", "review-games")):
        subprocess.run([sys.executable, *args], cwd=REPO, env=env, capture_output=True, check=True,
                       timeout=300)
    with running_app(work, "charts.sqlite") as base:
        yield base


@pytest.mark.parametrize("screen", ["small-phone", "phone", "desktop"])
def test_no_two_bar_labels_overlap_and_the_last_is_shown(browser, charts_server, artifacts, screen):
    context = browser.new_context(viewport=VIEWPORTS[screen], **({} if screen == "desktop" else PHONE_OPTIONS))
    page = context.new_page()
    page.goto(f"{charts_server}/players/{BOT}")
    expect(page.locator(".chart").first).to_be_visible()
    page.screenshot(path=artifacts / f"e2e-chart-labels-{screen}.png", full_page=True)
    charts = [labels for labels in page.evaluate(BAR_LABELS) if labels]
    assert len(charts) >= 3, charts  # games won, accuracy, by hand number
    for labels in charts:
        crowded = [(a["text"], b["text"]) for a, b in zip(labels, labels[1:]) if a["right"] + 2 > b["left"]]
        assert crowded == [], (screen, crowded)
    hands = charts[-1]  # the punter turns won by hand number: 1 to 30, the last one labelled
    assert hands[-1]["text"] == "30" and (len(hands) < 30) == (screen != "desktop")
    context.close()

"""End-to-end fixtures: the real app in a subprocess, Chromium through Playwright, one context per player.

The server is `python -m flask --app wsgi run` on a free loopback port with its own SQLite file,
exactly as `make run` starts it (only the database, secret key and default turn timer differ).
Every test in tests/e2e is marked `browser`; all of them skip when Chromium is missing.
"""
from __future__ import annotations

import secrets
from itertools import count
from pathlib import Path

import pytest

from tests.e2e.live_app import REPO, running_app
from tests.support.replay_check import TALLY, check_recorded_games

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
ARTIFACTS = REPO / "tests" / "artifacts"
# The default of the lobby form's turn timer (siete.play reads TURN_SECONDS); tests that need a
# short timer type it into the form, the others keep this one so a slow step never times out.
DEFAULT_TURN_SECONDS = "20"
_names = count(1)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory) -> str:
    """The base URL of the real app, run as `flask --app wsgi run` on a fresh SQLite database."""
    work = tmp_path_factory.mktemp("e2e")
    # One account per role opens a table in most tests of the session: the per-account cap and
    # rate (tested in tests/play/test_play_limits.py) would stop it half-way.
    # The worker runs beside it, as `make run` starts it: it reviews finished games (My games
    # shows their accuracy) and keeps the tables' time.
    with running_app(work, "e2e.sqlite", worker=True, TURN_SECONDS=DEFAULT_TURN_SECONDS, BOT_MOVE_SECONDS="0",
                     MAX_OPEN_TABLES="1000", TABLE_RATE_LIMIT="1000/minute",
                     SEAT_RATE_LIMIT="1000/minute") as url:
        yield url
    check_replays(f"sqlite:///{work / 'e2e.sqlite'}")


def check_replays(database_url: str) -> None:
    """The games people played in the browser, with real timers and seats gone away, replay as
    recorded too (tests/support/replay_check.py; the other tests' apps are checked by conftest's `app`)."""
    from siete.app import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": secrets.token_hex(32),
                      "SQLALCHEMY_DATABASE_URI": database_url})
    failures = check_recorded_games(app, TALLY)
    if failures:
        pytest.fail("exported and replayed, games played in the browser came out otherwise:\n"
                    + "\n".join(failures), pytrace=False)


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session; every player gets a context of their own."""
    if not CHROMIUM.exists():
        pytest.skip("no Chromium at /usr/bin/chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        except Exception as exc:  # noqa: BLE001 - any launch failure means "no browser here"
            pytest.skip(f"Playwright cannot launch Chromium: {exc}")
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """tests/artifacts/ (git-ignored), where the screenshots go."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def accounts() -> dict:
    """Accounts signed up so far in this session, by role: (username, session cookies)."""
    return {}


@pytest.fixture
def new_player(browser, live_server, accounts):
    """new_player(role, **context_options): a person in a fresh browser context, not logged in yet.

    Call .register() for a brand-new account, or .sign_in() to be the role's shared account.
    """
    from tests.e2e.siete_pages import Player  # imports Playwright, which only the browser step needs

    contexts = []

    def make(prefix: str = "p", **options) -> Player:
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = browser.new_context(**options)
        context.set_default_timeout(10_000)
        contexts.append(context)
        # Unique per session: the database lives as long as the server does.
        return Player(context, live_server, f"{prefix}{next(_names)}",
                      js=options.get("java_script_enabled", True), accounts=accounts)

    yield make
    for context in contexts:
        context.close()

"""A request of htmx's that fails is said in #flash in the page's language: siete.js holds no
words of its own and reads the page's (base.html's data-words-* on <body>)."""
from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

pytestmark = pytest.mark.browser

LOBBY_POLL = "**/lobby/tables*"
WORDS = {
    "es-ES": ("Se perdió la conexión. Revisa tu red y vuelve a intentarlo.",
              "El servidor no respondió bien (502). Vuelve a intentarlo en un momento."),
    "en-GB": ("Connection lost. Check your network and try again.",
              "The server did not answer properly (502). Try again in a moment."),
}


@pytest.mark.parametrize("locale", sorted(WORDS))
def test_a_failed_poll_is_said_in_the_pages_language(new_player, locale):
    lost, server_error = WORDS[locale]
    player = new_player("w", locale=locale)
    page = player.page
    page.route(LOBBY_POLL, lambda route: route.abort())  # the network is gone
    player.goto("/")
    expect(page.locator("#flash .flash--error")).to_have_text(lost)
    page.unroute(LOBBY_POLL)
    # A proxy's own error page: never pasted into the lobby, one line in #flash instead.
    page.route(LOBBY_POLL, lambda route: route.fulfill(status=502, body="<h1>Bad gateway</h1>",
                                                      content_type="text/html"))
    expect(page.locator("#flash .flash--error")).to_have_text(server_error)
    assert page.locator("h1", has_text="Bad gateway").count() == 0

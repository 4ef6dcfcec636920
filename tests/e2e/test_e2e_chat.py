"""Chat at the table in the browser (#38): two friends, one on a desktop and one on a 390x844
phone, write to each other; a message arrives by the table's poll without touching what the
other is typing; markup and links stay text; an empty message and the rate limit get clear
errors that keep the draft; a mute hides one person's messages for the one who muted; the box
survives the start of the game. Screenshots of both screens go to tests/artifacts/ (caret
"initial": hiding the caret would inject a <style>, which the CSP refuses and the console reports)."""
from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.phone import PHONE, assert_fits_a_phone  # noqa: E402
from tests.e2e.siete_pages import Player  # noqa: E402

pytestmark = pytest.mark.browser


def sit_together(new_player) -> tuple[Player, Player, int]:
    """ana (desktop) opens a two-seat table, bob (phone) joins it from the lobby."""
    ana, bob = new_player("ana"), new_player("bob", **PHONE)
    ana.sign_in()
    table = ana.open_table(seats=2, hands=1)
    bob.sign_in()
    bob.goto("/")
    bob.page.locator(f"#lobby-table-{table}").get_by_role("button", name="Join").click()
    bob.page.wait_for_url(f"**/tables/{table}")
    expect(ana.page.locator("#table .waiting-seats")).to_contain_text(bob.name)
    return ana, bob, table


def write(player: Player, body: str) -> None:
    """Type and send a message, and wait for the chat's answer (the box comes back)."""
    box = player.page.locator("#chat")
    box.locator("#chat-body").fill(body)
    with player.page.expect_response(lambda response: response.url.endswith("/chat")):
        box.locator("#chat-send").click()
    expect(player.page.locator("#chat-send")).to_be_enabled()


def test_two_friends_chat_at_the_table_on_a_desktop_and_a_phone(new_player, artifacts):
    ana, bob, _table = sit_together(new_player)
    for player in (ana, bob):
        expect(player.page.locator("#chat summary")).to_have_text("Chat at the table")
    write(ana, 'Hola <b>Bob</b>! Rules: https://example.org/rules')
    expect(ana.page.locator("#chat-body")).to_have_value("")  # sent: the input is empty again
    lines = bob.page.locator("#chat-lines")
    expect(lines).to_contain_text('Hola <b>Bob</b>! Rules: https://example.org/rules')  # by the poll
    assert lines.locator("b, a").count() == 0  # markup and links stay text

    # Bob is halfway through a message when Ana's next one arrives: his draft stays as it is.
    bob.page.locator("#chat-body").fill("Hola Ana, ya")
    write(ana, "Are you there?")
    expect(lines).to_contain_text("Are you there?")
    expect(bob.page.locator("#chat-body")).to_have_value("Hola Ana, ya")
    write(bob, "Hola Ana, ya estoy")
    expect(ana.page.locator("#chat-lines")).to_contain_text("Hola Ana, ya estoy")
    texts = ana.page.locator("#chat-lines li .chat__body").all_inner_texts()
    assert texts[-3:] == ['Hola <b>Bob</b>! Rules: https://example.org/rules', "Are you there?",
                          "Hola Ana, ya estoy"]  # in the order they were said

    # An empty message: a clear error, in the box.
    write(bob, "   ")
    expect(bob.page.locator("#chat .chat__error")).to_have_text("Write a message first.")

    ana.page.screenshot(path=artifacts / "chat-desktop.png", full_page=True, caret="initial")
    bob.page.screenshot(path=artifacts / "chat-phone.png", full_page=True, caret="initial")
    assert_fits_a_phone(bob, "the table with its chat")

    # Bob mutes Ana: her messages leave his chat (and only his).
    bob.page.locator(f'#chat-lines [data-mute="{ana.name}"]').first.click()
    expect(bob.page.locator("#chat .chat__muted")).to_contain_text(ana.name)
    expect(bob.page.locator("#chat-lines")).not_to_contain_text("Are you there?")
    expect(bob.page.locator("#chat-lines")).to_contain_text("Hola Ana, ya estoy")
    bob.page.screenshot(path=artifacts / "chat-phone-muted.png", full_page=True, caret="initial")

    # Ana writes on quickly: the sixth message in ten seconds is refused, and kept in the input.
    for n in range(6):
        write(ana, f"quick {n}")
        if ana.page.locator("#chat .chat__error").count():
            break
    expect(ana.page.locator("#chat .chat__error")).to_contain_text("wait a moment before the next")
    expect(ana.page.locator("#chat-body")).to_have_value(f"quick {n}")
    ana.page.screenshot(path=artifacts / "chat-desktop-rate-limited.png", full_page=True, caret="initial")
    expect(ana.page.locator("#chat-lines")).to_contain_text("quick 0")
    bob.page.wait_for_timeout(2000)  # a few polls
    expect(bob.page.locator("#chat-lines")).not_to_contain_text("quick")  # still muted for him

    # The game starts: the table is swapped many times, the chat stays with what it holds.
    bob.page.locator("#chat .chat__muted").get_by_role("button", name="Show again").click()
    expect(bob.page.locator("#chat-lines")).to_contain_text("quick 0")
    bob.page.locator("#chat-body").fill("good luck")
    ana.start()
    expect(bob.page.locator("#table")).to_have_attribute("data-status", "playing")
    expect(bob.page.locator("#chat-body")).to_have_value("good luck")
    bob.page.locator("#chat-send").click()
    expect(ana.page.locator("#chat-lines")).to_contain_text("good luck")
    bob.page.screenshot(path=artifacts / "chat-phone-playing.png", full_page=True, caret="initial")
    assert_fits_a_phone(bob, "the table in play with its chat")
    # the browser and htmx log each refusal (the 422 and the 429 above); nothing else went wrong
    unexpected = [error for player in (ana, bob) for error in player.console_errors
                  if not any(code in error for code in ("422", "429"))]
    assert unexpected == []


def test_the_chat_works_with_javascript_off(new_player, artifacts):
    """A plain form: the message is sent and the page reloads with it; a refusal comes back as
    the whole page with the reason and the draft."""
    ana = new_player("ana", java_script_enabled=False)
    ana.sign_in()
    table = ana.open_table(seats=2, hands=1)
    ana.page.locator("#chat-body").fill("sin JavaScript")
    ana.page.locator("#chat-send").click()
    ana.page.wait_for_url(f"**/tables/{table}#chat")
    expect(ana.page.locator("#chat-lines")).to_contain_text("sin JavaScript")
    ana.page.locator("#chat-body").fill("x" * 200)  # maxlength keeps it at 200: accepted
    ana.page.locator("#chat-send").click()
    ana.page.locator("#chat-body").fill(" ")
    ana.page.locator("#chat-send").click()
    expect(ana.page.locator("#chat .chat__error")).to_have_text("Write a message first.")
    ana.page.screenshot(path=artifacts / "chat-no-js.png", full_page=True, caret="initial")


def test_the_chat_appears_when_a_visitor_sits_down_at_the_table_page(new_player):
    """Joining from the table page is an htmx swap of #table: the chat box comes with it (out of
    band, into the page's empty #chat), and messages arrive at once."""
    ana, bob = new_player("ana"), new_player("bob", **PHONE)
    ana.sign_in()
    table = ana.open_table(seats=3, hands=1)
    bob.sign_in()
    bob.open(table)
    expect(bob.page.locator("#chat")).to_be_hidden()  # a visitor: no chat
    bob.page.locator("#table-join").click()
    expect(bob.page.locator("#chat[data-chat-box]")).to_be_visible()
    write(ana, "Bienvenido")
    expect(bob.page.locator("#chat-lines")).to_contain_text("Bienvenido")
    write(bob, "Gracias")
    expect(ana.page.locator("#chat-lines")).to_contain_text("Gracias")

"""Play with friends in the browser (#26), with two or three accounts in separate contexts: a
logged-out friend follows a private invite link, signs up (after one form error) and sits at
the table; a private table stays out of another account's lobby and cannot be opened by its
number alone; a rematch brings both people to the new table."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.playing import play_out  # noqa: E402
from tests.e2e.siete_pages import PASSWORD, Player, seat_two  # noqa: E402

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}


def open_private_table(player: Player, seats: int = 2) -> int:
    """The lobby's form with "Private table" ticked; returns the new table's id."""
    player.goto("/")
    form = player.page.locator("form.new-table")
    form.locator("#name").fill(f"{player.name} private")
    for field, value in (("seats", seats), ("standard_bots", 0), ("cautious_bots", 0),
                         ("bold_bots", 0), ("max_hands", 1)):
        form.locator(f"#{field}").fill(str(value))
    form.locator("#private").check()
    form.get_by_role("button", name="Open the table").click()
    player.page.wait_for_url(re.compile(r"/tables/\d+$"))
    return player.table_id()


def test_a_logged_out_friend_follows_the_invite_signs_up_and_sits(new_player, artifacts):
    ana = new_player("ana", permissions=["clipboard-read", "clipboard-write"])
    ana.sign_in()
    table = open_private_table(ana)
    link = ana.page.locator("#invite-link").input_value()
    assert re.fullmatch(rf"http://127\.0\.0\.1:\d+/tables/{table}\?key=[\w-]{{43}}", link)
    ana.page.locator("#invite-copy").click()  # Copy: the clipboard holds the link
    expect(ana.page.locator("[data-invite-status]")).to_have_text("Link copied.")
    assert ana.page.evaluate("navigator.clipboard.readText()") == link
    ana.page.screenshot(path=artifacts / "friends-invite-desktop.png", full_page=True)

    friend = new_player("dora", **PHONE)
    friend.page.goto(link)
    expect(friend.page.locator("#table .waiting-seats")).to_contain_text(ana.name)
    friend.page.screenshot(path=artifacts / "friends-invite-logged-out-phone.png", full_page=True)
    friend.page.locator("#table-signup").click()
    form = friend.page.locator("main form")
    form.locator("#username").fill(friend.name)
    form.locator("#email").fill(f"{friend.name}@example.org")
    form.locator("#password").fill(PASSWORD)
    form.locator("#confirm").fill(PASSWORD + "-typo")
    form.get_by_role("button", name="Sign up").click()
    expect(friend.page.locator("#confirm-errors")).to_contain_text("do not match")
    form.locator("#password").fill(PASSWORD)
    form.locator("#confirm").fill(PASSWORD)
    form.get_by_role("button", name="Sign up").click()
    friend.page.wait_for_url(re.compile(rf"/tables/{table}\?key="))  # back at the table
    friend.page.locator("#table-join").click()  # one click
    expect(friend.page.locator("#table .waiting-seats")).to_contain_text(friend.name)
    expect(ana.page.locator("#table .waiting-seats")).to_contain_text(friend.name)  # by its poll
    friend.page.screenshot(path=artifacts / "friends-joined-phone.png", full_page=True)


def test_a_private_table_stays_out_of_the_lobby_and_its_number_opens_nothing(new_player):
    ana, bob = new_player("ana"), new_player("bob")
    ana.sign_in()
    table = open_private_table(ana, seats=3)
    bob.sign_in()
    bob.goto("/")
    expect(bob.page.locator("#open-tables, main").first).to_be_visible()
    expect(bob.page.locator(f"#lobby-table-{table}")).to_have_count(0)
    ana.goto("/")
    expect(ana.page.locator(f"#lobby-table-{table}")).to_have_count(1)  # its creator sees it
    response = bob.page.goto(f"{bob.base}/tables/{table}")
    assert response is not None and response.status == 404
    response = bob.page.goto(f"{bob.base}/tables/{table}?key=guessed")
    assert response is not None and response.status == 404


def test_a_rematch_brings_both_people_to_the_new_table(new_player, artifacts):
    punter, bank = seat_two(new_player, hands=1)
    play_out([punter, bank])
    old = punter.table_id()
    expect(bank.page.locator("#rematch")).to_have_count(1)
    with punter.page.expect_navigation():
        punter.page.get_by_role("button", name="Play again").click()
    new = punter.table_id()
    assert new != old
    expect(punter.page.locator("#table .invitees")).to_contain_text(bank.name)
    # The other one's finished table asks for the rematch by itself (its poll), no reload.
    expect(bank.page.locator("#rematch")).to_contain_text("Rematch?", timeout=8_000)
    bank.page.screenshot(path=artifacts / "friends-rematch-offer.png", full_page=True)
    with bank.page.expect_navigation():
        bank.page.locator("#rematch-join").click()
    assert bank.table_id() == new
    expect(bank.page.locator("#table .waiting-seats")).to_contain_text(punter.name)
    expect(punter.page.locator("#table .waiting-seats")).to_contain_text(bank.name)
    expect(punter.page.locator("#table-start")).to_be_visible()  # full: start without bots


def test_with_javascript_off_the_link_is_there_to_copy_by_hand(new_player):
    ana = new_player("ana", java_script_enabled=False)
    ana.sign_in()
    table = open_private_table(ana, seats=3)
    field = ana.page.locator("#invite-link")
    expect(field).to_be_visible()
    assert field.get_attribute("readonly") is not None
    assert re.search(rf"/tables/{table}\?key=[\w-]{{43}}$", field.input_value())
    expect(ana.page.locator("#invite-copy")).to_be_hidden()  # Copy and Share need JavaScript
    expect(ana.page.locator("#invite-share")).to_be_hidden()
    old = field.input_value()
    with ana.page.expect_navigation():
        ana.page.locator("#invite-renew").click()  # a plain form: a new link, the old one ends
    assert ana.page.locator("#invite-link").input_value() != old
    friend = new_player("dora")
    response = friend.page.goto(old)
    assert response is not None and response.status == 404


def test_a_friend_who_joins_at_the_invite_gets_the_keys_and_the_sound(new_player, artifacts):
    """Join on the table's page swaps #table only; the turn's tools (the Keys line, Sound,
    Notify) sat outside it and were drawn only for a page loaded with a seat, so the friend who
    came by the link and joined had none until a reload. They go again when the game ends."""
    ana, dora = new_player("ana"), new_player("dora")
    ana.sign_in()
    open_private_table(ana)
    dora.sign_in()
    dora.page.goto(ana.page.locator("#invite-link").input_value())
    expect(dora.page.locator("[data-keys]")).to_be_hidden()  # not seated: nothing to press
    dora.mark_page()
    dora.page.locator("#table-join").click()
    expect(dora.page.locator("#table .waiting-seats")).to_contain_text(dora.name)
    expect(dora.page.locator("[data-keys]")).to_be_visible()
    expect(dora.page.locator("[data-sound-toggle]")).to_be_visible()
    dora.page.screenshot(path=artifacts / "friends-joined-tools.png", full_page=True)
    assert dora.was_not_reloaded()
    ana.start()
    play_out([ana, dora])
    expect(dora.page.locator("[data-keys]")).to_be_hidden()  # the game is over

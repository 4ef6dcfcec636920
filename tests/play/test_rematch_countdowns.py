"""The rematch's time to answer counts down on the page (#26): the invitee's "You have 60 s to
answer", the owner's "invited, 60 s left to answer" and "Bea can still answer the rematch for
60 s" are each a live countdown (siete.js counts every [data-deadline] down), whose text is the
server's count for a page without JavaScript. Fixed text between two swaps read as a clock that
had stopped."""
from __future__ import annotations

from lxml import html

from tests.support.friends import finished_game
from tests.support.play import client_for, make_user, text


def countdowns_in(page: str, xpath: str) -> list[tuple[int, str]]:
    """The live countdowns inside what `xpath` finds: their seconds and the text they start with."""
    found = []
    for part in html.fromstring(page).xpath(xpath):
        for clock in part.xpath('.//*[@data-deadline]'):
            value = clock.xpath('.//*[@data-countdown-value]')
            assert value, html.tostring(clock)  # siete.js writes the count there
            found.append((int(clock.get("data-deadline")), value[0].text_content()))
    return found


def a_rematch(app) -> tuple[object, object, int, int]:
    ana_id, bea_id = make_user(app, "Ana"), make_user(app, "Bea")
    old = finished_game(app, ana_id, bea_id)
    ana, bea = client_for(app, ana_id), client_for(app, bea_id)
    new = int(ana.post(f"/tables/{old}/again").headers["Location"].rsplit("/", 1)[1])
    return ana, bea, old, new


def test_the_invitees_time_to_answer_counts_down(app):
    _, bea, old, _ = a_rematch(app)
    for language, words in (("en", "You have {} to answer."), ("es", "Tienes {} para responder.")):
        page = text(bea.get(f"/tables/{old}", headers={"Accept-Language": language}))
        [(seconds, shown)] = countdowns_in(page, '//*[@id="rematch-title"]')
        assert 55 <= seconds <= 60 and shown == f"{seconds} s"
        said = " ".join(html.fromstring(page).get_element_by_id("rematch-title").text_content().split())
        assert said.endswith(words.format(shown)), said


def test_the_owner_sees_the_invitees_time_count_down(app):
    ana, _, _, new = a_rematch(app)
    page = text(ana.get(f"/tables/{new}"))
    [(left, shown)] = countdowns_in(page, '//li[contains(@class, "invitees__item--waiting")]')
    assert 55 <= left <= 60 and shown == f"{left} s"
    assert "invited, " + shown + " left to answer" in html.fromstring(page).text_content()
    [(hint, _)] = countdowns_in(page, '//*[@id="table-rematch-wait"]')
    assert hint == left
    spanish = text(ana.get(f"/tables/{new}", headers={"Accept-Language": "es"}))
    assert "invitado, tiene " in spanish and countdowns_in(spanish, '//*[@id="table-rematch-wait"]')

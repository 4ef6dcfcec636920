"""The owner of a rematch, while an invitee can still answer, is told to wait for them, not to
"fill the free seats with standard bots and start now": that button is refused until the answer
or the time comes (409, invites_pending); a user trial read that hint under "Lucia: invited, 60
seconds left to answer"."""
from __future__ import annotations

import re

from lxml import html

from tests.support.friends import age_invites, finished_game
from tests.support.play import client_for, make_user, text


def words_of(page: str, element_id: str) -> str:
    """What an element says, its markup (the live countdown's) left out."""
    return " ".join(html.fromstring(page).get_element_by_id(element_id).text_content().split())

START_NOW = "or fill the free seats with standard bots and start now"


def test_the_owner_is_told_to_wait_while_the_invitee_can_answer(app):
    ana_id, bea_id = make_user(app, "Ana"), make_user(app, "Bea")
    old = finished_game(app, ana_id, bea_id)
    ana = client_for(app, ana_id)
    new = int(ana.post(f"/tables/{old}/again").headers["Location"].rsplit("/", 1)[1])
    waiting = text(ana.get(f"/tables/{new}"))
    assert START_NOW not in waiting
    # the seconds left count down from 60: on a loaded machine a second passes between requests
    hint = words_of(waiting, "table-rematch-wait")
    assert re.fullmatch(r"Bea can still answer the rematch for \d+ s: wait, then the free seats get bots\.", hint)
    spanish = text(ana.get(f"/tables/{new}", headers={"Accept-Language": "es"}))
    assert re.match(r"Bea aún puede responder a la revancha durante \d+ s", words_of(spanish, "table-rematch-wait"))
    age_invites(app, new, 61)  # no answer in time: now bots may take the seat
    assert START_NOW in text(ana.get(f"/tables/{new}"))

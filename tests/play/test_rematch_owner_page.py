"""The rematch owner's waiting page follows the invitees' answers (#26). Its version counted
only who sits, so a "no thanks" or an invite's time running out left the page's poll answering
204: the owner kept reading "Bea can still answer … 0 s: wait" and a start button the server
refused. The version now counts the invitees who can still answer, and the page offers
"Fill with bots and start" only once nobody can."""
from __future__ import annotations

import re
from html import unescape

from tests.support.friends import age_invites, finished_game
from tests.support.play import client_for, make_user, text

FILL_START = 'id="table-fill-start"'


def poll_address(page: str) -> str:
    """The address the table's fragment polls (its version `v` included), as the page has it."""
    return unescape(re.search(r'hx-get="(/tables/\d+/fragment[^"]*)"', page).group(1))


def opened_rematch(app):
    ana_id, bea_id = make_user(app, "Ana"), make_user(app, "Bea")
    old = finished_game(app, ana_id, bea_id)
    ana, bea = client_for(app, ana_id), client_for(app, bea_id)
    new = int(ana.post(f"/tables/{old}/again").headers["Location"].rsplit("/", 1)[1])
    page = text(ana.get(f"/tables/{new}"))
    assert FILL_START not in page and 'id="table-rematch-wait"' in page  # Bea can still answer
    assert ana.get(poll_address(page)).status_code == 204  # nothing changed yet
    return ana, bea, new, page


def test_a_no_thanks_reaches_the_owner_s_page(app):
    ana, bea, new, page = opened_rematch(app)
    assert bea.post(f"/tables/{new}/decline").status_code == 303
    fresh = ana.get(poll_address(page))
    assert fresh.status_code == 200
    assert FILL_START in text(fresh) and 'id="table-rematch-wait"' not in text(fresh)
    assert "said no" in text(fresh)


def test_an_invite_running_out_reaches_the_owner_s_page(app):
    ana, _bea, new, page = opened_rematch(app)
    age_invites(app, new, 61)  # REMATCH_SECONDS is 60: the owner's countdown reached 0 and asks
    fresh = ana.get(poll_address(page))
    assert fresh.status_code == 200 and FILL_START in text(fresh)
    assert ana.get(poll_address(text(fresh))).status_code == 204  # and is quiet again

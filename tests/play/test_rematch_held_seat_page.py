"""A rematch's waiting page, seen by someone else while an invitee can still answer (#26).
Their seat is kept (join_table refuses SEATS_HELD), the lobby and the finished table's box no
longer offer it, but the table's own page (reached by its address, or the lobby's "online now"
link) still showed "Free seat" and a Join that only met the refusal. It now shows the seat kept
for whom, for how long, and no Join while no seat is left over."""
from __future__ import annotations

import re

from siete.data.base import db
from siete.data.games import Game
from tests.support.friends import age_invites, finished_game
from tests.support.play import client_for, make_user, text

JOIN = 'id="table-join"'


def opened_rematch(app, seats: int = 2):
    """Ana and Bea played; Ana opens the rematch; Cris, who did not play, opens its page."""
    ana_id, bea_id, cris_id = (make_user(app, name) for name in ("Ana", "Bea", "Cris"))
    old = finished_game(app, ana_id, bea_id)
    ana, bea, cris = client_for(app, ana_id), client_for(app, bea_id), client_for(app, cris_id)
    new = int(ana.post(f"/tables/{old}/again").headers["Location"].rsplit("/", 1)[1])
    return bea, cris, new


def test_a_stranger_is_shown_the_kept_seat_and_offered_no_join(app):
    bea, cris, new = opened_rematch(app)
    page = text(cris.get(f"/tables/{new}"))
    assert JOIN not in page
    assert "Free seat" not in page and "Kept for Bea" in page
    assert re.search(r'id="table-held">The free seats are kept for Bea, asked back to this '
                     r"rematch, for .*\d+ s.* more: try again then, or join another table\.", page)
    assert JOIN in text(bea.get(f"/tables/{new}"))  # the invitee: the seat is theirs to take


def test_the_seat_is_offered_again_once_the_invite_runs_out(app):
    _bea, cris, new = opened_rematch(app)
    age_invites(app, new, 61)  # REMATCH_SECONDS is 60
    page = text(cris.get(f"/tables/{new}"))
    assert JOIN in page and "Free seat" in page and "Kept for" not in page
    assert 'id="table-held"' not in page


def test_the_owner_is_offered_no_link_to_a_seat_kept_for_an_invitee(app):
    """A public rematch's link brings no one to a seat kept for the invitee: the owner's page
    offered "Send this link to your friends so they sit" beside it."""
    ana_id, bea_id = make_user(app, "Ana"), make_user(app, "Bea")
    old = finished_game(app, ana_id, bea_id)
    ana = client_for(app, ana_id)
    new = int(ana.post(f"/tables/{old}/again").headers["Location"].rsplit("/", 1)[1])
    assert 'id="invite-link"' not in text(ana.get(f"/tables/{new}"))
    age_invites(app, new, 61)
    assert 'id="invite-link"' in text(ana.get(f"/tables/{new}"))  # now the seat is anyone's


def test_a_private_rematch_s_link_does_not_invite_to_a_kept_seat(app):
    """Someone who brings a private rematch's key was told "Ana invited you to this private
    table: take a free seat to play" about the seat kept for Bea."""
    ana_id, bea_id, cris_id = (make_user(app, name) for name in ("Ana", "Bea", "Cris"))
    old = finished_game(app, ana_id, bea_id, private=True)
    new = int(client_for(app, ana_id).post(f"/tables/{old}/again").headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        key = db.session.get(Game, new).invite_token
    page = text(client_for(app, cris_id).get(f"/tables/{new}?key={key}"))
    assert 'id="table-invited"' not in page and 'id="table-held"' in page and JOIN not in page
    assert 'id="table-invited"' in text(client_for(app, bea_id).get(f"/tables/{new}"))

"""A public table with no free seat offers no invite link "so friends can join": nobody can.
"Play again" after a game of Play now opens the next table full of bots, and a user trial read
"Send this link to friends so they can join." above four taken seats; a friend who came found
"This table is full". A private table keeps its link even when full: it is the only way in to
watch it."""
from __future__ import annotations

from siete.data.base import db
from tests.support.friends import open_table, player_of
from tests.support.play import client_for, make_user, text


def test_the_invite_link_shows_only_while_a_friend_could_use_it(app):
    ana = make_user(app, "Ana")
    with app.app_context():
        open_id = open_table(player_of(ana), seats=3, bots=("standard",)).id
        full_id = open_table(player_of(ana), seats=3, bots=("standard", "bold"), name="Full").id
        private_full = open_table(player_of(ana), private=True, seats=2, bots=("standard",)).id
        db.session.commit()
    client = client_for(app, ana)
    assert 'id="invite-link"' in text(client.get(f"/tables/{open_id}"))
    full = text(client.get(f"/tables/{full_id}"))
    assert 'id="invite-link"' not in full and "so they can join" not in full
    assert 'id="table-start"' in full  # the way on is Start
    assert 'id="invite-link"' in text(client.get(f"/tables/{private_full}"))

"""A guest at a table with friends: a guest reads and writes no chat (SECURITY.md, "Guests"), so
the page drew no chat box and said nothing; the friend who signed up chatted, and the guest saw
neither the messages nor why. A seated guest is now told, inside #table (Join swaps it, so the
note comes with the seat), with the way to sign up."""
from __future__ import annotations

from tests.support.accounts import guest_client
from tests.support.play import client_for, make_user, text, waiting_table

NOTE = 'id="chat-guest"'


def test_a_seated_guest_is_told_why_there_is_no_chat(app):
    ana_id = make_user(app, "Ana")
    table = waiting_table(app, ana_id, seats=3)
    guest, _ = guest_client(app)
    assert NOTE not in text(guest.get(f"/tables/{table}"))  # not seated: no chat to miss yet
    joined = guest.post(f"/tables/{table}/join", headers={"HX-Request": "true"})
    assert NOTE in text(joined) and "/auth/register" in text(joined)  # the swap brings it
    assert NOTE in text(guest.get(f"/tables/{table}"))
    assert NOTE not in text(client_for(app, ana_id).get(f"/tables/{table}"))  # Ana has the chat

"""What the table page says, as the end-to-end tests saw it: messages that go away when the table
moves on, the bank that matches the cards on the table between hands and after the game, face-down
cards counted rather than summed as 0, and the settlement's columns labelled for phones."""
from __future__ import annotations

from lxml import html

from test_play import HX, client_for, make_user, started_game, text, waiting_table


# ---- flashed messages live inside #table ----

def test_a_flashed_message_shows_inside_the_table_and_not_in_later_fragments(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = waiting_table(app, ana)
    bea_client = client_for(app, bea)
    bea_client.post(f"/tables/{game_id}/join")  # a plain form post (the lobby's Join button)
    page = html.fromstring(text(bea_client.get(f"/tables/{game_id}")))
    assert "You have a seat" in page.get_element_by_id("table").text_content()
    # base.html's #flash sits outside what polling replaces, so it must stay empty on a table.
    assert page.get_element_by_id("flash").text_content().strip() == ""
    client_for(app, ana).post(f"/tables/{game_id}/start", data={"fill": "1"})
    fragment = text(bea_client.get(f"/tables/{game_id}/fragment?v=old", headers=HX))
    assert "You have a seat" not in fragment and 'data-status="playing"' in fragment


def test_a_fresh_fragment_clears_the_flash_region_but_a_whole_page_has_one_flash(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    fragment = text(client.get(f"/tables/{game_id}/fragment?v=0", headers=HX))
    oob = html.fragments_fromstring(fragment)[-1]
    assert (oob.get("id"), oob.get("hx-swap-oob"), oob.text_content()) == ("flash", "true", "")
    page = text(client.get(f"/tables/{game_id}"))
    assert page.count('id="flash"') == 1 and "hx-swap-oob" not in page

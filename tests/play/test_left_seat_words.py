"""A player who left a running game reads what became of the seat in the right tense: while
the game runs a standard bot plays it (they watch); once it is over, the bot played it."""
from __future__ import annotations

from tests.support.play import HX, client_for, load, make_user, started_game, table_id_from, text

TWO_PEOPLE = {"name": "pair", "seats": 3, "standard_bots": 1, "cautious_bots": 0, "bold_bots": 0,
              "max_hands": 15, "turn_seconds": 30}


def test_who_left_and_comes_back_after_the_end_reads_the_past(app):
    """Only bots are left, so they play the game out at once."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana, max_hands=3)
    client = client_for(app, ana)
    left = text(client.post(f"/tables/{game_id}/leave", headers=HX))
    assert "You left the game; a standard bot took over your seat." in left
    assert load(app, game_id)[0] == "finished"
    for page in (left, text(client.get(f"/tables/{game_id}"))):
        assert "You left this game; a standard bot played your seat to the end." in page
        assert "plays your seat" not in page and "You are watching" not in page
    spanish = text(client.get(f"/tables/{game_id}", headers={"Accept-Language": "es"}))
    assert "un bot estándar jugó en tu asiento hasta el final" in spanish


def test_who_left_a_game_still_running_reads_the_present(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    ana_client, bea_client = client_for(app, ana), client_for(app, bea)
    game_id = table_id_from(ana_client.post("/tables", data=TWO_PEOPLE))
    bea_client.post(f"/tables/{game_id}/join")
    ana_client.post(f"/tables/{game_id}/start", data={"fill": "1"})
    assert bea_client.post(f"/tables/{game_id}/leave").status_code == 303
    assert load(app, game_id)[0] == "playing"  # Ana is still at the table
    page = text(bea_client.get(f"/tables/{game_id}"))
    assert "You left the game; a standard bot took over your seat." in page
    assert "You left this game; a standard bot plays your seat. You are watching." in page

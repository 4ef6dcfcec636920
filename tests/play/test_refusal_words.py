"""A refusal reaches the player in their language, the rules' own included (#28: "{name} is
already played by a bot" reached Spanish players in English)."""
from __future__ import annotations

from tests.support.play import HX, client_for, load, make_user, text, waiting_table


def test_leaving_twice_is_refused_in_the_players_language(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = waiting_table(app, ana, seats=3, bots=1)
    client = client_for(app, ana)
    assert client_for(app, bea).post(f"/tables/{game_id}/join").status_code == 303
    assert client.post(f"/tables/{game_id}/start").status_code == 303
    assert client.post(f"/tables/{game_id}/leave", headers=HX).status_code == 200
    assert load(app, game_id)[0] == "playing"  # Bea plays on, a bot in Ana's seat
    again = client.post(f"/tables/{game_id}/leave", headers={**HX, "Accept-Language": "es"})
    assert again.status_code == 409
    assert "Un bot ya juega en este asiento." in text(again)
    assert "already played by a bot" not in text(again)
    english = client.post(f"/tables/{game_id}/leave", headers={**HX, "Accept-Language": "en"})
    assert english.status_code == 409 and "A bot already plays this seat." in text(english)

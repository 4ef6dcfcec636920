"""A game's page starts with the way back: 'My games' for who played in it, the lobby for
everyone else. A visitor who opened a game from the lobby or the rankings read 'My games ›
game 1' above a game they never played, and the link sent them to a login form (user trial)."""
from __future__ import annotations

import re

from tests.history.history_games import client_logged_in_as, make_human, play_human_game


def crumbs(html: str) -> str:
    return re.search(r'<p class="history__crumbs">(.*?)</p>', html, re.S).group(1)


def test_the_player_goes_back_to_my_games_and_others_to_the_lobby(app, client):
    with app.app_context():
        ana = make_human("Ana")
        make_human("Bea")
        game_id = play_human_game(app, ana, ("standard",), hands=2)
    mine = crumbs(client_logged_in_as(app, "Ana").get(f"/games/{game_id}").get_data(as_text=True))
    assert 'href="/games"' in mine and "My games" in mine
    for other in (client, client_logged_in_as(app, "Bea")):
        theirs = crumbs(other.get(f"/games/{game_id}").get_data(as_text=True))
        assert "My games" not in theirs and 'href="/"' in theirs and "Lobby" in theirs
    spanish = crumbs(client.get(f"/games/{game_id}", headers={"Accept-Language": "es"}).get_data(as_text=True))
    assert "Mis partidas" not in spanish and "Mesas" in spanish

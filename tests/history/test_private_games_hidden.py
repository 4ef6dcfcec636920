"""A private table's finished game shows only to its players: their My games, their own
profile and the game page (by its key too). To anyone else, logged out or another account, it
is in no profile, no report and no download: every report download and the terminal's reports
read the same bytes before the game was played and after it finished, and no page names its
players, its table or its id. Played through service.tables.turns.act by two people and a bot (R2-R7).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pytest
from sqlalchemy import select

from siete.data.base import db
from siete.data.games import Game
from siete.data.people import Player
from siete.engine.state import DEAL, OVER
from siete.service.records.bot_games import simulate_recorded
from siete.service.records.player_profile import load_profile
from siete.service.reports.definitions import REPORTS
from siete.service.tables import turns
from siete.service.tables.lobby_actions import join_table, start_table
from tests.support.friends import open_table, player_of
from tests.support.play import client_for, human_move, make_user
from tests.support.settings import app_settings

TABLE = "Mesa de Zorzal"  # a name no other page carries
PEOPLE = ("Zorzal", "Quilla")
FORMATS = ("csv", "xml", "json")


@pytest.fixture
def app_config() -> dict:
    # Every page read afresh (no reports cache) and as many downloads as the test asks for.
    return {"RATELIMIT_ENABLED": False, "REPORTS_CACHE_S": 0}


@pytest.fixture
def people(app) -> dict[str, int]:
    return {name: make_user(app, name) for name in (*PEOPLE, "Cris")}


def public_history(app) -> str:
    """A few bots-only public games (so the reports have rows); the name of a bot in them, the
    one that sits at the private table too."""
    with app.app_context():
        simulate_recorded(["standard", "cautious", "bold"], 3, app.config["GAME"], seed=5, max_hands=4)
        return db.session.scalar(select(Player.name).where(Player.kind == "bot", Player.profile == "standard")
                                 .order_by(Player.id).limit(1))


def play_private_game(app, people: dict[str, int]) -> tuple[int, str]:
    """Zorzal's private table with Quilla and a standard bot, played to its end by both people
    through act() as the web does; (game id, invite key)."""
    with app.app_context():
        zorzal = player_of(people["Zorzal"])
        game = open_table(zorzal, private=True, bots=("standard",), name=TABLE)
        game_id, key = game.id, game.invite_token
        db.session.commit()
        join_table(game_id, player_of(people["Quilla"]), key)
        start_table(app_settings(), game_id, zorzal)
        for _ in range(3000):
            db.session.expire_all()
            _game, state = turns.current_state(app_settings(), game_id)
            if state.phase == OVER:
                assert db.session.get(Game, game_id).status == "finished"
                return game_id, key
            if state.phase == DEAL:  # each person has seen the settled hand
                for name in PEOPLE:
                    turns.ready_for_next(app_settings(), game_id, name)
                continue
            seat = state.current_seat()
            move, amount = human_move(state, seat)
            turns.act(app_settings(), game_id, state.seats[seat].name, move, amount, state.version)
    raise AssertionError("the private game did not end")


def downloads(client, runner) -> dict[str, str]:
    """Every report download and the terminal's reports (aggregates and plain SQL), as text."""
    read = {"/reports.json": client.get("/reports.json").get_data(as_text=True)}
    for report in REPORTS:
        for extension in FORMATS:
            for query in ("", "?player=Zorzal"):
                path = f"/reports/{report.key}.{extension}{query}"
                response = client.get(path)
                assert response.status_code == 200, path
                read[path] = response.get_data(as_text=True)
    for args in (["reports", "--format", "json"], ["reports", "--format", "json", "--plain"]):
        result = runner.invoke(args=args)
        assert result.exit_code == 0, result.output
        read[" ".join(args)] = result.output
    return read


def public_figures(app, name: str) -> dict:
    """The profile of `name` as anyone else sees it, but its rating (not this test's matter)."""
    with app.app_context():
        profile = load_profile(name)
        assert profile is not None
        figures = vars(profile).copy()
        for rated in ("rating_series", "rated_games"):
            figures.pop(rated)
        return figures


def mentions(page: str, game_id: int, names: tuple[str, ...] = PEOPLE) -> list[str]:
    """What in `page` names the private game: its id (a link or words), its table, its players."""
    found = re.findall(rf"/games/{game_id}(?!\d)|\bgame {game_id}\b", page, flags=re.IGNORECASE)
    return found + [word for word in (TABLE, *names) if word in page]


@dataclass(frozen=True)
class Played:
    """The private game and what anyone else saw before it was played."""

    game_id: int
    key: str
    bot: str  # a bot at the private table that plays public games too
    downloads: dict[str, str]
    bot_figures: dict


@pytest.fixture
def played(app, people, runner) -> Played:
    bot = public_history(app)
    before = downloads(client_for(app, None), runner)
    bot_figures = public_figures(app, bot)
    game_id, key = play_private_game(app, people)
    return Played(game_id, key, bot, before, bot_figures)


def test_its_players_see_it_in_my_games_their_profile_and_its_page(app, people, played):
    for name in PEOPLE:
        player = client_for(app, people[name])
        for path in ("/games", f"/players/{name}", f"/games/{played.game_id}"):
            page = player.get(path)
            assert page.status_code == 200, path
            assert TABLE in page.get_data(as_text=True), path
        assert f"/games/{played.game_id}" in player.get(f"/players/{name}").get_data(as_text=True)
    assert client_for(app, None).get(f"/games/{played.game_id}?key={played.key}").status_code == 200


@pytest.mark.parametrize("viewer", [None, "Cris"])
def test_no_report_or_download_holds_it(app, people, runner, played, viewer):
    client = client_for(app, viewer and people[viewer])
    assert client.get(f"/games/{played.game_id}").status_code == 404
    assert downloads(client, runner) == played.downloads
    for path in ("/reports", *(f"/reports/{r.key}" for r in REPORTS)):
        response = client.get(path)
        assert response.status_code == 200, path
        assert [word for word in (TABLE, *PEOPLE) if word in response.get_data(as_text=True)] == [], path
    result = runner.invoke(args=["reports", "rebuild"])  # worked out again from the record
    assert result.exit_code == 0, result.output
    assert downloads(client, runner) == played.downloads


@pytest.mark.parametrize("viewer", [None, "Cris"])
def test_no_public_profile_shows_it(app, people, played, viewer):
    client = client_for(app, viewer and people[viewer])
    bot_page = client.get(f"/players/{played.bot}").get_data(as_text=True)
    assert mentions(bot_page, played.game_id) == []
    # The players' own profiles (their names head them): no game, no figure of it.
    for path in ("/players/Zorzal", "/players/Quilla", "/reports/players/Zorzal"):
        page = client.get(path, follow_redirects=True).get_data(as_text=True)
        assert mentions(page, played.game_id, names=()) == [] and "No games yet." in page, path
    assert public_figures(app, played.bot) == played.bot_figures
    for name in PEOPLE:
        figures = public_figures(app, name)
        assert (figures["games"], figures["points"], figures["best_game"], figures["recent"]) == (0, 0, None, ())


def test_reports_say_that_private_games_are_left_out(client):
    for path in ("/reports", "/reports/best_game"):
        page = client.get(path).get_data(as_text=True)
        assert "Games at private tables are left out of every report and download" in page


def test_the_reports_json_names_no_private_player(app, people, runner):
    """The machine form is the same JSON whether or not a private game was played."""
    public_history(app)
    play_private_game(app, people)
    everything = json.loads(client_for(app, None).get("/reports.json").get_data(as_text=True))
    assert not [row for report in everything["reports"] for row in report["rows"]
                if set(row) & set(PEOPLE)]


def test_logged_out_its_page_says_a_private_game_shows_once_logged_in(app, people, played):
    """trial5: a player of the private game, logged out (another browser, a link kept), was told
    only "There is no such game". Anyone logged out is now told it may be private, the same
    words for an id no game has, so they say nothing of which private games exist."""
    words = "There is no such game, or it is a private one: if you played it, log in to see it."
    anyone = client_for(app, None)
    for path in (f"/games/{played.game_id}", f"/games/{played.game_id}/scenario.json", "/games/99999"):
        response = anyone.get(path)
        assert response.status_code == 404 and words in response.get_data(as_text=True), path
        assert [word for word in (TABLE, *PEOPLE) if word in response.get_data(as_text=True)] == [], path
    es = anyone.get(f"/games/{played.game_id}", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "No existe esa partida, o es privada: si la jugaste, entra para verla." in es
    other = client_for(app, people["Cris"]).get(f"/games/{played.game_id}").get_data(as_text=True)
    assert "There is no such game." in other and words not in other  # logged in: nothing to add

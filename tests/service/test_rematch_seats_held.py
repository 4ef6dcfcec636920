"""A rematch keeps a seat for each invitee who can still answer (#26): a stranger from the
lobby, or someone who only watched the old game, takes a seat only if one is left over. Play now
already passes rematches by (quick_play.tables_to_join); the lobby's Join did not."""
from __future__ import annotations

import pytest

from siete.data.base import db
from siete.data.games import Game
from siete.i18n.error_words import cli_error_message
from siete.service.errors import Conflict, Problem
from siete.service.tables.lobby_actions import TableSpec, join_table
from siete.service.tables.lobby_lists import lobby_page
from siete.service.tables.rematch import play_again, rematch_offer
from siete.service.tables.rematch_invites import decline
from tests.support.friends import age_invites, finished_game, player_of
from tests.support.play import make_user
from tests.support.settings import app_settings


@pytest.fixture
def people(app):
    return {name: make_user(app, name) for name in ("Ana", "Bea", "Cris", "Dan")}


def rematch(app, people, seats: int) -> int:
    """Ana and Bea played; Ana opens the rematch (one bot seat), Bea is invited."""
    old = finished_game(app, people["Ana"], people["Bea"])
    spec = TableSpec(name="Friends", seats=seats, bots=("standard",), max_hands=2)
    with app.app_context():
        return play_again(app_settings(), old, player_of(people["Ana"]), spec)


def join(app, game_id: int, user_id: int) -> None:
    with app.app_context():
        join_table(game_id, player_of(user_id), rematch_seconds=app_settings().rematch_seconds)


def seated(app, game_id: int) -> list[str]:
    with app.app_context():
        return sorted(gp.player.name for gp in db.session.get(Game, game_id).players
                      if gp.player.kind == "human")


def test_a_stranger_may_not_take_the_seat_kept_for_an_invitee(app, people):
    new = rematch(app, people, seats=3)  # Ana, a bot, and one seat: Bea's
    with pytest.raises(Conflict) as refused:
        join(app, new, people["Cris"])
    assert refused.value.code == Problem.SEATS_HELD
    assert refused.value.values["names"] == "Bea" and 0 < refused.value.values["seconds"] <= 60
    assert cli_error_message(refused.value).startswith("The free seats are kept for Bea, asked back")
    join(app, new, people["Bea"])  # the seat was hers all along
    assert seated(app, new) == ["Ana", "Bea"]


def test_a_seat_left_over_after_the_invitees_is_free_to_anyone(app, people):
    new = rematch(app, people, seats=4)  # two free seats, one kept for Bea
    join(app, new, people["Cris"])
    with pytest.raises(Conflict):
        join(app, new, people["Dan"])
    join(app, new, people["Bea"])
    assert seated(app, new) == ["Ana", "Bea", "Cris"]


@pytest.mark.parametrize("answer", ["declined", "no answer in time"])
def test_once_the_invitee_said_no_or_let_the_time_run_out_the_seat_is_free(app, people, answer):
    new = rematch(app, people, seats=3)
    if answer == "declined":
        with app.app_context():
            decline(new, player_of(people["Bea"]))
    else:
        age_invites(app, new, 61)  # REMATCH_SECONDS is 60
    join(app, new, people["Cris"])
    assert seated(app, new) == ["Ana", "Cris"]


def listed_to(app, game_id: int, user_id: int) -> bool:
    with app.app_context():
        lobby = lobby_page(viewer=user_id, rematch_seconds=app_settings().rematch_seconds)
        return game_id in {game.id for game in lobby.open}


def test_the_lobby_offers_a_rematch_to_strangers_only_with_a_seat_left_over(app, people):
    kept = rematch(app, people, seats=3)
    assert not listed_to(app, kept, people["Cris"])  # its Join would only be refused
    assert listed_to(app, kept, people["Bea"]) and listed_to(app, kept, people["Ana"])
    roomy = rematch(app, people, seats=4)  # a second rematch of another game: one seat over
    assert listed_to(app, roomy, people["Cris"])
    with app.app_context():
        decline(kept, player_of(people["Bea"]))
    assert listed_to(app, kept, people["Cris"])


def test_someone_who_only_watched_is_offered_no_seat_kept_for_an_invitee(app, people):
    """The finished table's rematch box offers Join to a watcher only for a seat left over."""
    old = finished_game(app, people["Ana"], people["Bea"])
    spec = TableSpec(name="Friends", seats=3, bots=("standard",), max_hands=2)
    with app.app_context():
        new = play_again(app_settings(), old, player_of(people["Ana"]), spec)
        offer = rematch_offer(app_settings(), old, people["Cris"])
        assert (offer.game_id, offer.answer, offer.free) == (new, "open", 0)
        assert rematch_offer(app_settings(), old, people["Bea"]).free == 1  # hers
        decline(new, player_of(people["Bea"]))
        assert rematch_offer(app_settings(), old, people["Cris"]).free == 1

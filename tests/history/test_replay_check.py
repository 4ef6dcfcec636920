"""The suite-wide replay check (tests/support/replay_check.py, run by conftest's `app` fixture on every
test's database) catches a stored game that its export and replay do not reproduce."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select, update

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer, Hand, Turn, TurnAction
from siete.data.reference import Card
from siete.service.tables import timers, turns
from siete.service.tables.lobby_actions import TableSpec, create_table, start_table
from tests.history.history_games import make_human
from tests.support.replay_check import check_recorded_games, first_difference
from tests.support.settings import app_settings


def first_draw(game_id: int) -> TurnAction:
    return db.session.scalars(select(TurnAction).join(Turn).where(
        Turn.game_id == game_id, TurnAction.action == "draw").order_by(TurnAction.id)).first()


def other_value_card(card_id: int) -> int:
    """A card of the same suit worth other points: an ace for any other card, a 2 for an ace."""
    code = db.session.get(Card, card_id).code
    rank = "02" if code[1:] == "01" else "01"
    return db.session.scalar(select(Card.id).where(Card.code == code[0] + rank))


def tamperings(game_id: int) -> dict[str, tuple]:
    """Name -> (table, row id, column, tampered value): one stored fact changed each."""
    draw = first_draw(game_id)
    stand = db.session.scalars(select(TurnAction).join(Turn).where(
        Turn.game_id == game_id, TurnAction.action == "stand",
        TurnAction.automatic.is_(False))).first()
    turn = db.session.scalars(select(Turn).where(Turn.game_id == game_id, Turn.position > 0)
                              .order_by(Turn.id)).first()
    hand = db.session.scalars(select(Hand).where(Hand.game_id == game_id).order_by(Hand.id)).first()
    game = db.session.get(Game, game_id)
    loser = db.session.scalars(select(GamePlayer).where(
        GamePlayer.game_id == game_id, GamePlayer.player_id != game.winner_player_id)).first()
    bank_result = "bust" if hand.bank_result != "bust" else "stood"
    return {
        "a drawn card": (TurnAction, draw.id, "card_id", other_value_card(draw.card_id)),
        "a stand made automatic": (TurnAction, stand.id, "automatic", True),
        "a punter's points": (Turn, turn.id, "points_end", turn.points_end + 1),
        "a punter's result": (Turn, turn.id, "result", "bust" if turn.result != "bust" else "win"),
        "the bank's result": (Hand, hand.id, "bank_result", bank_result),
        "the winner": (Game, game_id, "winner_player_id", loser.player_id),
        "a final place": (GamePlayer, loser.id, "final_position", 1),
    }


def set_column(model, row_id: int, column: str, value) -> object:
    """Store `value` in one row's column; returns the value it held."""
    before = db.session.execute(select(getattr(model, column)).where(model.id == row_id)).scalar()
    db.session.execute(update(model).where(model.id == row_id).values({column: value}))
    db.session.commit()
    return before


def test_the_check_replays_every_started_game_and_finds_them_all_as_recorded(app, games):
    assert check_recorded_games(app) == []


def test_a_tampered_record_fails_the_check_naming_the_game(app, games):
    game_id = games["humans"][0]
    with app.app_context():
        changes = tamperings(game_id)
    for name, (model, row_id, column, value) in changes.items():
        with app.app_context():
            before = set_column(model, row_id, column, value)
        failures = check_recorded_games(app)
        with app.app_context():
            set_column(model, row_id, column, before)  # so the next change is the only one
        assert len(failures) == 1, name
        assert failures[0].startswith(f"game {game_id} (finished): "), (name, failures)
    assert check_recorded_games(app) == []  # all restored: the teardown's check passes


def play_out_on_timers(game_id: int) -> None:
    """Let every turn timer and pause run out, a minute late each time, until the game ends."""
    for _ in range(1000):
        db.session.expire_all()
        if db.session.get(Game, game_id).status == "finished":
            return
        timers.run_due_timers(app_settings(), game_id, now=utcnow() + timedelta(minutes=1))
    raise AssertionError("the game did not end")


def test_seats_gone_away_or_left_replay_as_recorded(app):
    """Moves the timer made (a bet of 1 and a stand), then a standard bot's for the person
    away or gone, are stored as any move is: those games export and replay like the others.

    The deal is seeded: with a random one, the idle person could take the bank after one
    timeout and keep it until the game ended, never timing out twice (so never away)."""
    with app.app_context():
        config = app.config["GAME"]
        idle, leaver = make_human("Ida"), make_human("Leo")
        games = []
        for person in (idle, leaver):
            game = create_table(person, TableSpec(name=f"{person.name}'s table", seats=3,
                                                  bots=("standard", "bold"), max_hands=4), config,
                                seed=1)
            start_table(app_settings(), game.id, person)
            games.append(game.id)
        turns.leave_game(app_settings(), games[1], leaver)
        for game_id in games:
            play_out_on_timers(game_id)
        timer_stands = db.session.scalar(select(db.func.count()).select_from(TurnAction).join(Turn)
                                         .where(Turn.game_id == games[0],
                                                TurnAction.updated_by == "timer"))
        seats = {name: turns.current_state(app_settings(), game_id)[1].seats[0] for name, game_id in
                 zip(("Ida", "Leo"), games)}
    assert timer_stands > 0  # the idle person's turns were played by the timer ...
    assert seats["Ida"].away and seats["Ida"].bot == "standard"  # ... then by a standard bot
    assert seats["Leo"].bot == "standard" and not seats["Leo"].away
    assert check_recorded_games(app) == []


@pytest.mark.parametrize("recorded, replayed, difference", [
    ({"a": [1, 2]}, {"a": [1, 3]}, ".a[1]: recorded 2, replayed 3"),
    ({"a": [1, 2]}, {"a": [1]}, ".a: recorded 2 items, replayed 1"),
    ({"a": 1}, {"a": 1, "b": 2}, ".b: recorded '(none)', replayed 2"),
    ({"h": [{"points": {"ana": 4}}]}, {"h": [{"points": {"ana": 5}}]},
     ".h[0].points.ana: recorded 4, replayed 5"),
    ({"a": 1.5}, {"a": 1.5}, None),
])
def test_first_difference_names_where_two_outputs_part(recorded, replayed, difference):
    assert first_difference(recorded, replayed) == difference

"""sql/schema.sql and the models describe the same database; the seed data is the real deck."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlalchemy import create_engine, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from siete.data.base import BOT_PROFILES, db
from siete.data.database import SCHEMA_SQL, sql_statements
from siete.data.games import Game, GamePlayer, Hand, Turn, TurnAction
from siete.data.people import Player, User
from siete.data.reference import Card, DeckType, GameDetails
from siete.data.xmlfiles import load_cards
from siete.engine.cards import half_value, spanish_deck
from tests.support.schema_description import describe_database, describe_metadata

USERNAME_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9]*$")  # brief: letters and digits, letter first


@pytest.fixture(scope="module")
def mysql_scratch_engines(mysql_database_url, recreate_database):
    """Two scratch databases: one loaded from sql/schema.sql, one created from the models."""
    base = make_url(mysql_database_url)
    engines = {}
    for kind in ("schema", "models"):
        url = base.set(database=f"{base.database}_{kind}")
        recreate_database(url)
        engines[kind] = create_engine(url)
    with engines["schema"].begin() as conn:
        for statement in sql_statements(SCHEMA_SQL):
            conn.execution_options(no_parameters=True).exec_driver_sql(statement)
    db.metadata.create_all(engines["models"])
    yield engines
    for engine in engines.values():
        engine.dispose()


@pytest.mark.mariadb_only
def test_schema_sql_matches_the_models(mysql_scratch_engines):
    """Same tables, columns (broad type, nullability), keys, foreign keys, uniques and indexes."""
    from_sql = describe_database(mysql_scratch_engines["schema"], exact=False)
    assert from_sql == describe_metadata(db.metadata)


@pytest.mark.mariadb_only
def test_schema_sql_and_models_build_identical_mysql_databases(mysql_scratch_engines):
    """Down to exact column types, defaults, auto-increment and CHECK constraints."""
    from_sql = describe_database(mysql_scratch_engines["schema"], exact=True)
    from_models = describe_database(mysql_scratch_engines["models"], exact=True)
    assert from_sql == from_models


@pytest.mark.mariadb_only
def test_schema_sql_can_run_again_without_harm(mysql_scratch_engines):
    engine = mysql_scratch_engines["schema"]
    before = describe_database(engine, exact=True)
    with engine.begin() as conn:
        for statement in sql_statements(SCHEMA_SQL):
            conn.execution_options(no_parameters=True).exec_driver_sql(statement)
    assert describe_database(engine, exact=True) == before


@pytest.mark.mariadb_only
def test_every_mysql_table_uses_the_binary_collation(db_session):
    others = db_session.execute(text(
        "SELECT table_name FROM information_schema.tables "
        "WHERE table_schema = DATABASE() AND table_collation <> 'utf8mb4_bin'")).scalars().all()
    assert others == []


def test_names_sort_byte_wise_on_every_database(db_session):
    """Reports order players by name: 'alice' comes after 'Rey-de-Oros' on MySQL as on SQLite."""
    add_human(db_session, "alice")
    names = db_session.scalars(select(Player.name).order_by(Player.name)).all()
    assert names == sorted(names) and names[-1] == "alice"


def test_seed_has_the_48_cards_of_the_spanish_deck_in_deck_order(db_session):
    """R1.1-R1.3: the seed agrees with the engine's deck and with config/cards.xml."""
    cards = db_session.scalars(select(Card).order_by(Card.deck_order)).all()
    assert len(cards) == 48
    assert sum(card.is_active for card in cards) == 40
    assert [c.deck_order for c in cards] == list(range(48))
    assert [(c.code, c.real_value, c.suit, c.is_active) for c in cards] == [
        tuple(spec) for spec in spanish_deck()]
    assert [(c.code, c.real_value, c.suit, c.is_active) for c in cards] == [
        tuple(spec) for spec in load_cards()]
    assert all(c.game_value == half_value(c.real_value) / 2 for c in cards)  # R1.2
    assert {c.deck_type.name for c in cards} == {"Spanish"}


def test_seed_has_the_game_details_and_the_deck_type(db_session):
    details = db_session.scalars(select(GameDetails)).one()
    assert (details.name, details.min_players, details.max_players, details.min_bet) == (
        "Siete y medio", 2, 8, 1)
    assert details.max_bet >= details.min_bet and "20%" in details.victory_rules
    assert details.created_by == "seed" and details.created_at is not None
    assert db_session.scalars(select(DeckType.name)).all() == ["Spanish"]


def test_seed_has_named_bots_of_every_profile(db_session):
    bots = db_session.scalars(select(Player).where(Player.kind == "bot")).all()
    by_profile = {p: [b.name for b in bots if b.profile == p] for p in BOT_PROFILES}
    assert len(by_profile["standard"]) >= 4
    assert len(by_profile["cautious"]) >= 3 and len(by_profile["bold"]) >= 3
    # Named after the cards, with a hyphen no username can hold: people keep their own names.
    assert all(not USERNAME_PATTERN.match(b.name) and b.user_id is None for b in bots)
    assert by_profile["expert"] == ["Rey-de-Oros", "Rey-de-Copas", "Rey-de-Espadas"]


def test_user_passwords_are_scrypt_hashes_and_usernames_unique_ignoring_case(db_session):
    user = User(username="Alice", email="alice@example.com")
    user.set_password("correct horse")
    db_session.add(user)
    db_session.commit()
    assert user.username_key == "alice" and user.password_hash.startswith("scrypt:")
    assert user.check_password("correct horse") and not user.check_password("Correct horse")
    assert user.username_skeleton == "allce"  # what the name looks like (siete.data.identity)
    db_session.add(User(username="ALICE", email="other@example.com", password_hash="x"))
    with pytest.raises(DBAPIError):
        db_session.commit()
    db_session.rollback()


def add_human(session, username: str) -> Player:
    """A user and its player, committed."""
    user = User(username=username, email=f"{username}@example.com", password_hash="x")
    session.add(user)
    session.flush()
    player = Player(name=username, kind="human", user_id=user.id)
    session.add(player)
    session.commit()
    return player


def add_hand(session) -> tuple[Hand, GamePlayer, GamePlayer]:
    """A bots game with two seats and one hand banked by the first seat, committed."""
    rosa, paco = (session.scalars(select(Player).where(Player.name == n)).one() for n in ("As-de-Oros", "As-de-Copas"))
    game = Game(name="Test table", mode="bots", num_players=2, initial_points=20, max_hands=30,
                win_condition="Most points after 30 hands", turn_seconds=30)
    game.players = [GamePlayer(player=rosa, join_order=1), GamePlayer(player=paco, join_order=2)]
    hand = Hand(number=1, bank=game.players[0], bank_total=5, bank_result="stood")
    game.hands.append(hand)
    session.add(game)
    session.commit()
    return hand, game.players[0], game.players[1]


def assert_rejected(session, row) -> None:
    """Committing row fails in the database (a CHECK, UNIQUE or FOREIGN KEY constraint)."""
    session.add(row)
    with pytest.raises(DBAPIError):
        session.commit()
    session.rollback()


def test_check_constraints_reject_values_outside_the_enumerations(db_session):
    db_session.add(Player(name="Robo", kind="bot", profile="bold"))
    db_session.commit()
    assert_rejected(db_session, Player(name="Robot", kind="robot", profile="standard"))
    assert_rejected(db_session, Player(name="Robot", kind="bot"))  # a bot needs a profile
    assert_rejected(db_session, Player(name="Robot", kind="bot", profile="reckless"))


def test_foreign_keys_are_enforced(db_session):
    """On SQLite too: the connect hook switches PRAGMA foreign_keys on."""
    assert_rejected(db_session, TurnAction(turn_id=999_999, seq=1, action="stand", automatic=False))


def test_a_recorded_hand_reads_back_through_the_relationships(db_session):
    hand, bank, punter = add_hand(db_session)
    five = db_session.scalars(select(Card).where(Card.code == "O05")).one()
    sota = db_session.scalars(select(Card).where(Card.code == "C10")).one()
    turn = Turn(hand=hand, game_player=punter, position=1, points_start=20, points_end=22, bet=2,
                first_card=five, total=5.5, cards_drawn=1, result="win")
    turn.actions = [TurnAction(seq=1, action="draw", card=sota), TurnAction(seq=2, action="stand")]
    db_session.add(turn)
    db_session.commit()
    db_session.expire_all()
    game = db_session.get(Game, hand.game_id)
    assert [gp.player.name for gp in game.players] == ["As-de-Oros", "As-de-Copas"]
    read = game.hands[0].turns[0]
    assert (read.total, read.bet, read.first_card.code) == (5.5, 2, "O05")
    assert [(a.action, a.card and a.card.code, a.automatic) for a in read.actions] == [
        ("draw", "C10", False), ("stand", None, False)]
    assert game.seed > 0 and game.status == "waiting" and game.hands_played == 0


def test_turn_rows_keep_the_bank_convention(db_session):
    """The bank's turn (position 0) has no bet and result 'bank'; a punter's has a bet."""
    hand, bank, punter = add_hand(db_session)
    card_id = db_session.scalars(select(Card.id).where(Card.code == "O05")).one()
    common = dict(hand_id=hand.id, points_start=20, points_end=20, first_card_id=card_id,
                  total=5, cards_drawn=0)
    db_session.add(Turn(game_player_id=bank.id, position=0, bet=None, result="bank", **common))
    db_session.commit()
    assert_rejected(db_session, Turn(game_player_id=punter.id, position=1, bet=None, result="win", **common))
    assert_rejected(db_session, Turn(game_player_id=punter.id, position=1, bet=2, result="bank", **common))
    assert_rejected(db_session, Turn(game_player_id=punter.id, position=1, bet=2, result="tie", **common))


CONTROL_COLUMNS = {"created_at", "created_by", "updated_at", "updated_by"}


def er_diagram() -> tuple[dict[str, list[str]], set[tuple[str, str]]]:
    """The erDiagram of docs/database.md: columns per table and (parent, child) links."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "database.md").read_text()
    block = re.search(r"```mermaid\nerDiagram\n(.*?)```", doc, re.S).group(1)
    tables = {name: [line.split()[1] for line in body.strip().splitlines()]
              for name, body in re.findall(r"^\s*(\w+) \{\n(.*?)^\s*\}", block, re.S | re.M)}
    links = set(re.findall(r"^\s*(\w+) \S+--\S+ (\w+) :", block, re.M))
    return tables, links


def test_the_documented_relational_model_matches_the_models():
    """docs/database.md lists every table, column (bar the control ones) and foreign key."""
    tables, links = er_diagram()
    assert tables == {name: [c.name for c in table.columns if c.name not in CONTROL_COLUMNS]
                      for name, table in db.metadata.tables.items()}
    assert links == {(fk.referred_table.name, name) for name, table in db.metadata.tables.items()
                     for fk in table.foreign_key_constraints}

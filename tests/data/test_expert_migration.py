"""#27.3: migration 0005 lets tables seat the expert bot.

A database at revision 0004, seeded as sql/seed.sql seeded it then (standard, cautious and bold
house bots), is upgraded: players.profile admits 'expert', its three house experts are there,
and a table can seat one. A database upgraded before it is seeded gets them from sql/seed.sql.
"""
from __future__ import annotations

import pytest
from flask_migrate import upgrade
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError

from siete.data.base import db
from siete.data.database import SEED_SQL, init_database, run_sql_file
from siete.data.people import Player
from siete.engine.codes import BotProfile
from siete.paths import MIGRATIONS_DIR

HOUSE_EXPERTS = {"Rey-de-Oros", "Rey-de-Copas", "Rey-de-Espadas"}  # since 0013 (sql/seed.sql)
EXPERTS_AT_0005 = {"Sofia", "Alba", "Ines"}  # the names 0005 gave them, until 0013


def _rebuilt_at(revision: str) -> None:
    db.drop_all()
    db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
    db.session.commit()
    upgrade(directory=str(MIGRATIONS_DIR), revision=revision)


def _experts() -> set[str]:
    return set(db.session.scalars(select(Player.name).where(Player.profile == BotProfile.EXPERT)))


def _insert_bot(name: str, profile: str) -> None:
    db.session.execute(text("INSERT INTO players (name, name_skeleton, kind, profile) "
                            "VALUES (:name, :skeleton, 'bot', :profile)"),
                       {"name": name, "skeleton": name.lower(), "profile": profile})
    db.session.commit()


def _seed_as_at_0004(tmp_path) -> None:
    """sql/seed.sql as it was before 0005: the same reference data, no expert among the bots."""
    lines = SEED_SQL.read_text().splitlines()
    kept = [line for line in lines if "'expert'" not in line]
    last_bot = max(i for i, line in enumerate(kept) if "'bot', NULL" in line)
    kept[last_bot] = kept[last_bot].rstrip().rstrip(",") + ";"
    at_0004 = tmp_path / "seed_0004.sql"
    at_0004.write_text("\n".join(kept))
    run_sql_file(at_0004)


@pytest.fixture
def back_to_head(app):
    yield
    with app.app_context():  # leave the schema as the other tests expect it
        upgrade(directory=str(MIGRATIONS_DIR))


def test_0004_refuses_an_expert_and_0005_admits_it_with_the_house_experts(app, back_to_head, tmp_path):
    with app.app_context():
        _rebuilt_at("0004_one_account_per_address")
        _seed_as_at_0004(tmp_path)
        with pytest.raises(DBAPIError):  # SQLite: IntegrityError; MariaDB: OperationalError 4025
            _insert_bot("Early", "expert")
        db.session.rollback()
        assert _experts() == set()
        db.session.rollback()  # SQLite: the session's read holds the write lock (BEGIN IMMEDIATE)
        upgrade(directory=str(MIGRATIONS_DIR), revision="0005_expert_bots")
        assert _experts() == EXPERTS_AT_0005
        db.session.rollback()
        upgrade(directory=str(MIGRATIONS_DIR))
        assert _experts() == HOUSE_EXPERTS
        _insert_bot("Later", "expert")
        assert _experts() == HOUSE_EXPERTS | {"Later"}
        with pytest.raises(DBAPIError):  # the CHECK still guards the list
            _insert_bot("Nobody", "reckless")
        db.session.rollback()


def test_a_new_database_gets_the_house_experts_from_the_seed_once(app, back_to_head):
    with app.app_context():
        _rebuilt_at("head")
        assert _experts() == set()  # upgraded before it is seeded: the migration adds none
        db.session.rollback()
        assert init_database()
        assert _experts() == HOUSE_EXPERTS

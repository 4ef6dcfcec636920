"""#24.6 and #24.7: migration 0004 on a database that already holds duplicates.

Built at revision 0003 (before the unique keys) on the test's database (SQLite, or MariaDB with
TEST_DATABASE_URL), filled with accounts that share an address or a look-alike name, then
upgraded: the oldest of each keeps its address or skeleton and stays usable, the younger ones
lose it, and each is printed and recorded in identity_clashes.
"""
from __future__ import annotations

from datetime import datetime

import pytest
from flask_migrate import upgrade
from sqlalchemy import insert, select, text
from sqlalchemy.exc import IntegrityError
from werkzeug.security import generate_password_hash

from siete.data.base import db
from siete.data.people import IdentityClash, Player, User
from siete.paths import MIGRATIONS_DIR
from siete.service.accounts.credentials import authenticate

USERS = [  # username, email, created_at: listed youngest first on purpose
    ("Bea", "ANA@example.com ", "2026-03-01 10:00:00"),
    ("aIice", "alice@example.com", "2026-02-01 10:00:00"),
    ("Ana", "ana@Example.com", "2026-01-01 10:00:00"),
    ("alice", "Alice@Example.COM", "2026-01-01 10:00:00"),  # same second as Ana: id decides
    ("R0sa", "rosa@example.com", "2026-01-05 10:00:00"),
]


@pytest.fixture
def old_database(app):
    """The app's database, rebuilt by the migrations up to 0003 and filled as before 0004."""
    with app.app_context():
        db.drop_all()
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        upgrade(directory=str(MIGRATIONS_DIR), revision="0003_mail_outbox")
        secret = generate_password_hash("correct-horse-9", method="scrypt")
        ids = {}
        for name, email, created in USERS:
            # SQL, not the model: the model has the newest columns (users.guest), 0003 does not.
            ids[name] = db.session.execute(
                text("INSERT INTO users (username, username_key, email, password_hash, created_at) "
                     "VALUES (:name, :key, :email, :secret, :at)"),
                {"name": name, "key": name.lower(), "email": email, "secret": secret,
                 "at": datetime.fromisoformat(created)}).lastrowid
            db.session.execute(text("INSERT INTO players (name, kind, user_id, created_at) "
                                    "VALUES (:name, 'human', :user, :at)"),
                               {"name": name, "user": ids[name], "at": created})
        db.session.execute(text("INSERT INTO players (name, kind, profile, created_at) "
                                "VALUES ('Rosa', 'bot', 'standard', '2025-12-01 00:00:00')"))
        db.session.commit()
    yield ids
    with app.app_context():  # leave the schema as the other tests expect it
        upgrade(directory=str(MIGRATIONS_DIR))


def test_0004_keeps_the_oldest_and_reports_the_others(app, old_database, capsys):
    ids = old_database
    with app.app_context():  # up to 0012: 0013 renames the bot Rosa (test_bot_names_migration)
        upgrade(directory=str(MIGRATIONS_DIR), revision="0012_timed_out_moves")
        printed = capsys.readouterr().out
        emails = dict(db.session.execute(select(User.username, User.email)).all())
        skeletons = dict(db.session.execute(select(User.username, User.username_skeleton)).all())
        clashes = {(c.kind, c.shared_key, c.kept_id, c.other_id, c.other_value)
                   for c in db.session.scalars(select(IdentityClash))}
        players = dict(db.session.execute(select(Player.name, Player.name_skeleton)).all())
        player_ids = dict(db.session.execute(select(Player.name, Player.id)).all())
    assert emails == {"Ana": "ana@example.com", "Bea": None, "alice": "alice@example.com",
                      "aIice": None, "R0sa": "rosa@example.com"}
    assert skeletons == {"Ana": "ana", "Bea": "bea", "alice": "allce", "aIice": None, "R0sa": "rosa"}
    assert players["Rosa"] == "rosa" and players["R0sa"] is None  # the bot is older than the account
    player = player_ids
    assert clashes == {
        ("email", "ana@example.com", ids["Ana"], ids["Bea"], "ANA@example.com "),
        ("email", "alice@example.com", ids["alice"], ids["aIice"], "alice@example.com"),
        ("username", "allce", ids["alice"], ids["aIice"], "aIice"),
        ("player_name", "allce", player["alice"], player["aIice"], "aIice"),
        ("player_name", "rosa", player["Rosa"], player["R0sa"], "R0sa"),
    }
    assert "clashes on email 'ana@example.com'" in printed and "its email is cleared" in printed
    assert printed.count("0004:") == len(clashes) == 5
    with app.app_context():  # the younger accounts still log in; the keys now hold
        upgrade(directory=str(MIGRATIONS_DIR))  # the models' newest columns (users.guest)
        assert authenticate("Bea", "correct-horse-9") is not None
        assert authenticate("aIice", "correct-horse-9") is not None
        for duplicate in ({"email": "Ana@Example.com".lower()}, {"username_skeleton": "allce"}):
            with pytest.raises(IntegrityError):
                db.session.execute(insert(User.__table__).values(
                    username="Zed", username_key="zed", password_hash="x",
                    **{"email": "zed@example.com", "username_skeleton": "zed", **duplicate}))
            db.session.rollback()


def test_every_revision_id_fits_alembic_version():
    """alembic_version.version_num is VARCHAR(32): a longer id fails only on MariaDB, at the end."""
    import re

    for script in MIGRATIONS_DIR.joinpath("versions").glob("*.py"):
        revision = re.search(r"^revision = '([^']+)'", script.read_text(), re.M).group(1)
        assert len(revision) <= 32 and script.stem == revision, script.name

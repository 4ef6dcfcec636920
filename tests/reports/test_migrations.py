"""The migrations' head (Alembic, migrations/versions/) and sql/schema.sql describe the same
MariaDB database: tables, columns (exact types, defaults), keys, indexes and CHECKs."""
from __future__ import annotations

import pytest
from flask_migrate import upgrade
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

from siete.app import create_app
from siete.data.database import SCHEMA_SQL, sql_statements
from siete.paths import MIGRATIONS_DIR
from tests.support.schema_description import describe_database


@pytest.mark.mariadb_only
def test_migrations_head_builds_the_schema_sql_database(mysql_database_url, recreate_database):
    base = make_url(mysql_database_url)
    from_sql, from_migrations = (base.set(database=f"{base.database}_{kind}")
                                 for kind in ("sql", "migrated"))
    for url in (from_sql, from_migrations):
        recreate_database(url)
    engine = create_engine(from_sql)
    with engine.begin() as conn:
        for statement in sql_statements(SCHEMA_SQL):
            conn.execution_options(no_parameters=True).exec_driver_sql(statement)
    app = create_app({"SQLALCHEMY_DATABASE_URI": from_migrations.render_as_string(hide_password=False)})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS_DIR))
    migrated_engine = create_engine(from_migrations)
    migrated = describe_database(migrated_engine, exact=True)
    assert "alembic_version" in migrated
    del migrated["alembic_version"]
    assert migrated == describe_database(engine, exact=True)
    engine.dispose()
    migrated_engine.dispose()

"""the expert bot at the tables (#27): players.profile admits 'expert', three house experts

The expert (siete/engine/expert.py, the odds solver's best play) joins standard, cautious and
bold in players' CHECK list, and a seeded database gets its three house experts (sql/seed.sql
has them for a new one: a database is seeded after it is upgraded, so a fresh one gets them
from there and none here).

Revision ID: 0005_expert_bots
Revises: 0004_one_account_per_address
Create Date: 2026-11-27

Every step checks first: a database created from a newer sql/schema.sql and stamped at the
baseline by `db-adopt` upgrades without error.
"""
import sqlalchemy as sa
from alembic import op

revision = '0005_expert_bots'
down_revision = '0004_one_account_per_address'
branch_labels = None
depends_on = None

BY = 'migration 0005'
CHECK = 'ck_players_profile'
PROFILES_BEFORE = "profile IS NULL OR profile IN ('standard', 'cautious', 'bold')"
PROFILES_AFTER = "profile IS NULL OR profile IN ('standard', 'cautious', 'bold', 'expert')"
# name, name_skeleton (siete.data.identity.name_skeleton as of this revision), as in sql/seed.sql
HOUSE_EXPERTS = (('Sofia', 'sofla'), ('Alba', 'alba'), ('Ines', 'lnes'))


def upgrade():
    bind = op.get_bind()
    if 'expert' not in _profile_check(bind):
        _replace_profile_check(bind, PROFILES_AFTER)
    if bind.exec_driver_sql('SELECT COUNT(*) FROM game_details').scalar():
        _add_house_experts(bind)


def downgrade():
    bind = op.get_bind()
    bind.execute(sa.text("DELETE FROM players WHERE profile = 'expert' AND id NOT IN "
                         "(SELECT player_id FROM game_players)"))
    _replace_profile_check(bind, PROFILES_BEFORE)


def _profile_check(bind):
    """The CHECK's text as the database has it ('' when it cannot be read)."""
    for check in sa.inspect(bind).get_check_constraints('players'):
        if check.get('name') == CHECK:
            return check.get('sqltext') or ''
    return ''


def _replace_profile_check(bind, text):
    """MariaDB swaps the constraint in place; SQLite rebuilds the table with foreign keys off
    meanwhile (other tables refer to players), checked once it is done, as 0004 does."""
    if bind.dialect.name != 'sqlite':
        op.execute(f'ALTER TABLE players DROP CONSTRAINT {CHECK}')
        op.execute(f'ALTER TABLE players ADD CONSTRAINT {CHECK} CHECK ({text})')
        return
    with op.get_context().autocommit_block():  # SQLite ignores this PRAGMA inside a transaction
        op.execute('PRAGMA foreign_keys = OFF')
    with op.batch_alter_table('players', recreate='always') as batch:
        batch.drop_constraint(op.f(CHECK), type_='check')
        batch.create_check_constraint(op.f(CHECK), sa.text(text))
    broken = op.get_bind().exec_driver_sql('PRAGMA foreign_key_check').all()
    with op.get_context().autocommit_block():
        op.execute('PRAGMA foreign_keys = ON')
    if broken:
        raise RuntimeError(f"rebuilding players broke foreign keys: {broken[:5]}")


def _add_house_experts(bind):
    for name, skeleton in HOUSE_EXPERTS:
        taken = bind.execute(sa.text('SELECT COUNT(*) FROM players WHERE name = :name OR name_skeleton = :skeleton'),
                             {'name': name, 'skeleton': skeleton}).scalar()
        if not taken:
            bind.execute(sa.text(
                "INSERT INTO players (name, name_skeleton, kind, user_id, profile, created_by, updated_by) "
                "VALUES (:name, :skeleton, 'bot', NULL, 'expert', :by, :by)"),
                {'name': name, 'skeleton': skeleton, 'by': BY})

"""guests and Play now: users.guest, games.autostart_at

A guest is an account made with one click (no email, a random password nobody knows): it sits
at tables, is unrated and out of the rankings, and becomes a person's account when they sign up
from that browser. A table Play now opens starts by itself at games.autostart_at, its free
seats filled with bots. Old rows are people (guest 0) and tables their creator starts (NULL).

Revision ID: 0015_guests
Revises: 0014_table_chat
Create Date: 2026-11-28

Checks first, as 0002 does (a database made from a newer schema.sql and adopted).
"""
import sqlalchemy as sa
from alembic import op

revision = '0015_guests'
down_revision = '0014_table_chat'
branch_labels = None
depends_on = None


def _has_column(table, name):
    return any(column['name'] == name for column in sa.inspect(op.get_bind()).get_columns(table))


def _has_index(table, name):
    return any(index['name'] == name for index in sa.inspect(op.get_bind()).get_indexes(table))


def upgrade():
    if not _has_column('users', 'guest'):
        op.add_column('users', sa.Column('guest', sa.Boolean(create_constraint=False),
                                         server_default='0', nullable=False))
    if not _has_column('games', 'autostart_at'):
        op.add_column('games', sa.Column('autostart_at', sa.DateTime(), nullable=True))
    if not _has_index('games', 'ix_games_autostart_at'):
        op.create_index(op.f('ix_games_autostart_at'), 'games', ['autostart_at'])


def downgrade():
    if _has_index('games', 'ix_games_autostart_at'):
        op.drop_index(op.f('ix_games_autostart_at'), table_name='games')
    if _has_column('games', 'autostart_at'):
        op.drop_column('games', 'autostart_at')
    if _has_column('users', 'guest'):
        op.drop_column('users', 'guest')

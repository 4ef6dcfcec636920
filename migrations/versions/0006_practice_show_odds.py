"""practice tables: games.show_odds (#27.4)

A table created with "Show the odds" shows each seat its odds at its turn (the solver,
siete/engine/odds.py) and is a practice table: not rated. Old games are not (default 0).

Revision ID: 0006_practice_show_odds
Revises: 0005_expert_bots
Create Date: 2026-11-27

Checks first, as 0002 does (a database made from a newer schema.sql and adopted).
"""
import sqlalchemy as sa
from alembic import op

revision = '0006_practice_show_odds'
down_revision = '0005_expert_bots'
branch_labels = None
depends_on = None


def _has_column():
    columns = sa.inspect(op.get_bind()).get_columns('games')
    return any(column['name'] == 'show_odds' for column in columns)


def upgrade():
    if _has_column():
        return
    op.add_column('games', sa.Column('show_odds', sa.Boolean(create_constraint=False),
                                     server_default='0', nullable=False))


def downgrade():
    if _has_column():
        op.drop_column('games', 'show_odds')

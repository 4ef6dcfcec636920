"""stand-in moves: turns.stand_in_step and move_reviews.stand_in

A person whose turn timer ran out twice in a row is away: a bot plays their seat until they
come back. The turn keeps the first step the person made again (the stand-in made the ones
before it), and the review flags the stand-in's moves and leaves them out of the player's
figures, as it does the timer's. Turns and reviews written before have none (NULL, 0): every
move in them reads as it was shown then.

Revision ID: 0017_stand_in_moves
Revises: 0016_drop_write_only_tallies
Create Date: 2026-11-28

Checks first, as 0012 does (a database made from a newer schema.sql and adopted).
"""
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mysql

revision = '0017_stand_in_moves'
down_revision = '0016_drop_write_only_tallies'
branch_labels = None
depends_on = None

TINYINT = sa.SmallInteger().with_variant(mysql.TINYINT(), 'mariadb').with_variant(mysql.TINYINT(), 'mysql')


def _has_column(table, name):
    return any(column['name'] == name for column in sa.inspect(op.get_bind()).get_columns(table))


def upgrade():
    if not _has_column('turns', 'stand_in_step'):
        op.add_column('turns', sa.Column('stand_in_step', TINYINT, nullable=True))
    if not _has_column('move_reviews', 'stand_in'):
        op.add_column('move_reviews', sa.Column('stand_in', sa.Boolean(create_constraint=False),
                                                server_default='0', nullable=False))


def downgrade():
    if _has_column('move_reviews', 'stand_in'):
        op.drop_column('move_reviews', 'stand_in')
    if _has_column('turns', 'stand_in_step'):
        op.drop_column('turns', 'stand_in_step')

"""timed-out moves: turns.timed_out_step and move_reviews.timed_out

When a person's turn timer runs out the house bot (the standard profile) plays the rest of the
turn. The turn keeps the first step the timer played, and the review flags those moves "timed
out" and leaves them out of the player's figures. Turns and reviews written before have none
(NULL, 0): every move in them reads as the player's own, as it was shown then.

Revision ID: 0012_timed_out_moves
Revises: 0011_review_queue
Create Date: 2026-11-28

Checks first, as 0002 does (a database made from a newer schema.sql and adopted).
"""
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mysql

revision = '0012_timed_out_moves'
down_revision = '0011_review_queue'
branch_labels = None
depends_on = None

TINYINT = sa.SmallInteger().with_variant(mysql.TINYINT(), 'mariadb').with_variant(mysql.TINYINT(), 'mysql')


def _has_column(table, name):
    return any(column['name'] == name for column in sa.inspect(op.get_bind()).get_columns(table))


def upgrade():
    if not _has_column('turns', 'timed_out_step'):
        op.add_column('turns', sa.Column('timed_out_step', TINYINT, nullable=True))
    if not _has_column('move_reviews', 'timed_out'):
        op.add_column('move_reviews', sa.Column('timed_out', sa.Boolean(create_constraint=False),
                                                server_default='0', nullable=False))


def downgrade():
    if _has_column('move_reviews', 'timed_out'):
        op.drop_column('move_reviews', 'timed_out')
    if _has_column('turns', 'timed_out_step'):
        op.drop_column('turns', 'timed_out_step')

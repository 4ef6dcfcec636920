"""game_states.turn_deadline to the millisecond (#25, paced play)

A paced bot's move is due `bot_move_s` (0.8 s by default) after the last one: a DATETIME to
the second would make it due up to a second early. MariaDB changes the column in place; SQLite
keeps any precision in its text already and is left alone.

Revision ID: 0008_turn_deadline_ms
Revises: 0007_game_reviews
Create Date: 2026-11-27
"""
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mysql

revision = '0008_turn_deadline_ms'
down_revision = '0007_game_reviews'
branch_labels = None
depends_on = None


def upgrade():
    if op.get_bind().dialect.name == 'sqlite':
        return
    op.alter_column('game_states', 'turn_deadline', existing_type=sa.DateTime(),
                    type_=mysql.DATETIME(fsp=3), existing_nullable=True)


def downgrade():
    if op.get_bind().dialect.name == 'sqlite':
        return
    op.alter_column('game_states', 'turn_deadline', existing_type=mysql.DATETIME(fsp=3),
                    type_=sa.DateTime(), existing_nullable=True)

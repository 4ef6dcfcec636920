"""review_queue: finished games whose review the worker still has to write (#25)

The game's end used to review the game inside the last move's request (100-150 ms of the odds
solver for a 15-hand game, which made the p99 of everyone's moves worse under load). It now
adds a row here; the worker reviews the game and deletes the row. Finished games with no review
and no row (older ones) are still found by `flask review-games`.

Revision ID: 0011_review_queue
Revises: 0010_friends
Create Date: 2026-11-27

Checks first, as 0002 does (a database made from a newer schema.sql and adopted).
"""
import sqlalchemy as sa
from alembic import op

revision = '0011_review_queue'
down_revision = '0010_friends'
branch_labels = None
depends_on = None


def upgrade():
    if 'review_queue' in sa.inspect(op.get_bind()).get_table_names():
        return
    op.create_table(
        'review_queue',
        sa.Column('game_id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('created_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('created_by', sa.String(length=64), server_default='system', nullable=False),
        sa.Column('updated_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('updated_by', sa.String(length=64), server_default='system', nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_review_queue_game_id_games')),
        sa.PrimaryKeyConstraint('game_id', name=op.f('pk_review_queue')),
        mysql_charset='utf8mb4', mysql_collate='utf8mb4_bin', mysql_engine='InnoDB')


def downgrade():
    op.drop_table('review_queue')

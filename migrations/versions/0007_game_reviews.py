"""the review of each finished game (#27.5): move_reviews and seat_reviews

Each decision of a finished game with its options' values and mark, and each seat's figures;
written when a game ends. Games finished before have none (`flask review-games` reviews them).

Revision ID: 0007_game_reviews
Revises: 0006_practice_show_odds
Create Date: 2026-11-27

Checks first, as 0002 does (a database made from a newer schema.sql and adopted).
"""
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mysql

revision = '0007_game_reviews'
down_revision = '0006_practice_show_odds'
branch_labels = None
depends_on = None


def _control_columns():
    return [
        sa.Column('created_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('created_by', sa.String(length=64), server_default='system', nullable=False),
        sa.Column('updated_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('updated_by', sa.String(length=64), server_default='system', nullable=False),
    ]


def upgrade():
    tables = sa.inspect(op.get_bind()).get_table_names()
    if 'move_reviews' not in tables:
        _create_move_reviews()
    if 'seat_reviews' not in tables:
        _create_seat_reviews()


def _create_move_reviews():
    tiny = sa.SmallInteger().with_variant(mysql.TINYINT(), 'mariadb').with_variant(mysql.TINYINT(), 'mysql')
    op.create_table(
        'move_reviews',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('game_player_id', sa.Integer(), nullable=False),
        sa.Column('hand_number', sa.SmallInteger(), nullable=False),
        sa.Column('step', tiny, nullable=False),
        sa.Column('action', sa.String(length=5), nullable=False),
        sa.Column('is_bank', sa.Boolean(), nullable=False),
        sa.Column('mark', sa.String(length=10), nullable=False),
        sa.Column('value_lost', sa.Numeric(precision=12, scale=6), nullable=False),
        sa.Column('stand_ev', sa.Numeric(precision=12, scale=6), nullable=True),
        sa.Column('draw_ev', sa.Numeric(precision=12, scale=6), nullable=True),
        sa.Column('stake', sa.Integer(), nullable=True),
        sa.Column('best_stake', sa.Integer(), nullable=True),
        sa.Column('hand_value', sa.Numeric(precision=12, scale=6), nullable=True),
        *_control_columns(),
        sa.CheckConstraint("action IN ('bet', 'draw', 'stand')", name=op.f('ck_move_reviews_action')),
        sa.CheckConstraint("mark IN ('best', 'inaccuracy', 'mistake', 'blunder')",
                           name=op.f('ck_move_reviews_mark')),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_move_reviews_game_id_games')),
        sa.ForeignKeyConstraint(['game_player_id'], ['game_players.id'],
                                name=op.f('fk_move_reviews_game_player_id_game_players')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_move_reviews')),
        sa.UniqueConstraint('game_id', 'hand_number', 'game_player_id', 'step',
                            name=op.f('uq_move_reviews_game_id_hand_number_game_player_id_step')),
        mysql_charset='utf8mb4', mysql_collate='utf8mb4_bin', mysql_engine='InnoDB')
    op.create_index(op.f('ix_move_reviews_game_player_id'), 'move_reviews', ['game_player_id'],
                    unique=False)


def _create_seat_reviews():
    op.create_table(
        'seat_reviews',
        sa.Column('game_player_id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('decisions', sa.Integer(), nullable=False),
        sa.Column('best', sa.Integer(), nullable=False),
        sa.Column('inaccuracies', sa.Integer(), nullable=False),
        sa.Column('mistakes', sa.Integer(), nullable=False),
        sa.Column('blunders', sa.Integer(), nullable=False),
        sa.Column('value_lost', sa.Numeric(precision=12, scale=6), nullable=False),
        *_control_columns(),
        sa.ForeignKeyConstraint(['game_player_id'], ['game_players.id'],
                                name=op.f('fk_seat_reviews_game_player_id_game_players')),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_seat_reviews_game_id_games')),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_seat_reviews_player_id_players')),
        sa.PrimaryKeyConstraint('game_player_id', name=op.f('pk_seat_reviews')),
        mysql_charset='utf8mb4', mysql_collate='utf8mb4_bin', mysql_engine='InnoDB')
    op.create_index('ix_seat_reviews_player_game', 'seat_reviews', ['player_id', 'game_id'], unique=False)
    op.create_index(op.f('ix_seat_reviews_game_id'), 'seat_reviews', ['game_id'], unique=False)


def downgrade():
    op.drop_table('seat_reviews')
    op.drop_table('move_reviews')

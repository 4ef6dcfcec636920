"""presence and quick reactions at a table (#26)

game_players gets last_seen_at (written at most every few seconds while its person asks
anything of the table) and reactions_sent; table_reactions keeps each quick reaction.

Revision ID: 0009_presence_reactions
Revises: 0008_turn_deadline_ms
Create Date: 2026-11-27

Checks first, as 0002 does (a database made from a newer schema.sql and adopted).
"""
import sqlalchemy as sa
from alembic import op

revision = '0009_presence_reactions'
down_revision = '0008_turn_deadline_ms'
branch_labels = None
depends_on = None

KINDS = "'nice_hand', 'unlucky', 'thanks', 'well_played', 'applause'"


def upgrade():
    inspector = sa.inspect(op.get_bind())
    seat_columns = {column['name'] for column in inspector.get_columns('game_players')}
    if 'last_seen_at' not in seat_columns:
        op.add_column('game_players', sa.Column('last_seen_at', sa.DateTime(), nullable=True))
    if 'reactions_sent' not in seat_columns:
        op.add_column('game_players', sa.Column('reactions_sent', sa.Integer(), server_default='0',
                                                nullable=False))
    if 'table_reactions' in inspector.get_table_names():
        return
    op.create_table(
        'table_reactions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=12), nullable=False),
        sa.Column('sent_at', sa.DateTime(), nullable=False),
        sa.Column('created_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('created_by', sa.String(length=64), server_default='system', nullable=False),
        sa.Column('updated_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('updated_by', sa.String(length=64), server_default='system', nullable=False),
        sa.CheckConstraint(f"kind IN ({KINDS})", name=op.f('ck_table_reactions_kind')),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_table_reactions_game_id_games')),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_table_reactions_player_id_players')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_table_reactions')),
        mysql_charset='utf8mb4', mysql_collate='utf8mb4_bin', mysql_engine='InnoDB')
    op.create_index(op.f('ix_table_reactions_game_id_player_id_sent_at'), 'table_reactions',
                    ['game_id', 'player_id', 'sent_at'], unique=False)
    op.create_index(op.f('ix_table_reactions_player_id'), 'table_reactions', ['player_id'], unique=False)


def downgrade():
    op.drop_index(op.f('ix_table_reactions_player_id'), table_name='table_reactions')
    op.drop_index(op.f('ix_table_reactions_game_id_player_id_sent_at'), table_name='table_reactions')
    op.drop_table('table_reactions')
    op.drop_column('game_players', 'reactions_sent')
    op.drop_column('game_players', 'last_seen_at')

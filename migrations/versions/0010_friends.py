"""play with friends: private tables with an invite link, and rematch invites (#26)

games.private, games.invite_token (the invite link's secret) and games.rematch_of (the finished
game whose "Play again" opened this table); game_invites, one row per player a rematch invited,
with their answer.

Revision ID: 0010_friends
Revises: 0009_presence_reactions
Create Date: 2026-11-27

Checks first, as 0002 does (a database made from a newer schema.sql and adopted).
"""
import sqlalchemy as sa
from alembic import op

revision = '0010_friends'
down_revision = '0009_presence_reactions'
branch_labels = None
depends_on = None

GAME_COLUMNS = (
    ('private', lambda: sa.Column('private', sa.Boolean(), server_default='0', nullable=False)),
    ('invite_token', lambda: sa.Column('invite_token', sa.String(length=43), nullable=True)),
    ('rematch_of', lambda: sa.Column('rematch_of', sa.Integer(), nullable=True)),
)


def upgrade():
    inspector = sa.inspect(op.get_bind())
    have = {c['name'] for c in inspector.get_columns('games')}
    for name, column in GAME_COLUMNS:
        if name not in have:
            op.add_column('games', column())
    if 'ix_games_rematch_of' not in {i['name'] for i in inspector.get_indexes('games')}:
        op.create_index(op.f('ix_games_rematch_of'), 'games', ['rematch_of'], unique=False)
    if 'game_invites' not in inspector.get_table_names():
        _create_game_invites()


def _create_game_invites():
    op.create_table(
        'game_invites',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('answer', sa.String(length=8), server_default='invited', nullable=False),
        sa.Column('created_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('created_by', sa.String(length=64), server_default='system', nullable=False),
        sa.Column('updated_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('updated_by', sa.String(length=64), server_default='system', nullable=False),
        sa.CheckConstraint("answer IN ('invited', 'declined')", name=op.f('ck_game_invites_answer')),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_game_invites_game_id_games')),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_game_invites_player_id_players')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_game_invites')),
        sa.UniqueConstraint('game_id', 'player_id', name=op.f('uq_game_invites_game_id_player_id')),
        mysql_charset='utf8mb4', mysql_collate='utf8mb4_bin', mysql_engine='InnoDB')
    op.create_index(op.f('ix_game_invites_player_id'), 'game_invites', ['player_id'], unique=False)


def downgrade():
    op.drop_index(op.f('ix_game_invites_player_id'), table_name='game_invites')
    op.drop_table('game_invites')
    op.drop_index(op.f('ix_games_rematch_of'), table_name='games')
    for name, _column in reversed(GAME_COLUMNS):
        op.drop_column('games', name)

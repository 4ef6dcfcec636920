"""chat at the table (#38)

games gets chat_spectators (the creator let spectators chat: a public table only) and
messages_sent (the messages said, which the table's poll compares); table_messages keeps each
message with its game; chat_mutes keeps whom each person muted.

Revision ID: 0014_table_chat
Revises: 0013_house_bot_names
Create Date: 2026-11-28

Checks first, as 0009 does (a database made from a newer schema.sql and adopted).
"""
import sqlalchemy as sa
from alembic import op

revision = '0014_table_chat'
down_revision = '0013_house_bot_names'
branch_labels = None
depends_on = None

MYSQL = {'mysql_charset': 'utf8mb4', 'mysql_collate': 'utf8mb4_bin', 'mysql_engine': 'InnoDB'}


def control_columns():
    return [
        sa.Column('created_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('created_by', sa.String(length=64), server_default='system', nullable=False),
        sa.Column('updated_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('updated_by', sa.String(length=64), server_default='system', nullable=False),
    ]


def upgrade():
    inspector = sa.inspect(op.get_bind())
    game_columns = {column['name'] for column in inspector.get_columns('games')}
    if 'chat_spectators' not in game_columns:
        op.add_column('games', sa.Column('chat_spectators', sa.Boolean(), server_default='0', nullable=False))
    if 'messages_sent' not in game_columns:
        op.add_column('games', sa.Column('messages_sent', sa.Integer(), server_default='0', nullable=False))
    tables = inspector.get_table_names()
    if 'table_messages' not in tables:
        create_messages()
    if 'chat_mutes' not in tables:
        create_mutes()


def create_messages():
    op.create_table(
        'table_messages',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('body', sa.String(length=200), nullable=False),
        sa.Column('sent_at', sa.DateTime(), nullable=False),
        *control_columns(),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_table_messages_game_id_games')),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_table_messages_player_id_players')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_table_messages')),
        **MYSQL)
    op.create_index(op.f('ix_table_messages_game_id_id'), 'table_messages', ['game_id', 'id'], unique=False)
    op.create_index(op.f('ix_table_messages_player_id_sent_at'), 'table_messages', ['player_id', 'sent_at'],
                    unique=False)


def create_mutes():
    op.create_table(
        'chat_mutes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('muted_player_id', sa.Integer(), nullable=False),
        *control_columns(),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_chat_mutes_player_id_players')),
        sa.ForeignKeyConstraint(['muted_player_id'], ['players.id'],
                                name=op.f('fk_chat_mutes_muted_player_id_players')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_chat_mutes')),
        sa.UniqueConstraint('player_id', 'muted_player_id', name=op.f('uq_chat_mutes_player_id_muted_player_id')),
        **MYSQL)
    op.create_index(op.f('ix_chat_mutes_muted_player_id'), 'chat_mutes', ['muted_player_id'], unique=False)


def downgrade():
    # Dropping a table drops its indexes; MariaDB refuses to drop first an index a foreign key needs.
    op.drop_table('chat_mutes')
    op.drop_table('table_messages')
    op.drop_column('games', 'messages_sent')
    op.drop_column('games', 'chat_spectators')

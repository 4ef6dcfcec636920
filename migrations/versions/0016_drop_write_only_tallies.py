"""drop the write-only tallies player_first_cards and player_nemeses

Every game's end added to these two per-player tallies (first cards, and who beat whom), for a
profile that was to read them instead of the player's history; nothing reads them: the
profiles and the reports read the report aggregates (report_first_cards, report_nemeses), which
leave private games out as every public page must. They cost a finish two upserts for nothing.

Revision ID: 0016_drop_write_only_tallies
Revises: 0015_guests
Create Date: 2026-11-28

Downgrading creates them again and fills them from the finished games, as the code before it
expects to find them (every finished seat counted, private and practice games too).
"""
import sqlalchemy as sa
from alembic import op

revision = '0016_drop_write_only_tallies'
down_revision = '0015_guests'
branch_labels = None
depends_on = None

BY = 'migration 0016'
CONTROL_COLUMNS = (
    ('created_at', sa.DateTime, sa.text('CURRENT_TIMESTAMP')),
    ('created_by', lambda: sa.String(length=64), 'system'),
    ('updated_at', sa.DateTime, sa.text('CURRENT_TIMESTAMP')),
    ('updated_by', lambda: sa.String(length=64), 'system'),
)
TABLE_OPTIONS = {'mysql_charset': 'utf8mb4', 'mysql_collate': 'utf8mb4_bin', 'mysql_engine': 'InnoDB'}
# The tallies as the code before it summed them: a seat with a result is a seat of a finished game.
FIRST_CARDS = (
    "INSERT INTO player_first_cards (player_id, card_id, times, created_by, updated_by)"
    " SELECT s.player_id, t.first_card_id, COUNT(*), :by, :by"
    " FROM turns t JOIN game_players s ON s.id = t.game_player_id"
    " WHERE s.result IS NOT NULL GROUP BY s.player_id, t.first_card_id")
NEMESES = (
    "INSERT INTO player_nemeses (player_id, winner_id, games, created_by, updated_by)"
    " SELECT loser.player_id, winner.player_id, COUNT(*), :by, :by"
    " FROM game_players loser JOIN game_players winner"
    " ON winner.game_id = loser.game_id AND winner.result = 'won'"
    " WHERE loser.result = 'lost' GROUP BY loser.player_id, winner.player_id")


def upgrade():
    # A database adopted from before the migrations was made by models without these tables
    # (db-setup stamps it at the baseline and runs every migration): nothing to drop there.
    # A table takes its indexes with it; no other table points at these two.
    present = set(sa.inspect(op.get_bind()).get_table_names())
    for table in ('player_nemeses', 'player_first_cards'):
        if table in present:
            op.drop_table(table)


def _control_columns() -> list[sa.Column]:
    return [sa.Column(name, kind(), server_default=default, nullable=False)
            for name, kind, default in CONTROL_COLUMNS]


def downgrade():
    op.create_table(
        'player_first_cards',
        sa.Column('player_id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('card_id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('times', sa.Integer(), nullable=False),
        *_control_columns(),
        sa.ForeignKeyConstraint(['card_id'], ['cards.id'], name=op.f('fk_player_first_cards_card_id_cards')),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_player_first_cards_player_id_players')),
        sa.PrimaryKeyConstraint('player_id', 'card_id', name=op.f('pk_player_first_cards')),
        **TABLE_OPTIONS)
    with op.batch_alter_table('player_first_cards', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_player_first_cards_card_id'), ['card_id'], unique=False)
    op.create_table(
        'player_nemeses',
        sa.Column('player_id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('winner_id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        *_control_columns(),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_player_nemeses_player_id_players')),
        sa.ForeignKeyConstraint(['winner_id'], ['players.id'], name=op.f('fk_player_nemeses_winner_id_players')),
        sa.PrimaryKeyConstraint('player_id', 'winner_id', name=op.f('pk_player_nemeses')),
        **TABLE_OPTIONS)
    with op.batch_alter_table('player_nemeses', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_player_nemeses_winner_id'), ['winner_id'], unique=False)
    bind = op.get_bind()
    bind.execute(sa.text(FIRST_CARDS), {'by': BY})
    bind.execute(sa.text(NEMESES), {'by': BY})

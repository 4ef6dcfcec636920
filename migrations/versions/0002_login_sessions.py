"""login sessions as rows, so logging out ends every copy of a login's cookies (#24.3)

Logout, "End" on the account page and "log out everywhere" delete rows; users.session_generation,
which only ended all of an account's sessions at once, goes. Sessions made before this cannot be
matched to a row: everyone logs in once again.

Revision ID: 0002_login_sessions
Revises: 0001_baseline
Create Date: 2026-11-24

Every step checks first, so a database created from a newer sql/schema.sql and stamped at the
baseline by `db-adopt` upgrades without error.
"""
import sqlalchemy as sa
from alembic import op

revision = '0002_login_sessions'
down_revision = '0001_baseline'
branch_labels = None
depends_on = None

TABLE_OPTIONS = {"mysql_charset": "utf8mb4", "mysql_collate": "utf8mb4_bin", "mysql_engine": "InnoDB"}


def control_columns():
    return [
        sa.Column('created_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('created_by', sa.String(length=64), server_default='system', nullable=False),
        sa.Column('updated_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('updated_by', sa.String(length=64), server_default='system', nullable=False),
    ]


def upgrade():
    inspector = sa.inspect(op.get_bind())
    if 'login_sessions' not in inspector.get_table_names():
        op.create_table(
            'login_sessions',
            sa.Column('id', sa.Integer(), nullable=False),
            sa.Column('user_id', sa.Integer(), nullable=False),
            sa.Column('secret_digest', sa.CHAR(length=64), nullable=False),
            sa.Column('user_agent', sa.String(length=255), server_default='', nullable=False),
            sa.Column('remembered', sa.Boolean(), server_default='0', nullable=False),
            sa.Column('last_seen_at', sa.DateTime(), nullable=False),
            *control_columns(),
            sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_login_sessions_user_id_users')),
            sa.PrimaryKeyConstraint('id', name=op.f('pk_login_sessions')),
            **TABLE_OPTIONS)
        op.create_index(op.f('ix_login_sessions_user_id'), 'login_sessions', ['user_id'], unique=False)
        op.create_index(op.f('ix_login_sessions_last_seen_at'), 'login_sessions', ['last_seen_at'],
                        unique=False)
    if 'session_generation' in {c['name'] for c in inspector.get_columns('users')}:
        op.drop_column('users', 'session_generation')


def downgrade():
    op.add_column('users', sa.Column('session_generation', sa.Integer(), server_default='0', nullable=False))
    op.drop_index(op.f('ix_login_sessions_last_seen_at'), table_name='login_sessions')
    op.drop_index(op.f('ix_login_sessions_user_id'), table_name='login_sessions')
    op.drop_table('login_sessions')

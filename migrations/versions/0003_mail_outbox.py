"""the mail outbox, which the worker sends from (#24.4)

A reset request stores one row whatever the address, and the worker sends the mail, retrying
while the SMTP server is away.

Revision ID: 0003_mail_outbox
Revises: 0002_login_sessions
Create Date: 2026-11-24

Checks first, as 0002 does (a database made from a newer schema.sql and adopted).
"""
import sqlalchemy as sa
from alembic import op

revision = '0003_mail_outbox'
down_revision = '0002_login_sessions'
branch_labels = None
depends_on = None


def upgrade():
    if 'mail_outbox' in sa.inspect(op.get_bind()).get_table_names():
        return
    op.create_table(
        'mail_outbox',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=20), nullable=False),
        sa.Column('address', sa.String(length=254), nullable=False),
        sa.Column('locale', sa.String(length=8), nullable=False),
        sa.Column('link_base', sa.String(length=255), nullable=True),
        sa.Column('status', sa.String(length=10), server_default='pending', nullable=False),
        sa.Column('attempts', sa.Integer(), server_default='0', nullable=False),
        sa.Column('next_attempt_at', sa.DateTime(), nullable=False),
        sa.Column('sent_at', sa.DateTime(), nullable=True),
        sa.Column('last_error', sa.String(length=255), nullable=True),
        sa.Column('created_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('created_by', sa.String(length=64), server_default='system', nullable=False),
        sa.Column('updated_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('updated_by', sa.String(length=64), server_default='system', nullable=False),
        sa.CheckConstraint("kind IN ('password_reset')", name=op.f('ck_mail_outbox_kind')),
        sa.CheckConstraint("status IN ('pending', 'sent', 'no_account', 'given_up')",
                           name=op.f('ck_mail_outbox_status')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_mail_outbox')),
        mysql_charset='utf8mb4', mysql_collate='utf8mb4_bin', mysql_engine='InnoDB')
    op.create_index(op.f('ix_mail_outbox_status_next_attempt_at'), 'mail_outbox',
                    ['status', 'next_attempt_at'], unique=False)


def downgrade():
    op.drop_index(op.f('ix_mail_outbox_status_next_attempt_at'), table_name='mail_outbox')
    op.drop_table('mail_outbox')

"""one account per address, no two names alike (#24.6, #24.7)

users.email normalised and unique; users.username_skeleton and players.name_skeleton (what a
name looks like) unique.

Revision ID: 0004_one_account_per_address
Revises: 0003_mail_outbox
Create Date: 2026-11-24

What it does with the rows already there, oldest first (created_at, then id):
- every address is normalised (trimmed, lower-cased; siete.data.identity.normal_email as of
  this revision, copied below so later changes there cannot change what this did);
- the oldest account of each address keeps it; each younger one with the same address gets
  its email cleared (NULL): it still logs in with its password, but no reset link can reach it;
- the oldest of each group of look-alike usernames, and of look-alike player names (humans and
  bots share that namespace), keeps the skeleton; a younger one keeps its name, with no skeleton;
- each younger row is printed and recorded in identity_clashes (kind, the shared address or
  skeleton, the kept and the other row's id, the other row's own value), for the operator.
Every step checks first, as 0002 does.
"""
import sqlalchemy as sa
from alembic import op

revision = '0004_one_account_per_address'
down_revision = '0003_mail_outbox'
branch_labels = None
depends_on = None

LOOK_ALIKES = str.maketrans({"i": "l", "1": "l", "0": "o", "m": "rn"})
BY = 'migration 0004'


def normal_email(address):
    local, at, domain = address.strip().rpartition("@")
    if not at:
        return address.strip().lower()
    return f"{local.lower()}@{domain.casefold()}"


def name_skeleton(name):
    return name.strip().lower().translate(LOOK_ALIKES)


def upgrade():
    bind = op.get_bind()
    inspector = sa.inspect(bind)
    _create_clash_table(inspector)
    _add_column(inspector, 'users', sa.Column('username_skeleton', sa.String(length=40), nullable=True))
    _add_column(inspector, 'players', sa.Column('name_skeleton', sa.String(length=80), nullable=True))
    if not {c['name']: c for c in inspector.get_columns('users')}['email']['nullable']:
        _let_email_be_null(bind)
    _one_owner_per_key(bind, 'users', 'email', 'email', 'email', normal_email)
    _one_owner_per_key(bind, 'users', 'username', 'username_skeleton', 'username', name_skeleton)
    _one_owner_per_key(bind, 'players', 'name', 'name_skeleton', 'player_name', name_skeleton)
    inspector = sa.inspect(bind)
    for table, column in (('users', 'email'), ('users', 'username_skeleton'), ('players', 'name_skeleton')):
        _unique(inspector, table, column)


def _create_clash_table(inspector):
    if 'identity_clashes' in inspector.get_table_names():
        return
    op.create_table(
        'identity_clashes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=12), nullable=False),
        sa.Column('shared_key', sa.String(length=254), nullable=False),
        sa.Column('kept_id', sa.Integer(), nullable=False),
        sa.Column('other_id', sa.Integer(), nullable=False),
        sa.Column('other_value', sa.String(length=254), nullable=False),
        sa.Column('created_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('created_by', sa.String(length=64), server_default='system', nullable=False),
        sa.Column('updated_at', sa.DateTime(), server_default=sa.text('CURRENT_TIMESTAMP'), nullable=False),
        sa.Column('updated_by', sa.String(length=64), server_default='system', nullable=False),
        sa.CheckConstraint("kind IN ('email', 'username', 'player_name')", name=op.f('ck_identity_clashes_kind')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_identity_clashes')),
        mysql_charset='utf8mb4', mysql_collate='utf8mb4_bin', mysql_engine='InnoDB')


def _add_column(inspector, table, column):
    if column.name not in {c['name'] for c in inspector.get_columns(table)}:
        op.add_column(table, column)


def _let_email_be_null(bind):
    """MariaDB changes the column in place; SQLite rebuilds the table, with foreign keys off
    meanwhile (other tables refer to users, and SQLite would refuse to drop the old copy);
    they are checked once it is done."""
    if bind.dialect.name != 'sqlite':
        op.alter_column('users', 'email', existing_type=sa.String(length=254), nullable=True)
        return
    with op.get_context().autocommit_block():  # SQLite ignores this PRAGMA inside a transaction
        op.execute('PRAGMA foreign_keys = OFF')
    with op.batch_alter_table('users', recreate='always') as batch:
        batch.alter_column('email', existing_type=sa.String(length=254), nullable=True)
    broken = op.get_bind().exec_driver_sql('PRAGMA foreign_key_check').all()
    with op.get_context().autocommit_block():
        op.execute('PRAGMA foreign_keys = ON')
    if broken:
        raise RuntimeError(f"rebuilding users broke foreign keys: {broken[:5]}")


def _one_owner_per_key(bind, table, source, target, kind, key_of):
    """Write each row's key into `target`; a younger row whose key an older one has gets NULL
    there and a line in identity_clashes."""
    rows = bind.execute(sa.text(f'SELECT id, {source}, {target} FROM {table} '
                                f'ORDER BY created_at, id')).all()
    owner = {}
    for row_id, value, stored in rows:
        if value is None:
            continue
        key = key_of(value)
        if key in owner:
            if stored is not None:
                bind.execute(sa.text(f'UPDATE {table} SET {target} = NULL WHERE id = :id'), {'id': row_id})
            _record(bind, kind, key, owner[key], row_id, value)
            continue
        owner[key] = row_id
        if stored != key:
            bind.execute(sa.text(f'UPDATE {table} SET {target} = :key WHERE id = :id'),
                         {'key': key, 'id': row_id})


def _record(bind, kind, key, kept_id, other_id, value):
    already = bind.execute(sa.text('SELECT 1 FROM identity_clashes WHERE kind = :kind AND other_id = :other'),
                           {'kind': kind, 'other': other_id}).first()
    if already is None:
        bind.execute(sa.text(
            'INSERT INTO identity_clashes (kind, shared_key, kept_id, other_id, other_value, created_by, '
            'updated_by) VALUES (:kind, :key, :kept, :other, :value, :by, :by)'),
            {'kind': kind, 'key': key[:254], 'kept': kept_id, 'other': other_id, 'value': value[:254],
             'by': BY})
    what = {'email': 'account', 'username': 'account', 'player_name': 'player'}[kind]
    lost = 'its email is cleared' if kind == 'email' else 'it keeps its name, with no skeleton'
    print(f"0004: {what} {other_id} ({value!r}) clashes on {kind} {key!r} with older {what} "
          f"{kept_id}: {lost} (recorded in identity_clashes)")


def _unique(inspector, table, column):
    name = f'uq_{table}_{column}'
    known = {u['name'] for u in inspector.get_unique_constraints(table)}
    known |= {i['name'] for i in inspector.get_indexes(table)}
    if name not in known:
        op.create_index(name, table, [column], unique=True)


def downgrade():
    op.drop_index('uq_players_name_skeleton', table_name='players')
    op.drop_index('uq_users_username_skeleton', table_name='users')
    op.drop_index('uq_users_email', table_name='users')
    op.drop_column('players', 'name_skeleton')
    op.drop_column('users', 'username_skeleton')
    op.drop_table('identity_clashes')

"""house bots named after the cards: people keep their first names

The thirteen house bots held common first names (Rosa, Paco, Lucia...), and with them the
skeletons a person called Rosa or Lucía needed to sign up; and they had lost their accents.
They are named now after the figures of the Spanish deck, with hyphens no username can hold
(letters and digits only), so no house bot can ever take a person's name again:
  standard: As-de-Oros, As-de-Copas, As-de-Espadas, As-de-Bastos
  cautious: Sota-de-Oros, Sota-de-Copas, Sota-de-Espadas
  bold:     Caballo-de-Oros, Caballo-de-Copas, Caballo-de-Espadas
  expert:   Rey-de-Oros, Rey-de-Copas, Rey-de-Espadas

Revision ID: 0013_house_bot_names
Revises: 0012_timed_out_moves
Create Date: 2026-11-28

What it does with the rows already there:
- each house bot still called by its old name (kind 'bot') takes its new name and skeleton;
  the row, its id and everything that points at it stay, so every recorded game, history page,
  export and report shows the new name (names are read through players.id everywhere), and a
  scenario export replays to the same result (the names play no part in the rules);
- the live states (game_states.state, JSON) name their seats as text: a bot seat with an old
  name is renamed there too, so a table page agrees with the history;
- a player migration 0004 (or a scenario) left without a skeleton because it looked like one
  of these bots gets the freed skeleton back, oldest first, so sign-up still refuses a
  look-alike of that person;
- created_by / updated_by keep what they said: they record who wrote a row at the time.
Every step checks first: a bot already renamed, or a database seeded from a newer sql/seed.sql
and adopted, is left as it is.
"""
import json

import sqlalchemy as sa
from alembic import op

revision = '0013_house_bot_names'
down_revision = '0012_timed_out_moves'
branch_labels = None
depends_on = None

BY = 'migration 0013'
LOOK_ALIKES = str.maketrans({"i": "l", "1": "l", "0": "o", "m": "rn"})
# old name, new name (as in sql/seed.sql)
RENAMES = (
    ('Rosa', 'As-de-Oros'), ('Paco', 'As-de-Copas'), ('Lola', 'As-de-Espadas'),
    ('Manolo', 'As-de-Bastos'), ('Carmen', 'Sota-de-Oros'), ('Pepe', 'Sota-de-Copas'),
    ('Lucia', 'Sota-de-Espadas'), ('Javier', 'Caballo-de-Oros'), ('Marta', 'Caballo-de-Copas'),
    ('Diego', 'Caballo-de-Espadas'), ('Sofia', 'Rey-de-Oros'), ('Alba', 'Rey-de-Copas'),
    ('Ines', 'Rey-de-Espadas'),
)


def name_skeleton(name):
    """siete.data.identity.name_skeleton as of this revision, copied so later changes there
    cannot change what this did."""
    return name.strip().lower().translate(LOOK_ALIKES)


def upgrade():
    _rename(dict(RENAMES), older_bots_keep_skeletons=False)


def downgrade():
    _rename({new: old for old, new in RENAMES}, older_bots_keep_skeletons=True)


def _rename(names, older_bots_keep_skeletons):
    """Rename the house bots found under the keys, their live seats, and move the skeletons."""
    bind = op.get_bind()
    done = {}
    for old, new in names.items():
        row = bind.execute(sa.text("SELECT id, name_skeleton FROM players WHERE name = :name AND kind = 'bot'"),
                           {'name': old}).first()
        if row is None or _taken(bind, new, row.id):
            continue
        bind.execute(sa.text("UPDATE players SET name = :new, name_skeleton = NULL, updated_by = :by "
                             "WHERE id = :id"), {'new': new, 'by': BY, 'id': row.id})
        done[old] = (row.id, new, row.name_skeleton)
    for player_id, new, _ in done.values():
        holder = _skeleton_holder(bind, name_skeleton(new))
        if holder is not None and not older_bots_keep_skeletons:
            continue  # a recorded look-alike keeps its look; no sign-up can take a hyphen anyway
        if holder is not None:  # back to the old names: the bot is older than its look-alike
            bind.execute(sa.text("UPDATE players SET name_skeleton = NULL WHERE id = :id"), {'id': holder})
        bind.execute(sa.text("UPDATE players SET name_skeleton = :skeleton WHERE id = :id"),
                     {'skeleton': name_skeleton(new), 'id': player_id})
    for _, _, freed in done.values():
        if freed is not None:
            _give_back(bind, freed)
    _rename_live_seats(bind, {old: new for old, (_, new, _) in done.items()})


def _taken(bind, name, own_id):
    """Whether another player holds the name or its look."""
    return bind.execute(sa.text("SELECT COUNT(*) FROM players WHERE id <> :id AND "
                                "(name = :name OR (name_skeleton = :skeleton AND kind = 'bot'))"),
                        {'id': own_id, 'name': name, 'skeleton': name_skeleton(name)}).scalar() > 0


def _skeleton_holder(bind, skeleton):
    return bind.execute(sa.text("SELECT id FROM players WHERE name_skeleton = :skeleton"),
                        {'skeleton': skeleton}).scalar()


def _give_back(bind, skeleton):
    """The oldest player without a skeleton whose name has this look takes it, if nobody has it."""
    if _skeleton_holder(bind, skeleton) is not None:
        return
    rows = bind.execute(sa.text("SELECT id, name FROM players WHERE name_skeleton IS NULL "
                                "ORDER BY created_at, id")).all()
    for row in rows:
        if name_skeleton(row.name) == skeleton:
            bind.execute(sa.text("UPDATE players SET name_skeleton = :skeleton WHERE id = :id"),
                         {'skeleton': skeleton, 'id': row.id})
            return


def _rename_live_seats(bind, names):
    """The engine's JSON names each seat; a bot seat under a renamed name takes the new one.
    A person's seat never has a bot's name (players.name is unique), so only bot seats change."""
    if not names:
        return
    hint = ' OR '.join(f'state LIKE :n{i}' for i in range(len(names)))
    params = {f'n{i}': f'%"{old}"%' for i, old in enumerate(names)}
    rows = bind.execute(sa.text(f"SELECT game_id, state FROM game_states WHERE {hint}"), params).all()
    for game_id, text in rows:
        state = json.loads(text)
        changed = False
        for seat in state.get('seats', ()):
            if seat.get('bot') is not None and seat.get('name') in names:
                seat['name'] = names[seat['name']]
                changed = True
        if changed:
            bind.execute(sa.text("UPDATE game_states SET state = :state WHERE game_id = :id"),
                         {'state': json.dumps(state, separators=(',', ':')), 'id': game_id})

"""Every model module, imported so that db.metadata knows the whole schema (create_all, Alembic)."""
from siete.data import (  # noqa: F401
    chat_rows,
    games,
    invites,
    login_sessions,
    outbox_rows,
    people,
    player_stats,
    reaction_rows,
    reference,
    report_tables,
    reviews,
)

TABLE_MODULES = (chat_rows, games, invites, login_sessions, outbox_rows, people, player_stats, reaction_rows,
                 reference,
                 report_tables, reviews)

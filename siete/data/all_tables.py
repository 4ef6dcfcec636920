"""Every model module, imported so that db.metadata knows the whole schema (create_all, Alembic)."""
from siete.data import games, people, player_stats, reference, report_tables  # noqa: F401

TABLE_MODULES = (games, people, player_stats, reference, report_tables)

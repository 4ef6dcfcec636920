"""Every model module, imported so that db.metadata knows the whole schema (create_all, Alembic)."""
from siete.models import games, people, ratings, reference, reports  # noqa: F401

TABLE_MODULES = (games, people, ratings, reference, reports)

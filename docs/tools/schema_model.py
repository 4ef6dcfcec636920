"""The schema every diagram is drawn from: the models' metadata, which tests/data/test_schema.py
keeps equal to sql/schema.sql (tables, columns, keys, foreign keys, uniques, indexes).

Imported by the diagram scripts beside it and by tests/data/test_diagrams.py.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
CONTROL_COLUMNS = ("created_at", "created_by", "updated_at", "updated_by")


@dataclass(frozen=True)
class Column:
    name: str
    sql_type: str
    nullable: bool
    primary: bool
    autoincrement: bool


@dataclass(frozen=True)
class ForeignKey:
    name: str
    columns: tuple[str, ...]
    table: str
    referred: tuple[str, ...]
    on_delete: str


@dataclass(frozen=True)
class Index:
    name: str
    columns: tuple[str, ...]
    unique: bool


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...]
    foreign_keys: tuple[ForeignKey, ...]
    indexes: tuple[Index, ...]

    def column(self, name: str) -> Column:
        return next(c for c in self.columns if c.name == name)


def mysql_type(column) -> str:
    """The column's type as MySQL names it (the dialect that reads sql/schema.sql)."""
    from sqlalchemy.dialects import mysql

    return str(column.type.compile(dialect=mysql.dialect())).replace(" COLLATE utf8mb4_bin", "")


def load_tables() -> dict[str, Table]:
    """Every table of the schema, by name, columns in their declared order."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from sqlalchemy import UniqueConstraint

    import siete.data.all_tables  # noqa: F401  (registers every model on the metadata)
    from siete.data.base import Base

    tables = {}
    for name, table in sorted(Base.metadata.tables.items()):
        pk = tuple(c.name for c in table.primary_key.columns)
        columns = tuple(Column(c.name, mysql_type(c), bool(c.nullable), c.name in pk,
                               c.autoincrement is True or (len(pk) == 1 and c.name in pk
                                                           and c.autoincrement == "auto"
                                                           and "INT" in mysql_type(c)))
                        for c in table.columns)
        fks = tuple(sorted((ForeignKey(fk.name, tuple(fk.column_keys), fk.referred_table.name,
                                       tuple(e.column.name for e in fk.elements), fk.ondelete or "RESTRICT")
                            for fk in table.foreign_key_constraints), key=lambda f: f.name))
        uniques = [Index(u.name, tuple(u.columns.keys()), True) for u in table.constraints
                   if isinstance(u, UniqueConstraint)]
        indexes = [Index(i.name, tuple(i.columns.keys()), bool(i.unique)) for i in table.indexes]
        tables[name] = Table(name, columns, pk, fks,
                             tuple(sorted(uniques + indexes, key=lambda i: i.name)))
    return tables

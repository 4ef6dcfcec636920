"""The schema as a comparable description: from a live database or from the models' metadata.

tests/data/test_schema.py compares schema.sql with the models; tests/reports/test_migrations.py
compares the migrations' head with schema.sql.
"""
from __future__ import annotations

from sqlalchemy import Boolean, DateTime, Integer, Numeric, String, inspect


def type_family(sql_type) -> str:
    """The broad kind of a column type, with its length for strings."""
    if isinstance(sql_type, (Integer, Boolean)):  # MySQL's BOOL is TINYINT(1)
        return "integer"
    if isinstance(sql_type, String):
        return f"string({sql_type.length})" if sql_type.length else "text"
    if isinstance(sql_type, Numeric):
        return f"decimal({sql_type.precision},{sql_type.scale})"
    if isinstance(sql_type, DateTime):
        return "datetime"
    raise AssertionError(f"unexpected column type {sql_type!r}")


def describe_database(engine, exact: bool) -> dict:
    """Tables, columns, keys, uniques and indexes as the database reports them."""
    insp = inspect(engine)
    tables = {}
    for name in sorted(insp.get_table_names()):
        columns = {c["name"]: (str(c["type"]) if exact else type_family(c["type"]),
                               c["nullable"]) + ((c.get("default"), c.get("autoincrement")) if exact else ())
                   for c in insp.get_columns(name)}
        uniques = {(u["name"], tuple(u["column_names"])) for u in insp.get_unique_constraints(name)}
        indexes = {(i["name"], tuple(i["column_names"])) for i in insp.get_indexes(name)
                   if not i.get("unique")}
        tables[name] = {
            "columns": columns,
            "primary_key": tuple(insp.get_pk_constraint(name)["constrained_columns"]),
            "foreign_keys": {(f["name"], tuple(f["constrained_columns"]), f["referred_table"],
                              tuple(f["referred_columns"])) for f in insp.get_foreign_keys(name)},
            "uniques": uniques,
            "indexes": indexes,
        }
        if exact:
            tables[name]["checks"] = {(c["name"], c["sqltext"]) for c in insp.get_check_constraints(name)}
    return tables


def describe_metadata(metadata) -> dict:
    """The same description, from the models' metadata."""
    tables = {}
    for name, table in sorted(metadata.tables.items()):
        tables[name] = {
            "columns": {c.name: (type_family(c.type), c.nullable) for c in table.columns},
            "primary_key": tuple(c.name for c in table.primary_key.columns),
            "foreign_keys": {(fk.name, tuple(fk.column_keys), fk.referred_table.name,
                              tuple(e.column.name for e in fk.elements))
                             for fk in table.foreign_key_constraints},
            "uniques": {(u.name, tuple(u.columns.keys())) for u in table.constraints
                        if u.__class__.__name__ == "UniqueConstraint"},
            "indexes": {(i.name, tuple(i.columns.keys())) for i in table.indexes if not i.unique},
        }
    return tables

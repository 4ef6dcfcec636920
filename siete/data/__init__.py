"""The tables of sql/schema.sql as SQLAlchemy models (names, types and constraints match it).

Import each model from the module that defines it (siete.data.games, .people, …): this
file stays empty so that importing one of them does not import all the others through it.
siete.data.all_tables imports every module, for the code that needs the whole schema.
"""

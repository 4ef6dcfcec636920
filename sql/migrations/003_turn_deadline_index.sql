-- 003 turn deadline index: brings a database made before the worker up to sql/schema.sql.
--
-- init-db only creates missing tables, so a database that already has game_states needs this
-- once (MySQL 8 / MariaDB 10.6+, and SQLite), for example
--     mysql -u root siete < sql/migrations/003_turn_deadline_index.sql
-- The worker (`flask --app wsgi worker`) asks every tick which tables are due; without the
-- index that query reads every game_states row.
CREATE INDEX ix_game_states_turn_deadline ON game_states (turn_deadline);

-- 002 session generation: brings a users table made before it up to sql/schema.sql.
--
-- init-db only creates missing tables; run this once on an existing database, e.g.
--     mysql -u root siete < sql/migrations/002_session_generation.sql
-- (SQLite: the same statement without AFTER). Existing sessions are generation 0 and stay
-- valid until the account's first password change, reset or "log out everywhere".
ALTER TABLE users
    ADD COLUMN session_generation INT NOT NULL DEFAULT 0 AFTER password_hash;

-- 004 history: brings a database made before the players' history (#18) up to sql/schema.sql.
--
-- init-db creates the new tables (player_ratings, game_ratings, player_first_cards,
-- player_nemeses) by itself, since they are missing; an existing game_players table needs its
-- new index once (MySQL 8 / MariaDB 10.6+, and SQLite), for example
--     mysql -u root siete < sql/migrations/004_history.sql
-- then rate the games already played:
--     flask --app wsgi ratings rebuild
-- Without the index, "My games" and the profiles read every seat row of the player.
CREATE INDEX ix_game_players_player_history
    ON game_players (player_id, game_id, result, final_points, final_position, hands_played, busts);

-- One player's totals over the finished games it sat in, for the profile page
-- (/reports/players/<name>). The bound parameter "name" is players.name (no colon-word may
-- appear in these comments: SQLAlchemy's text() would take it for a parameter).
-- Runs unchanged on MySQL/MariaDB and SQLite.
-- No row at all means there is no such player (the page answers 404).
-- Busts count both ways (REPORTS.md "Words"): as a punter (turns.result) and as the bank
-- (hands.bank_result; the bank's own turn row always says 'bank').
SELECT p.name AS player,
       p.kind AS kind,
       (SELECT COUNT(*)
          FROM game_players gp
          JOIN games g ON g.id = gp.game_id
         WHERE gp.player_id = p.id AND g.status = 'finished') AS games,
       (SELECT COUNT(*)
          FROM game_players gp
          JOIN games g ON g.id = gp.game_id
         WHERE gp.player_id = p.id AND g.status = 'finished' AND gp.result = 'won') AS won,
       (SELECT COUNT(*)
          FROM turns t
          JOIN game_players gp ON gp.id = t.game_player_id
          JOIN games g ON g.id = gp.game_id
         WHERE gp.player_id = p.id AND g.status = 'finished') AS hands_played,
       (SELECT COUNT(*)
          FROM turns t
          JOIN game_players gp ON gp.id = t.game_player_id
          JOIN games g ON g.id = gp.game_id
         WHERE gp.player_id = p.id AND g.status = 'finished' AND t.result = 'bust')
       + (SELECT COUNT(*)
            FROM hands h
            JOIN game_players gp ON gp.id = h.bank_game_player_id
            JOIN games g ON g.id = h.game_id
           WHERE gp.player_id = p.id AND g.status = 'finished' AND h.bank_result = 'bust') AS busts
  FROM players p
 WHERE p.name = :name

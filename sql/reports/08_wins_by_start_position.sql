-- 8 wins_by_start_position - finished games per start position (the place after R3, 0 is the
-- bank), how many were won from it and the share. A seat with a result is a seat of a
-- finished game.
-- Games of private tables (games.private = 1) are left out: they show only to their players.
SELECT gp.start_position AS position, COUNT(*) AS games,
       SUM(CASE WHEN gp.result = 'won' THEN 1 ELSE 0 END) AS won,
       ROUND(100.0 * SUM(CASE WHEN gp.result = 'won' THEN 1 ELSE 0 END) / COUNT(*), 2) AS won_pct
FROM game_players gp
JOIN games g ON g.id = gp.game_id
WHERE gp.result IS NOT NULL AND gp.start_position IS NOT NULL AND g.private = 0
GROUP BY gp.start_position
ORDER BY gp.start_position

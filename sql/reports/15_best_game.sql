-- 15 best_game - each player's highest final points in a finished game; on a tie the earliest
-- game (by start time, then id). won says whether they won that game. A seat with a result
-- is a seat of a finished game.
-- Games of private tables (games.private = 1) are left out: they show only to their players.
WITH ranked AS (
    SELECT gp.player_id, g.id AS game_id, gp.final_points, gp.result,
           ROW_NUMBER() OVER (PARTITION BY gp.player_id
                              ORDER BY gp.final_points DESC, g.started_at, g.id) AS place
    FROM game_players gp
    JOIN games g ON g.id = gp.game_id
    WHERE gp.result IS NOT NULL AND gp.final_points IS NOT NULL AND g.private = 0
)
SELECT p.name AS player, r.game_id AS game, r.final_points AS points,
       CASE WHEN r.result = 'won' THEN 'yes' ELSE 'no' END AS won
FROM ranked r
JOIN players p ON p.id = r.player_id
WHERE r.place = 1
ORDER BY r.final_points DESC, LOWER(p.name), p.name

-- 10 long_wins - every won (finished) game whose winner's final points exceed the average
-- final points of all winners, with the game's duration in seconds. The winners are the
-- seats whose result is won (written when the game finished).
-- Games of private tables (games.private = 1) are left out: they show only to their players.
WITH winners AS (
    SELECT gp.player_id, gp.game_id, gp.final_points
    FROM game_players gp
    JOIN games g ON g.id = gp.game_id
    WHERE gp.result = 'won' AND g.private = 0
)
SELECT p.name AS player, w.game_id AS game, w.final_points AS points, g.duration_s
FROM winners w
JOIN games g ON g.id = w.game_id
JOIN players p ON p.id = w.player_id
WHERE w.final_points > (SELECT AVG(final_points) FROM winners)
ORDER BY w.final_points DESC, w.game_id

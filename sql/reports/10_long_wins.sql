-- 10 long_wins - every won (finished) game whose winner's final points exceed the average
-- final points of all winners, with the game's duration in seconds. The winners are the
-- seats whose result is won (written when the game finished).
-- Games of private tables (games.private = 1) are left out: they show only to their players.
-- A game the simulator played (created_by 'simulator') has no duration: it took no time at a
-- table, so its duration is left out (NULL, shown empty) rather than given as 0 s. Newer
-- simulated games are stored without one; the CASE covers those stored before with 0.
WITH winners AS (
    SELECT gp.player_id, gp.game_id, gp.final_points
    FROM game_players gp
    JOIN games g ON g.id = gp.game_id
    WHERE gp.result = 'won' AND g.private = 0
)
SELECT p.name AS player, w.game_id AS game, w.final_points AS points,
       CASE WHEN g.created_by = 'simulator' THEN NULL ELSE g.duration_s END AS duration_s
FROM winners w
JOIN games g ON g.id = w.game_id
JOIN players p ON p.id = w.player_id
WHERE w.final_points > (SELECT AVG(final_points) FROM winners)
ORDER BY w.final_points DESC, w.game_id

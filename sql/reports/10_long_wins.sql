-- 10 long_wins - every won (finished) game whose winner's final points exceed the average
-- final points of all winners, with the game's duration in seconds.
WITH winners AS (
    SELECT gp.player_id, g.id AS game_id, gp.final_points, g.duration_s
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id AND gp.player_id = g.winner_player_id
    WHERE g.status = 'finished'
)
SELECT p.name AS player, w.game_id AS game, w.final_points AS points, w.duration_s
FROM winners w
JOIN players p ON p.id = w.player_id
WHERE w.final_points > (SELECT AVG(final_points) FROM winners)
ORDER BY w.final_points DESC, w.game_id

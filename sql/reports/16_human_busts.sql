-- 16 human_busts - per human player with at least one finished game - its games, its busts
-- (a punter turn that went over seven and a half, or a hand whose bank busted) and their
-- average per game. game_players.busts counts them per seat as each hand is recorded, and
-- a seat with a result is a seat of a finished game.
-- Games of private tables (games.private = 1) are left out: they show only to their players.
WITH per_player AS (
    SELECT gp.player_id, COUNT(*) AS games, SUM(gp.busts) AS busts
    FROM game_players gp
    JOIN games g ON g.id = gp.game_id
    WHERE gp.result IS NOT NULL AND g.private = 0
    GROUP BY gp.player_id
)
SELECT p.name AS player, x.games, x.busts, ROUND(1.0 * x.busts / x.games, 2) AS avg_per_game
FROM per_player x
JOIN players p ON p.id = x.player_id
WHERE p.kind = 'human'
ORDER BY LOWER(p.name), p.name

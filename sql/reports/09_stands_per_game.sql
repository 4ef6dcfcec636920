-- 9 stands_per_game - per player with at least one finished game - its games, its stands and
-- their average per game. A stand is a turn that ended without a bust - a punter turn whose
-- result is lose, win or seven_half, or a hand whose bank stood or had seven and a half
-- (a bank that did not play did not stand). game_players.stands counts them per seat as each
-- hand is recorded, and a seat with a result is a seat of a finished game.
-- Games of private tables (games.private = 1) are left out: they show only to their players.
WITH per_player AS (
    SELECT gp.player_id, COUNT(*) AS games, SUM(gp.stands) AS stands
    FROM game_players gp
    JOIN games g ON g.id = gp.game_id
    WHERE gp.result IS NOT NULL AND g.private = 0
    GROUP BY gp.player_id
)
SELECT p.name AS player, x.games, x.stands, ROUND(1.0 * x.stands / x.games, 2) AS avg_per_game
FROM per_player x
JOIN players p ON p.id = x.player_id
ORDER BY LOWER(p.name), p.name

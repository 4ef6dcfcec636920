-- 9 stands_per_game - per player with at least one finished game - its games, its stands and
-- their average per game. A stand is a turn that ended without a bust - a punter turn whose
-- result is lose, win or seven_half, or a hand whose bank stood or had seven and a half
-- (a bank that did not play did not stand).
WITH seats AS (
    SELECT gp.id, gp.player_id
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    WHERE g.status = 'finished'
),
events AS (
    SELECT s.player_id, 0 AS games, COUNT(*) AS stands
    FROM seats s
    JOIN turns t ON t.game_player_id = s.id
    WHERE t.position > 0 AND t.result IN ('lose', 'win', 'seven_half')
    GROUP BY s.player_id
    UNION ALL
    SELECT s.player_id, 0 AS games, COUNT(*) AS stands
    FROM seats s
    JOIN hands h ON h.bank_game_player_id = s.id
    WHERE h.bank_result IN ('stood', 'seven_half')
    GROUP BY s.player_id
    UNION ALL
    SELECT s.player_id, COUNT(*) AS games, 0 AS stands
    FROM seats s
    GROUP BY s.player_id
),
per_player AS (
    SELECT player_id, SUM(games) AS games, SUM(stands) AS stands
    FROM events
    GROUP BY player_id
)
SELECT p.name AS player, x.games, x.stands, ROUND(1.0 * x.stands / x.games, 2) AS avg_per_game
FROM per_player x
JOIN players p ON p.id = x.player_id
ORDER BY p.name

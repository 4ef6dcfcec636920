-- 9 stands_per_game - per player with at least one finished game - its games, its stands and
-- their average per game. A stand is a turn that ended without a bust - a punter turn whose
-- result is lose, win or seven_half, or a bank turn whose bank stood or had seven and a half
-- (a bank that did not play did not stand).
WITH seats AS (
    SELECT gp.id AS game_player_id, gp.player_id
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    WHERE g.status = 'finished'
),
stands AS (
    SELECT s.player_id, COUNT(*) AS stands
    FROM seats s
    JOIN turns t ON t.game_player_id = s.game_player_id
    JOIN hands h ON h.id = t.hand_id
    WHERE t.result IN ('lose', 'win', 'seven_half')
       OR (t.result = 'bank' AND h.bank_result IN ('stood', 'seven_half'))
    GROUP BY s.player_id
),
games_per_player AS (
    SELECT player_id, COUNT(*) AS games
    FROM seats
    GROUP BY player_id
)
SELECT p.name AS player, gpp.games, COALESCE(st.stands, 0) AS stands,
       ROUND(1.0 * COALESCE(st.stands, 0) / gpp.games, 2) AS avg_per_game
FROM games_per_player gpp
JOIN players p ON p.id = gpp.player_id
LEFT JOIN stands st ON st.player_id = gpp.player_id
ORDER BY p.name

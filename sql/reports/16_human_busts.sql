-- 16 human_busts - per human player with at least one finished game - its games, its busts
-- (a punter turn that went over seven and a half, or a hand whose bank busted) and their
-- average per game.
WITH seats AS (
    SELECT gp.id, gp.player_id
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    JOIN players p ON p.id = gp.player_id
    WHERE g.status = 'finished' AND p.kind = 'human'
),
events AS (
    SELECT s.player_id, 0 AS games, COUNT(*) AS busts
    FROM seats s
    JOIN turns t ON t.game_player_id = s.id
    WHERE t.position > 0 AND t.result = 'bust'
    GROUP BY s.player_id
    UNION ALL
    SELECT s.player_id, 0 AS games, COUNT(*) AS busts
    FROM seats s
    JOIN hands h ON h.bank_game_player_id = s.id
    WHERE h.bank_result = 'bust'
    GROUP BY s.player_id
    UNION ALL
    SELECT s.player_id, COUNT(*) AS games, 0 AS busts
    FROM seats s
    GROUP BY s.player_id
),
per_player AS (
    SELECT player_id, SUM(games) AS games, SUM(busts) AS busts
    FROM events
    GROUP BY player_id
)
SELECT p.name AS player, x.games, x.busts, ROUND(1.0 * x.busts / x.games, 2) AS avg_per_game
FROM per_player x
JOIN players p ON p.id = x.player_id
ORDER BY p.name

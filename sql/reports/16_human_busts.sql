-- 16 human_busts - per human player with at least one finished game - its games, its busts
-- (a punter turn that went over seven and a half, or a bank turn whose bank busted) and their
-- average per game.
WITH seats AS (
    SELECT gp.id AS game_player_id, gp.player_id
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    JOIN players p ON p.id = gp.player_id
    WHERE g.status = 'finished' AND p.kind = 'human'
),
busts AS (
    SELECT s.player_id, COUNT(*) AS busts
    FROM seats s
    JOIN turns t ON t.game_player_id = s.game_player_id
    JOIN hands h ON h.id = t.hand_id
    WHERE t.result = 'bust'
       OR (t.result = 'bank' AND h.bank_result = 'bust')
    GROUP BY s.player_id
),
games_per_player AS (
    SELECT player_id, COUNT(*) AS games
    FROM seats
    GROUP BY player_id
)
SELECT p.name AS player, gpp.games, COALESCE(b.busts, 0) AS busts,
       ROUND(1.0 * COALESCE(b.busts, 0) / gpp.games, 2) AS avg_per_game
FROM games_per_player gpp
JOIN players p ON p.id = gpp.player_id
LEFT JOIN busts b ON b.player_id = gpp.player_id
ORDER BY p.name

-- 5 nemesis - for each player who lost a finished game, the winner who beat it most often.
-- Every winner tied on that count is listed. Only seats of finished games have a result.
-- Games of private tables (games.private = 1) are left out: they show only to their players.
WITH losses AS (
    SELECT gp.player_id, g.winner_player_id, COUNT(*) AS games_lost_to
    FROM game_players gp
    JOIN games g ON g.id = gp.game_id
    WHERE gp.result = 'lost' AND g.private = 0
    GROUP BY gp.player_id, g.winner_player_id
),
ranked AS (
    SELECT l.player_id, l.winner_player_id, l.games_lost_to,
           MAX(l.games_lost_to) OVER (PARTITION BY l.player_id) AS most
    FROM losses l
)
SELECT p.name AS player, w.name AS nemesis, r.games_lost_to
FROM ranked r
JOIN players p ON p.id = r.player_id
JOIN players w ON w.id = r.winner_player_id
WHERE r.games_lost_to = r.most
ORDER BY LOWER(p.name), p.name, LOWER(w.name), w.name

-- 5 nemesis, read from the aggregates: the rows of 05_nemesis.sql from report_nemeses
-- (games each player lost, per winner).
WITH ranked AS (
    SELECT n.player_id, n.winner_player_id, n.games,
           MAX(n.games) OVER (PARTITION BY n.player_id) AS most
    FROM report_nemeses n
    WHERE n.games > 0
)
SELECT p.name AS player, w.name AS nemesis, r.games AS games_lost_to
FROM ranked r
JOIN players p ON p.id = r.player_id
JOIN players w ON w.id = r.winner_player_id
WHERE r.games = r.most
ORDER BY LOWER(p.name), p.name, LOWER(w.name), w.name

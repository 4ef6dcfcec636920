-- 16 human_busts, read from the aggregates: the rows of 16_human_busts.sql from
-- report_player_totals (games and busts per player).
SELECT p.name AS player, t.games, t.busts, ROUND(1.0 * t.busts / t.games, 2) AS avg_per_game
FROM report_player_totals t
JOIN players p ON p.id = t.player_id
WHERE p.kind = 'human' AND t.games > 0
ORDER BY LOWER(p.name), p.name

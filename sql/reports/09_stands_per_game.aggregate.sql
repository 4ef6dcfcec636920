-- 9 stands_per_game, read from the aggregates: the rows of 09_stands_per_game.sql from
-- report_player_totals (games and stands per player).
SELECT p.name AS player, t.games, t.stands, ROUND(1.0 * t.stands / t.games, 2) AS avg_per_game
FROM report_player_totals t
JOIN players p ON p.id = t.player_id
WHERE t.games > 0
ORDER BY LOWER(p.name), p.name

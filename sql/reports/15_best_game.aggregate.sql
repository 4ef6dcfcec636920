-- 15 best_game, read from the aggregates: the rows of 15_best_game.sql from
-- report_best_games (each player's best seat, kept as games finish).
SELECT p.name AS player, b.game_id AS game, b.points,
       CASE WHEN b.won THEN 'yes' ELSE 'no' END AS won
FROM report_best_games b
JOIN players p ON p.id = b.player_id
ORDER BY b.points DESC, LOWER(p.name), p.name

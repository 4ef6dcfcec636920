-- 8 wins_by_start_position, read from the aggregates: the rows of
-- 08_wins_by_start_position.sql from report_positions (games and wins per start position).
SELECT position, games, won, ROUND(100.0 * won / games, 2) AS won_pct
FROM report_positions
WHERE games > 0
ORDER BY position

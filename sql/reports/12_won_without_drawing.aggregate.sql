-- 12 won_without_drawing, read from the aggregates: the rows of 12_won_without_drawing.sql
-- from report_player_totals, then the total row '*' that is always there.
SELECT player, hands_won
FROM (
    SELECT 0 AS is_total, p.name AS player, t.won_without_drawing AS hands_won
    FROM report_player_totals t
    JOIN players p ON p.id = t.player_id
    WHERE t.won_without_drawing > 0
    UNION ALL
    SELECT 1 AS is_total, '*' AS player, COALESCE(SUM(t.won_without_drawing), 0) AS hands_won
    FROM report_player_totals t
) x
ORDER BY is_total, LOWER(player), player

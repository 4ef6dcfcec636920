-- 6 bot_wins, read from the aggregates: the row of 06_bot_wins.sql from report_totals (one
-- row, or none before the first game finishes: MAX over no row gives the zeros).
SELECT COALESCE(MAX(t.bot_games), 0) AS games,
       COALESCE(MAX(t.bot_won), 0) AS won_by_bots,
       CASE WHEN COALESCE(MAX(t.bot_games), 0) = 0 THEN 0
            ELSE ROUND(100.0 * MAX(t.bot_won) / MAX(t.bot_games), 2) END AS won_pct
FROM report_totals t

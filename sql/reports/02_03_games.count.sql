-- 2 highest_bet and 3 lowest_bet: how many games they list, one per finished public game.
SELECT COALESCE(MAX(finished_games), 0) AS games
FROM report_totals

-- 10 long_wins: how many winners there are and their points in all, for the average the
-- report's winners must beat (siete/service/reports/queries.py turns it into a bound on
-- report_game_winners.minus_points).
SELECT winners, winner_points
FROM report_totals

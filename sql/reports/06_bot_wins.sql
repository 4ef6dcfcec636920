-- 6 bot_wins - finished games with at least one bot seated, how many a bot won, and the share.
-- One row, always there (0 games gives 0, 0, 0). A seat with a result is a seat of a finished
-- game (record_finish writes them together), and a finished game has one seat that won.
-- Games of private tables (games.private = 1) are left out: they show only to their players.
WITH bot_games AS (
    SELECT DISTINCT gp.game_id
    FROM players b
    JOIN game_players gp ON gp.player_id = b.id
    JOIN games g ON g.id = gp.game_id
    WHERE b.kind = 'bot' AND gp.result IS NOT NULL AND g.private = 0
),
totals AS (
    SELECT COUNT(*) AS games,
           COALESCE(SUM(CASE WHEN w.kind = 'bot' THEN 1 ELSE 0 END), 0) AS won_by_bots
    FROM bot_games b
    JOIN game_players gp ON gp.game_id = b.game_id AND gp.result = 'won'
    JOIN players w ON w.id = gp.player_id
)
SELECT games, won_by_bots,
       CASE WHEN games = 0 THEN 0 ELSE ROUND(100.0 * won_by_bots / games, 2) END AS won_pct
FROM totals

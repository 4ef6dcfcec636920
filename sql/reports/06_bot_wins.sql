-- 6 bot_wins - finished games with at least one bot seated, how many a bot won, and the share.
-- One row, always there (0 games gives 0, 0, 0).
WITH bot_games AS (
    SELECT g.id, g.winner_player_id
    FROM games g
    WHERE g.status = 'finished'
      AND EXISTS (SELECT 1
                  FROM game_players gp
                  JOIN players p ON p.id = gp.player_id
                  WHERE gp.game_id = g.id AND p.kind = 'bot')
),
totals AS (
    SELECT COUNT(*) AS games,
           COALESCE(SUM(CASE WHEN w.kind = 'bot' THEN 1 ELSE 0 END), 0) AS won_by_bots
    FROM bot_games b
    JOIN players w ON w.id = b.winner_player_id
)
SELECT games, won_by_bots,
       CASE WHEN games = 0 THEN 0 ELSE ROUND(100.0 * won_by_bots / games, 2) END AS won_pct
FROM totals

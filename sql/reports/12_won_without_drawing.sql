-- 12 won_without_drawing - punter turns of finished games won (win or seven_half) with no
-- card drawn, per player, then a total row '*' that is always there.
WITH per_player AS (
    SELECT gp.player_id, COUNT(*) AS hands_won
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    JOIN turns t ON t.game_player_id = gp.id
    WHERE g.status = 'finished'
      AND t.position > 0
      AND t.cards_drawn = 0
      AND t.result IN ('win', 'seven_half')
    GROUP BY gp.player_id
),
grouped AS (
    SELECT 0 AS is_total, p.name AS player, x.hands_won
    FROM per_player x
    JOIN players p ON p.id = x.player_id
    UNION ALL
    SELECT 1 AS is_total, '*' AS player, COALESCE(SUM(x.hands_won), 0) AS hands_won
    FROM per_player x
)
SELECT player, hands_won
FROM grouped
ORDER BY is_total, player

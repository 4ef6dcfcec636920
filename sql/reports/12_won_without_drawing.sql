-- 12 won_without_drawing - punter turns of finished games won (win or seven_half) with no
-- card drawn, per player, then a total row '*' that is always there.
WITH wins AS (
    SELECT p.name AS player
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    JOIN players p ON p.id = gp.player_id
    JOIN turns t ON t.game_player_id = gp.id
    WHERE g.status = 'finished'
      AND t.position > 0
      AND t.cards_drawn = 0
      AND t.result IN ('win', 'seven_half')
),
grouped AS (
    SELECT 0 AS is_total, player, COUNT(*) AS hands_won
    FROM wins
    GROUP BY player
    UNION ALL
    SELECT 1 AS is_total, '*' AS player, COUNT(*) AS hands_won
    FROM wins
)
SELECT player, hands_won
FROM grouped
ORDER BY is_total, player

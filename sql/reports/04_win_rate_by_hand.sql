-- 4 win_rate_by_hand - per player and hand number, over punter turns (position above 0) of
-- finished games - how many turns, the share won (win or seven_half) and the average bet.
WITH per_hand AS (
    SELECT gp.player_id, h.number AS hand_number, COUNT(*) AS turns,
           SUM(CASE WHEN t.result IN ('win', 'seven_half') THEN 1 ELSE 0 END) AS won,
           SUM(t.bet) AS bets
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    JOIN turns t ON t.game_player_id = gp.id
    JOIN hands h ON h.id = t.hand_id
    WHERE g.status = 'finished' AND t.position > 0
    GROUP BY gp.player_id, h.number
)
SELECT p.name AS player, x.hand_number, x.turns,
       ROUND(100.0 * x.won / x.turns, 2) AS won_pct,
       ROUND(1.0 * x.bets / x.turns, 2) AS avg_bet
FROM per_hand x
JOIN players p ON p.id = x.player_id
ORDER BY p.name, x.hand_number

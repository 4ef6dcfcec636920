-- 4 win_rate_by_hand - per player and hand number, over punter turns (position above 0) of
-- finished games - how many turns, the share won (win or seven_half) and the average bet.
SELECT p.name AS player, h.number AS hand_number, COUNT(*) AS turns,
       ROUND(100.0 * SUM(CASE WHEN t.result IN ('win', 'seven_half') THEN 1 ELSE 0 END)
             / COUNT(*), 2) AS won_pct,
       ROUND(1.0 * SUM(t.bet) / COUNT(*), 2) AS avg_bet
FROM games g
JOIN hands h ON h.game_id = g.id
JOIN turns t ON t.hand_id = h.id
JOIN game_players gp ON gp.id = t.game_player_id
JOIN players p ON p.id = gp.player_id
WHERE g.status = 'finished' AND t.position > 0
GROUP BY p.name, h.number
ORDER BY p.name, h.number

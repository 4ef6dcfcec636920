-- 4 win_rate_by_hand, read from the aggregates: the rows of 04_win_rate_by_hand.sql from
-- report_hand_rates (punter turns, wins and bets per player and hand number).
SELECT p.name AS player, h.hand_number, h.turns,
       ROUND(100.0 * h.won / h.turns, 2) AS won_pct,
       ROUND(1.0 * h.bets / h.turns, 2) AS avg_bet
FROM report_hand_rates h
JOIN players p ON p.id = h.player_id
WHERE h.turns > 0
ORDER BY LOWER(p.name), p.name, h.hand_number

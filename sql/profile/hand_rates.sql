-- Report 4 (sql/reports/04_win_rate_by_hand.sql) for one player, from its aggregate: per hand
-- number, their punter turns in finished games, the share they won and their average bet.
-- The bound parameter "player_id" is players.id.
SELECT h.hand_number AS hand_number,
       h.turns AS turns,
       ROUND(100.0 * h.won / h.turns, 2) AS won_pct,
       ROUND(1.0 * h.bets / h.turns, 2) AS avg_bet
  FROM report_hand_rates h
 WHERE h.player_id = :player_id AND h.turns > 0
 ORDER BY h.hand_number

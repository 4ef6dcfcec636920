-- 4 win_rate_by_hand - per player and hand number, over punter turns (position above 0) of
-- finished games - how many turns, the share won (win or seven_half) and the average bet.
-- As in report 1, every punter turn is summed from one covering index on turns (position,
-- player_id, hand_number, result, bet) and the turns of games not finished or private are
-- taken away (private tables' games are left out of every report).
-- Grouping by position too follows the index order (no sorting of 430k turns); the few
-- groups of each player and hand number are added up afterwards.
WITH every_game AS (
    SELECT t.player_id, t.hand_number, COUNT(*) AS turns,
           SUM(CASE WHEN t.result IN ('win', 'seven_half') THEN 1 ELSE 0 END) AS won,
           SUM(t.bet) AS bets
    FROM turns t
    WHERE t.position > 0
    GROUP BY t.position, t.player_id, t.hand_number
),
left_out AS (
    SELECT t.player_id, t.hand_number, -COUNT(*) AS turns,
           -SUM(CASE WHEN t.result IN ('win', 'seven_half') THEN 1 ELSE 0 END) AS won,
           -SUM(t.bet) AS bets
    FROM games g
    JOIN turns t ON t.game_id = g.id
    WHERE (g.status <> 'finished' OR g.private = 1) AND t.position > 0
    GROUP BY t.player_id, t.hand_number
),
per_hand AS (
    SELECT x.player_id, x.hand_number, SUM(x.turns) AS turns, SUM(x.won) AS won,
           SUM(x.bets) AS bets
    FROM (SELECT * FROM every_game UNION ALL SELECT * FROM left_out) x
    GROUP BY x.player_id, x.hand_number
    HAVING SUM(x.turns) > 0
)
SELECT p.name AS player, x.hand_number, x.turns,
       ROUND(100.0 * x.won / x.turns, 2) AS won_pct,
       ROUND(1.0 * x.bets / x.turns, 2) AS avg_bet
FROM per_hand x
JOIN players p ON p.id = x.player_id
ORDER BY LOWER(p.name), p.name, x.hand_number

-- 14 bank_tie_wins - hands of finished games in which the bank beat at least one punter that
-- stood on the bank's own total (a tie goes to the bank, R5.3), per bank, then a total
-- row '*' that is always there.
WITH tie_hands AS (
    SELECT DISTINCT h.id, h.bank_game_player_id
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    JOIN turns t ON t.game_player_id = gp.id
    JOIN hands h ON h.id = t.hand_id
    WHERE g.status = 'finished' AND t.position > 0 AND t.result = 'lose'
      AND t.total = h.bank_total
),
per_bank AS (
    SELECT bgp.player_id, COUNT(*) AS hands
    FROM tie_hands th
    JOIN game_players bgp ON bgp.id = th.bank_game_player_id
    GROUP BY bgp.player_id
),
grouped AS (
    SELECT 0 AS is_total, p.name AS bank, x.hands
    FROM per_bank x
    JOIN players p ON p.id = x.player_id
    UNION ALL
    SELECT 1 AS is_total, '*' AS bank, COALESCE(SUM(x.hands), 0) AS hands
    FROM per_bank x
)
SELECT bank, hands
FROM grouped
ORDER BY is_total, bank

-- 14 bank_tie_wins - hands of finished games in which the bank beat at least one punter that
-- stood on the bank's own total (a tie goes to the bank, R5.3), per bank, then a total
-- row '*' that is always there.
WITH tie_hands AS (
    SELECT h.id AS hand_id, p.name AS bank
    FROM games g
    JOIN hands h ON h.game_id = g.id
    JOIN game_players bgp ON bgp.id = h.bank_game_player_id
    JOIN players p ON p.id = bgp.player_id
    WHERE g.status = 'finished'
      AND EXISTS (SELECT 1
                  FROM turns t
                  WHERE t.hand_id = h.id AND t.position > 0
                    AND t.result = 'lose' AND t.total = h.bank_total)
),
grouped AS (
    SELECT 0 AS is_total, bank, COUNT(*) AS hands
    FROM tie_hands
    GROUP BY bank
    UNION ALL
    SELECT 1 AS is_total, '*' AS bank, COUNT(*) AS hands
    FROM tie_hands
)
SELECT bank, hands
FROM grouped
ORDER BY is_total, bank

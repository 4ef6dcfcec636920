-- 14 bank_tie_wins - hands of finished games in which the bank beat at least one punter that
-- stood on the bank's own total (a tie goes to the bank, R5.3), per bank, then a total
-- row '*' that is always there. game_players.bank_tie_wins counts those hands per seat as
-- each hand is recorded, and a seat with a result is a seat of a finished game.
-- Games of private tables (games.private = 1) are left out: they show only to their players.
WITH per_bank AS (
    SELECT gp.player_id, SUM(gp.bank_tie_wins) AS hands
    FROM game_players gp
    JOIN games g ON g.id = gp.game_id
    WHERE gp.result IS NOT NULL AND g.private = 0
    GROUP BY gp.player_id
    HAVING SUM(gp.bank_tie_wins) > 0
),
grouped AS (
    SELECT 0 AS is_total, p.name AS bank, x.hands
    FROM per_bank x
    JOIN players p ON p.id = x.player_id
    UNION ALL
    SELECT 1 AS is_total, '*' AS bank, COALESCE(SUM(gp.bank_tie_wins), 0) AS hands
    FROM game_players gp
    JOIN games g ON g.id = gp.game_id
    WHERE gp.result IS NOT NULL AND g.private = 0
)
SELECT bank, hands
FROM grouped
ORDER BY is_total, LOWER(bank), bank

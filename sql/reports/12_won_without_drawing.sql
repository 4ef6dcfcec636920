-- 12 won_without_drawing - punter turns of finished games won (win or seven_half) with no
-- card drawn, per player, then a total row '*' that is always there.
-- game_players.won_without_drawing counts them per seat as each hand is recorded, and a seat
-- with a result is a seat of a finished game.
-- Games of private tables (games.private = 1) are left out: they show only to their players.
WITH per_player AS (
    SELECT gp.player_id, SUM(gp.won_without_drawing) AS hands_won
    FROM game_players gp
    JOIN games g ON g.id = gp.game_id
    WHERE gp.result IS NOT NULL AND g.private = 0
    GROUP BY gp.player_id
    HAVING SUM(gp.won_without_drawing) > 0
),
grouped AS (
    SELECT 0 AS is_total, p.name AS player, x.hands_won
    FROM per_player x
    JOIN players p ON p.id = x.player_id
    UNION ALL
    SELECT 1 AS is_total, '*' AS player, COALESCE(SUM(gp.won_without_drawing), 0) AS hands_won
    FROM game_players gp
    JOIN games g ON g.id = gp.game_id
    WHERE gp.result IS NOT NULL AND g.private = 0
)
SELECT player, hands_won
FROM grouped
ORDER BY is_total, LOWER(player), player

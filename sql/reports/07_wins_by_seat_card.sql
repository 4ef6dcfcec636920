-- 7 wins_by_seat_card - finished games per player and seat card (the card of R3.1), how many
-- were won and the share; then the same per card over all players, with player '*'.
-- Rows go by player ('*' last), then by the card's deck order.
WITH seats AS (
    SELECT p.name AS player, gp.seat_card_id,
           CASE WHEN gp.result = 'won' THEN 1 ELSE 0 END AS won
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    JOIN players p ON p.id = gp.player_id
    WHERE g.status = 'finished' AND gp.seat_card_id IS NOT NULL
),
grouped AS (
    SELECT 0 AS is_total, player, seat_card_id, COUNT(*) AS games, SUM(won) AS won
    FROM seats
    GROUP BY player, seat_card_id
    UNION ALL
    SELECT 1 AS is_total, '*' AS player, seat_card_id, COUNT(*) AS games, SUM(won) AS won
    FROM seats
    GROUP BY seat_card_id
)
SELECT x.player, cd.code AS card, x.games, x.won,
       ROUND(100.0 * x.won / x.games, 2) AS won_pct
FROM grouped x
JOIN cards cd ON cd.id = x.seat_card_id
ORDER BY x.is_total, x.player, cd.deck_order

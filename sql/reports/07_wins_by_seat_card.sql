-- 7 wins_by_seat_card - finished games per player and seat card (the card of R3.1), how many
-- were won and the share; then the same per card over all players, with player '*'.
-- Rows go by player ('*' last), then by the card's deck order. A seat with a result is a
-- seat of a finished game; the per-card totals add up the per-player groups.
-- Games of private tables (games.private = 1) are left out: they show only to their players.
WITH seats AS (
    SELECT gp.player_id, gp.seat_card_id, COUNT(*) AS games,
           SUM(CASE WHEN gp.result = 'won' THEN 1 ELSE 0 END) AS won
    FROM game_players gp
    JOIN games g ON g.id = gp.game_id
    WHERE gp.result IS NOT NULL AND gp.seat_card_id IS NOT NULL AND g.private = 0
    GROUP BY gp.player_id, gp.seat_card_id
),
grouped AS (
    SELECT 0 AS is_total, p.name AS player, s.seat_card_id, s.games, s.won
    FROM seats s
    JOIN players p ON p.id = s.player_id
    UNION ALL
    SELECT 1 AS is_total, '*' AS player, s.seat_card_id, SUM(s.games) AS games, SUM(s.won) AS won
    FROM seats s
    GROUP BY s.seat_card_id
)
SELECT x.player, cd.code AS card, x.games, x.won,
       ROUND(100.0 * x.won / x.games, 2) AS won_pct
FROM grouped x
JOIN cards cd ON cd.id = x.seat_card_id
ORDER BY x.is_total, LOWER(x.player), x.player, cd.deck_order

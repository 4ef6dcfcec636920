-- 7 wins_by_seat_card, read from the aggregates: the rows of 07_wins_by_seat_card.sql from
-- report_seat_cards (games and wins per player and seat card), with the per-card totals '*'.
WITH grouped AS (
    SELECT 0 AS is_total, p.name AS player, s.card_id, s.games, s.won
    FROM report_seat_cards s
    JOIN players p ON p.id = s.player_id
    WHERE s.games > 0
    UNION ALL
    SELECT 1 AS is_total, '*' AS player, s.card_id, SUM(s.games) AS games, SUM(s.won) AS won
    FROM report_seat_cards s
    WHERE s.games > 0
    GROUP BY s.card_id
)
SELECT x.player, cd.code AS card, x.games, x.won, ROUND(100.0 * x.won / x.games, 2) AS won_pct
FROM grouped x
JOIN cards cd ON cd.id = x.card_id
ORDER BY x.is_total, LOWER(x.player), x.player, cd.deck_order

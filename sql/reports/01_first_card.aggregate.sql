-- 1 first_card, read from the aggregates: the rows of 01_first_card.sql from
-- report_first_cards (times per player and first card, kept as games finish).
WITH ranked AS (
    SELECT f.player_id, f.card_id, f.times,
           ROW_NUMBER() OVER (PARTITION BY f.player_id ORDER BY f.times DESC, cd.deck_order) AS place
    FROM report_first_cards f
    JOIN cards cd ON cd.id = f.card_id
    WHERE f.times > 0
)
SELECT p.name AS player, cd.code AS card, r.times
FROM ranked r
JOIN players p ON p.id = r.player_id
JOIN cards cd ON cd.id = r.card_id
WHERE r.place = 1
ORDER BY LOWER(p.name), p.name

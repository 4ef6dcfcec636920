-- 1 first_card - each player's most frequent first card (the card dealt at the start of a
-- hand, as punter or bank) over finished games. Ties go to the card first in deck order.
WITH counts AS (
    SELECT gp.player_id, t.first_card_id, COUNT(*) AS times
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    JOIN turns t ON t.game_player_id = gp.id
    WHERE g.status = 'finished'
    GROUP BY gp.player_id, t.first_card_id
),
ranked AS (
    SELECT c.player_id, c.first_card_id, c.times,
           ROW_NUMBER() OVER (PARTITION BY c.player_id
                              ORDER BY c.times DESC, cd.deck_order) AS place
    FROM counts c
    JOIN cards cd ON cd.id = c.first_card_id
)
SELECT p.name AS player, cd.code AS card, r.times
FROM ranked r
JOIN players p ON p.id = r.player_id
JOIN cards cd ON cd.id = r.first_card_id
WHERE r.place = 1
ORDER BY p.name

-- 1 first_card - each player's most frequent first card (the card dealt at the start of a
-- hand, as punter or bank) over finished games. Ties go to the card first in deck order.
-- Every turn is counted straight from the index on turns (player_id, first_card_id), then the
-- turns of games not finished or private (a few: private tables are played with friends)
-- are taken away again: one join to games per turn would cost several times more than the
-- whole count. Games of private tables are left out, as in every report: they show only to
-- their players.
WITH every_game AS (
    SELECT t.player_id, t.first_card_id, COUNT(*) AS times
    FROM turns t
    GROUP BY t.player_id, t.first_card_id
),
left_out AS (
    SELECT t.player_id, t.first_card_id, -COUNT(*) AS times
    FROM games g
    JOIN turns t ON t.game_id = g.id
    WHERE g.status <> 'finished' OR g.private = 1
    GROUP BY t.player_id, t.first_card_id
),
counts AS (
    SELECT x.player_id, x.first_card_id, SUM(x.times) AS times
    FROM (SELECT * FROM every_game UNION ALL SELECT * FROM left_out) x
    GROUP BY x.player_id, x.first_card_id
    HAVING SUM(x.times) > 0
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
ORDER BY LOWER(p.name), p.name

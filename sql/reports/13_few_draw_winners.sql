-- 13 few_draw_winners - winners of a finished game who drew at least one card in at most half
-- of the hands they played in it (were dealt a card in), as punter or bank.
WITH winner_hands AS (
    SELECT g.id AS game_id, gp.player_id, COUNT(*) AS hands_played,
           SUM(CASE WHEN t.cards_drawn > 0 THEN 1 ELSE 0 END) AS hands_drawn
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id AND gp.player_id = g.winner_player_id
    JOIN turns t ON t.game_player_id = gp.id
    WHERE g.status = 'finished'
    GROUP BY g.id, gp.player_id
)
SELECT p.name AS player, w.game_id AS game, w.hands_played, w.hands_drawn
FROM winner_hands w
JOIN players p ON p.id = w.player_id
WHERE 2 * w.hands_drawn <= w.hands_played
ORDER BY w.game_id

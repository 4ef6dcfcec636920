-- 13 few_draw_winners, read from the aggregates: the rows of 13_few_draw_winners.sql from
-- report_game_winners, limit of them from offset, narrowed to player_id unless NULL, after
-- after_game and up to upto_game (a download reads its file a chunk at a time).
-- The page is cut in a derived table first, as in 10_long_wins.aggregate.sql.
SELECT p.name AS player, w.game_id AS game, w.hands_played, w.hands_drawn
FROM (
    SELECT game_id, player_id, hands_played, hands_drawn
    FROM report_game_winners
    WHERE few_draw = 1
      AND (:player_id IS NULL OR player_id = :player_id)
      AND game_id > :after_game AND game_id <= :upto_game
    ORDER BY game_id
    LIMIT :limit OFFSET :offset
) w
JOIN players p ON p.id = w.player_id
ORDER BY w.game_id

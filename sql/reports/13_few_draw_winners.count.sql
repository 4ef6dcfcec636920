-- 13 few_draw_winners: how many rows it has (narrowed to player_id unless NULL).
SELECT COUNT(*) AS wins
FROM report_game_winners
WHERE few_draw = 1
  AND (:player_id IS NULL OR player_id = :player_id)

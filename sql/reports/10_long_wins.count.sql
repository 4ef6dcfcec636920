-- 10 long_wins: how many rows it has (narrowed to player_id unless NULL).
SELECT COUNT(*) AS wins
FROM report_game_winners
WHERE minus_points < :threshold
  AND (:player_id IS NULL OR player_id = :player_id)

-- 10 long_wins, read from the aggregates: the rows of 10_long_wins.sql from
-- report_game_winners, limit of them from offset, narrowed to player_id unless NULL, in the
-- order of the key (minus_points, game_id): after (after_points, after_game) and up to
-- (upto_points, upto_game), so a download reads its file a chunk at a time from the index.
-- A winner above the average has minus_points below threshold (queries.py says why).
-- The page is cut in a derived table first: joined straight to players, MariaDB walked the
-- players and sorted every matching winner (a cost that grew with the history).
SELECT p.name AS player, w.game_id AS game, w.points, w.duration_s
FROM (
    SELECT game_id, player_id, points, minus_points, duration_s
    FROM report_game_winners
    WHERE minus_points < :threshold
      AND (:player_id IS NULL OR player_id = :player_id)
      AND (minus_points > :after_points OR (minus_points = :after_points AND game_id > :after_game))
      AND (minus_points < :upto_points OR (minus_points = :upto_points AND game_id <= :upto_game))
    ORDER BY minus_points, game_id
    LIMIT :limit OFFSET :offset
) w
JOIN players p ON p.id = w.player_id
ORDER BY w.minus_points, w.game_id

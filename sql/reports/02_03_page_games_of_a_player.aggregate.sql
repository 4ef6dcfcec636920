-- 2 highest_bet and 3 lowest_bet narrowed to a player page by the games where player_id
-- made that bet (highest is 1 for report 2, 0 for report 3), after after_game and up to
-- upto_game.
SELECT game_id
FROM report_game_bets
WHERE player_id = :player_id AND highest = :highest
  AND game_id > :after_game AND game_id <= :upto_game
ORDER BY game_id
LIMIT :limit OFFSET :offset

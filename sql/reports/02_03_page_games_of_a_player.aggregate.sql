-- 2 highest_bet and 3 lowest_bet narrowed to a player page by the games where player_id
-- made that bet (highest is 1 for report 2, 0 for report 3).
SELECT game_id
FROM report_game_bets
WHERE player_id = :player_id AND highest = :highest
ORDER BY game_id
LIMIT :limit OFFSET :offset

-- 2 highest_bet and 3 lowest_bet page by game: the ids of a page of finished games, in
-- order (report_game_winners has one row per finished public game, on its primary key).
SELECT game_id
FROM report_game_winners
ORDER BY game_id
LIMIT :limit OFFSET :offset

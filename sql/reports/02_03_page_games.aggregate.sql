-- 2 highest_bet and 3 lowest_bet page by game: the ids of a page of finished games, in
-- order (report_game_winners has one row per finished public game, on its primary key),
-- after after_game and up to upto_game (a download reads its file a chunk of games at a time).
SELECT game_id
FROM report_game_winners
WHERE game_id > :after_game AND game_id <= :upto_game
ORDER BY game_id
LIMIT :limit OFFSET :offset

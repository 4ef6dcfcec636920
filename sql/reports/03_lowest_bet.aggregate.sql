-- 3 lowest_bet, read from the aggregates: the rows of 03_lowest_bet.sql from report_game_bets
-- (each finished game's lowest bet and who made it, written as the game finished), for the
-- games from first_game to last_game (a page of them), narrowed to player_id unless NULL.
SELECT b.game_id AS game, p.name AS player, b.bet
FROM report_game_bets b
JOIN players p ON p.id = b.player_id
WHERE b.highest = 0
  AND b.game_id BETWEEN :first_game AND :last_game
  AND (:player_id IS NULL OR b.player_id = :player_id)
ORDER BY b.game_id, LOWER(p.name), p.name

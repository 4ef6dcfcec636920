-- 2 highest_bet and 3 lowest_bet narrowed to player_id: the games where it made that bet
-- (highest is 1 for report 2, 0 for report 3).
SELECT COUNT(*) AS games
FROM report_game_bets
WHERE highest = :highest AND player_id = :player_id

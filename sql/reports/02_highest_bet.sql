-- 2 highest_bet - per finished game, the highest single bet and every player who made it
-- (a player who made it in several hands is listed once). Each seat's highest bet is kept on
-- its row (game_players.max_bet, updated as each hand is recorded) and a seat with a result
-- is a seat of a finished game: one index on game_players answers, no turn is read.
-- Games of private tables (games.private = 1) are left out: they show only to their players.
WITH ranked AS (
    SELECT gp.game_id, gp.player_id, gp.max_bet AS bet,
           MAX(gp.max_bet) OVER (PARTITION BY gp.game_id) AS game_bet
    FROM game_players gp
    JOIN games g ON g.id = gp.game_id
    WHERE gp.result IS NOT NULL AND g.private = 0
)
SELECT r.game_id AS game, p.name AS player, r.bet
FROM ranked r
JOIN players p ON p.id = r.player_id
WHERE r.bet = r.game_bet
ORDER BY r.game_id, LOWER(p.name), p.name

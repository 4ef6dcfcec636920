-- 2 highest_bet - per finished game, the highest single bet and every player who made it
-- (a player who made it in several hands is listed once). Each seat's highest bet is found
-- first, so the per-game comparison only looks at one row per seat.
WITH seat_bets AS (
    SELECT gp.game_id, gp.player_id, MAX(t.bet) AS bet
    FROM games g
    JOIN game_players gp ON gp.game_id = g.id
    JOIN turns t ON t.game_player_id = gp.id
    WHERE g.status = 'finished' AND t.position > 0
    GROUP BY gp.id, gp.game_id, gp.player_id
),
ranked AS (
    SELECT s.game_id, s.player_id, s.bet, MAX(s.bet) OVER (PARTITION BY s.game_id) AS game_bet
    FROM seat_bets s
)
SELECT r.game_id AS game, p.name AS player, r.bet
FROM ranked r
JOIN players p ON p.id = r.player_id
WHERE r.bet = r.game_bet
ORDER BY r.game_id, p.name

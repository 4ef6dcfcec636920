-- 2 highest_bet - per finished game, the highest single bet and every player who made it
-- (a player who made it in several hands is listed once).
WITH bets AS (
    SELECT h.game_id, gp.player_id, t.bet,
           MAX(t.bet) OVER (PARTITION BY h.game_id) AS top_bet
    FROM games g
    JOIN hands h ON h.game_id = g.id
    JOIN turns t ON t.hand_id = h.id
    JOIN game_players gp ON gp.id = t.game_player_id
    WHERE g.status = 'finished' AND t.bet IS NOT NULL
)
SELECT DISTINCT b.game_id AS game, p.name AS player, b.bet
FROM bets b
JOIN players p ON p.id = b.player_id
WHERE b.bet = b.top_bet
ORDER BY game, player

-- 11 wins_vs_bots_low_suits - per human, the finished games with at least one bot seated
-- that it won after being dealt a seat card of espadas or bastos. The winners are the seats
-- whose result is won (written when the game finished).
-- Games of private tables (games.private = 1) are left out: they show only to their players.
SELECT p.name AS player, COUNT(*) AS games_won
FROM game_players gp
JOIN players p ON p.id = gp.player_id
JOIN cards cd ON cd.id = gp.seat_card_id
JOIN games g ON g.id = gp.game_id
WHERE gp.result = 'won'
  AND g.private = 0
  AND p.kind = 'human'
  AND cd.suit IN ('Espadas', 'Bastos')
  AND EXISTS (SELECT 1
              FROM game_players bgp
              JOIN players b ON b.id = bgp.player_id
              WHERE bgp.game_id = gp.game_id AND b.kind = 'bot')
GROUP BY p.name
ORDER BY LOWER(p.name), p.name

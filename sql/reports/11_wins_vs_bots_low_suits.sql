-- 11 wins_vs_bots_low_suits - per human, the finished games with at least one bot seated
-- that it won after being dealt a seat card of espadas or bastos.
SELECT p.name AS player, COUNT(*) AS games_won
FROM games g
JOIN game_players gp ON gp.game_id = g.id AND gp.player_id = g.winner_player_id
JOIN players p ON p.id = gp.player_id
JOIN cards cd ON cd.id = gp.seat_card_id
WHERE g.status = 'finished'
  AND p.kind = 'human'
  AND cd.suit IN ('Espadas', 'Bastos')
  AND EXISTS (SELECT 1
              FROM game_players bgp
              JOIN players b ON b.id = bgp.player_id
              WHERE bgp.game_id = g.id AND b.kind = 'bot')
GROUP BY p.name
ORDER BY p.name

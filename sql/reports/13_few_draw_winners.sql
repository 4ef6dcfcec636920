-- 13 few_draw_winners - winners of a finished game who drew at least one card in at most half
-- of the hands they played in it (were dealt a card in), as punter or bank.
-- game_players.hands_played and hands_drawn count them per seat as each hand is recorded;
-- the winners are the seats whose result is won (written when the game finished).
-- Games of private tables (games.private = 1) are left out: they show only to their players.
SELECT p.name AS player, gp.game_id AS game, gp.hands_played, gp.hands_drawn
FROM game_players gp
JOIN players p ON p.id = gp.player_id
JOIN games g ON g.id = gp.game_id
WHERE gp.result = 'won'
  AND g.private = 0
  AND gp.hands_played > 0
  AND 2 * gp.hands_drawn <= gp.hands_played
ORDER BY gp.game_id

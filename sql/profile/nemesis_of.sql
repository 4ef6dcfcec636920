-- Report 5's rows that name one player as the nemesis: the players it beat most often (by the
-- index on the winner, then each loser's own most). The bound parameter "player_id" is players.id.
SELECT p.name AS player
  FROM report_nemeses n
  JOIN players p ON p.id = n.player_id
 WHERE n.winner_player_id = :player_id AND n.games > 0
   AND n.games = (SELECT MAX(m.games) FROM report_nemeses m WHERE m.player_id = n.player_id)
 ORDER BY LOWER(p.name), p.name

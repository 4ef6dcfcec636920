-- Report 5 (sql/reports/05_nemesis.sql) for one player, from its aggregate: the winners it
-- lost most finished games to, every one of them on a tie, by name.
-- The bound parameter "player_id" is players.id.
SELECT w.name AS nemesis, n.games AS games_lost_to
  FROM report_nemeses n
  JOIN players w ON w.id = n.winner_player_id
 WHERE n.player_id = :player_id AND n.games > 0
   AND n.games = (SELECT MAX(m.games) FROM report_nemeses m WHERE m.player_id = :player_id)
 ORDER BY LOWER(w.name), w.name

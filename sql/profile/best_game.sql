-- Report 15 (sql/reports/15_best_game.sql) for one player, from its aggregate: its highest final
-- points in a finished game (the earliest on a tie) and whether they won that game.
-- The bound parameter "player_id" is players.id.
SELECT b.game_id AS game, b.points AS points, b.won AS won
  FROM report_best_games b
 WHERE b.player_id = :player_id

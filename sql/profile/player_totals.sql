-- One player's totals over the finished games it sat in, for its profile (/players/<name>).
-- The bound parameter "name" is players.name (no colon-word may appear in these comments:
-- SQLAlchemy's text() would take it for a parameter).
-- Read from the report aggregates (report_player_totals, summed as each game finishes), so it
-- costs one row whatever the player's history; a player with no finished game has no row
-- there and gets zeros. No row at all means there is no such player (the page answers 404).
-- Busts count both ways (REPORTS.md "Words"): as a punter and as a bank that played; hands
-- played are the hands it was dealt a card in; stands are turns ended without a bust (report 9).
-- Points add up its final points (an index range over its seats, each seat's game read by its
-- key), rated games come from its rating (none before its first rated game). Games of private
-- tables are left out here as in the aggregates: a profile is public.
SELECT p.id AS player_id,
       p.user_id AS user_id,
       p.name AS player,
       p.kind AS kind,
       p.profile AS profile,
       COALESCE(t.games, 0) AS games,
       COALESCE(t.won, 0) AS won,
       COALESCE(t.hands_played, 0) AS hands_played,
       COALESCE(t.busts, 0) AS busts,
       COALESCE(t.stands, 0) AS stands,
       COALESCE((SELECT SUM(gp.final_points) FROM game_players gp
                  JOIN games g ON g.id = gp.game_id
                  WHERE gp.player_id = p.id AND gp.result IS NOT NULL
                    AND g.private = 0), 0) AS points,
       COALESCE(r.games, 0) AS rated_games
  FROM players p
  LEFT JOIN report_player_totals t ON t.player_id = p.id
  LEFT JOIN player_ratings r ON r.player_id = p.id
 WHERE p.name = :name

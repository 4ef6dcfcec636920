-- Report 1 (sql/reports/01_first_card.sql) for one player, from its aggregate: the card it was
-- dealt most often first in finished games, ties to the card first in deck order.
-- The bound parameter "player_id" is players.id.
SELECT cd.code AS card, f.times AS times
  FROM report_first_cards f
  JOIN cards cd ON cd.id = f.card_id
 WHERE f.player_id = :player_id AND f.times > 0
 ORDER BY f.times DESC, cd.deck_order
 LIMIT 1

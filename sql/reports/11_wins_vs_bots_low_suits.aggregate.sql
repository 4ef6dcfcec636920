-- 11 wins_vs_bots_low_suits, read from the aggregates: the rows of
-- 11_wins_vs_bots_low_suits.sql from report_player_totals (low_suit_bot_wins per player).
SELECT p.name AS player, t.low_suit_bot_wins AS games_won
FROM report_player_totals t
JOIN players p ON p.id = t.player_id
WHERE p.kind = 'human' AND t.low_suit_bot_wins > 0
ORDER BY LOWER(p.name), p.name

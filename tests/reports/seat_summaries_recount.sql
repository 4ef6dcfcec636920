-- The per-seat summaries (game_players) and the copied keys of turns, worked out again from
-- the hands and turns alone, in plain SQL that runs on MariaDB and SQLite: what the recording
-- adds hand by hand (siete/service/records/recording.py) must be what these count.
-- tests/reports/test_seat_summaries.py empties the columns, runs this and compares.

-- The turn's game, hand number and player, copied from its hand and its seat.
UPDATE turns
   SET game_id = (SELECT h.game_id FROM hands h WHERE h.id = turns.hand_id),
       hand_number = (SELECT h.number FROM hands h WHERE h.id = turns.hand_id),
       player_id = (SELECT gp.player_id FROM game_players gp WHERE gp.id = turns.game_player_id)
 WHERE game_id IS NULL OR player_id IS NULL OR hand_number IS NULL;

-- Each seat's summary, counted as recording.tally_hand counts it hand by hand: stands and
-- busts as punter (the turn) and as a bank that played (the hand); a bank tie win is a hand
-- the seat banked in which a punter lost standing on the bank's own total (R5.3).
UPDATE game_players
   SET hands_played = (SELECT COUNT(*) FROM turns t WHERE t.game_player_id = game_players.id),
       hands_drawn = (SELECT COUNT(*) FROM turns t
                       WHERE t.game_player_id = game_players.id AND t.cards_drawn > 0),
       stands = (SELECT COUNT(*) FROM turns t
                  WHERE t.game_player_id = game_players.id AND t.position > 0
                    AND t.result IN ('lose', 'win', 'seven_half'))
              + (SELECT COUNT(*) FROM hands h
                  WHERE h.bank_game_player_id = game_players.id
                    AND h.bank_result IN ('stood', 'seven_half')),
       busts = (SELECT COUNT(*) FROM turns t
                 WHERE t.game_player_id = game_players.id AND t.position > 0 AND t.result = 'bust')
             + (SELECT COUNT(*) FROM hands h
                 WHERE h.bank_game_player_id = game_players.id AND h.bank_result = 'bust'),
       won_without_drawing = (SELECT COUNT(*) FROM turns t
                               WHERE t.game_player_id = game_players.id AND t.position > 0
                                 AND t.cards_drawn = 0 AND t.result IN ('win', 'seven_half')),
       bank_tie_wins = (SELECT COUNT(*) FROM hands h
                         WHERE h.bank_game_player_id = game_players.id
                           AND EXISTS (SELECT 1 FROM turns t
                                        WHERE t.hand_id = h.id AND t.position > 0
                                          AND t.result = 'lose' AND t.total = h.bank_total)),
       max_bet = (SELECT MAX(t.bet) FROM turns t
                   WHERE t.game_player_id = game_players.id AND t.position > 0),
       min_bet = (SELECT MIN(t.bet) FROM turns t
                   WHERE t.game_player_id = game_players.id AND t.position > 0);

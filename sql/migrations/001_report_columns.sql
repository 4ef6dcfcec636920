-- 001 report columns: brings a database made before the report columns up to sql/schema.sql.
--
-- init-db only creates missing tables, so a database that already has game_players and turns
-- needs this file once (MySQL 8 / MariaDB 10.6+), for example
--     mysql -u root siete < sql/migrations/001_report_columns.sql
-- It adds the per-seat summaries (game_players) and the copied keys of turns with their
-- indexes, then fills them from the hands and turns already recorded. New hands fill them
-- as they are recorded (siete/service/recording.py). Run it once: ADD COLUMN fails the
-- second time. Part 2 (the UPDATEs) is plain SQL that also runs on SQLite, after the same
-- columns are added there one ALTER TABLE ... ADD COLUMN at a time.

-- ---------------------------------------------------------------- 1. columns and indexes

ALTER TABLE game_players
    ADD COLUMN hands_played        INT NOT NULL DEFAULT 0 AFTER left_at,
    ADD COLUMN hands_drawn         INT NOT NULL DEFAULT 0 AFTER hands_played,
    ADD COLUMN stands              INT NOT NULL DEFAULT 0 AFTER hands_drawn,
    ADD COLUMN busts               INT NOT NULL DEFAULT 0 AFTER stands,
    ADD COLUMN won_without_drawing INT NOT NULL DEFAULT 0 AFTER busts,
    ADD COLUMN bank_tie_wins       INT NOT NULL DEFAULT 0 AFTER won_without_drawing,
    ADD COLUMN max_bet             INT NULL AFTER bank_tie_wins,
    ADD COLUMN min_bet             INT NULL AFTER max_bet,
    ADD INDEX ix_game_players_player_cover (
        player_id, result, seat_card_id, stands, busts, won_without_drawing, bank_tie_wins, game_id),
    ADD INDEX ix_game_players_game_cover (
        game_id, result, player_id, max_bet, min_bet, start_position, final_points, hands_played,
        hands_drawn, seat_card_id);

ALTER TABLE turns
    ADD COLUMN game_id     INT      NULL AFTER result,
    ADD COLUMN player_id   INT      NULL AFTER game_id,
    ADD COLUMN hand_number SMALLINT NULL AFTER player_id,
    ADD CONSTRAINT fk_turns_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    ADD CONSTRAINT fk_turns_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    ADD INDEX ix_turns_game_id (game_id),
    ADD INDEX ix_turns_player_id_first_card_id (player_id, first_card_id),
    ADD INDEX ix_turns_win_rate_cover (position, player_id, hand_number, result, bet);

-- ---------------------------------------------------------------- 2. fill them in

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

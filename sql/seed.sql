-- Siete y medio: the reference data every database starts with.
--
-- Plain INSERTs that run unchanged on MySQL/MariaDB and on SQLite (3.23+ for TRUE/FALSE).
-- No string concatenation: `||` joins strings on SQLite but means OR on MySQL.
-- `flask --app wsgi init-db` runs this file once, when game_details is still empty; the
-- unique constraints make a second, concurrent run fail as a whole instead of duplicating rows.
-- The control columns' times come from their defaults (CURRENT_TIMESTAMP, UTC).
-- Each statement ends with a semicolon at the end of a line (that is how the loader splits them).

-- The game itself (brief, M02). max_bet is the largest bet the rules can ever allow at a
-- default table: ceil(20% of 160 points), all 8 players' 20 points in one hand.
INSERT INTO game_details
    (name, min_players, max_players, min_bet, max_bet, victory_rules, defeat_rules, created_by, updated_by)
VALUES (
    'Siete y medio', 2, 8, 1, 32,
    'Each hand every player bets from 1 to 20% of its points, rounded up, and plays against the bank: the total closest to 7 and a half without going over wins the bet, and exactly 7 and a half is paid double and takes the bank. The game ends when one player is left or after the last hand (30 at most); the player with the most points wins, ties going to the one earlier in the order.',
    'A player whose total goes over 7 and a half busts and loses its bet at once, and a tie with the bank goes to the bank. A player left with no points is eliminated from the game.',
    'seed', 'seed');

INSERT INTO deck_types (name, description, created_by, updated_by)
VALUES ('Spanish', 'Baraja espanola: oros, copas, espadas and bastos, ranks 1 to 12 (8s and 9s are not dealt in siete y medio).', 'seed', 'seed');

-- The 48 cards in deck order: oros 1..12, copas, espadas, bastos (RULES.md R1).
-- 8s and 9s are kept but inactive; their game value is the engine's (1/2, as for the figures),
-- though they are never dealt.
INSERT INTO cards
    (deck_type_id, code, real_value, game_value, suit, is_active, deck_order, created_by, updated_by)
VALUES
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'O01',  1, 1.0, 'Oros',    TRUE,   0, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'O02',  2, 2.0, 'Oros',    TRUE,   1, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'O03',  3, 3.0, 'Oros',    TRUE,   2, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'O04',  4, 4.0, 'Oros',    TRUE,   3, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'O05',  5, 5.0, 'Oros',    TRUE,   4, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'O06',  6, 6.0, 'Oros',    TRUE,   5, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'O07',  7, 7.0, 'Oros',    TRUE,   6, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'O08',  8, 0.5, 'Oros',    FALSE,  7, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'O09',  9, 0.5, 'Oros',    FALSE,  8, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'O10', 10, 0.5, 'Oros',    TRUE,   9, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'O11', 11, 0.5, 'Oros',    TRUE,  10, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'O12', 12, 0.5, 'Oros',    TRUE,  11, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'C01',  1, 1.0, 'Copas',   TRUE,  12, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'C02',  2, 2.0, 'Copas',   TRUE,  13, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'C03',  3, 3.0, 'Copas',   TRUE,  14, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'C04',  4, 4.0, 'Copas',   TRUE,  15, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'C05',  5, 5.0, 'Copas',   TRUE,  16, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'C06',  6, 6.0, 'Copas',   TRUE,  17, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'C07',  7, 7.0, 'Copas',   TRUE,  18, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'C08',  8, 0.5, 'Copas',   FALSE, 19, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'C09',  9, 0.5, 'Copas',   FALSE, 20, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'C10', 10, 0.5, 'Copas',   TRUE,  21, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'C11', 11, 0.5, 'Copas',   TRUE,  22, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'C12', 12, 0.5, 'Copas',   TRUE,  23, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'E01',  1, 1.0, 'Espadas', TRUE,  24, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'E02',  2, 2.0, 'Espadas', TRUE,  25, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'E03',  3, 3.0, 'Espadas', TRUE,  26, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'E04',  4, 4.0, 'Espadas', TRUE,  27, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'E05',  5, 5.0, 'Espadas', TRUE,  28, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'E06',  6, 6.0, 'Espadas', TRUE,  29, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'E07',  7, 7.0, 'Espadas', TRUE,  30, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'E08',  8, 0.5, 'Espadas', FALSE, 31, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'E09',  9, 0.5, 'Espadas', FALSE, 32, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'E10', 10, 0.5, 'Espadas', TRUE,  33, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'E11', 11, 0.5, 'Espadas', TRUE,  34, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'E12', 12, 0.5, 'Espadas', TRUE,  35, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'B01',  1, 1.0, 'Bastos',  TRUE,  36, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'B02',  2, 2.0, 'Bastos',  TRUE,  37, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'B03',  3, 3.0, 'Bastos',  TRUE,  38, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'B04',  4, 4.0, 'Bastos',  TRUE,  39, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'B05',  5, 5.0, 'Bastos',  TRUE,  40, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'B06',  6, 6.0, 'Bastos',  TRUE,  41, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'B07',  7, 7.0, 'Bastos',  TRUE,  42, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'B08',  8, 0.5, 'Bastos',  FALSE, 43, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'B09',  9, 0.5, 'Bastos',  FALSE, 44, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'B10', 10, 0.5, 'Bastos',  TRUE,  45, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'B11', 11, 0.5, 'Bastos',  TRUE,  46, 'seed', 'seed'),
    ((SELECT id FROM deck_types WHERE name = 'Spanish'), 'B12', 12, 0.5, 'Bastos',  TRUE,  47, 'seed', 'seed');

-- The house bots (RULES.md R8), named after the figures of the Spanish deck (migration 0013
-- renamed the first names they had: those belong to people). Every bot's name holds a hyphen,
-- which no username can (letters and digits, starting with a letter), so sign-up never meets
-- a house bot's name nor its look; players.name is unique and name_skeleton is
-- siete.data.identity.name_skeleton of the name. The figure says the profile: the ace plays
-- the standard game, the sota is cautious, the caballo bold, the rey the expert.
INSERT INTO players (name, name_skeleton, kind, user_id, profile, created_by, updated_by)
VALUES
    ('As-de-Oros',         'as-de-oros',         'bot', NULL, 'standard', 'seed', 'seed'),
    ('As-de-Copas',        'as-de-copas',        'bot', NULL, 'standard', 'seed', 'seed'),
    ('As-de-Espadas',      'as-de-espadas',      'bot', NULL, 'standard', 'seed', 'seed'),
    ('As-de-Bastos',       'as-de-bastos',       'bot', NULL, 'standard', 'seed', 'seed'),
    ('Sota-de-Oros',       'sota-de-oros',       'bot', NULL, 'cautious', 'seed', 'seed'),
    ('Sota-de-Copas',      'sota-de-copas',      'bot', NULL, 'cautious', 'seed', 'seed'),
    ('Sota-de-Espadas',    'sota-de-espadas',    'bot', NULL, 'cautious', 'seed', 'seed'),
    ('Caballo-de-Oros',    'caballo-de-oros',    'bot', NULL, 'bold',     'seed', 'seed'),
    ('Caballo-de-Copas',   'caballo-de-copas',   'bot', NULL, 'bold',     'seed', 'seed'),
    ('Caballo-de-Espadas', 'caballo-de-espadas', 'bot', NULL, 'bold',     'seed', 'seed'),
    ('Rey-de-Oros',        'rey-de-oros',        'bot', NULL, 'expert',   'seed', 'seed'),
    ('Rey-de-Copas',       'rey-de-copas',       'bot', NULL, 'expert',   'seed', 'seed'),
    ('Rey-de-Espadas',     'rey-de-espadas',     'bot', NULL, 'expert',   'seed', 'seed');

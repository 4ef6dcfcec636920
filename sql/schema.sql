-- Siete y medio: the database schema for MySQL 8 / MariaDB 10.6+ (InnoDB, utf8mb4).
--
-- Kept in step with siete/models.py: tests/test_schema.py loads this file into a scratch
-- database and compares it, table by table, with the database the models create.
-- Safe to run again: every table is created only if it does not exist yet.
--
-- Conventions
-- * Every table has the four control columns (created_at, created_by, updated_at, updated_by).
--   Times are UTC (the app sets the session time zone to +00:00).
-- * Enumerations are short VARCHARs guarded by CHECK constraints, not ENUM, so the same
--   values work unchanged on SQLite.
-- * Tables use the binary collation utf8mb4_bin: names compare and sort the same way as on
--   SQLite, so the reports list players in the same order on both databases. Case-insensitive
--   uniqueness of usernames is kept by users.username_key (the lower-cased username), and
--   look-alike names by users.username_skeleton and players.name_skeleton.
-- * Constraint names follow the models' naming convention:
--   fk_<table>_<column>_<referred table>, uq_<table>_<columns>, ix_<table>_<columns>,
--   ck_<table>_<rule>.

-- ---------------------------------------------------------------- reference data

CREATE TABLE IF NOT EXISTS game_details (
    id            INT          NOT NULL AUTO_INCREMENT,
    name          VARCHAR(60)  NOT NULL,
    min_players   TINYINT      NOT NULL,
    max_players   TINYINT      NOT NULL,
    min_bet       INT          NOT NULL,
    max_bet       INT          NOT NULL,
    victory_rules TEXT         NOT NULL,
    defeat_rules  TEXT         NOT NULL,
    created_at    DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by    VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at    DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by    VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_game_details PRIMARY KEY (id),
    CONSTRAINT uq_game_details_name UNIQUE (name),
    CONSTRAINT ck_game_details_players CHECK (min_players >= 2 AND max_players >= min_players),
    CONSTRAINT ck_game_details_bets CHECK (min_bet >= 1 AND max_bet >= min_bet)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS deck_types (
    id          INT          NOT NULL AUTO_INCREMENT,
    name        VARCHAR(30)  NOT NULL,
    description VARCHAR(255) NOT NULL,
    created_at  DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by  VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at  DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by  VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_deck_types PRIMARY KEY (id),
    CONSTRAINT uq_deck_types_name UNIQUE (name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- One row per card of a deck; code is the card id of RULES.md R1.3 ('O05').
-- deck_order is the card's place in the deck (oros 1..12, copas, espadas, bastos): the
-- reports break ties "in deck order" by it.
CREATE TABLE IF NOT EXISTS cards (
    id           INT          NOT NULL AUTO_INCREMENT,
    deck_type_id INT          NOT NULL,
    code         CHAR(3)      NOT NULL,
    real_value   TINYINT      NOT NULL,
    game_value   DECIMAL(3,1) NOT NULL,
    suit         VARCHAR(10)  NOT NULL,
    is_active    BOOL         NOT NULL,
    deck_order   SMALLINT     NOT NULL,
    created_at   DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by   VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at   DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by   VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_cards PRIMARY KEY (id),
    CONSTRAINT uq_cards_deck_type_id_code UNIQUE (deck_type_id, code),
    CONSTRAINT uq_cards_deck_type_id_deck_order UNIQUE (deck_type_id, deck_order),
    CONSTRAINT fk_cards_deck_type_id_deck_types FOREIGN KEY (deck_type_id) REFERENCES deck_types (id),
    CONSTRAINT ck_cards_suit CHECK (suit IN ('Oros', 'Copas', 'Espadas', 'Bastos')),
    CONSTRAINT ck_cards_real_value CHECK (real_value BETWEEN 1 AND 12),
    CONSTRAINT ck_cards_game_value CHECK (game_value > 0 AND game_value <= 7.5)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- ---------------------------------------------------------------- people

CREATE TABLE IF NOT EXISTS users (
    id            INT          NOT NULL AUTO_INCREMENT,
    username      VARCHAR(20)  NOT NULL,
    username_key  VARCHAR(20)  NOT NULL,
    -- What the name looks like (siete.data.identity.name_skeleton): no two accounts alike.
    -- NULL only for an account migration 0004 found looking like an older one.
    username_skeleton VARCHAR(40) NULL,
    -- Normalised (siete.data.identity.normal_email): one account per address. NULL only for
    -- a younger account whose address an older one had (migration 0004, identity_clashes).
    email         VARCHAR(254) NULL,
    password_hash VARCHAR(255) NOT NULL,
    -- A guest: no email, a random password nobody knows; unrated, not ranked, pruned unused.
    guest         BOOL         NOT NULL DEFAULT 0,
    created_at    DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by    VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at    DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by    VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_users PRIMARY KEY (id),
    CONSTRAINT uq_users_username_key UNIQUE (username_key),
    CONSTRAINT uq_users_username_skeleton UNIQUE (username_skeleton),
    CONSTRAINT uq_users_email UNIQUE (email)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Everyone who can sit at a table: a human (with its user account) or a bot (with its
-- strategy profile). Reports name players by players.name.
CREATE TABLE IF NOT EXISTS players (
    id         INT         NOT NULL AUTO_INCREMENT,
    name       VARCHAR(40) NOT NULL,
    -- What the name looks like: humans' and bots' names share one namespace. NULL only for a
    -- player migration 0004 found looking like an older one.
    name_skeleton VARCHAR(80) NULL,
    kind       VARCHAR(5)  NOT NULL,
    user_id    INT         NULL,
    profile    VARCHAR(20) NULL,
    created_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_players PRIMARY KEY (id),
    CONSTRAINT uq_players_name UNIQUE (name),
    CONSTRAINT uq_players_name_skeleton UNIQUE (name_skeleton),
    CONSTRAINT uq_players_user_id UNIQUE (user_id),
    CONSTRAINT fk_players_user_id_users FOREIGN KEY (user_id) REFERENCES users (id),
    CONSTRAINT ck_players_kind CHECK (kind IN ('human', 'bot')),
    CONSTRAINT ck_players_profile CHECK (profile IS NULL OR profile IN ('standard', 'cautious', 'bold', 'expert')),
    -- A human has an account and no strategy; a bot has a strategy and no account.
    CONSTRAINT ck_players_kind_fields CHECK (
        (kind = 'human' AND user_id IS NOT NULL AND profile IS NULL)
        OR (kind = 'bot' AND user_id IS NULL AND profile IS NOT NULL))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- One row per logged-in browser; both of its cookies (the session and "keep me logged in")
-- name it as "<id>.<secret>", and deleting the row ends them all. Only the secret's SHA-256 is
-- kept. last_seen_at is written at most once a minute.
CREATE TABLE IF NOT EXISTS login_sessions (
    id            INT          NOT NULL AUTO_INCREMENT,
    user_id       INT          NOT NULL,
    secret_digest CHAR(64)     NOT NULL,
    user_agent    VARCHAR(255) NOT NULL DEFAULT '',
    remembered    BOOL         NOT NULL DEFAULT 0,
    last_seen_at  DATETIME     NOT NULL,
    created_at    DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by    VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at    DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by    VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_login_sessions PRIMARY KEY (id),
    CONSTRAINT fk_login_sessions_user_id_users FOREIGN KEY (user_id) REFERENCES users (id),
    INDEX ix_login_sessions_user_id (user_id),
    INDEX ix_login_sessions_last_seen_at (last_seen_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- What migration 0004 found when it made addresses and look-alike names unique: the younger
-- row (other_id) lost the address or skeleton it shared with the older one (kept_id).
CREATE TABLE IF NOT EXISTS identity_clashes (
    id          INT          NOT NULL AUTO_INCREMENT,
    kind        VARCHAR(12)  NOT NULL,
    shared_key  VARCHAR(254) NOT NULL,
    kept_id     INT          NOT NULL,
    other_id    INT          NOT NULL,
    other_value VARCHAR(254) NOT NULL,
    created_at  DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by  VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at  DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by  VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_identity_clashes PRIMARY KEY (id),
    CONSTRAINT ck_identity_clashes_kind CHECK (kind IN ('email', 'username', 'player_name'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Mail a request asked for; the worker sends it (retrying while the SMTP server is away).
CREATE TABLE IF NOT EXISTS mail_outbox (
    id              INT          NOT NULL AUTO_INCREMENT,
    kind            VARCHAR(20)  NOT NULL,
    address         VARCHAR(254) NOT NULL,
    locale          VARCHAR(8)   NOT NULL,
    link_base       VARCHAR(255) NULL,
    status          VARCHAR(10)  NOT NULL DEFAULT 'pending',
    attempts        INT          NOT NULL DEFAULT 0,
    next_attempt_at DATETIME     NOT NULL,
    sent_at         DATETIME     NULL,
    last_error      VARCHAR(255) NULL,
    created_at      DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by      VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at      DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by      VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_mail_outbox PRIMARY KEY (id),
    CONSTRAINT ck_mail_outbox_kind CHECK (kind IN ('password_reset')),
    CONSTRAINT ck_mail_outbox_status CHECK (status IN ('pending', 'sent', 'no_account', 'given_up')),
    INDEX ix_mail_outbox_status_next_attempt_at (status, next_attempt_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- ---------------------------------------------------------------- games

-- duration_s is stored when the game is recorded, so reports need no date arithmetic
-- (which differs between MySQL and SQLite).
CREATE TABLE IF NOT EXISTS games (
    id               INT          NOT NULL AUTO_INCREMENT,
    name             VARCHAR(60)  NOT NULL,
    status           VARCHAR(10)  NOT NULL,
    mode             VARCHAR(6)   NOT NULL,
    num_players      TINYINT      NOT NULL,
    initial_points   INT          NOT NULL,
    max_hands        INT          NOT NULL,
    win_condition    VARCHAR(255) NOT NULL,
    seed             BIGINT       NOT NULL,
    turn_seconds     INT          NOT NULL,
    creator_user_id  INT          NULL,
    started_at       DATETIME     NULL,
    ended_at         DATETIME     NULL,
    duration_s       INT          NULL,
    hands_played     INT          NOT NULL DEFAULT 0,
    winner_player_id INT          NULL,
    -- "Show the odds" (#27.4): a practice table, its odds shown at each turn, never rated.
    show_odds        BOOL         NOT NULL DEFAULT 0,
    -- Play with friends (#26): a private table opens only with its invite link's secret
    -- (invite_token); rematch_of is the finished game whose "Play again" opened this one (a
    -- plain id: a self-referencing key would make emptying games depend on row order).
    private          BOOL         NOT NULL DEFAULT 0,
    invite_token     VARCHAR(43)  NULL,
    rematch_of       INT          NULL,
    -- Chat at the table (#38): the creator let spectators chat (a public table only), and how
    -- many messages were said (the table's poll compares it).
    chat_spectators  BOOL         NOT NULL DEFAULT 0,
    messages_sent    INT          NOT NULL DEFAULT 0,
    -- Play now: the table starts by itself then, free seats filled with bots (NULL: its creator starts it).
    autostart_at     DATETIME     NULL,
    created_at       DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by       VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at       DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by       VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_games PRIMARY KEY (id),
    CONSTRAINT fk_games_creator_user_id_users FOREIGN KEY (creator_user_id) REFERENCES users (id),
    CONSTRAINT fk_games_winner_player_id_players FOREIGN KEY (winner_player_id) REFERENCES players (id),
    CONSTRAINT ck_games_status CHECK (status IN ('waiting', 'playing', 'finished', 'abandoned')),
    CONSTRAINT ck_games_mode CHECK (mode IN ('humans', 'mixed', 'bots')),
    CONSTRAINT ck_games_num_players CHECK (num_players BETWEEN 2 AND 8),
    INDEX ix_games_status (status),
    INDEX ix_games_winner_player_id (winner_player_id),
    INDEX ix_games_creator_user_id (creator_user_id),
    INDEX ix_games_rematch_of (rematch_of),
    INDEX ix_games_autostart_at (autostart_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- The live state of a table: the engine's JSON, one row per game. version grows by one at
-- every saved move, so a stale writer can be detected.
CREATE TABLE IF NOT EXISTS game_states (
    game_id       INT         NOT NULL,
    version       INT         NOT NULL,
    state         LONGTEXT    NOT NULL,
    turn_deadline DATETIME(3) NULL,  -- to the millisecond: a paced bot's move is due in under a second
    created_at    DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by    VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at    DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by    VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_game_states PRIMARY KEY (game_id),
    CONSTRAINT fk_game_states_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    -- The worker's one query per tick: which tables' next automatic step is due.
    INDEX ix_game_states_turn_deadline (turn_deadline)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- A player's seat in a game. start_position is the place after R3 (0 = the bank).
CREATE TABLE IF NOT EXISTS game_players (
    id             INT         NOT NULL AUTO_INCREMENT,
    game_id        INT         NOT NULL,
    player_id      INT         NOT NULL,
    join_order     TINYINT     NOT NULL,
    seat_card_id   INT         NULL,
    start_position TINYINT     NULL,
    final_points   INT         NULL,
    final_position TINYINT     NULL,
    -- Written by record_finish, and only then: a seat with a result is a seat of a finished
    -- game, which lets the reports keep finished games without a join to games.
    result         VARCHAR(4)  NULL,
    left_at        DATETIME    NULL,
    -- The seat's record summed as each hand is recorded (siete/service/records/recording.py), so the
    -- reports read one row per seat instead of walking every turn.
    hands_played        INT    NOT NULL DEFAULT 0,
    hands_drawn         INT    NOT NULL DEFAULT 0,
    stands              INT    NOT NULL DEFAULT 0,
    busts               INT    NOT NULL DEFAULT 0,
    won_without_drawing INT    NOT NULL DEFAULT 0,
    bank_tie_wins       INT    NOT NULL DEFAULT 0,
    max_bet             INT    NULL,
    min_bet             INT    NULL,
    -- Presence and quick reactions: when the seat's person last asked anything of the table
    -- (written at most every few seconds), and how many reactions they sent.
    last_seen_at        DATETIME NULL,
    reactions_sent      INT    NOT NULL DEFAULT 0,
    created_at     DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by     VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at     DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by     VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_game_players PRIMARY KEY (id),
    CONSTRAINT uq_game_players_game_id_player_id UNIQUE (game_id, player_id),
    CONSTRAINT uq_game_players_game_id_join_order UNIQUE (game_id, join_order),
    CONSTRAINT fk_game_players_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    CONSTRAINT fk_game_players_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    CONSTRAINT fk_game_players_seat_card_id_cards FOREIGN KEY (seat_card_id) REFERENCES cards (id),
    CONSTRAINT ck_game_players_result CHECK (result IS NULL OR result IN ('won', 'lost')),
    -- Reports "by player" and "by seat card" start from these columns.
    INDEX ix_game_players_player_id (player_id),
    INDEX ix_game_players_seat_card_id (seat_card_id),
    -- The per-seat reports read a finished game's seats (result set) from one of these two
    -- indexes alone, by player or by game, never the wider rows (sql/reports/).
    INDEX ix_game_players_player_cover (
        player_id, result, seat_card_id, stands, busts, won_without_drawing, bank_tie_wins, game_id),
    INDEX ix_game_players_game_cover (
        game_id, result, player_id, max_bet, min_bet, start_position, final_points, hands_played,
        hands_drawn, seat_card_id),
    -- A player's games newest first ("My games", profiles), read from the index alone
    -- (siete/history/).
    INDEX ix_game_players_player_history (
        player_id, game_id, result, final_points, final_position, hands_played, busts)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Who a rematch invited (#26): one row per invited player, with their answer; an invite not
-- answered within the rematch window (its age) has run out.
CREATE TABLE IF NOT EXISTS game_invites (
    id         INT          NOT NULL AUTO_INCREMENT,
    game_id    INT          NOT NULL,
    player_id  INT          NOT NULL,
    answer     VARCHAR(8)   NOT NULL DEFAULT 'invited',
    created_at DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_game_invites PRIMARY KEY (id),
    CONSTRAINT uq_game_invites_game_id_player_id UNIQUE (game_id, player_id),
    CONSTRAINT fk_game_invites_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    CONSTRAINT fk_game_invites_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    CONSTRAINT ck_game_invites_answer CHECK (answer IN ('invited', 'declined')),
    INDEX ix_game_invites_player_id (player_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- One deal (R4). bank_total is the bank's total at the end of the hand.
CREATE TABLE IF NOT EXISTS hands (
    id                  INT          NOT NULL AUTO_INCREMENT,
    game_id             INT          NOT NULL,
    number              SMALLINT     NOT NULL,
    bank_game_player_id INT          NOT NULL,
    bank_total          DECIMAL(3,1) NOT NULL,
    bank_result         VARCHAR(12)  NOT NULL,
    created_at          DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by          VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at          DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by          VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_hands PRIMARY KEY (id),
    -- Also the index for "the hands of a game".
    CONSTRAINT uq_hands_game_id_number UNIQUE (game_id, number),
    CONSTRAINT fk_hands_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    CONSTRAINT fk_hands_bank_game_player_id_game_players
        FOREIGN KEY (bank_game_player_id) REFERENCES game_players (id),
    CONSTRAINT ck_hands_bank_result CHECK (bank_result IN ('stood', 'seven_half', 'bust', 'did_not_play')),
    INDEX ix_hands_bank_game_player_id (bank_game_player_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- One player's part in one hand. The bank's row has position 0, no bet and result 'bank'
-- (how the bank fared is hands.bank_result).
CREATE TABLE IF NOT EXISTS turns (
    id             INT          NOT NULL AUTO_INCREMENT,
    hand_id        INT          NOT NULL,
    game_player_id INT          NOT NULL,
    position       TINYINT      NOT NULL,
    points_start   INT          NOT NULL,
    points_end     INT          NOT NULL,
    bet            INT          NULL,
    first_card_id  INT          NOT NULL,
    total          DECIMAL(3,1) NOT NULL,
    cards_drawn    TINYINT      NOT NULL,
    result         VARCHAR(10)  NOT NULL,
    -- Copies of hands.game_id, game_players.player_id and hands.number, written with the
    -- turn (which never moves): reports group every turn by player and hand number without
    -- two joins per turn. NULL only for rows written outside siete/service/records/recording.py.
    game_id        INT          NULL,
    player_id      INT          NULL,
    hand_number    SMALLINT     NULL,
    -- The first step of the turn the turn timer played (the house bot: 0 the bet, n the n-th
    -- action); NULL when the player made every move.
    timed_out_step TINYINT      NULL,
    -- The first step the player made after the bot standing in for them (they were away) had
    -- made the ones before it; NULL when the stand-in made none.
    stand_in_step  TINYINT      NULL,
    created_at     DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by     VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at     DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by     VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_turns PRIMARY KEY (id),
    CONSTRAINT uq_turns_hand_id_game_player_id UNIQUE (hand_id, game_player_id),
    CONSTRAINT fk_turns_hand_id_hands FOREIGN KEY (hand_id) REFERENCES hands (id),
    CONSTRAINT fk_turns_game_player_id_game_players FOREIGN KEY (game_player_id) REFERENCES game_players (id),
    CONSTRAINT fk_turns_first_card_id_cards FOREIGN KEY (first_card_id) REFERENCES cards (id),
    CONSTRAINT fk_turns_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    CONSTRAINT fk_turns_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    CONSTRAINT ck_turns_result CHECK (result IN ('bust', 'lose', 'win', 'seven_half', 'bank')),
    CONSTRAINT ck_turns_bet CHECK (bet IS NULL OR bet >= 1),
    CONSTRAINT ck_turns_cards_drawn CHECK (cards_drawn >= 0),
    CONSTRAINT ck_turns_bank_row CHECK (
        (position = 0 AND bet IS NULL AND result = 'bank')
        OR (position > 0 AND bet IS NOT NULL AND result <> 'bank')),
    -- Most reports walk a player's turns: game_players -> turns.
    INDEX ix_turns_game_player_id (game_player_id),
    INDEX ix_turns_first_card_id (first_card_id),
    -- The report aggregates take a finished game's turns in through the game_id index
    -- (siete/service/reports/aggregates.py); player_id's index is its foreign key's.
    INDEX ix_turns_game_id (game_id),
    INDEX ix_turns_player_id_first_card_id (player_id, first_card_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- What happened in a turn, one row per decision: a draw (with the card drawn) or a stand.
-- The stand at exactly 7½ is automatic (R4.6).
CREATE TABLE IF NOT EXISTS turn_actions (
    id         INT         NOT NULL AUTO_INCREMENT,
    turn_id    INT         NOT NULL,
    seq        TINYINT     NOT NULL,
    action     VARCHAR(5)  NOT NULL,
    card_id    INT         NULL,
    automatic  BOOL        NOT NULL,
    created_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_turn_actions PRIMARY KEY (id),
    CONSTRAINT uq_turn_actions_turn_id_seq UNIQUE (turn_id, seq),
    CONSTRAINT fk_turn_actions_turn_id_turns FOREIGN KEY (turn_id) REFERENCES turns (id),
    CONSTRAINT fk_turn_actions_card_id_cards FOREIGN KEY (card_id) REFERENCES cards (id),
    CONSTRAINT ck_turn_actions_action CHECK (action IN ('draw', 'stand')),
    CONSTRAINT ck_turn_actions_card CHECK (
        (action = 'draw' AND card_id IS NOT NULL) OR (action = 'stand' AND card_id IS NULL)),
    INDEX ix_turn_actions_card_id (card_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;


-- ---------------------------------------------------------------- ratings

-- Each player's skill rating (OpenSkill, Plackett-Luce), updated in the transaction that
-- records a game's finish (siete/service/records/ratings.py). ordinal = mu - 3 sigma is the figure
-- the leaderboard sorts and shows. Humans and bots share one scale.
CREATE TABLE IF NOT EXISTS player_ratings (
    player_id  INT          NOT NULL,
    mu         DECIMAL(9,6) NOT NULL,
    sigma      DECIMAL(9,6) NOT NULL,
    ordinal    DECIMAL(9,6) NOT NULL,
    games      INT          NOT NULL DEFAULT 0,
    created_at DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_player_ratings PRIMARY KEY (player_id),
    CONSTRAINT fk_player_ratings_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    INDEX ix_player_ratings_ordinal (ordinal)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- One row per seat of each rated game: the rating before and after it. The ids give the
-- order the games were rated in, which `flask ratings rebuild` follows to get the same values.
CREATE TABLE IF NOT EXISTS game_ratings (
    id           INT          NOT NULL AUTO_INCREMENT,
    game_id      INT          NOT NULL,
    player_id    INT          NOT NULL,
    place        TINYINT      NOT NULL,
    mu_before    DECIMAL(9,6) NOT NULL,
    sigma_before DECIMAL(9,6) NOT NULL,
    mu_after     DECIMAL(9,6) NOT NULL,
    sigma_after  DECIMAL(9,6) NOT NULL,
    created_at   DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by   VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at   DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by   VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_game_ratings PRIMARY KEY (id),
    CONSTRAINT uq_game_ratings_game_id_player_id UNIQUE (game_id, player_id),
    CONSTRAINT fk_game_ratings_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    CONSTRAINT fk_game_ratings_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    -- A player's rating over time, oldest first (profiles), read from the index alone.
    INDEX ix_game_ratings_player_history (player_id, id, game_id, mu_after, sigma_after)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- ---------------------------------------------------------------- report aggregates
-- Figures of the finished games, added when each game finishes (siete/service/reports/aggregates.py,
-- in the transaction that records the finish), so a report reads a few rows per player
-- instead of every game. sql/reports/*.sql remain the definitions: tests/reports/
-- test_aggregates.py checks these give the same rows, and `flask reports rebuild` works them
-- out again from the recorded games.

CREATE TABLE IF NOT EXISTS report_totals (
    id             INT         NOT NULL,
    finished_games INT         NOT NULL,
    bot_games      INT         NOT NULL,
    bot_won        INT         NOT NULL,
    winners        INT         NOT NULL,
    winner_points  INT         NOT NULL,
    created_at     DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by     VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at     DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by     VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_report_totals PRIMARY KEY (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS report_player_totals (
    player_id           INT         NOT NULL,
    games               INT         NOT NULL,
    won                 INT         NOT NULL,
    hands_played        INT         NOT NULL,
    stands              INT         NOT NULL,
    busts               INT         NOT NULL,
    won_without_drawing INT         NOT NULL,
    bank_tie_wins       INT         NOT NULL,
    low_suit_bot_wins   INT         NOT NULL,
    created_at          DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by          VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at          DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by          VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_report_player_totals PRIMARY KEY (player_id),
    CONSTRAINT fk_report_player_totals_player_id_players FOREIGN KEY (player_id) REFERENCES players (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS report_first_cards (
    player_id  INT         NOT NULL,
    card_id    INT         NOT NULL,
    times      INT         NOT NULL,
    created_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_report_first_cards PRIMARY KEY (player_id, card_id),
    CONSTRAINT fk_report_first_cards_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    CONSTRAINT fk_report_first_cards_card_id_cards FOREIGN KEY (card_id) REFERENCES cards (id),
    INDEX ix_report_first_cards_card_id (card_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS report_hand_rates (
    player_id   INT         NOT NULL,
    hand_number SMALLINT    NOT NULL,
    turns       INT         NOT NULL,
    won         INT         NOT NULL,
    bets        INT         NOT NULL,
    created_at  DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by  VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at  DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by  VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_report_hand_rates PRIMARY KEY (player_id, hand_number),
    CONSTRAINT fk_report_hand_rates_player_id_players FOREIGN KEY (player_id) REFERENCES players (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS report_nemeses (
    player_id        INT         NOT NULL,
    winner_player_id INT         NOT NULL,
    games            INT         NOT NULL,
    created_at       DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by       VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at       DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by       VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_report_nemeses PRIMARY KEY (player_id, winner_player_id),
    CONSTRAINT fk_report_nemeses_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    CONSTRAINT fk_report_nemeses_winner_player_id_players FOREIGN KEY (winner_player_id) REFERENCES players (id),
    INDEX ix_report_nemeses_winner_player_id (winner_player_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS report_seat_cards (
    player_id  INT         NOT NULL,
    card_id    INT         NOT NULL,
    games      INT         NOT NULL,
    won        INT         NOT NULL,
    created_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_report_seat_cards PRIMARY KEY (player_id, card_id),
    CONSTRAINT fk_report_seat_cards_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    CONSTRAINT fk_report_seat_cards_card_id_cards FOREIGN KEY (card_id) REFERENCES cards (id),
    INDEX ix_report_seat_cards_card_id (card_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS report_positions (
    position   TINYINT     NOT NULL,
    games      INT         NOT NULL,
    won        INT         NOT NULL,
    created_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_report_positions PRIMARY KEY (position)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- better is the upsert's scratch flag on MySQL, which applies the SET list left to right.
CREATE TABLE IF NOT EXISTS report_best_games (
    player_id  INT         NOT NULL,
    better     BOOL        NOT NULL,
    points     INT         NOT NULL,
    started_at DATETIME    NULL,
    game_id    INT         NOT NULL,
    won        BOOL        NOT NULL,
    created_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_report_best_games PRIMARY KEY (player_id),
    CONSTRAINT fk_report_best_games_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    CONSTRAINT fk_report_best_games_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    INDEX ix_report_best_games_game_id (game_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE IF NOT EXISTS report_game_winners (
    game_id      INT         NOT NULL,
    player_id    INT         NOT NULL,
    points       INT         NULL,
    -- -points: report 10 lists by points descending, then game ascending, which one index in
    -- ascending order serves on every database (MariaDB 10.6 ignores DESC in an index).
    minus_points INT         NULL,
    duration_s   INT         NULL,
    hands_played INT         NOT NULL,
    hands_drawn  INT         NOT NULL,
    few_draw     BOOL        NOT NULL,
    created_at   DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by   VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at   DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by   VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_report_game_winners PRIMARY KEY (game_id),
    CONSTRAINT fk_report_game_winners_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    CONSTRAINT fk_report_game_winners_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    -- Report 10 reads the winners above the average from the top; 13 the few-draw ones by game.
    INDEX ix_report_game_winners_minus_points_game_id (minus_points, game_id),
    INDEX ix_report_game_winners_few_draw_game_id (few_draw, game_id),
    INDEX ix_report_game_winners_player_id_minus_points_game_id (player_id, minus_points, game_id),
    INDEX ix_report_game_winners_player_id_few_draw_game_id (player_id, few_draw, game_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- highest is 1 for the game's highest bet (report 2), 0 for its lowest (report 3).
CREATE TABLE IF NOT EXISTS report_game_bets (
    highest    BOOL        NOT NULL,
    game_id    INT         NOT NULL,
    player_id  INT         NOT NULL,
    bet        INT         NOT NULL,
    created_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_report_game_bets PRIMARY KEY (highest, game_id, player_id),
    CONSTRAINT fk_report_game_bets_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    CONSTRAINT fk_report_game_bets_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    INDEX ix_report_game_bets_player_id_highest_game_id (player_id, highest, game_id),
    INDEX ix_report_game_bets_game_id (game_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- The review of a finished game (issue 27): each decision of each seat, valued by the odds
-- solver from what the seat saw (siete/engine/review.py: values in stakes), written once when
-- the game ends. step 0 is the bet; then the turn's actions (turn_actions.seq).
CREATE TABLE IF NOT EXISTS move_reviews (
    id             INT         NOT NULL AUTO_INCREMENT,
    game_id        INT         NOT NULL,
    game_player_id INT         NOT NULL,
    hand_number    SMALLINT    NOT NULL,
    step           TINYINT     NOT NULL,
    action         VARCHAR(5)  NOT NULL,
    is_bank        BOOL        NOT NULL,
    mark           VARCHAR(10) NOT NULL,
    value_lost     DECIMAL(12,6) NOT NULL,
    stand_ev       DECIMAL(12,6) NULL,
    draw_ev        DECIMAL(12,6) NULL,
    stake          INT         NULL,
    best_stake     INT         NULL,
    hand_value     DECIMAL(12,6) NULL,
    -- The turn timer made the move (the house bot): marked "timed out", outside the figures.
    timed_out      BOOL        NOT NULL DEFAULT 0,
    -- The bot standing in for the away player made the move: marked so, outside the figures.
    stand_in       BOOL        NOT NULL DEFAULT 0,
    created_at     DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by     VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at     DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by     VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_move_reviews PRIMARY KEY (id),
    -- Also the index for "the review of a game".
    CONSTRAINT uq_move_reviews_game_id_hand_number_game_player_id_step
        UNIQUE (game_id, hand_number, game_player_id, step),
    CONSTRAINT fk_move_reviews_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    CONSTRAINT fk_move_reviews_game_player_id_game_players
        FOREIGN KEY (game_player_id) REFERENCES game_players (id),
    CONSTRAINT ck_move_reviews_action CHECK (action IN ('bet', 'draw', 'stand')),
    CONSTRAINT ck_move_reviews_mark CHECK (mark IN ('best', 'inaccuracy', 'mistake', 'blunder')),
    INDEX ix_move_reviews_game_player_id (game_player_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- A seat's figures over its reviewed game: accuracy is best / decisions.
CREATE TABLE IF NOT EXISTS seat_reviews (
    game_player_id INT         NOT NULL,
    game_id        INT         NOT NULL,
    player_id      INT         NOT NULL,
    decisions      INT         NOT NULL,
    best           INT         NOT NULL,
    inaccuracies   INT         NOT NULL,
    mistakes       INT         NOT NULL,
    blunders       INT         NOT NULL,
    value_lost     DECIMAL(12,6) NOT NULL,
    created_at     DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by     VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at     DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by     VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_seat_reviews PRIMARY KEY (game_player_id),
    CONSTRAINT fk_seat_reviews_game_player_id_game_players
        FOREIGN KEY (game_player_id) REFERENCES game_players (id),
    CONSTRAINT fk_seat_reviews_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    CONSTRAINT fk_seat_reviews_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    -- A player's reviewed games (its profile's trend, "My games").
    INDEX ix_seat_reviews_player_game (player_id, game_id),
    INDEX ix_seat_reviews_game_id (game_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- A finished game whose review (the two tables above) is still to be written. The game's end
-- adds a row; the worker reviews the game and deletes it (issue 25: the last move's answer does
-- not wait for the odds solver).
CREATE TABLE IF NOT EXISTS review_queue (
    game_id    INT         NOT NULL,
    created_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_review_queue PRIMARY KEY (game_id),
    CONSTRAINT fk_review_queue_game_id_games FOREIGN KEY (game_id) REFERENCES games (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- ---------------------------------------------------------------- quick reactions

-- A quick reaction a seated player sent to the table (one of a fixed set, never free text).
-- Not a game event: the game's state, version and record know nothing of it.
CREATE TABLE IF NOT EXISTS table_reactions (
    id         INT         NOT NULL AUTO_INCREMENT,
    game_id    INT         NOT NULL,
    player_id  INT         NOT NULL,
    kind       VARCHAR(12) NOT NULL,
    sent_at    DATETIME    NOT NULL,
    created_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_table_reactions PRIMARY KEY (id),
    CONSTRAINT fk_table_reactions_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    CONSTRAINT fk_table_reactions_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    CONSTRAINT ck_table_reactions_kind CHECK (kind IN ('nice_hand', 'unlucky', 'thanks', 'well_played', 'applause')),
    -- The rate limit counts a player's recent reactions at a table; the table's log reads its newest.
    INDEX ix_table_reactions_game_id_player_id_sent_at (game_id, player_id, sent_at),
    INDEX ix_table_reactions_player_id (player_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Chat at a table (#38): a message someone seated there (or an allowed spectator) wrote, plain
-- text of 1 to 200 characters, kept with its game for its players. Not a game event.
CREATE TABLE IF NOT EXISTS table_messages (
    id         INT          NOT NULL AUTO_INCREMENT,
    game_id    INT          NOT NULL,
    player_id  INT          NOT NULL,
    body       VARCHAR(200) NOT NULL,
    sent_at    DATETIME     NOT NULL,
    created_at DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by VARCHAR(64)  NOT NULL DEFAULT 'system',
    updated_at DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by VARCHAR(64)  NOT NULL DEFAULT 'system',
    CONSTRAINT pk_table_messages PRIMARY KEY (id),
    CONSTRAINT fk_table_messages_game_id_games FOREIGN KEY (game_id) REFERENCES games (id),
    CONSTRAINT fk_table_messages_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    -- The table's chat reads its newest; the rate limit counts a sender's recent ones.
    INDEX ix_table_messages_game_id_id (game_id, id),
    INDEX ix_table_messages_player_id_sent_at (player_id, sent_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Whom each person muted in the chat: player_id no longer sees muted_player_id's messages.
CREATE TABLE IF NOT EXISTS chat_mutes (
    id              INT         NOT NULL AUTO_INCREMENT,
    player_id       INT         NOT NULL,
    muted_player_id INT         NOT NULL,
    created_at      DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    created_by      VARCHAR(64) NOT NULL DEFAULT 'system',
    updated_at      DATETIME    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_by      VARCHAR(64) NOT NULL DEFAULT 'system',
    CONSTRAINT pk_chat_mutes PRIMARY KEY (id),
    CONSTRAINT fk_chat_mutes_player_id_players FOREIGN KEY (player_id) REFERENCES players (id),
    CONSTRAINT fk_chat_mutes_muted_player_id_players FOREIGN KEY (muted_player_id) REFERENCES players (id),
    CONSTRAINT uq_chat_mutes_player_id_muted_player_id UNIQUE (player_id, muted_player_id),
    INDEX ix_chat_mutes_muted_player_id (muted_player_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

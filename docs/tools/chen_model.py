"""What the Chen diagram of sql/schema.sql says beyond the schema itself: where each entity sits,
which table it is, what its relationships are called. chen.py reads the attributes from the
schema (schema_model.py), so a new column appears by itself; a new table or foreign key makes
tests/data/test_diagrams.py fail until it is placed here.

Entity centres are in pixels; the attribute ovals are placed around them by chen.py.
"""

# Entities: name -> (x, y of the centre, weak?, table).
ENTITIES = {
    "GAME DETAILS": (300, 2700, False, "game_details"),
    "USER": (1200, 300, False, "users"),
    "LOGIN SESSION": (300, -400, False, "login_sessions"),
    "PLAYER": (2200, 300, False, "players"),
    "PLAYER RATING": (2200, -450, True, "player_ratings"),
    "GAME STATE": (300, 1150, True, "game_states"),
    "GAME": (1200, 1150, False, "games"),
    "SEAT": (2200, 1150, False, "game_players"),
    "SEAT REVIEW": (3200, 700, True, "seat_reviews"),
    "HAND": (1200, 2000, False, "hands"),
    "TURN": (2200, 2000, False, "turns"),
    "MOVE REVIEW": (3200, 1500, False, "move_reviews"),
    "REACTION": (300, 350, False, "table_reactions"),
    "MESSAGE": (300, -1000, False, "table_messages"),
    "CARD": (3200, 2300, False, "cards"),
    "DECK TYPE": (3200, 3000, False, "deck_types"),
    "TURN ACTION": (2200, 2800, False, "turn_actions"),
}

# Columns kept in the row although other rows could give them (drawn dashed): the reports and
# pages read them without recomputing.
DERIVED = {
    "users": {"username_key", "username_skeleton"},
    "players": {"name_skeleton"},
    "player_ratings": {"ordinal"},
    "games": {"duration_s", "hands_played"},
    "game_players": {"hands_played", "hands_drawn", "stands", "busts", "won_without_drawing",
                     "bank_tie_wins", "max_bet", "min_bet", "reactions_sent"},
    "seat_reviews": {"decisions", "best", "inaccuracies", "mistakes", "blunders", "value_lost"},
}

# Relationships: (label, entity 1, cardinality 1, entity 2, cardinality 2, identifying?,
# offset of the diamond from the midpoint, what it is in the schema: "table.column" for a
# foreign key, or a table's name for an M:N relationship kept as its own table, whose columns
# other than its keys are the relationship's attributes).
RELATIONSHIPS = [
    ("is", "USER", "1", "PLAYER", "1", False, (0, 0), "players.user_id"),
    ("is logged in by", "USER", "1", "LOGIN SESSION", "N", False, (0, 0), "login_sessions.user_id"),
    ("has rating", "PLAYER", "1", "PLAYER RATING", "1", True, (0, 0), "player_ratings.player_id"),
    ("creates", "USER", "1", "GAME", "N", False, (0, 0), "games.creator_user_id"),
    ("wins", "PLAYER", "1", "GAME", "N", False, (-250, -250), "games.winner_player_id"),
    ("is rated in", "PLAYER", "M", "GAME", "N", False, (200, -150), "game_ratings"),
    ("is invited to", "PLAYER", "M", "GAME", "N", False, (-150, -150), "game_invites"),
    ("has state", "GAME", "1", "GAME STATE", "1", True, (0, 0), "game_states.game_id"),
    ("takes", "PLAYER", "1", "SEAT", "N", False, (0, 0), "game_players.player_id"),
    ("has", "GAME", "1", "SEAT", "N", False, (0, 0), "game_players.game_id"),
    ("is summed up in", "SEAT", "1", "SEAT REVIEW", "1", True, (0, 0), "seat_reviews.game_player_id"),
    ("is seat card of", "CARD", "1", "SEAT", "N", False, (0, 0), "game_players.seat_card_id"),
    ("is played in", "GAME", "1", "HAND", "N", False, (0, 0), "hands.game_id"),
    ("banks", "SEAT", "1", "HAND", "N", False, (0, 0), "hands.bank_game_player_id"),
    ("is made of", "HAND", "1", "TURN", "N", False, (0, 0), "turns.hand_id"),
    ("plays", "SEAT", "1", "TURN", "N", False, (0, 0), "turns.game_player_id"),
    ("is judged in", "SEAT", "1", "MOVE REVIEW", "N", False, (0, 0), "move_reviews.game_player_id"),
    ("is first card of", "CARD", "1", "TURN", "N", False, (0, 0), "turns.first_card_id"),
    ("consists of", "TURN", "1", "TURN ACTION", "N", False, (0, 0), "turn_actions.turn_id"),
    ("is drawn in", "CARD", "1", "TURN ACTION", "N", False, (0, 0), "turn_actions.card_id"),
    ("contains", "DECK TYPE", "1", "CARD", "N", False, (0, 0), "cards.deck_type_id"),
    ("sends", "PLAYER", "1", "REACTION", "N", False, (0, -420), "table_reactions.player_id"),
    ("is shown at", "GAME", "1", "REACTION", "N", False, (0, 0), "table_reactions.game_id"),
    ("writes", "PLAYER", "1", "MESSAGE", "N", False, (400, 200), "table_messages.player_id"),
    ("is written at", "GAME", "1", "MESSAGE", "N", False, (-300, 50), "table_messages.game_id"),
    ("mutes", "PLAYER", "M", "PLAYER", "N", False, (-350, -450), "chat_mutes"),
]

# Foreign keys that repeat a path the diagram already draws (a turn's game is its hand's game),
# kept so the reports join fewer tables.
COPIED_KEYS = {
    "turns.game_id", "turns.player_id", "move_reviews.game_id",
    "seat_reviews.game_id", "seat_reviews.player_id",
}

# Tables that are not part of the conceptual model, and why; the note names them.
SUMMARY_TABLES = "report_"  # the report_* tables: sums of the game tables for the 16 reports
WORK_TABLES = {
    "mail_outbox": "mail the worker sends",
    "identity_clashes": "what migration 0004 found when it made addresses and names unique",
    "review_queue": "finished games waiting for their review",
}

NOTE_HEAD = [
    "Siete y medio: Chen diagram of sql/schema.sql (generated by docs/tools/chen.py)",
    "Rectangles: entities (one per table). Double rectangle: weak entity, identified by the",
    "double diamond (identifying relationship); its total participation is a double line.",
    "Ovals: attributes; underlined = primary key; dashed = derived (stored so no query recomputes it).",
    "Diamonds: relationships with cardinalities 1, N, M; an M:N relationship is its own table.",
    "Every table also has created_at, created_by, updated_at, updated_by (control columns).",
    "GAME DETAILS stands alone: the one row of rules (players, bets) every game follows.",
]

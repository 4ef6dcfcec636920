"""What bench/load.py checks in the database after a run: R2.4, the record, and no lost moves."""
from __future__ import annotations

import json

from sqlalchemy import create_engine, event, text

# Every query returns the rows that break a rule; an empty result is a pass.
CHECKS = {
    "R2.4 points of a hand's turns do not add up to players x initial points": """
        SELECT h.game_id, h.number, SUM(t.points_start), SUM(t.points_end),
               g.num_players * g.initial_points
        FROM hands h JOIN games g ON g.id = h.game_id JOIN turns t ON t.hand_id = h.id
        GROUP BY h.id, h.game_id, h.number, g.num_players, g.initial_points
        HAVING SUM(t.points_end) <> g.num_players * g.initial_points
            OR SUM(t.points_start) <> g.num_players * g.initial_points""",
    "hands not numbered 1..hands_played": """
        SELECT g.id, g.hands_played, COUNT(h.id), MIN(h.number), MAX(h.number)
        FROM games g LEFT JOIN hands h ON h.game_id = g.id
        GROUP BY g.id, g.hands_played
        HAVING COUNT(h.id) <> g.hands_played
            OR (COUNT(h.id) > 0 AND (MIN(h.number) <> 1 OR MAX(h.number) <> g.hands_played))""",
    "a turn's actions disagree with its cards, total or result": """
        SELECT t.id, t.total, t.cards_drawn, t.result, fc.game_value + COALESCE(SUM(c.game_value), 0)
        FROM turns t JOIN cards fc ON fc.id = t.first_card_id
        LEFT JOIN turn_actions a ON a.turn_id = t.id LEFT JOIN cards c ON c.id = a.card_id
        GROUP BY t.id, t.total, t.cards_drawn, t.result, t.position, fc.game_value
        HAVING t.cards_drawn <> COALESCE(SUM(a.action = 'draw'), 0)
            OR t.total <> fc.game_value + COALESCE(SUM(c.game_value), 0)
            OR COUNT(a.id) <> COALESCE(MAX(a.seq), 0)
            OR COALESCE(SUM(a.action = 'stand'), 0) > 1
            OR (t.position > 0 AND (t.result = 'bust') <> (t.total > 7.5))""",
    "a punter's points change disagrees with its bet and result (R5)": """
        SELECT t.id, t.result, t.bet, t.points_start, t.points_end FROM turns t
        WHERE t.position > 0 AND NOT (
              (t.result IN ('lose', 'bust') AND t.points_end = t.points_start - t.bet)
           OR (t.result = 'win' AND t.points_end BETWEEN t.points_start AND t.points_start + t.bet)
           OR (t.result = 'seven_half'
               AND t.points_end BETWEEN t.points_start AND t.points_start + 2 * t.bet))""",
    "R2.4 a finished game's final points do not add up": """
        SELECT g.id, SUM(gp.final_points), g.num_players * g.initial_points
        FROM games g JOIN game_players gp ON gp.game_id = g.id WHERE g.status = 'finished'
        GROUP BY g.id, g.num_players, g.initial_points
        HAVING SUM(gp.final_points) <> g.num_players * g.initial_points""",
}

# The people's moves of each recorded hand that were not made by a timer.
HUMAN_MOVES = """
    SELECT g.id, h.number, p.name, t.bet,
           COALESCE(SUM(a.action = 'draw' AND NOT a.automatic), 0),
           COALESCE(SUM(a.action = 'stand' AND NOT a.automatic), 0)
    FROM games g JOIN hands h ON h.game_id = g.id JOIN turns t ON t.hand_id = h.id
    JOIN game_players gp ON gp.id = t.game_player_id JOIN players p ON p.id = gp.player_id
    LEFT JOIN turn_actions a ON a.turn_id = t.id
    WHERE p.kind = 'human'
    GROUP BY g.id, h.number, p.name, t.id, t.bet"""


def check_database(url: str, ledger: dict[tuple[int, int, str], dict]) -> list[str]:
    """Every broken rule, as lines to print; the ledger holds the moves the clients saw accepted."""
    engine = create_engine(url)
    violations = []
    try:
        with engine.connect() as conn:
            for rule, sql in CHECKS.items():
                violations += [f"{rule}: {tuple(row)}" for row in conn.execute(text(sql))]
            violations += live_state_violations(conn)
            violations += ledger_violations(conn, ledger)
    finally:
        engine.dispose()
    return violations


def live_state_violations(conn) -> list[str]:
    """Games still running: their JSON's version matches the column and R2.4 holds."""
    found = []
    rows = conn.execute(text("SELECT s.game_id, s.version, s.state, g.num_players * g.initial_points "
                             "FROM game_states s JOIN games g ON g.id = s.game_id"))
    for game_id, version, state, expected in rows:
        data = json.loads(state)
        held = sum(seat["points"] + seat["stake"] for seat in data["seats"])
        if data["version"] != version or held != expected:
            found.append(f"live state of game {game_id}: version {data['version']}/{version}, "
                         f"points {held}/{expected}")
    return found


def ledger_violations(conn, ledger: dict[tuple[int, int, str], dict]) -> list[str]:
    """Every move answered 200 is stored once, and nothing else is stored for its person."""
    stored = {(g, n, name): {"bet": bet or 0, "draw": int(draws), "stand": int(stands)}
              for g, n, name, bet, draws, stands in conn.execute(text(HUMAN_MOVES))}
    found = []
    for key, seen in ledger.items():
        if key not in stored:
            continue  # the hand was still being played when the run ended
        want = {name: seen.get(name, 0) for name in ("bet", "draw", "stand")}
        if stored[key] != want:
            found.append(f"game {key[0]} hand {key[1]} {key[2]}: client saw {want}, database holds {stored[key]}")
    played = {key for key in ledger if key in stored}
    if ledger and not played:
        found.append("no hand the clients played was recorded")
    return found


def poll_query_count(url: str) -> int:
    """SQL statements an unchanged poll sends, counted in-process on the same database."""
    from siete.app import create_app
    from siete.data.base import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        row = db.session.execute(text("SELECT game_id, version FROM game_states "
                                      # a person's turn: a paced bot's move (0.8 s) could fall
                                      # due before the poll below, which would then play it
                                      "WHERE turn_deadline > UTC_TIMESTAMP() + INTERVAL 60 SECOND "
                                      "LIMIT 1")).first()
        engine = db.engine
    if row is None:
        return -1
    statements = []
    listener = lambda *args: statements.append(args[2])  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        response = app.test_client().get(f"/tables/{row[0]}/fragment?v={row[1]}&s=-",
                                          headers={"HX-Request": "true"})
    finally:
        event.remove(engine, "before_cursor_execute", listener)
        engine.dispose()
    return len(statements) if response.status_code == 204 else 1000 + response.status_code

"""The sixteen reports read from their aggregates (siete/service/report_aggregates.py).

Each query gives exactly the rows of its definition in sql/reports/ (tests/reports/
test_aggregates.py compares them on SQLite and MariaDB). Twelve reports have a row per
player (or card, position, hand number): their aggregates are small whatever the history, so
they are read whole. Four list games (2, 3, 10, 13): they grow with the history, so a page of
them is read through an index, `limit` rows from `offset`.
"""
from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import text

from siete.data.base import db

PER_PLAYER = {
    "first_card": """
        WITH ranked AS (
            SELECT f.player_id, f.card_id, f.times,
                   ROW_NUMBER() OVER (PARTITION BY f.player_id ORDER BY f.times DESC, cd.deck_order) AS place
            FROM report_first_cards f JOIN cards cd ON cd.id = f.card_id WHERE f.times > 0)
        SELECT p.name, cd.code, r.times FROM ranked r JOIN players p ON p.id = r.player_id
        JOIN cards cd ON cd.id = r.card_id WHERE r.place = 1 ORDER BY LOWER(p.name), p.name""",
    "win_rate_by_hand": """
        SELECT p.name, h.hand_number, h.turns, ROUND(100.0 * h.won / h.turns, 2),
               ROUND(1.0 * h.bets / h.turns, 2)
        FROM report_hand_rates h JOIN players p ON p.id = h.player_id WHERE h.turns > 0
        ORDER BY LOWER(p.name), p.name, h.hand_number""",
    "nemesis": """
        WITH ranked AS (
            SELECT n.player_id, n.winner_player_id, n.games,
                   MAX(n.games) OVER (PARTITION BY n.player_id) AS most
            FROM report_nemeses n WHERE n.games > 0)
        SELECT p.name, w.name, r.games FROM ranked r JOIN players p ON p.id = r.player_id
        JOIN players w ON w.id = r.winner_player_id WHERE r.games = r.most
        ORDER BY LOWER(p.name), p.name, LOWER(w.name), w.name""",
    "bot_wins": """
        SELECT COALESCE(MAX(t.bot_games), 0), COALESCE(MAX(t.bot_won), 0),
               CASE WHEN COALESCE(MAX(t.bot_games), 0) = 0 THEN 0
                    ELSE ROUND(100.0 * MAX(t.bot_won) / MAX(t.bot_games), 2) END
        FROM report_totals t""",
    "wins_by_seat_card": """
        WITH grouped AS (
            SELECT 0 AS is_total, p.name AS player, s.card_id, s.games, s.won
            FROM report_seat_cards s JOIN players p ON p.id = s.player_id WHERE s.games > 0
            UNION ALL
            SELECT 1, '*', s.card_id, SUM(s.games), SUM(s.won) FROM report_seat_cards s
            WHERE s.games > 0 GROUP BY s.card_id)
        SELECT x.player, cd.code, x.games, x.won, ROUND(100.0 * x.won / x.games, 2)
        FROM grouped x JOIN cards cd ON cd.id = x.card_id
        ORDER BY x.is_total, LOWER(x.player), x.player, cd.deck_order""",
    "wins_by_start_position": """
        SELECT position, games, won, ROUND(100.0 * won / games, 2) FROM report_positions
        WHERE games > 0 ORDER BY position""",
    "stands_per_game": """
        SELECT p.name, t.games, t.stands, ROUND(1.0 * t.stands / t.games, 2)
        FROM report_player_totals t JOIN players p ON p.id = t.player_id WHERE t.games > 0
        ORDER BY LOWER(p.name), p.name""",
    "wins_vs_bots_low_suits": """
        SELECT p.name, t.low_suit_bot_wins FROM report_player_totals t
        JOIN players p ON p.id = t.player_id
        WHERE p.kind = 'human' AND t.low_suit_bot_wins > 0 ORDER BY LOWER(p.name), p.name""",
    "won_without_drawing": """
        SELECT player, hands_won FROM (
            SELECT 0 AS is_total, p.name AS player, t.won_without_drawing AS hands_won
            FROM report_player_totals t JOIN players p ON p.id = t.player_id
            WHERE t.won_without_drawing > 0
            UNION ALL
            SELECT 1, '*', COALESCE(SUM(t.won_without_drawing), 0) FROM report_player_totals t) x
        ORDER BY is_total, LOWER(player), player""",
    "bank_tie_wins": """
        SELECT bank, hands FROM (
            SELECT 0 AS is_total, p.name AS bank, t.bank_tie_wins AS hands
            FROM report_player_totals t JOIN players p ON p.id = t.player_id
            WHERE t.bank_tie_wins > 0
            UNION ALL
            SELECT 1, '*', COALESCE(SUM(t.bank_tie_wins), 0) FROM report_player_totals t) x
        ORDER BY is_total, LOWER(bank), bank""",
    "best_game": """
        SELECT p.name, b.game_id, b.points, CASE WHEN b.won THEN 'yes' ELSE 'no' END
        FROM report_best_games b JOIN players p ON p.id = b.player_id
        ORDER BY b.points DESC, LOWER(p.name), p.name""",
    "human_busts": """
        SELECT p.name, t.games, t.busts, ROUND(1.0 * t.busts / t.games, 2)
        FROM report_player_totals t JOIN players p ON p.id = t.player_id
        WHERE p.kind = 'human' AND t.games > 0 ORDER BY LOWER(p.name), p.name""",
}

# The game lists: {where} narrows to one player ("" or "AND x.player_id = :player_id").
PER_GAME = {
    "highest_bet": """
        SELECT b.game_id, p.name, b.bet FROM report_game_bets b JOIN players p ON p.id = b.player_id
        WHERE b.highest = 1 AND b.game_id IN ({games}) {where} ORDER BY b.game_id, LOWER(p.name), p.name""",
    "lowest_bet": """
        SELECT b.game_id, p.name, b.bet FROM report_game_bets b JOIN players p ON p.id = b.player_id
        WHERE b.highest = 0 AND b.game_id IN ({games}) {where} ORDER BY b.game_id, LOWER(p.name), p.name""",
    # The page is cut in a derived table first: joined straight to players, MariaDB walked the
    # players and sorted every matching winner (a cost that grew with the history).
    "long_wins": """
        SELECT p.name, w.game_id, w.points, w.duration_s FROM (
            SELECT game_id, player_id, points, minus_points, duration_s FROM report_game_winners
            WHERE minus_points < :threshold {where} ORDER BY minus_points, game_id {page}) w
        JOIN players p ON p.id = w.player_id ORDER BY w.minus_points, w.game_id""",
    "few_draw_winners": """
        SELECT p.name, w.game_id, w.hands_played, w.hands_drawn FROM (
            SELECT game_id, player_id, hands_played, hands_drawn FROM report_game_winners
            WHERE few_draw = 1 {where} ORDER BY game_id {page}) w
        JOIN players p ON p.id = w.player_id ORDER BY w.game_id""",
}
# Reports 2 and 3 page by game: the page's games come first, then their rows (a game may have
# several players on the same bet). Narrowed to a player, by the games where it made the bet.
BET_GAMES = {
    None: "SELECT game_id FROM report_game_winners ORDER BY game_id {page}",
    "player": "SELECT game_id FROM report_game_bets WHERE player_id = :player_id AND highest = :highest"
              " ORDER BY game_id {page}",
}


def _page(limit: int | None, offset: int) -> str:
    return "" if limit is None else f"LIMIT {int(limit)} OFFSET {int(offset)}"


def long_wins_threshold() -> int | None:
    """minus_points below this is a winner above the average (None: no winner yet).

    points > W / N for integers is points >= W // N + 1, so -points < -(W // N).
    """
    row = db.session.execute(text("SELECT winners, winner_points FROM report_totals")).first()
    if row is None or not row[0]:
        return None
    return -(int(row[1]) // int(row[0]))


def read_rows(key: str, limit: int | None = None, offset: int = 0,
              player_id: int | None = None) -> list[list[object]]:
    """The report's rows, in its order: all of them, or `limit` from `offset` for game lists."""
    session = db.session
    if key in PER_PLAYER:
        return [list(r) for r in session.execute(text(PER_PLAYER[key]))]
    where = "" if player_id is None else "AND {alias}.player_id = :player_id"
    params: dict[str, int | None] = {"player_id": player_id}
    if key in ("highest_bet", "lowest_bet"):
        params["highest"] = int(key == "highest_bet")
        if limit is None:  # every row (the CLI, downloads): no list of games to build
            sql = PER_GAME[key].replace("AND b.game_id IN ({games}) ", "").format(
                where=where.format(alias="b"))
            return [list(r) for r in session.execute(text(sql), params)]
        games_sql = BET_GAMES[None if player_id is None else "player"].format(page=_page(limit, offset))
        games: Sequence[int] = session.execute(text(games_sql), params).scalars().all()
        if not games:
            return []
        sql = PER_GAME[key].format(games=", ".join(str(int(g)) for g in games),
                                   where=where.format(alias="b"))
        return [list(r) for r in session.execute(text(sql), params)]
    if key == "long_wins":
        params["threshold"] = long_wins_threshold()
        if params["threshold"] is None:
            return []
    sql = PER_GAME[key].format(where=where.replace("{alias}.", ""), page=_page(limit, offset))
    return [list(r) for r in session.execute(text(sql), params)]


def count_rows(key: str, player_id: int | None = None) -> int:
    """How many rows read_rows gives in all (games, for reports 2 and 3)."""
    where = "" if player_id is None else " AND player_id = :player_id"
    params = {"player_id": player_id}
    if key in ("highest_bet", "lowest_bet"):
        if player_id is None:
            return int(db.session.execute(text(
                "SELECT COALESCE(MAX(finished_games), 0) FROM report_totals")).scalar() or 0)
        params["highest"] = int(key == "highest_bet")
        sql = "SELECT COUNT(*) FROM report_game_bets WHERE highest = :highest" + where
    elif key == "long_wins":
        params["threshold"] = long_wins_threshold()
        if params["threshold"] is None:
            return 0
        sql = "SELECT COUNT(*) FROM report_game_winners WHERE minus_points < :threshold" + where
    elif key == "few_draw_winners":
        sql = "SELECT COUNT(*) FROM report_game_winners WHERE few_draw = 1" + where
    else:
        return len(read_rows(key))
    return int(db.session.execute(text(sql), params).scalar() or 0)

"""The columns the reports read instead of walking every turn: each seat's summary and each
turn's copied keys, as recorded hand by hand, agree with the hands and turns they summarise
(seat_summaries_recount.sql, beside this file, works them out from those), and only the seats of
finished games have a result (the reports keep finished games by it)."""
from __future__ import annotations

from pathlib import Path

from sqlalchemy import select, text, update

from siete.data.base import db
from siete.data.database import sql_statements
from siete.data.games import Game, GamePlayer, Turn
from siete.service.records.recording import SEAT_COUNTS

RECOUNT = Path(__file__).resolve().parent / "seat_summaries_recount.sql"
SUMMARY = (*SEAT_COUNTS, "max_bet", "min_bet")
COPIES = ("game_id", "player_id", "hand_number")


def seat_summaries() -> dict[int, tuple]:
    return {gp.id: tuple(getattr(gp, c) for c in SUMMARY)
            for gp in db.session.scalars(select(GamePlayer))}


def turn_copies() -> dict[int, tuple]:
    return {t.id: tuple(getattr(t, c) for c in COPIES) for t in db.session.scalars(select(Turn))}


def backfill() -> None:
    """The recount's UPDATEs (plain SQL on every database)."""
    for statement in sql_statements(RECOUNT):
        db.session.execute(text(statement))
    db.session.commit()
    db.session.expire_all()


def test_recorded_summaries_match_the_turns_and_hands_they_count(app, games):
    with app.app_context():
        recorded_seats, recorded_turns = seat_summaries(), turn_copies()
        # Forget everything recorded, as in a database made before these columns...
        db.session.execute(update(GamePlayer).values(
            **dict.fromkeys(SEAT_COUNTS, 0), max_bet=None, min_bet=None))
        db.session.execute(update(Turn).values(**dict.fromkeys(COPIES, None)))
        db.session.commit()
        # ...and work it out again from the hands and turns alone.
        backfill()
        assert seat_summaries() == recorded_seats
        assert turn_copies() == recorded_turns


def test_scenario_summaries_count_what_the_players_did(app, games):
    """A few seats checked by hand (the turns are listed in test_rows_9_to_16.py)."""
    with app.app_context():
        rows = db.session.execute(select(Game.id, GamePlayer).join(GamePlayer.game)).all()
        seat = {(game_id, gp.player.name): gp for game_id, gp in rows}
        cris_g4 = seat[(games["g4"], "cris")]  # banked g4's one hand: drew, stood on 6.5
        assert (cris_g4.hands_played, cris_g4.hands_drawn, cris_g4.stands, cris_g4.busts) == (1, 1, 1, 0)
        assert (cris_g4.max_bet, cris_g4.min_bet) == (None, None)  # a bank does not bet
        cris_g7 = seat[(games["g7"], "cris")]  # the bank that busted
        assert (cris_g7.stands, cris_g7.busts) == (0, 1)
        bob_g1 = seat[(games["g1"], "Bob")]  # lose after a draw, then won standing on B07
        assert (bob_g1.hands_played, bob_g1.hands_drawn, bob_g1.won_without_drawing) == (2, 1, 1)
        assert seat[(games["g5"], "bot3")].stands == 0  # a bank that did not play did not stand
        assert seat[(games["g2"], "cris")].bank_tie_wins == 1  # her 6 beat ana's 6 (R5.3)
        assert seat[(games["g4"], "cris")].bank_tie_wins == 0  # 6.5 against 3.5 and 6
        assert seat[(games["g6"], "ana")].hands_played == 1  # counted while the game is played


def test_only_seats_of_finished_games_have_a_result(app, games):
    with app.app_context():
        rows = db.session.execute(select(Game.status, GamePlayer.result).join(GamePlayer.game)).all()
        assert {status for status, _ in rows} >= {"finished", "abandoned"}  # g6 is unfinished
        assert all((result is not None) == (status == "finished") for status, result in rows)

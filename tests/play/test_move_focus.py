"""Where the focus starts at a draw or a stand: on Draw below 6½, on Stand at 6½ and 7, where
a card busts most hands, so that an Enter pressed out of habit does not draw (R4.5). The
browser's side: tests/e2e/test_e2e_layout_turns.py."""
from __future__ import annotations

import re

from siete.data.base import db
from siete.data.people import User
from siete.service.tables.lobby_actions import TableSpec, create_table, player_for, start_table
from tests.support.play import HX, client_for, load, make_user, text
from tests.support.settings import app_settings

HIGH = (13, 14)  # 6½ and 7, in half points


def focused(html: str) -> list[str]:
    """The ids of the move buttons that carry autofocus."""
    return re.findall(r'<button[^>]*id="(move-[a-z0-9-]+)"[^>]*\bautofocus\b', html)


def decisions(app, user: int, seeds=range(1, 120)):
    """(total in half points, the table's HTML) at each of the user's punter decisions, over
    seeded tables of the user and a standard bot: bet 1, then draw up to 6½ or more."""
    for seed in seeds:
        with app.app_context():
            owner = player_for(db.session.get(User, user))
            spec = TableSpec(name="focus", seats=2, bots=("standard",), turn_seconds=60)
            game = create_table(owner, spec, app.config["GAME"], seed=seed)
            start_table(app_settings(), game.id, owner)
            game_id = game.id
        client = client_for(app, user)
        for _ in range(12):
            _status, state = load(app, game_id)
            seat = state.current_seat() if state.phase == "play" else None
            if seat is None or state.seats[seat].name != "Ana" or seat == state.bank:
                break
            me = state.seats[seat]
            if not me.bet:
                client.post(f"/tables/{game_id}/bet", data={"version": state.version, "amount": 1},
                            headers=HX)
                continue
            yield me.total, text(client.get(f"/tables/{game_id}"))
            move = "draw" if me.total < 13 else "stand"
            client.post(f"/tables/{game_id}/{move}", data={"version": state.version}, headers=HX)


def test_stand_has_the_focus_at_six_and_a_half_and_seven_draw_below(app):
    ana = make_user(app, "Ana")
    seen = set()
    for total, html in decisions(app, ana):
        assert 'id="move-draw"' in html and 'id="move-stand"' in html
        expected = ["move-stand"] if total in HIGH else ["move-draw"]
        assert focused(html) == expected, (total, focused(html))
        if total in HIGH:  # the primary look goes to Stand too
            assert re.search(r'class="btn btn-primary" id="move-stand"', html)
        seen.add(total in HIGH)
        if seen == {True, False} and total in HIGH:
            break
    assert seen == {True, False}, "no decision at 6½ or 7 came"

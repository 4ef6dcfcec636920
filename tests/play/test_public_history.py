"""R4.2 end to end: what a spectator or another seat can read of a table depends on its public
history only (issue #24.1).

Two tables play the same public moves: at one a punter draws to 7½ over a face-down 7 (R4.6
stands for them), at the other a punter with the same face-up cards holds a face-down 3 and
stands by choice after the same draw. Every answer another viewer can get (the fragment and
its poll, the whole page, the game's history page and its export) must be the same at
both tables but for the table's id, the session's token and the clock. The version is part of
every fragment (data-version, the poll's URL): it once moved one step less on a 7½ and so told
the hidden card.
"""
from __future__ import annotations

import json
import re

import pytest

from siete.data.base import db
from siete.data.games import GameStateRow
from siete.data.people import User
from siete.engine import rules
from siete.engine.cards import SPANISH_DECK
from siete.engine.state import DEAL, GameState
from siete.service.tables.lobby_actions import TableSpec, create_table, join_table, player_for, start_table
from tests.support.play import HX, client_for, make_user
from tests.support.settings import app_settings

SEVEN, THREE = "O07", "O03"  # the punter's face-down card: 7 + ½ = 7½, or 3 + ½ = 3½
FIRST_CARDS = ["E05", "B04"]  # the other punter's face-down card, then the bank's face-up one
NEXT_CARDS = ["C10", "C02"]  # the punter's draw (½), then a card nobody draws


@pytest.fixture
def people(app) -> dict[str, int]:
    return {name: make_user(app, name) for name in ("Ana", "Bea", "Cai")}


def rigged_table(app, people: dict[str, int], face_down: str) -> tuple[int, list[str]]:
    """A started table of three people whose first hand is dealt from a chosen deck.

    The seat cards come from the same seed at every table, so the order (bank, punter 1,
    punter 2) is the same; returns the table's id and the names in that order.
    """
    with app.app_context():
        ana, bea, cai = (player_for(db.session.get(User, people[n])) for n in ("Ana", "Bea", "Cai"))
        game = create_table(ana, TableSpec(name="Twins", seats=3), app.config["GAME"], seed=24)
        db.session.commit()
        game_id = game.id
        join_table(game_id, bea)
        join_table(game_id, cai)
        start_table(app_settings(), game_id, ana)
        row = db.session.get(GameStateRow, game_id)
        state = GameState.from_dict(json.loads(row.state), app.config["GAME"].cards)
        assert state.hand == 1 and state.turn == 1  # nobody has moved: deal the hand again
        chosen = [face_down, *FIRST_CARDS, *NEXT_CARDS]
        rest = [c for c in SPANISH_DECK.active if c not in chosen + [SEVEN, THREE]]
        state.phase, state.hand, state.version = DEAL, 0, row.version - 1
        rules.deal(state, chosen[:3] + chosen[3:] + [SEVEN if face_down == THREE else THREE] + rest)
        row.state, row.version = json.dumps(state.to_dict()), state.version
        db.session.commit()
        return game_id, [state.seats[i].name for i in state.order]


def move(app, people, game_id: int, name: str, action: str, **form) -> None:
    version = _version(app, game_id)
    response = client_for(app, people[name]).post(f"/tables/{game_id}/{action}", headers=HX,
                                                   data={"version": version, **form})
    assert response.status_code == 200, response.get_data(as_text=True)[:400]


def _version(app, game_id: int) -> int:
    with app.app_context():
        return db.session.get(GameStateRow, game_id).version


def normalised(text: str, game_id: int) -> str:
    """An answer with the table's id, the session's CSRF token and the clock taken out."""
    text = re.sub(rf'(/tables/|/games/|data-game="|game-|[Gg]ame ){game_id}(?![0-9])', r"\1ID", text)
    text = re.sub(r'(name="csrf_token" value=|name="csrf-token" content=)"[^"]*"', r'\1"TOKEN"', text)
    text = re.sub(r'"X-CSRFToken": "[^"]*"', '"X-CSRFToken": "TOKEN"', text)
    text = re.sub(r'data-deadline="\d+"', 'data-deadline="S"', text)
    text = re.sub(r'data-due-ms="\d+"', 'data-due-ms="S"', text)  # ms until the timer: it ticks
    text = re.sub(r'value="\d+" (data-deadline)', r'value="S" \1', text)  # the seat's clock bar
    text = re.sub(r"<span data-countdown-value>[^<]*</span>", "<span data-countdown-value>S</span>", text)
    return re.sub(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?", "TIME", text)


def answers(app, people, game_id: int, viewers: list[str | None]) -> dict[str, object]:
    """Everything each viewer (a name, or None for a logged-out spectator) can ask about the table."""
    seen: dict[str, object] = {}
    for viewer in viewers:
        client = client_for(app, None if viewer is None else people[viewer])
        version = _version(app, game_id)
        for label, url, headers in (
                ("fragment", f"/tables/{game_id}", HX),
                ("page", f"/tables/{game_id}", {}),
                ("poll (old version)", f"/tables/{game_id}/fragment?v={version - 1}", HX),
                ("poll (this version)", f"/tables/{game_id}/fragment?v={version}", HX),
                ("history page", f"/games/{game_id}", {}),
                ("scenario export", f"/games/{game_id}/scenario.json", {})):
            response = client.get(url, headers=headers)
            body = normalised(response.get_data(as_text=True), game_id)
            kept = {k: normalised(v, game_id) for k, v in response.headers.items()
                    if k not in ("Date", "Set-Cookie", "Content-Length")}
            seen[f"{viewer or 'spectator'}: {label}"] = (response.status_code, body, kept,
                                                         len(response.get_data()))
        if viewer is not None:  # "My games" lists both tables: compare this one's line
            mine = client.get("/games").get_data(as_text=True)
            line = re.search(rf'<li class="game-row">(?:(?!</li>).)*/games/{game_id}".*?</li>', mine, re.S)
            seen[f"{viewer}: my games"] = (200, normalised(line.group(0), game_id), {}, 0)
    return seen


def assert_same(first: dict, second: dict) -> None:
    assert first.keys() == second.keys()
    for key in first:
        status, body, headers, size = first[key]
        assert (status, headers) == second[key][0:3:2], key
        assert body == second[key][1], f"{key} differs"
        # the raw sizes differ only where the ids or the clock write more digits
        assert abs(size - second[key][3]) <= 16, (key, size, second[key][3])


def test_r4_2_a_stand_at_7_and_a_half_reads_like_a_stand_by_choice(app, people):
    seven_id, order = rigged_table(app, people, SEVEN)
    three_id, same_order = rigged_table(app, people, THREE)
    assert order == same_order
    _bank, punter, other = order
    for game_id, chooses_to_stand in ((seven_id, False), (three_id, True)):
        move(app, people, game_id, punter, "bet", amount=1)
        move(app, people, game_id, punter, "draw")  # the ½: 7½ stands by itself (R4.6) ...
        if chooses_to_stand:
            move(app, people, game_id, punter, "stand")  # ... 3½ stands by choice
    assert _version(app, seven_id) == _version(app, three_id)
    others = [None, *[name for name in order if name != punter]]
    first_seven = answers(app, people, seven_id, others)
    first_three = answers(app, people, three_id, others)
    assert "stands" in first_seven["spectator: fragment"][1]
    assert "7½" not in first_seven["spectator: fragment"][1].split('class="log')[1]
    assert_same(first_seven, first_three)
    for game_id in (seven_id, three_id):  # the other punter plays; the bank's turn comes
        move(app, people, game_id, other, "bet", amount=1)
        move(app, people, game_id, other, "stand")
    assert_same(answers(app, people, seven_id, others), answers(app, people, three_id, others))
    own_seven = answers(app, people, seven_id, [punter])[f"{punter}: fragment"][1]
    assert "has 7½ and stands" in own_seven  # the punter knows its own cards

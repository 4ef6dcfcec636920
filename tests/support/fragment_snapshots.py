"""Render the table fragment of a few seeded games at every moment, for a before/after diff.

    PYTHONPATH=. .venv/bin/python tests/support/fragment_snapshots.py /tmp/before
    (change the code)
    PYTHONPATH=. .venv/bin/python tests/support/fragment_snapshots.py /tmp/after
    diff -r /tmp/before /tmp/after

Each game is a person (Ana) against three bots, seeded, played to its end by a fixed policy
(bet the lowest, draw below 5, say "next" in the pause); after every move the #table fragment
is rendered for Ana (a seated player), Bea (a logged-in spectator) and a logged-out viewer, in
English and in Spanish, and written to OUT/<game>/<step>-<viewer>-<lang>.html. One game has
Ana leave half-way (her seat goes to a bot: she watches). A waiting table, the finished games'
history pages and the rules page are rendered too. What changes from run to run is blanked:
CSRF tokens, the countdowns' seconds, dates and durations.
"""
from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from siete.app import create_app
from siete.data.base import db
from siete.data.database import init_database
from siete.data.people import User
from siete.service.tables import turns
from siete.service.tables.lobby_actions import TableSpec, create_table, player_for, start_table
from tests.support.play import HX, client_for, make_user
from tests.support.settings import app_settings

VIEWERS = ("player", "spectator", "anonymous")
LANGUAGES = ("en", "es")
SEEDS = (3, 11, 27)
VOLATILE = [
    (re.compile(r'name="csrf_token" value="[^"]*"'), 'name="csrf_token" value="-"'),
    (re.compile(r'name="csrf-token" content="[^"]*"'), 'name="csrf-token" content="-"'),
    (re.compile(r'"X-CSRFToken": "[^"]*"'), '"X-CSRFToken": "-"'),
    (re.compile(r'data-deadline="\d+"'), 'data-deadline="-"'),
    (re.compile(r'data-due-ms="\d+"'), 'data-due-ms="-"'),
    (re.compile(r"<span data-countdown-value>[^<]*</span>"), "<span data-countdown-value>-</span>"),
    (re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?"), "DATE"),
    (re.compile(r"\d+ (min|s|h)\b( \d+ (min|s))?"), "DURATION"),
    (re.compile(r"\?v=[0-9a-f]{8,}"), "?v=-"),
]


def normalized(html: str) -> str:
    for pattern, replacement in VOLATILE:
        html = pattern.sub(replacement, html)
    return html


def render(clients: dict, url: str, out: Path, name: str, fragment: bool = True) -> None:
    for viewer, client in clients.items():
        for lang in LANGUAGES:
            headers = {"Accept-Language": lang, **(HX if fragment else {})}
            response = client.get(url, headers=headers)
            page = f"{response.status_code}\n{normalized(response.get_data(as_text=True))}"
            (out / f"{name}-{viewer}-{lang}.html").write_text(page)


def ana_user() -> User:
    return db.session.scalars(db.select(User).where(User.username == "Ana")).one()


def ana_moves(app, game_id: int, step: int, leave_at: int | None) -> bool:
    """Ana's next move by the fixed policy; False when the game is over or she cannot move."""
    with app.app_context():
        settings = app_settings()
        db.session.expire_all()
        _game, state = turns.current_state(settings, game_id)
        if state is None or state.phase == "over":
            return False
        me = state.seat_index("Ana")
        if leave_at is not None and step == leave_at:
            turns.leave_game(settings, game_id, player_for(ana_user()))
            return True
        if state.seats[me].bot is not None:
            return False
        version = state.version
        if state.phase == "deal":
            turns.ready_for_next(settings, game_id, "Ana")
            return True
        if state.current_seat() != me:
            return False
        if state.seats[me].bet == 0 and me != state.order[0]:
            turns.act(settings, game_id, "Ana", "bet", 1, version)
        elif state.seats[me].total < 10:  # half points: below 5
            turns.act(settings, game_id, "Ana", "draw", None, version)
        else:
            turns.act(settings, game_id, "Ana", "stand", None, version)
        return True


def play_game(app, clients: dict, seed: int, out: Path, leave_at: int | None = None) -> int:
    with app.app_context():
        ana = ana_user()
        spec = TableSpec(name=f"seed {seed}", seats=4, bots=("standard", "cautious", "bold"),
                         max_hands=4, turn_seconds=30)
        game = create_table(player_for(ana), spec, app.config["GAME"], seed=seed)
        game_id = game.id
        render(clients, f"/tables/{game_id}/fragment", out, "00-waiting")
        start_table(app_settings(), game_id, player_for(ana))
    for step in range(1, 200):
        render(clients, f"/tables/{game_id}/fragment", out, f"{step:02d}")
        if not ana_moves(app, game_id, step, leave_at):
            break
    render(clients, f"/games/{game_id}", out, "history", fragment=False)
    return game_id


def main(out_dir: str) -> None:
    out = Path(out_dir)
    db_file = Path(tempfile.mkdtemp()) / "snapshots.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "snapshot-secret-key-0123456789abcdef",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_file}", "WTF_CSRF_ENABLED": False})
    with app.app_context():
        init_database()
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    clients = {"player": client_for(app, ana), "spectator": client_for(app, bea),
               "anonymous": client_for(app, None)}
    for number, seed in enumerate(SEEDS):
        game_out = out / f"game-{seed}"
        game_out.mkdir(parents=True, exist_ok=True)
        play_game(app, clients, seed, game_out, leave_at=6 if number == 1 else None)
    (out / "pages").mkdir(parents=True, exist_ok=True)
    render(clients, "/rules", out / "pages", "rules", fragment=False)
    render(clients, "/games", out / "pages", "games", fragment=False)
    render(clients, "/players/Ana", out / "pages", "player-ana", fragment=False)
    render(clients, "/rankings", out / "pages", "rankings", fragment=False)


if __name__ == "__main__":
    main(sys.argv[1])

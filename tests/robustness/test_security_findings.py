"""#15.4-15.10, one reproduction each, so none of the adversarial probe's findings comes back.

(#15.1-15.3 live in tests/auth/: test_sessions.py, test_login_throttle.py and
test_shared_rate_limit.py.)
"""
from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from flask import render_template
from lxml import html
from sqlalchemy import select

from siete.data.base import db
from siete.data.games import Game
from siete.data.people import Player
from siete.engine import rules
from siete.engine.config import GameConfig
from siete.play.context import game_context, table_urls
from siete.service.accounts.credentials import password_problem
from siete.service.text_rules import forbidden_characters, parse_ascii_int
from tests.support.accounts import PASSWORD, register
from tests.support.play import HX, client_for, make_user, started_game, text

# ---------------------------------------------------------------- 4. the 7½ stand


def log_lines(app, state) -> list[str]:
    """The log as a spectator's table page shows it."""
    with app.test_request_context("/"):
        page = render_template("play/_game.html", game=SimpleNamespace(id=1, mode="bots"), seat=None,
                               left=False, user_id=None, urls=table_urls(1, "0"),
                               **game_context(state, None, None).template_args())
    return [li.text_content().strip() for li in html.fromstring(page).xpath('//ol[contains(@class, "log")]/li')]


def test_r4_2_reaching_7_and_a_half_does_not_tell_the_face_down_card(app):
    """#15.4: c holds a face-down 7 and draws a figure; "c has 7½" would name the hidden card."""
    state = rules.new_game(["a", "b", "c"], GameConfig(), ["O12", "C11", "E10"])
    rules.deal(state, ["B05", "E07", "O04", "O10"])  # b 5, c 7 (face down), the bank a 4
    b, c = state.seat_index("b"), state.seat_index("c")
    rules.bet(state, b, 1)
    rules.stand(state, b)
    rules.bet(state, c, 1)
    rules.draw(state, c)  # the ½ figure: 7½, c stands by itself
    assert state.seats[c].total == 15 and state.phase == "play"
    lines = log_lines(app, state)
    assert "c stands" in lines
    assert not any("7½" in line or "7 of espadas" in line.lower() for line in lines)


# ---------------------------------------------------------------- 5. bot names


def test_a_new_account_cannot_break_table_creation_by_taking_the_next_bot_name(app):
    """#15.5: registering "Bold24" (or any name) can no longer clash with a new bot."""
    ana = make_user(app, "Ana")
    with app.app_context():
        count = db.session.scalar(select(db.func.count()).select_from(Player))
    for name in (f"Bold{count + 2}", f"Bold{count + 3}", f"Bold{count + 4}"):
        make_user(app, name)  # the names the old scheme would have given the next bots
    form = {"seats": 8, "standard_bots": 0, "cautious_bots": 0, "bold_bots": 7,
            "max_hands": 5, "turn_seconds": 30}
    response = client_for(app, ana).post("/tables", data=form)
    assert response.status_code == 303, text(response)[:300]
    with app.app_context():
        bots = db.session.scalars(select(Player.name).where(Player.kind == "bot",
                                                            Player.profile == "bold")).all()
    new = [name for name in bots if name.startswith("Bold-")]
    assert len(new) == 4 and len(bots) == 7  # 3 seeded (Caballo-de-...) + 4 new


def test_a_name_taken_in_a_race_makes_the_table_pick_another(app):
    """Two tables created at once may pick the same number: the loser retries, never a 500."""
    from siete.service.tables import lobby_actions

    with app.app_context():
        count = db.session.scalar(select(db.func.count()).select_from(Player))
        taken = f"Bold-{count + 2}"  # what the next bot will try first, once this row is in
        db.session.add(Player(name=taken, kind="bot", profile="bold"))
        db.session.commit()
        bot = lobby_actions.new_bot("bold", "test")
        db.session.commit()  # the failed insert was rolled back to its savepoint only
        assert bot.id is not None and bot.name.startswith("Bold-") and bot.name != taken
        assert db.session.scalar(select(db.func.count()).select_from(Player)) == count + 2


@pytest.mark.mariadb_only
def test_six_tables_created_at_once_with_seven_bold_bots_each_all_open(app):
    """The probe's load: six concurrent creations with 7 bold bots each (it saw two 500s).

    Whether threads collide here depends on timing; the deterministic reproduction of a
    clash is test_a_name_taken_in_a_race_makes_the_table_pick_another.
    """
    import threading

    users = [make_user(app, f"Racer{n}") for n in range(6)]
    form = {"seats": 8, "standard_bots": 0, "cautious_bots": 0, "bold_bots": 7,
            "max_hands": 5, "turn_seconds": 30}
    start, codes = threading.Barrier(len(users)), []

    def create(user_id):
        client = client_for(app, user_id)
        start.wait()
        codes.append(client.post("/tables", data=form).status_code)

    threads = [threading.Thread(target=create, args=(uid,)) for uid in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(codes) == [303] * 6, codes
    with app.app_context():
        names = db.session.scalars(select(Player.name).where(Player.kind == "bot")).all()
        assert len(names) == len(set(names))


def test_usernames_cannot_take_the_bot_namespace(client):
    page = text(register(client, "Bold-99"))
    assert "no spaces or symbols" in page


# ---------------------------------------------------------------- 6. who has an account


def test_a_missing_user_costs_the_same_password_check_as_a_wrong_password(app, client):
    """#15.6: 145 ms against 9 ms told which usernames exist; both now run scrypt."""
    register(client)
    client.post("/auth/logout")

    def timed(username: str) -> float:
        start = time.perf_counter()
        client.post("/auth/login", data={"username": username, "password": "wrong-password"})
        return time.perf_counter() - start

    timed("Nobody")  # warm up (the dummy hash is made once)
    existing = min(timed("Ana1") for _ in range(3))
    missing = min(timed("Nobody") for _ in range(3))
    assert missing > existing * 0.5, (existing, missing)


# ---------------------------------------------------------------- 7. weak passwords


@pytest.mark.parametrize("password, reason", [
    ("password", "most common"), ("12345678", "most common"), ("iloveyou", "most common"),
    ("aaaaaaaaaa", "most common"), ("Ana1Ana1Ana1", "your username"), ("short", "8 to 128"),
])
def test_weak_passwords_are_refused_at_sign_up(app, client, password, reason):
    page = text(register(client, "Ana1", password=password))
    assert reason in page
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(Game)) == 0


def test_the_policy_applies_to_a_password_change_too(client):
    register(client)
    response = client.post("/auth/password", data={
        "current_password": PASSWORD, "new_password": "qwertyuiop", "confirm": "qwertyuiop"})
    assert "most common" in text(response)


def test_password_problem():
    assert password_problem("correct-horse-9", "Ana1") is None
    assert password_problem("PASSWORD", "") is not None  # compared ignoring case
    assert password_problem("my-ana1-pass", "ANA1") is not None


# ---------------------------------------------------------------- 8. headers


def test_pages_and_fragments_with_cards_are_not_stored(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    for path, headers in ((f"/tables/{game_id}", {}), (f"/tables/{game_id}", HX),
                          (f"/tables/{game_id}/fragment?v=-1", HX), ("/", {})):
        response = client.get(path, headers=headers)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "no-store", path
    assert "no-store" not in client.get("/static/css/siete.css").headers.get("Cache-Control", "")


class TestHstsInProduction:
    @pytest.fixture
    def app_config(self):
        return {"HSTS_ENABLED": True, "TRUSTED_PROXIES": 1}

    def test_hsts_on_https_answers_only(self, client):
        secure = client.get("/auth/login", headers={"X-Forwarded-Proto": "https"})
        assert secure.headers["Strict-Transport-Security"].startswith("max-age=")
        assert "Strict-Transport-Security" not in client.get("/auth/login").headers


def test_production_turns_hsts_on(monkeypatch, database_url):
    from siete.app import create_app

    monkeypatch.setenv("SIETE_ENV", "production")
    app = create_app({"SECRET_KEY": "k" * 48, "SQLALCHEMY_DATABASE_URI": database_url,
                      "PUBLIC_URL": "https://siete.example"})
    assert app.config["HSTS_ENABLED"] is True
    response = app.test_client().get("/livez", base_url="https://siete.example")
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_no_hsts_outside_production(client):
    assert "Strict-Transport-Security" not in client.get("/livez", base_url="https://x.example").headers


# ---------------------------------------------------------------- 9. control characters


@pytest.mark.parametrize("name", ["bad\x00name", "evil\u202eelbat", "a\u2066b\u2069", "line\u2028two",
                                  "zero\u200bwidth", "tab\there", "bell\x07",
                                  "\u3164", "\u2800\u2800", "An\u034fa"])  # the last three: blank letters
def test_control_and_format_characters_are_refused_in_table_names(app, name):
    ana = make_user(app, "Ana")
    response = client_for(app, ana).post("/tables", data={
        "name": name, "seats": 4, "standard_bots": 1, "cautious_bots": 1, "bold_bots": 1,
        "max_hands": 5, "turn_seconds": 30})
    assert response.status_code == 422 or response.status_code == 400, response.status_code
    assert "invisible or control characters" in text(response)
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(Game)) == 0


def test_the_service_refuses_them_too(app):
    from siete.service.errors import RuleBroken
    from siete.service.tables.lobby_actions import TableSpec, verify_spec

    with pytest.raises(RuleBroken):
        verify_spec(TableSpec(name="x\u202ey", seats=2, bots=("standard",)), app.config["GAME"])


@pytest.mark.parametrize("username", ["Ana\u202e1", "Ana\x001", "Ana\u200b1"])
def test_control_characters_are_refused_in_usernames(app, client, username):
    response = register(client, username)
    assert response.status_code == 200 and "aria-invalid=\"true\"" in text(response)


def test_forbidden_characters():
    assert forbidden_characters("Mesa de Ana ñ 7½ ♠ 🂡") == []
    assert forbidden_characters("a\u202eb\x00") == ["U+202E", "U+0000"]
    assert forbidden_characters("\u3164\u115f\uffa0\u2800") == ["U+3164", "U+115F", "U+FFA0", "U+2800"]
    assert forbidden_characters("\u2764\ufe0f \uc548\ub155") == []  # ❤️ 안녕: emoji and Hangul stay


# ---------------------------------------------------------------- 10. digits


@pytest.mark.parametrize("field, value", [("seats", "４"), ("seats", "٤"), ("max_hands", "١٥"),
                                          ("turn_seconds", "３０"), ("standard_bots", "𝟏")])
def test_numbers_in_forms_take_ascii_digits_only(app, field, value):
    """#15.10: decided: refuse, with a clear error, in every numeric field."""
    ana = make_user(app, "Ana")
    form = {"seats": 4, "standard_bots": 1, "cautious_bots": 1, "bold_bots": 1,
            "max_hands": 5, "turn_seconds": 30, field: value}
    response = client_for(app, ana).post("/tables", data=form)
    assert response.status_code in (400, 422)
    assert "with the digits 0-9" in text(response)
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(Game)) == 0


def test_a_bet_in_full_width_digits_is_refused(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    page = text(client.get(f"/tables/{game_id}"))
    version = html.fromstring(page).xpath('//input[@name="version"]/@value')[0]
    response = client.post(f"/tables/{game_id}/bet", data={"version": version, "amount": "１"}, headers=HX)
    assert response.status_code == 400 and "whole number" in text(response)
    response = client.post(f"/tables/{game_id}/bet", data={"version": "１" + version[1:], "amount": "1"},
                           headers=HX)
    assert response.status_code == 400


def test_parse_ascii_int():
    assert parse_ascii_int(" 12 ") == 12 and parse_ascii_int("-3") == -3
    for bad in ("４", "٤", "1_000", "1e3", "", None, "12" * 10):
        assert parse_ascii_int(bad) is None

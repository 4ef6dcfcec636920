"""#24.6 and #24.7: one account per address, and no name that looks like another.

Addresses are compared normalised (siete.data.identity.normal_email) and names by their
look-alike skeleton (name_skeleton: case, I/l/1, O/0, m/rn), against accounts and every player,
bots included. The database's unique keys decide a race: six simultaneous sign-ups with one
address (or six look-alike names) make one account, and the others get a clear error.
"""
from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from siete.data.base import db
from siete.data.identity import name_skeleton, normal_email
from siete.data.people import USERNAME_MAX, USERNAME_MIN, Player, User
from tests.support.accounts import PASSWORD, register

TAKEN = "That username is taken, or looks like one that is"
EMAIL_REFUSED = "This email cannot be used for a new account"


def count(app, model, *where) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model).where(*where))


def test_the_normal_address():
    assert normal_email("  Ana.Maria+siete@Example.COM ") == "ana.maria+siete@example.com"
    assert normal_email("ANA@EXAMPLE.com") == normal_email("ana@example.com")
    assert normal_email("ana.maria@example.com") != normal_email("anamaria@example.com")  # dots kept
    assert normal_email("a@b@Example.com") == "a@b@example.com"  # the last @ splits


@pytest.mark.parametrize("lookalike", ["alice", "ALICE", "aIice", "a1ice", "AL1CE", "aiice", "Alice"])
def test_look_alikes_share_a_skeleton(lookalike):
    assert name_skeleton(lookalike) == name_skeleton("alice") == "allce"


def test_skeletons_keep_different_names_apart():
    assert len({name_skeleton(n) for n in ("alice", "alicia", "bob", "b0b0", "rnario", "mario")}) == 5
    assert name_skeleton("mario") == name_skeleton("rnario") and name_skeleton("bob") != name_skeleton("b0b0")
    assert name_skeleton("B0B") == name_skeleton("bob")


@pytest.mark.parametrize("lookalike", ["ALICE", "aIice", "a1ice", "AIice", "aLice", "al1ce"])
def test_sign_up_refuses_a_name_that_looks_like_a_taken_one(app, lookalike):
    assert register(app.test_client(), "alice").status_code == 302
    response = register(app.test_client(), lookalike)
    assert response.status_code == 200 and TAKEN in response.get_data(as_text=True)
    assert count(app, User) == 1


def test_names_in_other_scripts_are_refused_outright(app):
    response = register(app.test_client(), "\u0430lice")  # Cyrillic a
    assert response.status_code == 200 and "use only letters and digits" in response.get_data(as_text=True)
    assert count(app, User) == 0


def test_the_display_keeps_the_case_its_owner_chose(app):
    client = app.test_client()
    assert register(client, "McAlister").status_code == 302
    assert 'title="Your profile">McAlister<' in client.get("/").get_data(as_text=True)
    with app.app_context():
        user = db.session.scalar(select(User))
        assert (user.username, user.username_key, user.username_skeleton) == ("McAlister", "mcalister",
                                                                              "rncallster")
        assert db.session.scalar(select(Player.name_skeleton).where(Player.user_id == user.id)) == "rncallster"


def test_a_bots_name_and_its_look_alikes_are_refused(app):
    with app.app_context():  # a bot with a letters-only name: one a scenario recorded, say
        db.session.add(Player(name="Robot", kind="bot", profile="standard"))
        db.session.commit()
    for name in ("Robot", "R0BOT", "robot"):
        response = register(app.test_client(), name)
        assert "belongs to a player already" in response.get_data(as_text=True)
    assert count(app, User) == 0


def test_no_house_bot_name_can_be_signed_up_for(app):
    """The house bots' names hold a hyphen (sql/seed.sql), which no username can."""
    with app.app_context():
        house = db.session.scalars(select(Player.name).where(Player.kind == "bot")).all()
    assert len(house) == 13 and all("-" in name for name in house), house
    for name in house:
        response = register(app.test_client(), name)
        assert "no spaces or symbols" in response.get_data(as_text=True), name
    assert count(app, User) == 0


@pytest.mark.parametrize("name", ["Lucia", "Rosa", "Paco", "Sofia", "Ines", "Manolo", "LOLA"])
def test_people_keep_their_first_names(app, name):
    """The house bots held these names (and their looks) until migration 0013."""
    response = register(app.test_client(), name)
    assert response.status_code == 302, response.get_data(as_text=True)
    with app.app_context():
        player = db.session.scalar(select(Player).join(User).where(User.username == name))
        assert (player.kind, player.name, player.name_skeleton) == ("human", name, name_skeleton(name))


def test_one_account_per_address_whatever_its_case(app):
    assert register(app.test_client(), "Ana1", email="ana@example.com").status_code == 302
    response = register(app.test_client(), "Bea2", email="ANA@Example.COM")
    assert response.status_code == 200 and EMAIL_REFUSED in response.get_data(as_text=True)
    assert count(app, User) == 1


def test_the_seeded_bots_carry_their_skeletons(app):
    with app.app_context():
        for name, skeleton in db.session.execute(select(Player.name, Player.name_skeleton)):
            assert skeleton == name_skeleton(name), name


def race(app, forms: list[dict]) -> list:
    """Post every sign-up at the same moment, each from its own browser; their answers."""
    barrier = threading.Barrier(len(forms))
    answers: list = [None] * len(forms)

    def one(i: int) -> None:
        client = app.test_client()
        barrier.wait()
        answers[i] = client.post("/auth/register", data={**forms[i], "password": PASSWORD,
                                                          "confirm": PASSWORD})
    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(forms))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def test_six_sign_ups_at_once_with_one_address_make_one_account(app):
    """On MariaDB all six pass the checks together; the unique key keeps one (#24.6)."""
    answers = race(app, [{"username": f"Racer{n}", "email": "same@example.com"} for n in range(6)])
    assert sorted(a.status_code for a in answers) == [200] * 5 + [302]
    for answer in answers:
        if answer.status_code == 200:
            assert EMAIL_REFUSED in answer.get_data(as_text=True)
    assert count(app, User, User.email == "same@example.com") == 1 and count(app, User) == 1


def test_six_look_alike_sign_ups_at_once_make_one_account(app):
    names = ["alice", "ALICE", "aIice", "a1ice", "AL1CE", "aLIce"]
    answers = race(app, [{"username": name, "email": f"racer{n}@example.com"} for n, name in enumerate(names)])
    assert sorted(a.status_code for a in answers) == [200] * 5 + [302]
    for answer in answers:
        if answer.status_code == 200:
            text = answer.get_data(as_text=True)
            assert TAKEN in text or "That username was just taken" in text
    assert count(app, User) == 1


def test_an_old_account_without_a_player_whose_name_looks_like_a_bots_can_still_sit(app):
    """Accounts made before sign-up created players get theirs at their first table."""
    from siete.service.tables.lobby_actions import player_for

    with app.app_context():
        db.session.add(Player(name="Rosa", kind="bot", profile="standard"))  # a recorded bot
        user = User(username="R0sa", email="r0sa@example.com", password_hash="x")
        db.session.add(user)
        db.session.commit()
        player = player_for(user)
        db.session.commit()
        assert (player.name, player.name_skeleton) == ("R0sa", None)  # Rosa the bot keeps "rosa"


@pytest.mark.parametrize("language, hint, error", [
    ("en", "{low} to {high} letters or digits", "Usernames are {low} to {high} characters long."),
    ("es", "De {low} a {high} letras o cifras", "Los nombres de usuario tienen de {low} a {high} caracteres."),
])
def test_the_sign_up_page_says_the_username_limits_the_accounts_rule_has(client, auth, language, hint, error):
    """The hint, the field's bounds and the error say the rule's own numbers (siete/data/people.py),
    not a copy of them written into the words."""
    client.set_cookie("lang", language)
    low, high = USERNAME_MIN, USERNAME_MAX
    page = client.get("/auth/register").get_data(as_text=True)
    assert hint.format(low=low, high=high) in page
    assert f'maxlength="{high}" minlength="{low}"' in page  # the field's own bounds
    refused = auth.register("a" * (high + 1), email="someone@example.com").get_data(as_text=True)
    assert error.format(low=low, high=high) in refused

"""The account page said nothing of whose account it was: no username, no email. It now opens
with who is logged in: the username and the email, or for a guest that it is a guest account
(no email, no password), in English and Spanish."""
from __future__ import annotations

import re

import pytest

from tests.support.accounts import guest_client
from tests.support.play import client_for, make_user, text


@pytest.fixture
def app_config():
    return {"GUEST_RATE_LIMIT": "1000/minute"}


def who_box(page: str) -> str:
    found = re.search(r'<dl class="account__who" id="account-who">(.*?)</dl>', page, re.S)
    assert found, "the account page names who is logged in"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip()


def test_a_person_s_account_page_shows_the_username_and_email(app):
    ana = client_for(app, make_user(app, "Ana"))
    page = text(ana.get("/auth/account"))
    assert who_box(page) == "Username Ana Email ana@example.test"
    assert page.index('id="account-who"') < page.index('id="sessions-heading"')  # at the top
    spanish = text(ana.get("/auth/account", headers={"Accept-Language": "es"}))
    assert who_box(spanish) == "Nombre de usuario Ana Correo electrónico ana@example.test"


def test_a_guest_s_account_page_says_it_is_a_guest_account(app):
    client, _guest_id = guest_client(app)
    box = who_box(text(client.get("/auth/account")))
    assert re.fullmatch(r"Username Guest \d{4} Account A guest account, for this browser: "
                        r"no email and no password\.", box), box
    spanish = who_box(text(client.get("/auth/account", headers={"Accept-Language": "es"})))
    assert "Una cuenta de invitado, para este navegador: sin correo ni contraseña." in spanish

"""Pseudo-locale check: render the pages with every translation marked ⟦like this⟧ and look for
text a person reads that never went through gettext (so no catalog can translate it).

The catalog tests catch a wrapped string without a translation; this one catches a string that
was never wrapped. Names, numbers, card corners and the two languages' own names are not words
to translate and are let through.
"""
from __future__ import annotations

import re

import flask_wtf.i18n
import lxml.html
import pytest
from babel.support import NullTranslations
from flask_babel import Domain

from tests.support.play import client_for, make_user, started_game, text
from tests.support.settings import app_settings

# Attributes people read (screen readers and tooltips), besides the text itself.
READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
NOT_WORDS = re.compile(r"^[\s\d½·:;,.!?\-+−–—/()%#*|×=<>…‹›«»→]*$")
# The brand, each language named in itself (the switch), the suits' and figures' letters.
KEPT = {"Siete", "y medio", "Siete y medio", "Español", "English", "S", "C", "R", "?"}


class Pseudo(NullTranslations):
    """Every message comes back marked, so unmarked text on a page was never translated."""

    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context, message):
        return f"⟦{message}⟧"

    def npgettext(self, context, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"

    # Flask-Babel's pgettext calls upgettext, which babel's NullTranslations answers itself.
    ugettext, ungettext, upgettext, unpgettext = gettext, ngettext, pgettext, npgettext


@pytest.fixture
def pseudo(monkeypatch):
    monkeypatch.setattr(Domain, "get_translations", lambda self: Pseudo())
    # WTForms' own messages ("This field is required.") come from its catalog via Flask-WTF.
    monkeypatch.setattr(flask_wtf.i18n, "_get_translations", lambda: Pseudo())


def unmarked_text(page: str, names: set[str]) -> list[str]:
    """The bits of text a person reads on the page that carry no ⟦mark⟧."""
    root = lxml.html.document_fromstring(page)
    # Cards are <use>s of the sprite (no text); the reports' and history's charts are SVG with
    # titles, labels and tooltips people read, so SVG text is checked like the rest.
    # A <code> is a command to type (python -m siete replay game-1.json): the same in every language.
    for hidden in root.xpath("//script | //style | //head | //body//code"):
        hidden.drop_tree()
    pieces = [t for t in root.xpath("//body//text()")]
    pieces += [v for a in READ_ATTRIBUTES for v in root.xpath(f"//body//@{a}")]
    found = []
    for piece in pieces:
        # A marked message may hold names, numbers and other marked messages: strip the
        # innermost marks until none is left.
        while re.search(r"⟦[^⟦⟧]*⟧", piece):
            piece = re.sub(r"⟦[^⟦⟧]*⟧", "", piece)
        # A mark around markup (a <strong> name inside a sentence) spans several text nodes:
        # the node that opens it ends inside it, the one that closes it starts inside it.
        piece = re.sub(r"⟦[^⟧]*$", "", re.sub(r"^[^⟦]*⟧", "", piece))
        for name in sorted(names, key=len, reverse=True):
            piece = piece.replace(name, "")
        if piece.strip() and not NOT_WORDS.match(piece) and piece.strip() not in KEPT:
            found.append(piece.strip())
    return found


def test_the_check_finds_an_unwrapped_string():
    assert unmarked_text("<html><body><p>Hello</p><p>⟦Bye⟧ Ana: 7½</p></body></html>", {"Ana"}) \
        == ["Hello"]


def test_pages_this_branch_wraps_are_fully_translated(app, client, pseudo):
    ana = make_user(app, "Ana")
    pages = {path: text(client.get(path)) for path in ("/auth/login", "/auth/register", "/missing")}
    pages["register errors"] = text(client.post("/auth/register", data={"username": "1x"}))
    pages["password"] = text(client_for(app, ana).get("/auth/password"))
    for name, page in pages.items():
        assert "⟦" in page, name
        assert unmarked_text(page, {"Ana"}) == [], name


def test_the_lobby_table_and_reports_are_fully_translated(app, pseudo):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    from siete.service.tables.turns import current_state

    with app.app_context():
        _, state = current_state(app_settings(), game_id)
        names = {seat.name for seat in state.seats} | {"seeded"}
    problems = {}
    # Pager arrows (› «) are symbols, not words.

    for path in ("/", f"/tables/{game_id}", f"/tables/{game_id}/leave", "/reports",
                 "/reports/first_card", "/players/Ana", "/games", f"/games/{game_id}", "/rankings",
                 "/rules", "/lobby/tables"):
        response = client.get(path)
        if response.status_code == 200:
            problems[path] = unmarked_text(text(response), names)
    assert not any(problems.values()), problems


def play_to_the_end(app, client, game_id: int, user_id: int) -> tuple[list[str], set[str]]:
    """Bet 1 and stand until the game is over; the pages seen in each pause and at the end,
    and the seats' names."""
    from siete.engine.views import table_view
    from tests.support.play import load, seat_of_user

    seat, pages, names = seat_of_user(app, game_id, user_id), [], set()
    for _ in range(200):
        status, state = load(app, game_id)
        names |= {s.name for s in state.seats}
        if status == "finished":
            break
        view = table_view(state, seat)
        if state.phase == "deal":
            pages.append(text(client.get(f"/tables/{game_id}")))  # the settled hand, in the pause
            client.post(f"/tables/{game_id}/next")
        elif view.actions.bet:
            client.post(f"/tables/{game_id}/bet", data={"version": view.version, "amount": 1})
        else:
            client.post(f"/tables/{game_id}/stand", data={"version": view.version})
    pages.append(text(client.get(f"/tables/{game_id}")))
    return pages, names


def finished_game(app, user_id: int, max_hands: int = 2) -> tuple[int, list[str], set[str]]:
    from tests.support.play import THREE_BOTS, table_id_from

    client = client_for(app, user_id)
    game_id = table_id_from(client.post("/tables", data={**THREE_BOTS, "max_hands": max_hands}))
    client.post(f"/tables/{game_id}/start", headers={"HX-Request": "true"})
    pages, names = play_to_the_end(app, client, game_id, user_id)
    return game_id, pages, names


def test_a_waiting_table_and_a_finished_game_are_fully_translated(app, pseudo):
    """The pages around a game: the waiting table, the pause's settlement and the results."""
    from tests.support.play import THREE_BOTS, waiting_table

    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    names = {"Ana", "Bea", "seeded", THREE_BOTS["name"]}
    waiting = waiting_table(app, ana)
    assert unmarked_text(text(client_for(app, bea).get(f"/tables/{waiting}")), names) == []
    assert unmarked_text(text(client_for(app, ana).get(f"/tables/{waiting}")), names) == []
    _, pages, seat_names = finished_game(app, ana)
    assert "results__winner" in pages[-1] and len(pages) >= 2
    for page in pages:
        assert unmarked_text(page, names | seat_names) == []


def test_reports_history_and_charts_with_games_in_them_are_fully_translated(app, pseudo):
    """With finished games the reports fill their tables and draw their charts, and profiles,
    rankings and a game's page have figures: every word of them, SVG titles and tooltips too."""
    from siete.service.reports.definitions import REPORTS

    ana = make_user(app, "Ana")
    game_id, _, names = finished_game(app, ana)
    finished_game(app, ana)
    bot = next(name for name in names if name != "Ana")
    names |= {"Ana", "seeded", "Three bots"}  # the table's name is the creator's words
    paths = ["/reports", "/players/Ana",
             f"/players/{bot}", f"/games/{game_id}", "/games", "/rankings", "/"]
    paths += [f"/reports/{report.key}" for report in REPORTS]
    client = client_for(app, ana)
    problems = {}
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
        problems[path] = unmarked_text(text(response), names)
    assert "<svg" in text(client.get("/reports"))  # the charts were drawn, so they were checked
    found = {path: words for path, words in problems.items() if words}
    assert not found, "\n".join(f"{path}: {words}" for path, words in found.items())

"""A guest's name is said in the reader's language: the stored name keeps the word of the
browser that made it ("Invitado 8080"), and every page says "Guest 8080" to an English reader
and "Invitado 8080" to a Spanish one (siete/i18n/guest_names.py); exports keep the stored name."""
from __future__ import annotations

from markupsafe import Markup

from siete.i18n.guest_names import GUEST_NAME, names_a_guest, said_names
from tests.support.play import client_for, make_user, started_game, text


def test_a_guest_name_is_said_with_the_readers_word():
    assert said_names("Invitado 8080", "Guest") == "Guest 8080"
    assert said_names("Guest 123456 holds the bank", "Invitado") == "Invitado 123456 holds the bank"
    assert said_names("Guests", "Invitado") == "Guests" and not GUEST_NAME.search("Guest 12")
    said = said_names(Markup("<b>Invitado 8080</b>"), "Guest")
    assert isinstance(said, Markup) and said == Markup("<b>Guest 8080</b>")


def test_names_a_guest_agrees_with_the_guest_name_pattern():
    """The finalize's quick look (issue 37) finds exactly what GUEST_NAME finds."""
    texts = ["Invitado 8080", "<b>Guest 123456</b> holds the bank", "Guests 8080", "Guest 12",
             "xGuest 8080", "Guest 80801234", "guest 8080", "Guest  8080", "Invitado", "",
             "Ana and Invitado 4242.", Markup("<svg><use href='#C05'/></svg>") * 20 + "Guest 9032"]
    for found in texts:
        assert names_a_guest(found) == (GUEST_NAME.search(found) is not None), found


def test_an_english_reader_sees_a_spanish_guest_as_guest(app):
    """trial: an English player saw the Spanish-speaking guest at the table as "Invitado 8080"."""
    guest = make_user(app, "Invitado 8080")  # as a Spanish browser's guest is stored
    game_id = started_game(app, guest)
    english = text(client_for(app, guest).get(f"/tables/{game_id}", headers={"Accept-Language": "en"}))
    spanish = text(client_for(app, guest).get(f"/tables/{game_id}", headers={"Accept-Language": "es"}))
    assert "Guest 8080" in english and "Invitado 8080" not in english
    assert "Invitado 8080" in spanish and "Guest 8080" not in spanish


def test_a_new_guest_never_reads_as_an_older_one_in_another_language(app, monkeypatch):
    """"Invitado 8080" reads "Guest 8080" in English: a new English guest may not take 8080."""
    from siete.service.accounts import guests

    make_user(app, "Invitado 8080")
    drawn = iter([8080, 8080, 4242])
    monkeypatch.setattr(guests, "guest_name", lambda word, attempt: f"{word} {next(drawn)}")
    with app.app_context():
        assert guests.create_guest("Guest", ("Guest", "Invitado")).username == "Guest 4242"


def test_a_guest_is_found_by_its_name_in_any_language(app):
    """words2: "Invitado 9032" reads "Guest 9032" to an English reader, but /players/Guest%209032
    and the reports' Player box with "Guest 9032" said there was no such player (and the other
    way round): a guest's name typed with any language's word finds the guest."""
    make_user(app, "Invitado 9032")
    make_user(app, "Guest 7001")
    client = app.test_client()
    for typed, stored in (("Guest 9032", "Invitado 9032"), ("guest 9032", "Invitado 9032"),
                          ("Invitado 7001", "Guest 7001"), ("INVITADO 7001", "Guest 7001")):
        moved = client.get(f"/players/{typed}")
        assert moved.status_code == 301, typed
        assert moved.headers["Location"].endswith("/players/" + stored.replace(" ", "%20"))
        assert client.get(f"/reports/stands_per_game?player={typed}").status_code == 200, typed
        assert client.get(f"/reports/stands_per_game.csv?player={typed}").status_code == 200, typed
    assert client.get("/players/Invitado%209032").status_code == 200
    assert client.get("/players/Guest%209033").status_code == 404
    assert client.get("/reports/stands_per_game?player=Guest 9033").status_code == 404

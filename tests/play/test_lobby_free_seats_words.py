"""A lobby card's seat count agrees with its number in Spanish: 'un asiento libre', never
'1 libres' (a user trial read "2 de 3 asientos ocupados, 1 libres")."""
from __future__ import annotations

from tests.support.play import THREE_BOTS, client_for, make_user, table_id_from, text


def test_one_free_seat_is_said_in_the_singular_and_two_in_the_plural(app):
    ana = make_user(app, "Ana")
    ana_client = client_for(app, ana)
    for name, bots in (("Uno", 2), ("Dos", 1)):
        table_id_from(ana_client.post("/tables", data={**THREE_BOTS, "name": name, "standard_bots": bots,
                                                       "cautious_bots": 0, "bold_bots": 0}))
    es = text(client_for(app, None).get("/", headers={"Accept-Language": "es"}))
    assert "3 de 4 asientos ocupados, 1 libre" in es and "1 libres" not in es
    assert "2 de 4 asientos ocupados, 2 libres" in es
    en = text(client_for(app, None).get("/"))
    assert "3 of 4 seats taken, 1 free" in en and "2 of 4 seats taken, 2 free" in en

"""The rules page said nothing of R4.8 (an empty deck allows no draw: the player in turn may
only stand), and its bank sentence said "(unless the bank had 7½ too)", which R5.2 already
settles: a bank on 7½ wins every stake, so nobody "wins with 7½" then (R6.2). R4.8 is on the
page now, in plain words, and the bank's sentence says it once, in English and Spanish."""
from __future__ import annotations

from tests.support.play import client_for, text


def words(app, **headers) -> str:
    return " ".join(text(client_for(app, None).get("/rules", headers=headers)).split())


def test_the_rules_page_says_an_empty_deck_allows_only_stand_r4_8(app):
    assert ("If the deck runs out during a hand, nobody can draw any more: whoever is to play, "
            "the bank too, may only stand.") in words(app)
    assert ("Si el mazo se acaba durante una mano, ya nadie puede pedir carta: a quien le toque "
            "jugar, también a la banca, solo le queda plantarse.") in words(app, **{"Accept-Language": "es"})


def test_the_bank_s_sentence_leaves_the_bank_s_own_7_and_a_half_to_who_wins_r5_2_r6_2(app):
    english, spanish = words(app), words(app, **{"Accept-Language": "es"})
    assert "The bank passes to the first player who wins with exactly 7½, or to the next player" in english
    assert "unless the bank had 7½ too" not in english
    assert "The bank has exactly 7½: it wins every stake." in english  # R5.2, under "Who wins"
    assert "La banca pasa al primer jugador que gane con exactamente 7½, o al siguiente" in spanish
    assert "salvo que la banca también tuviera 7½" not in spanish

"""One Spanish word for each thing a player reads (the es catalogue): a seat is an «asiento»
(«puesto» is kept for a place, in the standings or the order of play), and the lobby is «las
mesas», as the menu and «Volver a las mesas» say it (never «la sala»)."""
from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parents[2] / "siete/i18n/translations/es/LC_MESSAGES/messages.po"


def _entries() -> list[tuple[str, str]]:
    """Every (English msgid, Spanish msgstr) pair, plural forms included."""
    with PO.open("rb") as handle:
        catalog = read_po(handle)
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs.extend((ids[0], string) for string in strings)
    return pairs


def test_a_seat_is_an_asiento_everywhere():
    seats = [(msgid, text) for msgid, text in _entries() if re.search(r"\bseat", msgid, re.I)]
    assert len(seats) > 20  # a guard: the scan found the seats' messages
    said_puesto = [msgid for msgid, text in seats if re.search(r"\bpuestos?\b", text, re.I)]
    assert not said_puesto, f"«puesto» for a seat (use «asiento»): {said_puesto}"


def test_puesto_is_left_for_a_place():
    places = [text for msgid, text in _entries() if msgid in ("Place", "Wins by start position")]
    assert places and all("uesto" in text for text in places)


def test_the_lobby_is_never_la_sala():
    said_sala = [msgid for msgid, text in _entries() if re.search(r"\bsala\b", text, re.I)]
    assert not said_sala, f"«la sala» for the lobby (say «las mesas»): {said_sala}"

"""The cards file read the first time cards are dealt, then kept in memory (XML.md, the brief's
"se leerá la primera vez que se repartan cartas").

CardsFile is the CardSet a GameConfig carries from start-up, but empty: the app and the CLI
start without opening the file, and the first thing that needs a card (in practice the first
deal: the seat cards of a game's start) reads and validates it through load_cards. From then
on the cards are plain attributes of the object, so nothing is read or checked again and a
lookup costs what it costs on any CardSet. A missing or broken file raises the
XmlFileError a bad settings file raises at start-up, at that first deal (the web shows a 503 page and logs the
line; the commands print the line and exit 2); nothing is kept, so the next deal tries the file
again and a file the operator has fixed is read without a restart.
"""
from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

from siete.engine.cards import CardSet, CardSpec

# One process reads the file once: the lock keeps two requests' first deals from both reading.
_load_lock = threading.Lock()


class CardsFile(CardSet):
    """A CardSet filled from its XML file on the first use of any of its cards."""

    def __init__(self, path: str | os.PathLike[str], read: Callable[[str], list[CardSpec]]):
        # CardSet.__init__ runs on the first use; `read` is xmlfiles.load_cards (given, so
        # that this module and xmlfiles, which makes CardsFiles, do not import each other).
        self.path = os.fspath(path)
        self.read = read
        self.loaded = False

    def __getattr__(self, name: str) -> Any:
        # Called only for attributes the object does not have yet: CardSet's, before the load.
        if name.startswith("__") or self.__dict__.get("loaded", True):
            raise AttributeError(name)  # copy/pickle probes, or a name CardSet never has
        self.load()
        return object.__getattribute__(self, name)

    def load(self) -> None:
        """Read and validate the file now (once per process); XmlFileError if it is unusable."""
        with _load_lock:
            if not self.loaded:
                CardSet.__init__(self, self.read(self.path))
                self.loaded = True

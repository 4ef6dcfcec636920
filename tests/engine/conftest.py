"""Fixtures for the engine's tests (no Flask or SQLAlchemy: the engine is the pure rules core)."""
from __future__ import annotations

import pytest

from siete.engine.state import GameState
from tests.engine.engine_helpers import start_game


@pytest.fixture
def three() -> GameState:
    """a banks (O12), then b (O11), c (O10); dealt b O03, c O04, bank a O05, then C01.. to draw."""
    return start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O03", "O04", "O05"])

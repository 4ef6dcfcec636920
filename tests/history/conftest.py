"""The history tests share games played once per test through the service."""
from __future__ import annotations

import pytest

from tests.history.history_games import play_some_games


@pytest.fixture
def games(app):
    """{'bots': [...], 'humans': [...], 'running': [...]} game ids, played in app's database."""
    with app.app_context():
        return play_some_games(app)

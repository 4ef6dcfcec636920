"""Fixtures for the report tests: the hand-built scenario games of tests/reports/scenarios."""
from __future__ import annotations

import pytest

from tests.reports.report_data import ALL_GAMES, record


@pytest.fixture
def games(app) -> dict[str, int]:
    """All seven scenario games recorded (g6 stays unfinished); their ids by short name."""
    return record(app, ALL_GAMES)

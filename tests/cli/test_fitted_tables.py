"""The simulator's and the tournament's tables never cut a figure to "…" (siete/cli/fitted_tables.py)."""
from __future__ import annotations

import io

from rich.console import Console

from siete.cli.engine_commands import statistics_table
from siete.cli.fitted_tables import print_fitted

ROW = {"profile": "greedy", "games": 1000, "win_rate": 0.2601, "win_ci_low": 0.2339,
       "win_ci_high": 0.2882, "mean_points": 15.85, "busts_per_hand": 0.354,
       "bank_profit_per_hand": -0.012, "accuracy": 0.805, "blunders_per_100": 1.59, "faults": 377}


def printed(terminal: bool, width: int = 80) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=terminal, color_system=None)
    print_fitted(console, statistics_table([ROW], 1000, 3, 1))
    return out.getvalue()


def test_a_wide_table_in_a_pipe_prints_at_its_own_width_whole():
    text = printed(terminal=False)
    assert "26.0% (23.4%-28.8%)" in text and "blunders/100 decisions" in text
    assert "…" not in text


def test_a_wide_table_on_a_narrow_terminal_prints_a_block_per_row():
    text = printed(terminal=True)
    assert "  win rate (95% CI): 26.0% (23.4%-28.8%)" in text
    assert "  decisions forfeited: 377" in text and "…" not in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_a_table_that_fits_stays_a_table():
    text = printed(terminal=True, width=200)
    assert "┃ profile" in text and "26.0% (23.4%-28.8%)" in text

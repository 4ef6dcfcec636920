"""The profile's two SVG charts, computed here so the template only draws numbers.

A bar chart of the win rate over the player's games (oldest first, in groups) and a line of
the rating after each rated game. No script and no style attribute (CSP): looks come from
history.css.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import format_decimal
from flask_babel import gettext as _

from siete.i18n.words import one_decimal
from siete.service.player_history import MAX_POINTS

WIDTH, HEIGHT = 600, 220
LEFT, RIGHT, TOP, BOTTOM = 52, 10, 12, 34


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    label: str
    label_x: float
    tooltip: str


@dataclass(frozen=True)
class Chart:
    """A chart's frame (guide lines with their labels) and its marks."""

    title: str
    grid: tuple[tuple[float, str], ...]  # (y, label)
    bars: tuple[Bar, ...] = ()
    line: str = ""  # SVG polyline points
    dots: tuple[tuple[float, float, str], ...] = ()
    x_labels: tuple[tuple[float, str], ...] = ()
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    baseline: int = HEIGHT - BOTTOM


def _y(value: float, low: float, high: float) -> float:
    span = (high - low) or 1.0
    return round(HEIGHT - BOTTOM - (value - low) / span * (HEIGHT - TOP - BOTTOM), 2)


def win_rate_chart(title: str, series: list[tuple[str, float, str]]) -> Chart | None:
    """series: (label, win %, tooltip) per group of games, oldest first."""
    if not series:
        return None
    slot = (WIDTH - LEFT - RIGHT) / len(series)
    width = min(slot * 0.7, 60)
    bars = []
    for index, (label, pct, tooltip) in enumerate(series):
        x = LEFT + slot * index + (slot - width) / 2
        y = _y(pct, 0, 100)
        bars.append(Bar(round(x, 2), y, round(width, 2), round(HEIGHT - BOTTOM - y, 2), label,
                        round(x + width / 2, 2),
                        _("games %(games)s won, %(pct)s%%", games=tooltip, pct=format_decimal(pct))))
    grid = tuple((_y(step, 0, 100), f"{step}%") for step in (0, 50, 100))
    return Chart(title, grid, bars=tuple(bars))


def rating_chart(title: str, series: list[tuple[int, float]], games: int | None = None) -> Chart | None:
    """series: (game id, rating after it), oldest first, maybe thinned from `games` games."""
    if not series:
        return None
    step = max(1, -(-len(series) // MAX_POINTS))
    shown = series[::step] if series[-1] in series[::step] else series[::step] + [series[-1]]
    values = [v for _, v in shown]
    low, high = min(values + [0.0]), max(values + [0.0])
    pad = max(1.0, (high - low) * 0.1)
    low, high = low - pad, high + pad
    span_x = (WIDTH - LEFT - RIGHT) / max(1, len(shown) - 1)
    points = [(round(LEFT + span_x * i, 2) if len(shown) > 1 else (LEFT + WIDTH - RIGHT) / 2,
               _y(v, low, high),
               _("game %(id)s: rating %(rating)s", id=g, rating=one_decimal(v))) for i, (g, v) in enumerate(shown)]
    grid = tuple((_y(v, low, high), f"{v:.0f}") for v in (low + pad, (low + high) / 2, high - pad))
    x_labels = ((points[0][0], "1"), (points[-1][0], str(games or len(series))))
    return Chart(title, grid, line=" ".join(f"{x},{y}" for x, y, _ in points),
                 dots=tuple(points) if len(points) <= 40 else (), x_labels=x_labels)

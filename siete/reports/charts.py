"""Bar charts for the reports page: the geometry is computed here, the template only draws it.

Every function returns plain data (a BarChart of Bars with x/y/width/height/label) so the SVG
in the HTML needs no style attribute and no script, and the numbers can be tested in Python.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import ngettext

# The drawing area, in SVG user units (the <svg> scales to its box through its viewBox).
WIDTH = 640
HEIGHT = 260
MARGIN_LEFT = 46  # room for the axis labels (0 %, 50 %, 100 %)
MARGIN_RIGHT = 12
MARGIN_TOP = 22  # room for the value written above the tallest bar
MARGIN_BOTTOM = 40  # room for the bar labels and the axis title
BAR_FILL_RATIO = 0.68  # a bar's share of its slot: the rest is the gap between bars
MAX_BAR_WIDTH = 90  # one or two bars would otherwise fill the whole chart
MAX_VALUE_LABELS = 14  # with more bars the values would overlap; they stay in the tooltips
GRID_STEPS = (0, 25, 50, 75, 100)


@dataclass(frozen=True)
class Bar:
    """One bar: its rectangle, the label under it and the value written above it."""

    x: float
    y: float
    width: float
    height: float
    label: str
    value: float
    value_label: str
    label_x: float
    label_y: float
    value_y: float
    tooltip: str


@dataclass(frozen=True)
class GridLine:
    """A horizontal guide line with its value on the left axis."""

    y: float
    label: str


@dataclass(frozen=True)
class BarChart:
    """A whole chart: title, bars, guide lines, and where the axis titles go."""

    key: str
    title: str
    x_title: str
    bars: tuple[Bar, ...]
    grid: tuple[GridLine, ...]
    show_values: bool
    width: int = WIDTH
    height: int = HEIGHT
    plot_left: float = MARGIN_LEFT
    plot_right: float = WIDTH - MARGIN_RIGHT
    baseline_y: float = HEIGHT - MARGIN_BOTTOM
    x_title_x: float = (MARGIN_LEFT + WIDTH - MARGIN_RIGHT) / 2
    x_title_y: float = HEIGHT - 4


def percent_bars(key: str, title: str, x_title: str,
                 items: list[tuple[str, float, str]]) -> BarChart | None:
    """A 0-100 % bar chart of (label, percentage, tooltip) items; None when there is nothing."""
    if not items:
        return None
    plot_height = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    plot_width = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    slot = plot_width / len(items)
    bar_width = min(slot * BAR_FILL_RATIO, MAX_BAR_WIDTH)
    baseline = HEIGHT - MARGIN_BOTTOM
    bars = []
    for index, (label, value, tooltip) in enumerate(items):
        clamped = min(max(float(value), 0.0), 100.0)
        height = round(plot_height * clamped / 100, 2)
        x = MARGIN_LEFT + slot * index + (slot - bar_width) / 2
        bars.append(Bar(x=round(x, 2), y=round(baseline - height, 2), width=round(bar_width, 2),
                        height=height, label=label, value=float(value),
                        value_label=f"{value:.0f}%", label_x=round(x + bar_width / 2, 2),
                        label_y=baseline + 15, value_y=round(baseline - height - 5, 2),
                        tooltip=tooltip))
    grid = tuple(GridLine(y=round(baseline - plot_height * step / 100, 2), label=f"{step}%")
                 for step in GRID_STEPS)
    return BarChart(key=key, title=title, x_title=x_title, bars=tuple(bars), grid=grid,
                    show_values=len(bars) <= MAX_VALUE_LABELS)


def start_position_chart(result: dict) -> BarChart | None:
    """Report 8: the win % of each start position (0 is the bank)."""
    items = []
    for position, games, won, won_pct in result["rows"]:
        label = _("bank") if position == 0 else f"#{position}"
        items.append((label, won_pct, ngettext(
            "start position %(position)s: won %(won)s of %(num)s game",
            "start position %(position)s: won %(won)s of %(num)s games", games, position=position, won=won)))
    return percent_bars(result["key"], _("Games won by start position"), _("start position"), items)


def bot_wins_chart(result: dict) -> BarChart | None:
    """Report 6: of the games with a bot, the share won by bots and the share won by humans."""
    if not result["rows"]:
        return None
    games, won_by_bots, won_pct = result["rows"][0]
    if not games:
        return None
    won_by_humans = games - won_by_bots
    humans_pct = round(100.0 * won_by_humans / games, 2)
    items = [(_("bots"), won_pct, ngettext("bots won %(won)s of %(num)s game",
                                           "bots won %(won)s of %(num)s games", games, won=won_by_bots)),
             (_("humans"), humans_pct, ngettext("humans won %(won)s of %(num)s game",
                                                "humans won %(won)s of %(num)s games", games,
                                                won=won_by_humans))]
    return percent_bars(result["key"], _("Who wins the games with bots"), _("winner"), items)


def win_rate_by_hand_chart(result: dict) -> BarChart | None:
    """Report 4 over all players: each hand number's win %, weighted by the turns played."""
    turns_by_hand: dict[int, int] = defaultdict(int)
    won_by_hand: dict[int, float] = defaultdict(float)
    for _player, hand_number, turns, won_pct, _avg_bet in result["rows"]:
        turns_by_hand[hand_number] += turns
        # won_pct was rounded to 2 decimals, so turns * pct / 100 gives back the wins.
        won_by_hand[hand_number] += round(turns * won_pct / 100)
    items = []
    for hand_number in sorted(turns_by_hand):
        turns, won = turns_by_hand[hand_number], won_by_hand[hand_number]
        pct = round(100.0 * won / turns, 2) if turns else 0.0
        items.append((str(hand_number), pct, ngettext(
            "hand %(hand)s: won %(won)s of %(num)s turn", "hand %(hand)s: won %(won)s of %(num)s turns",
            turns, hand=hand_number, won=f"{won:.0f}")))
    return percent_bars(result["key"], _("Punter turns won by hand number"), _("hand number"), items)


CHARTS = {
    "wins_by_start_position": start_position_chart,
    "bot_wins": bot_wins_chart,
    "win_rate_by_hand": win_rate_by_hand_chart,
}


def charts_for(results: list[dict]) -> dict[str, BarChart]:
    """The charts for those reports that have one and have data, by report key."""
    charts = {}
    for result in results:
        make = CHARTS.get(result["key"])
        chart = make(result) if make else None
        if chart is not None:
            charts[result["key"]] = chart
    return charts

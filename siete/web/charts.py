"""Every chart the pages draw, as numbers: the reports' bar charts and a player's win rate and
rating over time. The geometry is computed here and the one macro (templates/macros/charts.html)
only draws it, so the SVG needs no style attribute and no script (CSP), and the numbers can be
tested in Python.
"""
from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from flask_babel import format_decimal, ngettext
from flask_babel import gettext as _

from siete.service.records.rating_rules import START as RATING_START

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
MAX_DOTS = 40  # a line with more points is drawn without its dots (their tooltips would crowd)
PLOT_HEIGHT = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
BASELINE = HEIGHT - MARGIN_BOTTOM
LABEL_Y = BASELINE + 15  # the labels under the plot
# The bar labels' size in SVG units as reports.css draws them (wide, ≤ 700 px, ≤ 480 px wide), and
# a digit's and the gap's width in ems: labels with no room thin out instead of running together.
LABEL_FONTS = (("", 11), ("chart__hide-700", 16), ("chart__hide-480", 23))
DIGIT_EM, LABEL_GAP_EM = 0.6, 0.5


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
    label_shown: bool = True  # drawn under the bar at all (it stays in the tooltip and the title)
    label_class: str = ""  # the narrower screens that leave it out (reports.css)


@dataclass(frozen=True)
class GridLine:
    """A horizontal guide line with its value on the left axis."""

    y: float
    label: str


@dataclass(frozen=True)
class Dot:
    """A point of a line, with what its tooltip says."""

    x: float
    y: float
    tooltip: str


@dataclass(frozen=True)
class AxisLabel:
    """A label under the plot (a line's first and last point)."""

    x: float
    label: str


@dataclass(frozen=True)
class Chart:
    """A whole chart: title, guide lines, its marks (bars, or a line with dots) and where the
    axis titles go."""

    key: str
    title: str
    x_title: str
    grid: tuple[GridLine, ...]
    bars: tuple[Bar, ...] = ()
    show_values: bool = False
    value_class: str = ""  # the narrower screens with no room for the values (reports.css)
    line: str = ""  # an SVG polyline's points
    dots: tuple[Dot, ...] = ()
    x_labels: tuple[AxisLabel, ...] = ()
    width: int = WIDTH
    height: int = HEIGHT
    few: bool = False  # one or two marks: drawn small rather than across the screen
    plot_left: float = MARGIN_LEFT
    plot_right: float = WIDTH - MARGIN_RIGHT
    baseline_y: float = BASELINE
    x_title_x: float = (MARGIN_LEFT + WIDTH - MARGIN_RIGHT) / 2
    x_title_y: float = HEIGHT - 4


def percent_bars(key: str, title: str, x_title: str,
                 items: Sequence[tuple[str, float, str]]) -> Chart | None:
    """A 0-100 % bar chart of (label, percentage, tooltip) items; None when there is nothing."""
    if not items:
        return None
    slot = (WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / len(items)
    bar_width = min(slot * BAR_FILL_RATIO, MAX_BAR_WIDTH)
    steps = label_steps(slot, max(len(label) for label, _v, _t in items))
    bars = []
    for index, (label, value, tooltip) in enumerate(items):
        clamped = min(max(float(value), 0.0), 100.0)
        height = round(PLOT_HEIGHT * clamped / 100, 2)
        x = MARGIN_LEFT + slot * index + (slot - bar_width) / 2
        bars.append(Bar(x=round(x, 2), y=round(BASELINE - height, 2), width=round(bar_width, 2),
                        height=height, label=label, value=float(value),
                        value_label=f"{value:.0f}%", label_x=round(x + bar_width / 2, 2),
                        label_y=LABEL_Y, value_y=round(BASELINE - height - 5, 2),
                        tooltip=tooltip, label_shown=(len(items) - 1 - index) % steps[0][1] == 0,
                        label_class=next((name for name, step in steps
                                          if (len(items) - 1 - index) % step), "")))
    grid = tuple(GridLine(y=round(BASELINE - PLOT_HEIGHT * step / 100, 2), label=f"{step}%")
                 for step in GRID_STEPS)
    return Chart(key=key, title=title, x_title=x_title, grid=grid, bars=tuple(bars),
                 show_values=len(bars) <= MAX_VALUE_LABELS,
                 value_class=next((name for name, step in label_steps(
                     slot, max(len(bar.value_label) for bar in bars), gap=0.3) if step > 1), ""))


def label_steps(slot: float, chars: int, gap: float = LABEL_GAP_EM) -> list[tuple[str, int]]:
    """For each of LABEL_FONTS (widest screen first), its class and the step between the bar
    labels drawn at that size: 1 every bar, 2 every other one, counted from the last (the newest
    game, the last hand). Each step is a multiple of the wider screen's, so a label is left out
    by the first class whose step it misses. The values above the bars: all or none a size."""
    steps: list[tuple[str, int]] = []
    for name, font in LABEL_FONTS:
        needed = (chars * DIGIT_EM + gap) * font
        step = max(1, math.ceil(needed / slot - 1e-9))
        before = steps[-1][1] if steps else 1
        steps.append((name, math.ceil(max(step, before) / before) * before))
    return steps


def line_chart(key: str, title: str, x_title: str, points: Sequence[tuple[float, str]],
               last_label: str, origin: float = 0.0) -> Chart | None:
    """A line of (value, tooltip) points, oldest first, on a scale that holds them and `origin`
    (0, or where every rating starts); the first point is labelled 1 and the last `last_label`.
    None when there is nothing."""
    if not points:
        return None
    values = [value for value, _tip in points]
    low, high = min([*values, origin]), max([*values, origin])
    pad = max(1.0, (high - low) * 0.1)
    low, high = low - pad, high + pad
    step_x = (WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / max(1, len(points) - 1)

    def x_of(index: int) -> float:
        if len(points) == 1:  # one point: in the middle
            return (MARGIN_LEFT + WIDTH - MARGIN_RIGHT) / 2
        return round(MARGIN_LEFT + step_x * index, 2)

    def y_of(value: float) -> float:
        return round(BASELINE - (value - low) / (high - low) * PLOT_HEIGHT, 2)

    dots = tuple(Dot(x_of(i), y_of(value), tip) for i, (value, tip) in enumerate(points))
    grid = tuple(GridLine(y_of(v), label) for v, label in axis_levels(low + pad, high - pad))
    return Chart(key=key, title=title, x_title=x_title, grid=grid, few=len(points) <= 2,
                 line=" ".join(f"{dot.x},{dot.y}" for dot in dots),
                 dots=dots if len(dots) <= MAX_DOTS else (),
                 x_labels=(AxisLabel(dots[0].x, "1"), AxisLabel(dots[-1].x, last_label)))


def axis_levels(bottom: float, top: float) -> list[tuple[float, str]]:
    """The guide lines from `bottom` to `top` (three, or fewer when they would say the same),
    each at its rounded value and labelled with as many decimals as the span needs: a rating
    between 0.1 and 0.3 reads "0.1, 0.2, 0.3", not "0, 0, 0"."""
    span = (top - bottom) or abs(top) or 3  # a lone level: as many decimals as it needs
    places = 0 if span >= 3 else 1 if span >= 0.3 else 2
    pattern = "#,##0" + ("." + "0" * places if places else "")
    scale = 10 ** places  # the outer lines go outwards to a round value: no dot above the top
    low, high = math.floor(bottom * scale + 1e-9) / scale, math.ceil(top * scale - 1e-9) / scale
    levels = sorted({low, round((low + high) / 2, places), high})
    return [(level + 0.0, format_decimal(level, format=pattern)) for level in levels]


# ---------------------------------------------------------------- the reports' charts
# Each takes a report's key and rows (REPORTS.md's columns, in order).

Rows = Sequence[Sequence[object]]


def _number(value: object) -> float:
    """A count or ratio of a report's row (the reports give ints and floats there)."""
    if isinstance(value, int | float):
        return value
    raise TypeError(f"a report gave {value!r} where a number belongs")


def start_position_chart(key: str, rows: Rows) -> Chart | None:
    """Report 8: the win % of each start position (0 is the bank)."""
    items = []
    for position, games, won, won_pct in rows:
        label = _("bank") if position == 0 else f"#{position}"
        items.append((label, _number(won_pct), ngettext(
            "start position %(position)s: won %(won)s of %(num)s game",
            "start position %(position)s: won %(won)s of %(num)s games", int(_number(games)),
            position=position, won=won)))
    return percent_bars(key, _("Games won by start position"), _("start position"), items)


def bot_wins_chart(key: str, rows: Rows) -> Chart | None:
    """Report 6: of the games with a bot, the share won by bots and the share won by humans."""
    if not rows:
        return None
    games, won_by_bots, won_pct = (_number(value) for value in rows[0])
    if not games:
        return None
    won_by_humans = int(games - won_by_bots)
    humans_pct = round(100.0 * won_by_humans / games, 2)
    items = [(_("bots"), won_pct, ngettext("bots won %(won)s of %(num)s game",
                                           "bots won %(won)s of %(num)s games", int(games),
                                           won=int(won_by_bots))),
             (_("humans"), humans_pct, ngettext("humans won %(won)s of %(num)s game",
                                                "humans won %(won)s of %(num)s games", int(games),
                                                won=won_by_humans))]
    return percent_bars(key, _("Who wins the games with bots"), _("winner"), items)


def win_rate_by_hand_chart(key: str, rows: Rows) -> Chart | None:
    """Report 4 (over all players, or one player's rows): each hand number's win %, weighted by
    the turns played."""
    turns_by_hand: dict[int, int] = defaultdict(int)
    won_by_hand: dict[int, float] = defaultdict(float)
    for _player, hand_number, turns, won_pct, _avg_bet in rows:
        hand, count = int(_number(hand_number)), int(_number(turns))
        turns_by_hand[hand] += count
        # won_pct was rounded to 2 decimals, so turns * pct / 100 gives back the wins.
        won_by_hand[hand] += round(count * _number(won_pct) / 100)
    items = []
    for hand_number in sorted(turns_by_hand):
        turns, won = turns_by_hand[hand_number], won_by_hand[hand_number]
        pct = round(100.0 * won / turns, 2) if turns else 0.0
        items.append((str(hand_number), pct, ngettext(
            "hand %(hand)s: won %(won)s of %(num)s turn", "hand %(hand)s: won %(won)s of %(num)s turns",
            turns, hand=hand_number, won=f"{won:.0f}")))
    return percent_bars(key, _("Punter turns won by hand number"), _("hand number"), items)


REPORT_CHARTS: dict[str, Callable[[str, Rows], Chart | None]] = {
    "wins_by_start_position": start_position_chart,
    "bot_wins": bot_wins_chart,
    "win_rate_by_hand": win_rate_by_hand_chart,
}


def report_chart(key: str, rows: Rows) -> Chart | None:
    """The chart of the report called key, for those that have one and have data."""
    make = REPORT_CHARTS.get(key)
    return make(key, rows) if make else None


# ---------------------------------------------------------------- a player's charts

def win_rate_chart(series: Sequence[tuple[int, int, int]]) -> Chart | None:
    """(first game, last game, games won) per group of the player's games, oldest first; each
    bar is labelled by the games played at its end."""
    items = []
    for first, last, won in series:
        count = last - first + 1
        games = str(first) if first == last else f"{first}–{last}"
        items.append((str(last), 100.0 * won / count, ngettext(
            "game %(games)s: won %(won)s of %(num)s", "games %(games)s: won %(won)s of %(num)s",
            count, games=games, won=won)))
    return percent_bars("win-rate", _("Share of games won, oldest first; each bar is a group of "
                                      "games, numbered by the games played at its end"), _("games"), items)


def rating_chart(series: Sequence[tuple[int, float]], games: int) -> Chart | None:
    """(game id, rating after it) per rated game, oldest first, maybe thinned from `games`.
    The scale holds the ratings and 1500, where everyone starts, not 0: from 0 a climb from
    1500 to 1556 was a flat line at the top of the chart. Its points are the rated games."""
    points = [(rating, _("game %(id)s: rating %(rating)s", id=game_id, rating=round(rating)))
              for game_id, rating in series]
    return line_chart("rating", _("Rating after each rated game"), _("rated games"), points,
                      str(games or len(series)), origin=RATING_START)


def accuracy_chart(series: Sequence[tuple[int, float | None, int]]) -> Chart | None:
    """(game id, accuracy 0-100, decisions) per reviewed game, oldest first: the player's
    accuracy in the review (engine/review.py), a bar a game; games with no decision left out."""
    items = [(str(game_id), accuracy,
              ngettext("game %(id)s: accuracy %(accuracy)s over %(num)s decision",
                       "game %(id)s: accuracy %(accuracy)s over %(num)s decisions", decisions,
                       id=game_id, accuracy=format_decimal(accuracy / 100, format="0%")))
             for game_id, accuracy, decisions in series if decisions and accuracy is not None]
    return percent_bars("accuracy", _("Accuracy in each reviewed game, oldest first"),
                        _("game"), items)

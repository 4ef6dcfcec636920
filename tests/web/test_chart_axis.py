"""The profile's rating chart (issue #25): axis labels that say different numbers, and a small
chart for one or two games."""
from __future__ import annotations

from siete.web.charts import axis_levels, rating_chart


def test_a_small_span_gets_decimals_not_zero_zero_zero(app):
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert [label for _v, label in axis_levels(0.1, 0.3)] == ["0.10", "0.20", "0.30"]
        assert [label for _v, label in axis_levels(-0.4, 0.5)] == ["-0.4", "0.0", "0.5"]
        assert [label for _v, label in axis_levels(-2, 10)] == ["-2", "4", "10"]
        labels = [label for _v, label in axis_levels(0.0, 0.0)]
        assert labels == ["0"]  # one line, not the same number three times


def test_each_guide_line_sits_at_the_value_it_names(app):
    with app.test_request_context(headers={"Accept-Language": "en"}):
        chart = rating_chart([(1, -0.2), (2, 0.1)], 2)
        assert chart is not None and chart.few
        labels = [line.label for line in chart.grid]
        assert len(set(labels)) == len(labels), labels
        many = rating_chart([(i, i / 10) for i in range(1, 6)], 5)
        assert many is not None and not many.few


def test_a_rating_chart_is_scaled_to_the_ratings_not_to_zero(app):
    """A returning player's climb from 1500 to 1556 over two rated games was a flat line at the
    top of a 0-to-1556 chart (trial3): the scale holds the ratings and 1500, where everyone
    starts, and says its points are rated games (a practice game adds none)."""
    with app.test_request_context(headers={"Accept-Language": "en"}):
        chart = rating_chart([(1, 1510.0), (2, 1556.0)], 2)
    assert chart is not None
    labels = [line.label for line in chart.grid]
    assert "0" not in labels and "1,500" in labels, labels
    low, high = chart.dots
    assert low.y - high.y > (chart.baseline_y - chart.grid[-1].y) / 2  # the climb shows
    assert chart.x_title == "rated games" and chart.title == "Rating after each rated game"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        fall = rating_chart([(1, 1480.0), (2, 1430.0)], 2)
    assert fall is not None and "1,500" in [line.label for line in fall.grid]

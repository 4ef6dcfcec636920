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

"""A bar chart's labels thin out where the screen draws them too big to fit their bars
(siete/web/charts.py label_steps; the browser check is tests/e2e/test_e2e_chart_labels.py)."""
from __future__ import annotations

from siete.web.charts import label_steps, percent_bars


def test_each_screen_s_step_is_a_multiple_of_the_wider_one_s():
    for slot in (10, 19.4, 29.1, 48.5, 97, 300):
        for chars in (1, 2, 3, 5):
            steps = [step for _name, step in label_steps(slot, chars)]
            assert all(b % a == 0 for a, b in zip(steps, steps[1:])), (slot, chars, steps)
    assert label_steps(97.0, 3) == [("", 1), ("chart__hide-700", 1), ("chart__hide-480", 1)]  # room for all


def test_twenty_game_numbers_thin_out_on_phones_counted_from_the_newest(app):
    items = [(str(game), 50.0, "") for game in range(10131, 10151)]
    with app.test_request_context():
        chart = percent_bars("accuracy", "T", "game", items)
    shown = {bar.label: bar.label_class for bar in chart.bars if bar.label_shown}
    assert "10150" in shown and shown["10150"] == ""  # the newest: on every screen
    on_small_phones = [label for label, hidden in shown.items() if not hidden]
    assert 1 < len(on_small_phones) < 10 and len(shown) < 20
    assert all(bar.label for bar in chart.bars)  # every label stays in the title and tooltips


def test_values_above_the_bars_are_hidden_together_where_they_cannot_fit(app):
    with app.test_request_context():
        few = percent_bars("k", "T", "x", [(str(i), 100.0, "") for i in range(3)])
        many = percent_bars("k", "T", "x", [(str(i), 50.0, "") for i in range(14)])
        full = percent_bars("k", "T", "x", [(str(i), 100.0, "") for i in range(14)])
    assert few.value_class == "" and many.show_values and many.value_class == "chart__hide-480"
    assert full.value_class == "chart__hide-700"  # "100%" fits even fewer screens

"""Reports say what they count: which card "first card" / "carta inicial" means in each, and
that games the simulator played have no duration (left out, not 0 s) in report 10."""
from __future__ import annotations

import pytest
from sqlalchemy import select, update

from siete.data.base import db
from siete.data.games import Game
from siete.i18n.report_words import report_explanation
from siete.service.records.bot_games import simulate_recorded, simulate_recorded_bulk
from siete.service.reports.aggregates import rebuild
from siete.service.reports.definitions import get_report
from siete.service.reports.queries import read_report, run_report

PROFILES = ["standard", "bold", "cautious"]
# What each report's explanation says its card is, in both languages (R3.1: the seat card).
CARD_MEANINGS = {
    "en": {"first_card": ("first card of each hand", "not the seat card"),
           "wins_by_seat_card": ("the seat card", "not the first card of each hand"),
           "wins_vs_bots_low_suits": ("the seat card", "not the first card of each hand")},
    "es": {"first_card": ("primera carta de cada mano", "no la carta de sorteo"),
           "wins_by_seat_card": ("la carta de sorteo", "no la primera carta de cada mano"),
           "wins_vs_bots_low_suits": ("la carta de sorteo", "no la primera carta de cada mano")},
}


@pytest.mark.parametrize("language", ["en", "es"])
def test_each_report_says_which_card_it_means(app, client, language):
    with app.test_request_context(headers={"Accept-Language": language}):
        explanations = {key: report_explanation(key) for key in CARD_MEANINGS[language]}
    for key, phrases in CARD_MEANINGS[language].items():
        for phrase in phrases:
            assert phrase in explanations[key].lower() or phrase in explanations[key], (key, phrase)
        # ...on the report's own page and on the overview, as the reader reads it.
        page = client.get(f"/reports/{key}", headers={"Accept-Language": language})
        assert page.status_code == 200
        assert explanations[key] in page.get_data(as_text=True)
    overview = client.get("/reports", headers={"Accept-Language": language}).get_data(as_text=True)
    assert all(text in overview for text in explanations.values())


def durations(game_ids: list[int]) -> dict[int, object]:
    """Report 10's duration for each of these games it lists, by the SQL file and the aggregates."""
    report = get_report("long_wins")
    plain = {row[1]: row[3] for row in run_report(report).rows if row[1] in game_ids}
    kept = {row[1]: row[3] for row in read_report(report).rows if row[1] in game_ids}
    assert plain == kept
    return plain


def test_simulated_games_are_stored_without_a_duration(app):
    with app.app_context():
        one_by_one = simulate_recorded(PROFILES, 3, app.config["GAME"], seed=7, max_hands=3)
        bulk = simulate_recorded_bulk(PROFILES, 3, app.config["GAME"], seed=8, max_hands=3,
                                      workers=0)
        stored = db.session.scalars(select(Game.duration_s).where(Game.id.in_(one_by_one + bulk)))
        assert list(stored) == [None] * 6
        listed = durations(one_by_one + bulk)
        assert listed and set(listed.values()) == {None}  # listed, duration left out


def test_simulated_games_stored_with_0_s_are_read_without_a_duration(app):
    # Games stored by an earlier simulator, with 0 s: the report leaves their duration out too,
    # from the SQL file at once and from the aggregates once they are rebuilt.
    with app.app_context():
        ids = simulate_recorded_bulk(PROFILES, 3, app.config["GAME"], seed=9, max_hands=3, workers=0)
        db.session.execute(update(Game).where(Game.id.in_(ids)).values(duration_s=0))
        db.session.commit()
        rebuild()
        listed = durations(ids)
        assert listed and set(listed.values()) == {None}


def test_played_games_keep_their_duration(app, games):
    # The hand-built games of tests/reports/scenarios were played over time: their seconds stay.
    with app.app_context():
        assert [row[3] for row in read_report(get_report("long_wins")).rows] == [50, 300, 20]

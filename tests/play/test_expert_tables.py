"""#27.3: the expert bot sits at real tables: on the new-table form, seated from the house experts,
and playing its hands through the same service as the other bots."""
from __future__ import annotations

from siete.data.base import db
from siete.data.games import Game
from tests.support.play import THREE_BOTS, client_for, load, make_user, table_id_from, text


def test_the_form_offers_expert_bots_in_both_languages(app):
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    assert 'name="expert_bots"' in client.get("/").get_data(as_text=True)
    assert "Experto" in text(client.get("/", headers={"Accept-Language": "es"}))


def test_a_bots_only_table_of_experts_starts_with_the_house_experts(app):
    ana = make_user(app, "Ana")
    game_id = table_id_from(client_for(app, ana).post("/tables", data={
        **THREE_BOTS, "watch_only": "y", "standard_bots": 0, "cautious_bots": 0, "bold_bots": 0,
        "expert_bots": 3, "max_hands": 3}))
    status, state = load(app, game_id)
    assert status in ("playing", "finished") and state.hand >= 1  # the next hands wait for the pause
    assert [seat.bot for seat in state.seats].count("expert") == 3
    with app.app_context():
        game = db.session.get(Game, game_id)
        profiles = {gp.player.name: gp.player.profile for gp in game.players}
    experts = {name for name, profile in profiles.items() if profile == "expert"}
    assert experts == {"Rey-de-Oros", "Rey-de-Copas", "Rey-de-Espadas"}  # the house experts, not new "Expert-n" bots

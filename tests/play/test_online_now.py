"""The lobby's "Online now": each person once, at the newest table they were seen at."""
from __future__ import annotations

import re

from siete.data.base import db
from tests.support.friends import open_table, player_of
from tests.support.play import client_for, make_user, text


def test_a_person_seen_at_two_tables_is_online_once_at_the_newest(app):
    """words2 saw one person listed once a table, three times with three tables open."""
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    with app.app_context():
        older, newer = (open_table(player_of(bea), name=name).id for name in ("Older", "Newer"))
        db.session.commit()
    bea_client = client_for(app, bea)
    for game_id in (older, newer):
        bea_client.get(f"/tables/{game_id}")  # her page marks her here
    online = text(client_for(app, ana).get("/")).split('id="online-title"')[1].split("</section>")[0]
    assert len(re.findall(r"\bBea\b", online)) == 1, online
    assert f"/tables/{newer}" in online and f"/tables/{older}" not in online

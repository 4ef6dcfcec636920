"""The table's hot routes skip the rate limiter's search (siete.web.rate_limits, issue 37): only
while no limit can apply to them, and none of them is ever given a limit of its own."""
from __future__ import annotations

import pytest
from flask import request

from siete.app import create_app
from siete.web.rate_limits import UNLIMITED_HOT_ENDPOINTS, limiter, unlimited_hot_route
from tests.support.play import HX, client_for, make_user, started_game


def test_every_hot_endpoint_exists_and_carries_no_limit_of_its_own(app):
    manager = limiter.limit_manager
    for endpoint in UNLIMITED_HOT_ENDPOINTS:
        view = app.view_functions[endpoint]  # a renamed route must be renamed here too
        name = f"{view.__module__}.{view.__name__}"
        with app.test_request_context():
            _, decorated = manager.resolve_limits(app, endpoint, endpoint.split(".")[0], name, False, True)
        assert decorated == [], endpoint


def test_the_exemption_is_for_the_hot_routes_only(app):
    with app.test_request_context("/tables/1/fragment"):
        assert request.endpoint == "play.fragment" and unlimited_hot_route()
    for path in ("/auth/login", "/tables", "/livez"):
        with app.test_request_context(path, method="POST" if path != "/livez" else "GET"):
            assert not unlimited_hot_route(), path


@pytest.fixture
def app_config() -> dict:
    return {"RATELIMIT_ENABLED": True}


def test_a_default_limit_still_applies_to_the_hot_routes(app, database_url):
    """With a default limit configured (RATELIMIT_DEFAULT), the hot routes are limited again."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    limited = create_app({**app.config, "RATELIMIT_DEFAULT": "2/minute", "RATELIMIT_ENABLED": True,
                          "RATELIMIT_STORAGE_URI": "memory://"})
    with limited.app_context():
        limiter.reset()
    viewer = client_for(limited, None)
    answers = [viewer.get(f"/tables/{game_id}/fragment?v=0&s=-", headers=HX).status_code for _ in range(3)]
    assert answers == [200, 200, 429]

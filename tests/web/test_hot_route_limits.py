"""The table's hot routes skip the rate limiter's search (siete.web.rate_limits, issue 37): only
while no limit can apply to them, and none of them is ever given a limit of its own."""
from __future__ import annotations

import pytest
from flask import request

from siete.web.rate_limits import UNLIMITED_HOT_ENDPOINTS, limiter, unlimited_hot_route


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


@pytest.mark.parametrize("setting", ["RATELIMIT_DEFAULT", "RATELIMIT_APPLICATION"])
def test_a_default_or_application_limit_takes_the_exemption_away(app, monkeypatch, setting):
    """With a limit configured for every route, the hot routes are searched (and limited) again.
    (The app is not rebuilt with one: Flask-Limiter's one Limiter would keep it for later apps.)"""
    monkeypatch.setitem(app.config, setting, "2/minute")
    with app.test_request_context("/tables/1/fragment"):
        assert request.endpoint == "play.fragment" and not unlimited_hot_route()

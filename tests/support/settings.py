"""The settings the app under test gave its services, for tests that call the services directly."""
from __future__ import annotations

from flask import current_app

from siete.settings import ServiceSettings, service_settings


def app_settings() -> ServiceSettings:
    """The current app's ServiceSettings (inside an app context)."""
    return service_settings(current_app)

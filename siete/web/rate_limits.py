"""Rate limits: the throttles on logging in, signing up and asking for reset mails, with their
keys, and the signed "known device" cookie that lets an account's own browsers past the
per-account login limit."""
from __future__ import annotations

import ipaddress
import os
from typing import cast

from flask import Flask, current_app, request
from flask_limiter import Limiter
from itsdangerous import BadSignature, URLSafeSerializer
from werkzeug.wrappers import Response

from siete.data.identity import normal_email

IPV6_CLIENT_PREFIX = 64  # what one IPv6 client holds: a /64 (a home, a phone, a server)


def client_address() -> str:
    """Whom the per-address limits count: the client's address (the real client's once
    TRUSTED_PROXIES lets ProxyFix read X-Forwarded-For), or for IPv6 its /64, every address of
    which the client may send from (each counted alone, counting up the last bits dodged every
    per-address limit); an IPv4 address seen through an IPv6 socket counts as itself."""
    address = request.remote_addr or ""
    try:
        parsed = ipaddress.ip_address(address)
        if not isinstance(parsed, ipaddress.IPv6Address):
            return address
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(parsed), IPV6_CLIENT_PREFIX), strict=False))
    except ValueError:  # no address a socket gives; counted as it came
        return address


# Keyed by client_address; the storage comes from RATELIMIT_STORAGE_URI (memory:// by default,
# which is per process: use redis:// when running several gunicorn workers or replicas).
limiter = Limiter(key_func=client_address, default_limits=[])
# Signs the "known device" cookie: accounts that logged in from this browser before.
KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_SALT, KNOWN_DEVICE_DAYS = "siete_known", "siete-known-device", 365


def init_rate_limits(app: Flask) -> None:
    """Read the limits from the config or the environment and attach the limiter (once, from create_app)."""
    # Flask-Limiter keeps `enabled` on the shared Limiter object and would carry one app's
    # RATELIMIT_ENABLED=False over to the next app built in the same process: be explicit.
    app.config.setdefault("RATELIMIT_ENABLED", True)
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    # Several limits per setting (";") back off: a few tries a minute, fewer per hour and day.
    for name, default in RATE_LIMIT_DEFAULTS.items():
        app.config.setdefault(name, os.environ.get(name) or default)
    limiter.init_app(app)


# A table's requests, most of what a server answers, carry no limit: the limiter's
# search for one took 4% of an unchanged poll's instructions (callgrind, 3.75 M against 3.59 M
# with the test client), so it is skipped for them, while no default or application-wide limit is
# configured (those would apply to them).
# tests/web/test_hot_route_limits.py checks that none of them is given a limit of its own.
UNLIMITED_HOT_ENDPOINTS = frozenset({"play.table", "play.fragment", "play.play", "play.next_hand",
                                     "play.table_stream"})


@limiter.request_filter  # once, on the process's one Limiter; it reads the running app's config
def unlimited_hot_route() -> bool:
    """A table's request, exempt from the limiter's search while no limit can apply to it."""
    if request.endpoint not in UNLIMITED_HOT_ENDPOINTS:
        return False
    config = current_app.config
    return not (config.get("RATELIMIT_DEFAULT") or config.get("RATELIMIT_APPLICATION"))


RATE_LIMIT_DEFAULTS = {
    "RATELIMIT_STORAGE_URI": "memory://",
    "LOGIN_RATE_LIMIT": "10/minute;100/hour",  # failed logins per client address
    "LOGIN_ACCOUNT_RATE_LIMIT": "5/minute;20/hour;100/day",  # failed logins per username
    "REGISTER_RATE_LIMIT": "20/minute;200/hour",  # sign-ups per client address
    "RESET_RATE_LIMIT": "5/minute;20/hour",  # reset mails asked for, per client address
    "RESET_EMAIL_RATE_LIMIT": "3/hour;10/day",  # reset mails to one address: no mail bombing
    "GUEST_RATE_LIMIT": "5/minute;20/hour;50/day",  # guests made per client address
}


def login_rate_limit() -> str:
    """The login throttle of the running app (config LOGIN_RATE_LIMIT)."""
    return cast(str, current_app.config["LOGIN_RATE_LIMIT"])


def login_account_rate_limit() -> str:
    """The per-account login throttle (config LOGIN_ACCOUNT_RATE_LIMIT)."""
    return cast(str, current_app.config["LOGIN_ACCOUNT_RATE_LIMIT"])


def reset_rate_limit() -> str:
    """How often one address may ask for reset mails (config RESET_RATE_LIMIT)."""
    return cast(str, current_app.config["RESET_RATE_LIMIT"])


def reset_email_rate_limit() -> str:
    """How many reset mails one email address may be sent (config RESET_EMAIL_RATE_LIMIT)."""
    return cast(str, current_app.config["RESET_EMAIL_RATE_LIMIT"])


def reset_email_key() -> str:
    """The per-address reset throttle's key: the email typed, in the one normal form the account
    is found by and the outbox stores (normal_email). A looser or stricter key would count one
    mailbox under several keys: `ſ`, `ß`, `ﬁ` and `ﬆ` in a domain case-fold to `s`, `ss`, `fi`
    and `st`, so a plain lower() gave every such spelling a limit of its own."""
    return "reset-email:" + normal_email(request.form.get("email") or "")[:254]


def login_account_key() -> str:
    """The per-account throttle's key: the username typed, normalised as accounts compare it."""
    typed = (request.form.get("username") or "").strip().lower()[:40]
    return f"login-account:{typed}"


def _known_device_serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=KNOWN_DEVICE_SALT)


def known_device_accounts() -> list[str]:
    """Usernames (lower case) that logged in successfully from this browser before."""
    try:
        names = _known_device_serializer().loads(request.cookies.get(KNOWN_DEVICE_COOKIE, ""))
    except BadSignature:
        return []
    return [str(n) for n in names] if isinstance(names, list) else []


def is_known_device() -> bool:
    """True when the username typed logged in from this browser before.

    Such a browser skips the per-account limit (not the per-address one), so someone failing
    on purpose against a username cannot lock its owner out of their own devices.
    """
    typed = (request.form.get("username") or "").strip().lower()[:40]
    return bool(typed) and typed in known_device_accounts()


def remember_known_device(response: Response, username: str) -> None:
    """After a successful login: add the account to this browser's signed known-device cookie."""
    names = [n for n in known_device_accounts() if n != username.lower()][-4:] + [username.lower()]
    response.set_cookie(KNOWN_DEVICE_COOKIE, _known_device_serializer().dumps(names),
                        max_age=KNOWN_DEVICE_DAYS * 86400, httponly=True, samesite="Lax",
                        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")), path="/auth/")


def register_rate_limit() -> str:
    """The sign-up throttle of the running app (config REGISTER_RATE_LIMIT)."""
    return cast(str, current_app.config["REGISTER_RATE_LIMIT"])


def guest_rate_limit() -> str:
    """How many guests one client address may make (config GUEST_RATE_LIMIT)."""
    return cast(str, current_app.config["GUEST_RATE_LIMIT"])

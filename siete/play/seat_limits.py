"""How fast one account may take and leave seats at waiting tables (SEAT_RATE_LIMIT).

A seat taken or given up at a waiting table is news to every lobby that may list it: for a
private table each logged-in lobby stream reads its marker again. Join and leave had no rate,
so two friends clicking Join and Leave in a loop made every lobby on the site query without
end. Thirty a minute is far more than a person needs; past it the page says so (429).
"""
from __future__ import annotations

from flask import Response, current_app
from flask_limiter import RequestLimit

from siete.play.blueprint import user_id
from siete.web.rate_limits import client_address, limiter
from siete.web.security import render_error


def _seat_key() -> str:
    account = user_id()
    return f"user:{account}" if account is not None else f"addr:{client_address()}"


def _too_many_seat_changes(_limit: RequestLimit) -> Response:
    return render_error(429, page="errors/429_seats.html")


SEAT_LIMIT = limiter.shared_limit(
    lambda: current_app.config["SEAT_RATE_LIMIT"], scope="seat", key_func=_seat_key,
    on_breach=_too_many_seat_changes)

"""Wait until the database in DATABASE_URL accepts connections, or give up after a timeout."""
import argparse
import os
import sys
import time

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

# With no DATABASE_URL the app uses its embedded SQLite file: nothing to wait for.
DEFAULT_URL = "sqlite://"


def database_answers(url: str) -> str | None:
    """Run SELECT 1 on url; return None on success or the error message."""
    engine = create_engine(url, connect_args=connect_args(url), poolclass=NullPool)
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        return None
    except OperationalError as exc:
        return str(exc.orig or exc).splitlines()[0]
    finally:
        engine.dispose()


def connect_args(url: str) -> dict:
    """Short connect timeouts for MySQL drivers, so each attempt fails fast."""
    if make_url(url).get_backend_name() in ("mysql", "mariadb"):
        return {"connect_timeout": 3}
    return {}


def wait_for(url: str, timeout: float, interval: float) -> bool:
    """Retry until the database answers or timeout seconds have passed."""
    deadline = time.monotonic() + timeout
    safe_url = make_url(url).render_as_string(hide_password=True)
    while True:
        error = database_answers(url)
        if error is None:
            print(f"wait_for_db: {safe_url} answers", flush=True)
            return True
        if time.monotonic() >= deadline:
            print(f"wait_for_db: gave up on {safe_url} after {timeout:g} s: {error}",
                  file=sys.stderr, flush=True)
            return False
        print(f"wait_for_db: waiting for {safe_url}: {error}", flush=True)
        time.sleep(interval)


def main() -> int:
    """Parse the command line and wait; exit 0 when the database answers, 1 otherwise."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--timeout", type=float,
                        default=float(os.environ.get("DB_WAIT_SECONDS", "60")))
    parser.add_argument("--interval", type=float, default=1.0)
    args = parser.parse_args()
    url = os.environ.get("DATABASE_URL") or DEFAULT_URL
    return 0 if wait_for(url, args.timeout, args.interval) else 1


if __name__ == "__main__":
    sys.exit(main())

"""Does the time of a password-reset request tell whether the address has an account (#24.4)?

    .venv/bin/python bench/reset_timing.py [--pairs 40] [--database-url URL]

Posts /auth/forgot for an address that has an account and for one that has none, in
interleaved pairs (the order within a pair alternates), through the Flask test client against
a fresh database (MariaDB siete_reset_timing by default), with a real SMTP server (aiosmtpd) on
loopback configured as production would have it. Prints the median, p10 and p90 of each, and the
median of the paired differences (known minus unknown). Run it from a checkout of any version:
it only uses the page, the SMTP_* settings and bench/load_server's accounts.
"""
from __future__ import annotations

import argparse
import socket
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiosmtpd.controller import Controller  # noqa: E402

from bench.load_server import create_users, prepare_database  # noqa: E402


class Inbox:
    def __init__(self):
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        return "250 OK"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def timed_post(client, address: str) -> float:
    start = time.perf_counter()
    response = client.post("/auth/forgot", data={"email": address})
    elapsed = time.perf_counter() - start
    if response.status_code != 302:
        raise RuntimeError(f"/auth/forgot answered {response.status_code}")
    return elapsed


def describe(label: str, values: list[float]) -> str:
    ordered = sorted(values)
    pick = lambda q: 1000 * ordered[int(q * (len(ordered) - 1))]  # noqa: E731
    return (f"{label:<16} median {1000 * statistics.median(values):6.2f} ms  p10 {pick(0.1):6.2f}"
            f"  p90 {pick(0.9):6.2f}  (n={len(values)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--database-url", default="mysql+pymysql://root@127.0.0.1/siete_reset_timing")
    args = parser.parse_args()
    if args.database_url.startswith("mysql"):
        prepare_database(args.database_url)
    name = create_users(args.database_url, 1, "resetter")[0]
    known = f"{name.lower()}@example.com"  # the form's validator refuses the .test domain
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    from siete.app import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": args.database_url, "SECRET_KEY": "bench-reset-" + "k" * 40,
                      "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False, "SMTP_HOST": "127.0.0.1",
                      "SMTP_PORT": smtp.port, "SMTP_TLS": "none", "PUBLIC_URL": "https://siete.example"})
    from sqlalchemy import text

    from siete.data.base import db

    with app.app_context():
        db.session.execute(text("UPDATE users SET email = :email"), {"email": known})
        db.session.commit()
    client = app.test_client()
    for _ in range(5):  # warm up: templates, statement caches, the first SMTP connection
        timed_post(client, known)
        timed_post(client, "nobody@example.com")
    times: dict[str, list[float]] = {"known": [], "unknown": []}
    for pair in range(args.pairs):
        order = ("known", "unknown") if pair % 2 == 0 else ("unknown", "known")
        for kind in order:
            address = known if kind == "known" else f"nobody{pair}@example.com"
            times[kind].append(timed_post(client, address))
    time.sleep(1)
    smtp.stop()
    print(describe("known address", times["known"]))
    print(describe("unknown address", times["unknown"]))
    differences = [k - u for k, u in zip(times["known"], times["unknown"], strict=True)]
    print(f"paired difference (known - unknown): median {1000 * statistics.median(differences):+.2f} ms")
    print(f"mails the SMTP server received during the run: {inbox.count}")


if __name__ == "__main__":
    main()

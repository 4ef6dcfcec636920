"""What one move costs the server, without HTTP or other clients: CPU, wall time and SQL statements.

    .venv/bin/python bench/move.py --moves 1500

Plays a human seat against three bots through the Flask test client on a fresh database
(MariaDB siete_move by default; --database-url sqlite:///... works too), opening a new table
when a game ends and saying "next" in the pause after a settled hand. Each request goes through
what bench/load.py's browsers meet: CSRF checked, rate limits counted, answers in English and
compressed (--bare turns CSRF, limits and compression off, as this bench ran before). It prints
per move kind the mean, p90 and p99 wall time, the mean CPU time and the mean number of SQL
statements, then the CPU time per move of the whole run. A draw or stand that settles the hand
("/settles") or ends the game ("/ends game") is counted apart: the game's end writes the reports'
aggregates, ratings and tallies, and is what makes the p99 of draws and stands under load.
After the moves it times --polls polls of an unchanged table, as the page sends them (the 204
that most of a table's requests get). bench/load.py measures the same moves under load.
"""
from __future__ import annotations

import argparse
import gzip
import random
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import event  # noqa: E402

from bench.load_client import poll_address, pulse  # noqa: E402
from bench.load_player import HX, TABLE_FORM  # noqa: E402
from bench.load_server import PASSWORD, create_users, prepare_database  # noqa: E402

# As bench/load.py's browsers send them (bench/load_client.py): htmx, English, compressed.
HEADERS = {**HX, "Accept-Language": "en", "Accept-Encoding": "gzip, br"}


def text_of(response) -> str:
    """The answer's text, unpacked from gzip or brotli."""
    body, encoding = response.get_data(), response.headers.get("Content-Encoding")
    if encoding == "br":
        import brotli  # only where the app compresses, so only where it is installed

        body = brotli.decompress(body)
    elif encoding == "gzip":
        body = gzip.decompress(body)
    return body.decode("utf-8")


class Table:
    """One test client at one table, choosing legal moves from the fragment it was sent."""

    def __init__(self, client, rng: random.Random, headers: dict):
        self.client, self.rng, self.headers, self.page, self.game_id = client, rng, headers, "", 0

    def open(self) -> None:
        created = self.client.post("/tables", data=TABLE_FORM, headers=self.headers)
        self.game_id = int(re.search(r"/tables/(\d+)$", created.headers["Location"]).group(1))
        self.page = text_of(self.client.post(f"/tables/{self.game_id}/start", headers=self.headers))

    def next_move(self) -> tuple[str, dict]:
        version = int(re.search(r'data-version="(\d+)"', self.page).group(1))
        amounts = [int(a) for a in re.findall(r'id="move-bet-(\d+)"', self.page)]
        if not amounts and 'id="move-bet"' in self.page:
            low, high = re.search(r'min="(\d+)" max="(\d+)"', self.page).groups()
            amounts = list(range(int(low), int(high) + 1))
        if amounts:
            return "bet", {"version": version, "amount": self.rng.choice(amounts)}
        if 'id="move-draw"' in self.page and self.rng.random() < 0.55:
            return "draw", {"version": version}
        if 'id="move-stand"' not in self.page and 'id="move-next"' in self.page:
            return "next", {}  # the settled hand is on the table (the pause): deal the next one
        return "stand", {"version": version}

    def ensure_open(self) -> None:
        """A new table when there is none yet or the game is over."""
        if not self.page or 'data-status="finished"' in self.page:
            self.open()

    def let_bots_move(self, app) -> None:
        """Paced play (--pace): play the bots' due moves at once, as the worker would at their
        deadlines, then read the table again (none of it timed or counted)."""
        from siete.data.base import db
        from siete.service.tables.timers import run_due_step
        from siete.service.tables.turns import current_state, version_and_deadline
        from siete.settings import service_settings

        with app.app_context():
            settings = service_settings(app)
            while (state := current_state(settings, self.game_id)[1]) is not None and state.bot_stream:
                run_due_step(settings, self.game_id, version_and_deadline(self.game_id)[1])
                db.session.remove()
            db.session.remove()
        self.page = text_of(self.client.get(f"/tables/{self.game_id}", headers=self.headers))

    def move(self) -> tuple[str, float, float]:
        """One move at the open table; returns its kind, wall time and CPU time."""
        action, data = self.next_move()
        start, cpu = time.perf_counter(), time.process_time()
        response = self.client.post(f"/tables/{self.game_id}/{action}", data=data | pulse(self.page),
                                    headers=self.headers)  # the pulse `p`, as siete.js sends it
        cpu, elapsed = time.process_time() - cpu, time.perf_counter() - start
        if response.status_code != 200:
            raise RuntimeError(f"{action} {data} answered {response.status_code}")
        self.page = text_of(response)
        return action, elapsed, cpu


def outcome(action: str, page: str) -> str:
    """What a move did beyond itself, read off the answer: ended the game, or settled the hand
    (the pause's "next" button is there, the turn's buttons are not)."""
    if 'data-status="finished"' in page:
        return "/ends game"
    if action != "next" and 'id="move-next"' in page and 'id="move-stand"' not in page:
        return "/settles"
    return ""


def logged_in_client(app, name: str, bare: bool) -> tuple[object, dict]:
    """A test client logged in as `name`, and the headers its moves carry (the CSRF token)."""
    client = app.test_client()
    if bare:
        client.post("/auth/login", data={"username": name, "password": PASSWORD})
        return client, {**HX}
    token = r'<meta name="csrf-token" content="([^"]+)"'
    login_page = client.get("/auth/login").get_data(as_text=True)
    client.post("/auth/login", data={"username": name, "password": PASSWORD,
                                     "csrf_token": re.search(token, login_page).group(1)})
    lobby = text_of(client.get("/", headers={"Accept-Encoding": HEADERS["Accept-Encoding"]}))
    return client, {**HEADERS, "X-CSRFToken": re.search(token, lobby).group(1)}


def poll_unchanged(table: Table, polls: int, statements: list[int], times: dict, cpus: dict,
                   counts: dict) -> None:
    """`polls` polls of the open table as its page sends them (`v`, the seat `s` and the live
    marker `p`), none of which finds a change: the 204 most of a table's requests get."""
    table.ensure_open()
    address = poll_address(table.page)
    for _ in range(polls):
        before, start, cpu = statements[0], time.perf_counter(), time.process_time()
        response = table.client.get(address, headers=HEADERS)
        cpu, elapsed = time.process_time() - cpu, time.perf_counter() - start
        kind = "poll (204)" if response.status_code == 204 else f"poll ({response.status_code})"
        times[kind].append(elapsed)
        cpus[kind].append(cpu)
        counts[kind] += statements[0] - before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=1500)
    parser.add_argument("--polls", type=int, default=1000, help="unchanged polls timed after the moves")
    parser.add_argument("--database-url", default="mysql+pymysql://root@127.0.0.1/siete_move")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="BOT_MOVE_SECONDS: with it, a person's move lets no bot move (paced play); "
                             "the bots' moves are then played untimed between moves")
    parser.add_argument("--bare", action="store_true",
                        help="CSRF, rate limits and compression off (the bench's figures before 2026-11-23)")
    args = parser.parse_args()
    if args.database_url.startswith("mysql"):
        prepare_database(args.database_url)
    name = create_users(args.database_url, 1, "mover")[0]
    from siete.app import create_app
    from siete.data.base import db

    settings = {"SQLALCHEMY_DATABASE_URI": args.database_url, "SECRET_KEY": "bench-move-" + "k" * 40,
                # as bench/load.py starts gunicorn: opening table after table is not measured
                "TABLE_RATE_LIMIT": "100000/minute", "MAX_OPEN_TABLES": 100000,
                "SEAT_RATE_LIMIT": "100000/minute",
                "BOT_MOVE_SECONDS": args.pace}
    if args.bare:
        settings.update(WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=False, COMPRESS_REGISTER=False)
    app = create_app(settings)
    client, headers = logged_in_client(app, name, args.bare)
    table = Table(client, random.Random(1), headers)
    for _ in range(50):  # warm up: templates compiled, statement caches filled
        if args.pace and table.page:
            table.let_bots_move(app)
        table.ensure_open()
        if args.pace:
            table.let_bots_move(app)
        table.move()
    statements = [0]
    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", lambda *_: statements.__setitem__(0, statements[0] + 1))
    times, cpus, counts = defaultdict(list), defaultdict(list), defaultdict(int)
    cpu = time.process_time()
    for _ in range(args.moves):
        if args.pace:  # not timed: the bots' paced moves are not the person's move,
            table.let_bots_move(app)
        table.ensure_open()  # nor is opening and starting a table
        if args.pace:
            table.let_bots_move(app)
        before = statements[0]
        action, elapsed, move_cpu = table.move()
        action += outcome(action, table.page)
        times[action].append(elapsed)
        cpus[action].append(move_cpu)
        counts[action] += statements[0] - before
    cpu = time.process_time() - cpu
    poll_unchanged(table, args.polls, statements, times, cpus, counts)
    for action, values in sorted(times.items()):
        values.sort()
        print(f"{action:<15} {len(values):>5} times  wall mean {1000 * sum(values) / len(values):5.1f} ms"
              f"  p90 {1000 * values[int(0.9 * len(values))]:5.1f} ms"
              f"  p99 {1000 * values[int(0.99 * len(values))]:5.1f} ms"
              f"  CPU mean {1000 * sum(cpus[action]) / len(values):5.2f} ms"
              f"  SQL statements {counts[action] / len(values):4.1f} each")
    print(f"CPU per move (this process: app, test client and new tables): {1000 * cpu / args.moves:.2f} ms")


if __name__ == "__main__":
    main()

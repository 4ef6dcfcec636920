"""What one move costs the server, without HTTP or other clients: CPU, wall time and SQL statements.

    .venv/bin/python bench/move.py --moves 1500

Plays a human seat against three bots through the Flask test client (CSRF off) on a fresh
database (MariaDB siete_move by default; --database-url sqlite:///... works too), opening a new
table when a game ends and saying "next" in the pause after each hand, and prints per move
kind the mean and p90 wall time and the mean number of SQL statements, then the CPU time per
move. bench/load.py measures the same moves under load.
"""
from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import event  # noqa: E402

from bench.load import HX, TABLE_FORM  # noqa: E402
from bench.load_server import PASSWORD, create_users, prepare_database  # noqa: E402


class Table:
    """One test client at one table, choosing legal moves from the fragment it was sent."""

    def __init__(self, client, rng: random.Random):
        self.client, self.rng, self.page, self.game_id = client, rng, "", 0

    def open(self) -> None:
        created = self.client.post("/tables", data=TABLE_FORM, headers=HX)
        self.game_id = int(re.search(r"/tables/(\d+)$", created.headers["Location"]).group(1))
        self.page = self.client.post(f"/tables/{self.game_id}/start", headers=HX).get_data(as_text=True)

    def next_move(self) -> tuple[str, dict]:
        version = int(re.search(r'data-version="(\d+)"', self.page).group(1))
        amounts = [int(a) for a in re.findall(r'id="move-bet-(\d+)"', self.page)]
        if not amounts and 'id="move-bet"' in self.page:
            low, high = re.search(r'min="(\d+)" max="(\d+)"', self.page).groups()
            amounts = list(range(int(low), int(high) + 1))
        if amounts:
            return "bet", {"version": version, "amount": self.rng.choice(amounts)}
        if 'id="move-next"' in self.page and 'id="move-stand"' not in self.page:
            return "next", {"version": version}  # the settled hand's pause: deal the next one
        if 'id="move-draw"' in self.page and self.rng.random() < 0.55:
            return "draw", {"version": version}
        return "stand", {"version": version}

    def ensure_open(self) -> None:
        """A new table when there is none yet or the game is over."""
        if not self.page or 'data-status="finished"' in self.page:
            self.open()

    def move(self) -> tuple[str, float]:
        """One move at the open table; returns its kind and wall time."""
        action, data = self.next_move()
        start = time.perf_counter()
        response = self.client.post(f"/tables/{self.game_id}/{action}", data=data, headers=HX)
        elapsed = time.perf_counter() - start
        if response.status_code != 200:
            raise RuntimeError(f"{action} {data} answered {response.status_code}")
        self.page = response.get_data(as_text=True)
        return action, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=1500)
    parser.add_argument("--database-url", default="mysql+pymysql://root@127.0.0.1/siete_move")
    args = parser.parse_args()
    if args.database_url.startswith("mysql"):
        prepare_database(args.database_url)
    name = create_users(args.database_url, 1, "mover")[0]
    from siete.app import create_app
    from siete.db import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": args.database_url, "WTF_CSRF_ENABLED": False,
                      "RATELIMIT_ENABLED": False, "SECRET_KEY": "bench-move-" + "k" * 40})
    client = app.test_client()
    client.post("/auth/login", data={"username": name, "password": PASSWORD})
    table = Table(client, random.Random(1))
    for _ in range(50):  # warm up: templates compiled, statement caches filled
        table.ensure_open()
        table.move()
    statements = [0]
    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", lambda *_: statements.__setitem__(0, statements[0] + 1))
    times, counts = defaultdict(list), defaultdict(int)
    cpu = time.process_time()
    for _ in range(args.moves):
        table.ensure_open()  # not timed: opening and starting a table is not a move
        before = statements[0]
        action, elapsed = table.move()
        times[action].append(elapsed)
        counts[action] += statements[0] - before
    cpu = time.process_time() - cpu
    for action, values in sorted(times.items()):
        values.sort()
        print(f"{action:<6} {len(values):>5} moves  wall mean {1000 * sum(values) / len(values):5.1f} ms"
              f"  p90 {1000 * values[int(0.9 * len(values))]:5.1f} ms"
              f"  SQL statements {counts[action] / len(values):4.1f} per move")
    print(f"CPU per move (this process: app, test client and new tables): {1000 * cpu / args.moves:.2f} ms")


if __name__ == "__main__":
    main()

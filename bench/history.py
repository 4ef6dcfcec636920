"""Time the history pages (game page, profile, My games, rankings) on a large simulated history.

Games are stored with bench/reports.py's bulk rows (row for row what recording stores), then
`rebuild_ratings` rates them all (itself timed), then each page is fetched through the test
client. MariaDB by default; the database is dropped and made anew (its name must contain "bench").

    .venv/bin/python bench/history.py [--url URL] [--games 20000] [--runs 20]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reports import GameRows, add_players, fill, fresh_database  # noqa: E402
from sqlalchemy import func, select  # noqa: E402

from siete.app import create_app  # noqa: E402
from siete.db import db, init_database  # noqa: E402
from siete.models.games import Game, GamePlayer
from siete.models.people import Player, User
from siete.models.reference import Card
from siete.service.ratings import rebuild_ratings  # noqa: E402

DEFAULT_URL = "mysql+pymysql://root@127.0.0.1/siete_bench_history"


def timed(client, url: str, runs: int) -> tuple[float, float]:
    """(best, median) milliseconds of `runs` GETs of url, after one warm-up."""
    assert client.get(url).status_code == 200, url
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        client.get(url)
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times)


def store_games(args, config) -> None:
    players = add_players(humans=args.humans, bots=args.bots)
    kinds = dict(db.session.execute(select(Player.id, Player.kind)).all())
    rows = GameRows(dict(db.session.execute(select(Card.code, Card.id)).all()),
                    {t: 0 for t in ("games", "game_players", "hands", "turns", "turn_actions")})
    t0 = time.perf_counter()
    fill(players, kinds, rows, 0, args.games, config, args.seed)
    print(f"{args.games:,} games stored in {time.perf_counter() - t0:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=DEFAULT_URL)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    # Few players make each one's history as long as at 100,000 games among 52 players
    # (3-5 seats a game: ~7,700 games each), in a fraction of the time to store them.
    parser.add_argument("--humans", type=int, default=40)
    parser.add_argument("--bots", type=int, default=12)
    parser.add_argument("--reuse", action="store_true",
                        help="keep the games already stored (only rebuild the ratings and time)")
    args = parser.parse_args()
    if not args.reuse:
        fresh_database(args.url)
    app = create_app({"SQLALCHEMY_DATABASE_URI": args.url, "SECRET_KEY": "bench" * 10,
                      "BABEL_DEFAULT_LOCALE": "en"})
    config = app.config["GAME"].with_overrides(max_hands=15)
    with app.app_context():
        init_database()
        if not args.reuse:
            store_games(args, config)
        t0 = time.perf_counter()
        rated = rebuild_ratings()
        print(f"flask ratings rebuild: {rated:,} games rated in {time.perf_counter() - t0:.1f} s")
        human = db.session.execute(select(Player.name, Player.user_id).where(Player.name == "human01")).one()
        busiest = db.session.execute(
            select(Player.name, func.count()).join(GamePlayer, GamePlayer.player_id == Player.id)
            .group_by(Player.name).order_by(func.count().desc()).limit(1)).one()
        seats = db.session.scalar(select(func.count()).select_from(GamePlayer)
                                  .join(Player).where(Player.name == "human01"))
        game = db.session.scalar(select(Game.id).where(Game.num_players == 5).order_by(Game.id.desc()).limit(1))
        user_id = db.session.scalar(select(User.id).where(User.username == human.name))
    client = app.test_client()
    with client.session_transaction() as session:
        session["_user_id"] = str(user_id)
    print(f"human01 has {seats:,} games; the busiest player, {busiest[0]}, {busiest[1]:,}")
    for label, url in (("game page (5 players, 15 hands)", f"/games/{game}"),
                       ("replay fragment", f"/games/{game}?hand=7"),
                       ("profile of human01", "/players/human01"),
                       (f"profile of {busiest[0]}", f"/players/{busiest[0]}"),
                       ("My games of human01", "/games"),
                       ("rankings", "/rankings")):
        headers = {"HX-Request": "true"} if "fragment" in label else {}
        best, median = timed(client, url, args.runs) if not headers else (0, 0)
        if headers:
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                client.get(url, headers=headers)
                times.append((time.perf_counter() - start) * 1000)
            best, median = min(times), statistics.median(times)
        print(f"  {label}: best {best:.1f} ms, median {median:.1f} ms")


if __name__ == "__main__":
    main()

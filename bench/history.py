"""Time the history pages (game page, profile, My games, rankings) on a large simulated history.

Games are stored with bench/reports.py's bulk rows (row for row what recording stores), then
`rebuild_ratings` rates them all (itself timed), then each page is fetched through the test
client. MariaDB by default; the database is dropped and made anew (its name must contain "bench").

    .venv/bin/python bench/history.py [--url URL] [--games 20000] [--runs 20]
    .venv/bin/python bench/history.py --url URL_OF_BENCH_REPORTS_DB --reuse --no-rebuild
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import flask

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reports import BY, add_players, fill, fresh_database  # noqa: E402
from sqlalchemy import func, select  # noqa: E402

from siete.app import create_app  # noqa: E402
from siete.data.base import db
from siete.data.database import init_database  # noqa: E402
from siete.data.games import Game, GamePlayer  # noqa: E402
from siete.data.people import Player, User  # noqa: E402
from siete.service.records.ratings import rebuild_ratings  # noqa: E402
from siete.web.login import log_in  # noqa: E402

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
    add_players(humans=args.humans, bots=args.bots)
    players = list(db.session.scalars(select(Player).where(Player.created_by == BY)))
    seconds = fill(players, 0, args.games, config, args.seed)
    print(f"{args.games:,} games stored in {seconds:.0f} s")


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
                        help="keep the games already stored, e.g. bench/reports.py's (only "
                             "rebuild the ratings and time)")
    parser.add_argument("--no-rebuild", action="store_true",
                        help="with --reuse: time the pages without rebuilding the ratings first "
                             "(the bulk path rated the games as it stored them)")
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
        if not (args.reuse and args.no_rebuild):
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
    with app.test_request_context():  # log in as logging in does: a login session of its own
        log_in(user_id, human.name, remember=False)
        logged_in = dict(flask.session)
    with client.session_transaction() as session:
        session.update(logged_in)
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

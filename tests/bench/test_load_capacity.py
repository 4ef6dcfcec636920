"""bench/load.py --capacity's figures: each route's CPU read from gunicorn's per-request log (the
/livez phase's and the play phase's spans only), and the ratio to /livez by rate and by CPU."""
from __future__ import annotations

from bench.load_capacity import print_capacity, print_route_cpu
from bench.load_meter import Reading
from bench.load_player import Stats


def reading(gunicorn_s: float, database_s: float, client_s: float = 0.0) -> Reading:
    return Reading(gunicorn_s=gunicorn_s, worker_s=0.0, database_s=database_s, client_s=client_s,
                   rss_mb=0.0, log_bytes=0)


def test_each_route_s_cpu_comes_from_the_phases_spans_of_the_log(tmp_path, capsys):
    log = tmp_path / "cpu.log"
    setup = b"POST /auth/login 302 90000\n"  # between the phases: not counted
    livez = b"GET /livez 200 500\nGET /livez 200 700\n"
    play = (b"POST /tables/7/bet 200 5000\nGET /tables/7/fragment 200 4000\n"
            b"GET /tables/7/fragment 204 2000\nGET /tables/7/stream 200 300000\n")
    log.write_bytes(livez + setup + play)
    spans = [(0, len(livez)), (len(livez + setup), len(livez + setup + play))]
    print_route_cpu(log, spans, gunicorn_s=1.0)
    rows = {line.split()[0] + (" " + line.split()[1] if line.startswith("fragment") else ""): line.split()
            for line in capsys.readouterr().out.splitlines()[3:]}
    assert set(rows) == {"bet", "fragment 200", "fragment 204", "livez"}  # no login, no stream
    assert rows["livez"][1:3] == ["2", "0.60"] and rows["bet"][1:3] == ["1", "5.00"]
    assert rows["fragment 200"][2:4] == ["1", "4.00"] and rows["fragment 204"][2:4] == ["1", "2.00"]


def test_capacity_is_the_game_s_rate_against_livez_s_and_the_same_by_cpu(capsys):
    ceiling, stats = Stats(), Stats()
    for _ in range(1000):  # 1,000 /livez in 5 s: 200 a second, 0.5 ms of server CPU each
        ceiling.add("livez", 200, 0.001)
    for route, count in (("bet", 100), ("watch", 200), ("fetch", 100)):  # 400 in 20 s: 20 a second
        for _ in range(count):
            stats.add(route, 200, 0.01)
    print_capacity(stats, 20.0, ceiling, 5.0, (reading(0, 0), reading(0.4, 0.1)),
                   (reading(1, 1), reading(2.6, 1.4)))
    out = capsys.readouterr().out
    assert "the game 20 req/s (5 moves/s), /livez 200 req/s" in out and "capacity 10% of /livez" in out
    assert "/livez 0.50, the game 5.00: 10%" in out

"""Streams and the process's threads: each open stream holds one of what a gunicorn worker
serves at once (a gthread worker's GUNICORN_THREADS, 250). The caps per account and per address
bound one visitor, not many: 34 logged-out addresses holding their 8 streams each took all 250
threads of a worker, and a plain GET / there waited past 10 s (measured by hand on gunicorn,
2026-11-29). A process now holds STREAMS_PER_PROCESS streams at most (four fifths of its
threads), every visitor's together, so the rest stay for pages; past it a page polls."""
from __future__ import annotations

from collections import Counter

import pytest

from siete.app import create_app
from siete.service.news.table_stream import streams_per_process
from tests.support.play import client_for


@pytest.fixture(autouse=True)
def no_stream_held(monkeypatch) -> None:
    """Each test counts its own streams (the process's slots outlive a test's database)."""
    monkeypatch.setattr("siete.service.news.table_stream._open", Counter())


def from_address(client, number: int):
    """The lobby's stream asked for by a logged-out visitor at the address 192.0.2.<number>."""
    return client.get("/lobby/stream", environ_base={"REMOTE_ADDR": f"192.0.2.{number}"})


def test_streams_past_the_process_cap_are_refused_whoever_asks_and_pages_still_load(app):
    app.config["STREAMS_PER_PROCESS"] = 3
    client = client_for(app, None)
    held = [from_address(client, number) for number in range(3)]  # three visitors, one each
    assert [answer.status_code for answer in held] == [200, 200, 200]
    refused = from_address(client, 3)  # a fourth visitor, far under their own caps
    refused.close()
    assert refused.status_code == 429  # the page polls instead
    assert client.get("/").status_code == 200
    held.pop().close()
    again = from_address(client, 3)
    assert again.status_code == 200  # one closed makes room again
    for answer in [again, *reversed(held)]:  # each holds its request context: the last first
        answer.close()


def test_the_cap_leaves_a_fifth_of_the_workers_threads_for_requests():
    assert streams_per_process({}) == 200  # gunicorn.conf.py's 250 threads
    assert streams_per_process({"GUNICORN_THREADS": "10"}) == 8
    assert streams_per_process({"GUNICORN_THREADS": "1"}) == 1
    assert streams_per_process({"GUNICORN_WORKER_CLASS": "gevent"}) == 800  # of its 1000 connections
    assert streams_per_process({"GUNICORN_WORKER_CLASS": "gevent",
                                "GUNICORN_STREAMS_PER_WORKER": "500"}) == 400


def test_the_app_takes_its_cap_from_the_environment(monkeypatch, database_url):
    monkeypatch.setenv("GUNICORN_THREADS", "20")
    assert create_app({"SQLALCHEMY_DATABASE_URI": database_url}).config["STREAMS_PER_PROCESS"] == 16
    monkeypatch.setenv("STREAMS_PER_PROCESS", "5")
    assert create_app({"SQLALCHEMY_DATABASE_URI": database_url}).config["STREAMS_PER_PROCESS"] == 5

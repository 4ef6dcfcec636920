"""People at shared tables, for bench/load.py --realistic: 2 to 4 people a table (the other seats
bots, paced by the worker process), who take turns. Each waits for its own turn as a browser
does, learning of every change from its page's stream (or, for a few pages, from the fallback
poll) and fetching the fragment then; it thinks 2 to 6 s before each move, its page still
following the table meanwhile.
"""
from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Callable

from bench.load_client import poll_address
from bench.load_player import HX, POLL_EVERY_S, TABLE_FORM, Player
from bench.load_run import Mode
from bench.load_streams import StreamReader, shows_already, stream_path

THINK_S = (2.0, 6.0)  # a person's thinking before a move, uniform
OFFERED = re.compile(r'id="move-(bet|draw|stand|next)')
FINISHED = 'data-status="finished"'
BOT_PROFILES = ("standard_bots", "cautious_bots", "bold_bots")
SEATS = 4


def group_sizes(people: int, rng: random.Random) -> list[int]:
    """`people` (at least 2) split into tables of 2 to 4, none left alone."""
    sizes: list[int] = []
    left = people
    while left > 0:
        size = min(rng.randint(2, SEATS), left)
        if left - size == 1:  # one person would be left alone: take them, or leave one more
            size = size + 1 if size < SEATS else size - 1
        sizes.append(size)
        left -= size
    return sizes


def table_form(people: int) -> dict:
    """The new-table form for `people` people: four seats, the others bots of distinct profiles."""
    bots = SEATS - people
    return {**TABLE_FORM, **{profile: int(i < bots) for i, profile in enumerate(BOT_PROFILES)}}


class Group:
    """The people of one table: the first opens it, the others join it, and the first starts it
    once all have a seat; again when a game is over."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.tables: list[int] = []  # every table opened, for the spectators (the run's list)
        self.game_id = 0
        self.seated = 0
        self.changed = threading.Condition()

    def sit(self, person: Person, previous: int, deadline: float) -> bool:
        """Seat `person` at the group's next table after `previous`; False if time ran out."""
        if person.first:
            person.open_shared_table(table_form(self.size))
            with self.changed:
                self.game_id, self.seated = person.game_id, 1
                self.tables.append(person.game_id)
                self.changed.notify_all()
                everyone = self.changed.wait_for(lambda: self.seated == self.size,
                                                 max(0.0, deadline - time.monotonic()))
            if everyone:
                person.start_shared_table()
            return everyone
        with self.changed:
            if not self.changed.wait_for(lambda: self.game_id not in (0, previous),
                                         max(0.0, deadline - time.monotonic())):
                return False
            game_id = self.game_id
        person.join_table(game_id)
        with self.changed:
            self.seated += 1
            self.changed.notify_all()
        return True


class Person(Player):
    """A player who shares a table with other people and waits for its turn."""

    def __init__(self, base: str, username: str, stats, rng: random.Random, group: Group,
                 first: bool) -> None:
        super().__init__(base, username, stats, 0.0, rng)
        self.group, self.first = group, first

    def open_shared_table(self, form: dict) -> None:
        response = self.post("create", "/tables", {**form, "csrf_token": self.csrf})
        self.game_id = int(re.search(r"/tables/(\d+)$", response.headers["Location"]).group(1))
        self.open_page()

    def start_shared_table(self) -> None:
        response = self.post("start", f"/tables/{self.game_id}/start")
        if response.status_code == 200:
            self.fragment = response.text

    def join_table(self, game_id: int) -> None:
        self.game_id = game_id
        self.post("join", f"/tables/{game_id}/join")
        self.open_page()

    def open_page(self) -> None:
        """The table's whole page, as the browser loads it, and its stream."""
        self.fragment = self.call("table", "GET", f"/tables/{self.game_id}").text
        path = stream_path(self.fragment)
        if self.reader is not None and path is not None:
            self.reader.follow(path)

    def take_turns(self, deadline: float) -> None:
        """Follow the table; at each move offered, think, then make it; a new table when over."""
        while time.monotonic() < deadline:
            if FINISHED in self.fragment:
                if not self.group.sit(self, self.game_id, deadline):
                    return
                continue
            offered = offer(self.fragment)
            if offered is None:
                self.follow(deadline, lambda page: offer(page) is not None or FINISHED in page)
                continue
            self.follow(min(deadline, time.monotonic() + self.rng.uniform(*THINK_S)), lambda page: False)
            if time.monotonic() < deadline and offer(self.fragment) == offered:
                self.move()

    def follow(self, until: float, done: Callable[[str], bool]) -> None:
        """Keep the page up to date until `until` or until `done(fragment)`: at each news of the
        stream a fetch (route "fetch"), or without a stream (none held, or refused) a poll
        every data-poll-ms."""
        if self.reader is None:
            return self.poll_until(until, done)
        while not done(self.fragment) and (now := time.monotonic()) < until:
            if self.reader.refused:  # no stream: the page polls until one opens again
                self.poll_until(min(until, now + self.poll_every() + 0.05), done)
                continue
            if not self.reader.news.wait(min(1.0, until - now)):
                continue
            if not shows_already(self.reader.take_news(), self.fragment):
                self.refresh("fetch")

    def poll_until(self, until: float, done: Callable[[str], bool]) -> None:
        while not done(self.fragment) and (now := time.monotonic()) < until:
            time.sleep(max(0.0, min(until - now, self.poll_every())))
            if time.monotonic() < until:
                self.refresh("poll")

    def poll_every(self) -> float:
        """How often the page polls without a stream: its data-poll-ms."""
        every = re.search(r'data-poll-ms="(\d+)"', self.fragment)
        return int(every.group(1)) / 1000 if every else POLL_EVERY_S

    def refresh(self, route: str) -> None:
        """What the page's hx-get asks: the fragment if the table changed (200), else 204."""
        address = poll_address(self.fragment)
        if address is None:
            return
        response = self.call(route, "GET", address, headers=HX)
        if response.status_code == 200:
            self.fragment = response.text


def offer(fragment: str) -> tuple[str, str] | None:
    """The move the page offers its viewer and the version it shows, or None."""
    found = OFFERED.search(fragment)
    version = re.search(r'data-version="([^"]*)"', fragment)
    return None if found is None else (found.group(1), version.group(1) if version else "")


def realistic_mode(base: str, people: int, poll_share: float, seed: int = 37) -> Mode:
    """Tables of 2 to 4 people; a `poll_share` of the pages poll (no stream), the rest hold one."""
    rng = random.Random(seed)
    seats: list[tuple[Group, bool]] = []
    for size in group_sizes(people, rng):
        group = Group(size)
        seats += [(group, i == 0) for i in range(size)]
    pollers = set(rng.sample(range(people), round(poll_share * people)))

    def make(name: str, index: int, stats) -> Person:
        group, first = seats[index]
        person = Person(base, name, stats, random.Random(index), group, first)
        if index not in pollers:
            person.reader = StreamReader(base, person.http.cookies)
        return person

    def settle(person, tables: list[int], deadline: float) -> bool:
        person.group.tables = tables
        return person.group.sit(person, 0, deadline)

    return Mode(make=make, settle=settle, play=lambda person, deadline: person.take_turns(deadline))

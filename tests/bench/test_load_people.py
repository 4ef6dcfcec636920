"""bench/load.py --realistic's people: how they are split into tables, the form that opens one,
the move a page offers, how a table's people meet at it, and the ledger check keyed by person."""
from __future__ import annotations

import random
import threading
import time

import pytest

from bench.load_checks import ledger_violations
from bench.load_people import SEATS, Group, group_sizes, offer, table_form


@pytest.mark.parametrize("people", range(2, 41))
def test_people_are_split_into_tables_of_two_to_four_none_alone(people):
    for seed in range(25):
        sizes = group_sizes(people, random.Random(seed))
        assert sum(sizes) == people
        assert all(2 <= size <= SEATS for size in sizes), sizes


def test_the_sizes_vary_from_table_to_table():
    assert set(group_sizes(200, random.Random(1))) == {2, 3, 4}


@pytest.mark.parametrize(("people", "bots"), [(2, 2), (3, 1), (4, 0)])
def test_a_table_s_free_seats_go_to_bots_of_distinct_profiles(people, bots):
    form = table_form(people)
    counts = [form["standard_bots"], form["cautious_bots"], form["bold_bots"]]
    assert form["seats"] == SEATS and sum(counts) == bots and max(counts) <= 1


def test_the_move_offered_is_read_with_the_version_shown():
    page = ('<section id="table" data-game="3" data-version="41"><form>'
            '<button id="move-draw">Draw</button><button id="move-stand">Stand</button></form></section>')
    assert offer(page) == ("draw", "41")
    assert offer(page.replace("move-draw", "other").replace("move-stand", "other")) is None
    assert offer('<section data-version="42"><button id="move-next">') == ("next", "42")


class FakePerson:
    """Records what the group has it do instead of asking a server."""

    def __init__(self, first: bool, ids):
        self.first, self.ids, self.game_id, self.started = first, ids, 0, False

    def open_shared_table(self, form):
        self.game_id = next(self.ids)

    def start_shared_table(self):
        self.started = True

    def join_table(self, game_id):
        self.game_id = game_id


def test_a_group_meets_at_its_first_s_table_and_it_starts_once_all_sit():
    group, ids = Group(3), iter([7, 8])
    people = [FakePerson(i == 0, ids) for i in range(3)]
    deadline = time.monotonic() + 5
    results = {}
    threads = [threading.Thread(target=lambda p=p: results.update({id(p): group.sit(p, 0, deadline)}))
               for p in reversed(people)]  # the joiners come before the table exists
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert all(results.values()) and len(results) == 3
    assert [p.game_id for p in people] == [7, 7, 7] and people[0].started
    assert group.tables == [7]


def test_a_joiner_gives_up_when_no_new_table_comes_by_the_deadline():
    group = Group(2)
    group.game_id = 7  # the finished game: its first person never opens another
    assert not group.sit(FakePerson(False, iter([])), 7, time.monotonic() + 0.05)


class Rows:
    def __init__(self, rows):
        self.rows = rows

    def execute(self, statement):
        return iter(self.rows)


def test_each_person_s_moves_in_a_hand_are_checked_apart():
    stored = [(5, 1, "ana", 3, 1, 1), (5, 1, "bea", 2, 0, 1)]
    seen = {(5, 1, "ana"): {"bet": 3, "draw": 1, "stand": 1}, (5, 1, "bea"): {"bet": 2, "stand": 1}}
    assert ledger_violations(Rows(stored), seen) == []
    seen[(5, 1, "bea")]["draw"] = 1  # a draw bea saw accepted that the record lacks
    assert ledger_violations(Rows(stored), seen) == [
        "game 5 hand 1 bea: client saw {'bet': 2, 'draw': 1, 'stand': 1}, "
        "database holds {'bet': 2, 'draw': 0, 'stand': 1}"]

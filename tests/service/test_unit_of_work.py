"""The unit of work: a service's writes are committed together, or rolled back together."""
from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from siete.data.base import db
from siete.data.people import Player
from siete.data.vocabulary import PlayerKind
from siete.service.unit_of_work import (
    DEADLOCK_TRIES,
    is_deadlock,
    transactional,
    transactional_retried,
    unit_of_work,
)


def bot(name: str) -> Player:
    return Player(name=name, kind=PlayerKind.BOT, profile="standard")


def stored_names() -> set[str]:
    db.session.rollback()  # read what another request would see
    return set(db.session.scalars(select(Player.name).where(Player.name.like("Uow-%"))))


def test_a_unit_commits_when_it_ends(app):
    with app.app_context():
        with unit_of_work() as session:
            session.add(bot("Uow-1"))
        assert stored_names() == {"Uow-1"}


def test_an_error_rolls_the_whole_unit_back(app):
    with app.app_context():
        with pytest.raises(ValueError), unit_of_work() as session:
            session.add(bot("Uow-1"))
            session.flush()
            raise ValueError("boom")
        assert stored_names() == set()


def test_an_inner_unit_joins_the_outer_one(app):
    @transactional
    def add(name: str) -> None:
        db.session.add(bot(name))

    with app.app_context():
        with pytest.raises(ValueError), unit_of_work():
            add("Uow-1")  # its unit ends here, but the outer one has not: nothing is committed
            raise ValueError("boom")
        assert stored_names() == set()
        add("Uow-2")
        assert stored_names() == {"Uow-2"}


def deadlock() -> OperationalError:
    """The error PyMySQL's 1213 becomes: InnoDB ended this transaction to break a deadlock."""
    return OperationalError("INSERT INTO players ...", {}, Exception(1213, "Deadlock found"))


def test_a_deadlocks_victim_is_run_again_from_the_start(app):
    """A table opened while another is (tests/robustness: six at once) may lose a deadlock over
    the new bots' names; the whole unit runs again, and what the lost try wrote is gone."""
    tries: list[int] = []

    @transactional_retried
    def add(name: str) -> None:
        tries.append(1)
        db.session.add(bot(f"{name}-{len(tries)}"))
        db.session.flush()
        if len(tries) == 1:
            raise deadlock()

    with app.app_context():
        add("Uow")
        assert len(tries) == 2 and stored_names() == {"Uow-2"}


def test_a_deadlock_seen_through_a_savepoints_failed_rollback_is_one(app):
    """The savepoint's ROLLBACK TO fails once InnoDB has ended the transaction (1305): the
    deadlock is the error it was raised from."""
    assert not is_deadlock(OperationalError("ROLLBACK TO SAVEPOINT", {}, Exception(1305, "no savepoint")))
    try:
        try:
            raise deadlock()
        except OperationalError:
            raise OperationalError("ROLLBACK TO SAVEPOINT", {}, Exception(1305, "no savepoint"))  # noqa: B904
    except OperationalError as savepoint_error:
        assert is_deadlock(savepoint_error)


def test_other_errors_and_endless_deadlocks_are_not_hidden(app):
    tries: list[int] = []

    @transactional_retried
    def always(error: Exception) -> None:
        tries.append(1)
        raise error

    with app.app_context():
        with pytest.raises(OperationalError):
            always(deadlock())
        assert len(tries) == DEADLOCK_TRIES
        tries.clear()
        with pytest.raises(OperationalError):
            always(OperationalError("SELECT 1", {}, Exception(2006, "MySQL server has gone away")))
        assert len(tries) == 1

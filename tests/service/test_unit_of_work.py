"""The unit of work: a service's writes are committed together, or rolled back together."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from siete.data.base import db
from siete.data.people import Player
from siete.data.vocabulary import PlayerKind
from siete.service.unit_of_work import transactional, unit_of_work


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

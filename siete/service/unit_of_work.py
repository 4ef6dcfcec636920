"""The one way a service writes: a unit of work that commits on success and rolls back on error.

Blueprints, the CLI and the worker call services and never touch the session; a service that
writes runs its work inside `unit_of_work()` (or is decorated with `@transactional`). A unit
opened inside another joins it: only the outermost one commits, so use cases compose (the
simulator opens and starts tables, a replay records many games) without committing halfway.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import ParamSpec, TypeVar

from sqlalchemy.exc import DBAPIError

from siete.data.base import DbSession, db

DEPTH = "siete.unit_of_work_depth"  # session.info key: how many units are open on this session
# InnoDB ends one of two transactions that wait for each other (1213, deadlock) and says to run
# it again; a few more tries, then the error goes up (a 503 at the web's edge).
DEADLOCK_CODES = (1213,)
DEADLOCK_TRIES = 3

P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def unit_of_work() -> Iterator[DbSession]:
    """The session, committed when the block ends and rolled back if anything raises."""
    session = db.session
    depth = session.info.get(DEPTH, 0)
    session.info[DEPTH] = depth + 1
    try:
        yield session
        if depth == 0:
            session.commit()
    except BaseException:
        if depth == 0:
            session.rollback()
        raise
    finally:
        session.info[DEPTH] = depth


def transactional(function: Callable[P, R]) -> Callable[P, R]:
    """Run the decorated service in one unit of work."""

    @wraps(function)
    def in_a_unit(*args: P.args, **kwargs: P.kwargs) -> R:
        with unit_of_work():
            return function(*args, **kwargs)
    return in_a_unit


def transactional_retried(function: Callable[P, R]) -> Callable[P, R]:
    """@transactional, run again from the start when the database ended it as a deadlock's
    victim (only as the outermost unit: inside another, the whole of that one was lost)."""

    @wraps(function)
    def in_a_unit(*args: P.args, **kwargs: P.kwargs) -> R:
        for attempt in range(DEADLOCK_TRIES):
            try:
                with unit_of_work():
                    return function(*args, **kwargs)
            except DBAPIError as exc:
                if attempt == DEADLOCK_TRIES - 1 or db.session.info.get(DEPTH, 0) or not is_deadlock(exc):
                    raise
        raise AssertionError("unreachable: the last try returns or raises")
    return in_a_unit


def is_deadlock(error: BaseException) -> bool:
    """The error, or one it was raised from (a savepoint's rollback after it), is a deadlock."""
    seen: BaseException | None = error
    while seen is not None:
        code = getattr(getattr(seen, "orig", None), "args", (None,))
        if isinstance(seen, DBAPIError) and code and code[0] in DEADLOCK_CODES:
            return True
        seen = seen.__cause__ or seen.__context__
    return False

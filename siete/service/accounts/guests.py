"""Guests: play without signing up. A guest is an account made with one click: a name
like "Guest 4821", no email, and a password hash of nothing anyone can type, so only the
browser that made it (its login session) can be it. Guests are unrated and out of the
rankings; what else they may not do is in SECURITY.md.

Signing up from that browser turns the guest's account into the person's (claim_guest): the
same rows take the chosen name, email and password, so every game the guest played is the
person's at once, in one transaction. Guests nobody uses are pruned (prune_guests).
"""
from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, Exists, delete, exists, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import InstrumentedAttribute

from siete.data.base import db
from siete.data.games import Game, GamePlayer, GameStateRow
from siete.data.identity import normal_email
from siete.data.invites import GameInvite
from siete.data.login_sessions import LoginSession, delete_sessions
from siete.data.people import Player, User
from siete.data.reaction_rows import TableReaction
from siete.data.vocabulary import GameStatus, PlayerKind
from siete.service.accounts.credentials import (
    AccountClash,
    SignUpProblem,
    name_problem,
    race_problem,
    user_with_email,
)
from siete.service.unit_of_work import unit_of_work

# Not a hash werkzeug makes: no password matches it (User.check_password never tries a guest's).
NO_PASSWORD = "!guest"
# Four digits first ("Guest 4821"); a name taken is drawn again, and after a few tries with
# more digits, so a busy site never runs out.
GUEST_NAME_TRIES = 8
GUEST_IDLE = timedelta(days=30)  # a guest unseen this long, with nothing shared, is pruned


def guest_name(word: str, attempt: int) -> str:
    """A guest's name: the word ("Guest", "Invitado") and a random number. People's usernames
    are letters and digits only and bots' have hyphens, so a name with a space is a guest's."""
    digits = 4 if attempt < GUEST_NAME_TRIES // 2 else 6
    return f"{word} {10 ** (digits - 1) + secrets.randbelow(9 * 10 ** (digits - 1))}"


def is_guest_name(name: str) -> bool:
    """Whether a player's name is a guest's (see guest_name): the one test that needs no row."""
    return " " in name


def create_guest(word: str, words: tuple[str, ...] = ()) -> User:
    """Store a guest's account and its player under a free name; `word` is "Guest" in the
    visitor's language (the name stays as it was made; pages say it in the reader's language,
    siete/i18n/guest_names.py). `words` are that word in every language: a number taken under
    any of them is drawn again, so no two guests ever read the same ("Guest 8080")."""
    with unit_of_work():
        for attempt in range(GUEST_NAME_TRIES):
            name = guest_name(word, attempt)
            number = name.rpartition(" ")[2]
            if db.session.scalar(select(User.id).where(
                    User.username.in_([f"{other} {number}" for other in words]))) is not None:
                continue
            user = User(username=name, email=None, password_hash=NO_PASSWORD, guest=True,
                        created_by="guest", updated_by="guest")
            try:
                with db.session.begin_nested():  # a name drawn twice: only this try is undone
                    db.session.add(user)
                    db.session.flush()
                    db.session.add(Player(kind=PlayerKind.HUMAN, name=name, user_id=user.id,
                                          created_by="guest", updated_by="guest"))
            except IntegrityError:
                continue
            return user
    raise AccountClash(SignUpProblem.USERNAME_JUST_TAKEN)


def claim_guest(user_id: int, username: str, email: str, password: str) -> User:
    """The guest becomes a person's account: name, email and password set on the same rows
    (its games, seats and rating move with it), every login session of the guest ended (the
    caller starts a fresh one), all in one transaction. AccountClash as at sign-up."""
    username, email = username.strip(), normal_email(email)
    user = db.session.get(User, user_id)
    if user is None or not user.guest:
        raise AccountClash(SignUpProblem.USERNAME_JUST_TAKEN)
    problem = name_problem(username)
    if problem is None and user_with_email(email) is not None:
        problem = SignUpProblem.EMAIL_UNUSABLE
    if problem is not None:
        raise AccountClash(problem)
    try:
        with unit_of_work():
            user.username, user.email, user.guest = username, email, False
            user.set_password(password)
            user.updated_by = username
            if user.player is not None:
                user.player.name, user.player.updated_by = username, username
            db.session.flush()
            delete_sessions(user.id)
    except IntegrityError as error:  # a sign-up at the same moment took the name or address
        db.session.expire(user)
        raise AccountClash(race_problem(error)) from None
    return user


# ---------------------------------------------------------------- pruning


def _started_seat(player_id: ColumnElement[int] | InstrumentedAttribute[int]) -> Exists:
    """A seat of this player, or a table it opened, in a game that started: shared record."""
    seat = (select(GamePlayer.id).join(Game, Game.id == GamePlayer.game_id)
            .where(GamePlayer.player_id == player_id,
                   Game.status.in_((GameStatus.PLAYING, GameStatus.FINISHED))))
    return exists(seat)


def prunable_guests(now: datetime, idle: timedelta = GUEST_IDLE) -> list[tuple[int, int | None]]:
    """(user id, player id) of the guests made before `now - idle`, with no login session
    seen since then, that never sat at (or opened) a game that started."""
    cutoff = now - idle
    recent_session = exists(select(LoginSession.id).where(
        LoginSession.user_id == User.id, LoginSession.last_seen_at >= cutoff))
    opened_started = exists(select(Game.id).where(
        Game.creator_user_id == User.id, Game.status.in_((GameStatus.PLAYING, GameStatus.FINISHED))))
    rows = db.session.execute(
        select(User.id, Player.id).outerjoin(Player, Player.user_id == User.id)
        .where(User.guest.is_(True), User.created_at < cutoff, ~recent_session, ~opened_started,
               or_(Player.id.is_(None), ~_started_seat(Player.id))))
    return [(row[0], row[1]) for row in rows]


def prune_guests(now: datetime, idle: timedelta = GUEST_IDLE) -> int:
    """Delete the guests prunable_guests finds, with what is theirs alone: their login sessions,
    seats, reactions and invites at tables that never started, and the tables they opened
    that never started. A guest who played a started game stays, as its name on that shared
    record (games, reports, other players' ratings read it): no email, no password, no session
    left, nobody can be it again. Returns how many guests went."""
    with unit_of_work():
        found = prunable_guests(now, idle)
        user_ids = [user_id for user_id, _ in found]
        player_ids = [player_id for _, player_id in found if player_id is not None]
        if not user_ids:
            return 0
        opened = select(Game.id).where(Game.creator_user_id.in_(user_ids)).scalar_subquery()
        for model in (GameInvite, TableReaction, GamePlayer):
            db.session.execute(delete(model).where(
                or_(model.game_id.in_(opened), model.player_id.in_(player_ids or [0]))))
        db.session.execute(delete(GameStateRow).where(GameStateRow.game_id.in_(opened)))
        db.session.execute(delete(Game).where(Game.creator_user_id.in_(user_ids)))
        db.session.execute(delete(Player).where(Player.id.in_(player_ids or [0])))
        db.session.execute(delete(LoginSession).where(LoginSession.user_id.in_(user_ids)))
        db.session.execute(delete(User).where(User.id.in_(user_ids)))
        return len(user_ids)

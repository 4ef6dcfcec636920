"""Who may see a table. A public table: anyone. A private one: its creator, its players
(seated, or gone and replaced by a bot), the players a rematch invited, and whoever brings its
invite link's secret; to anyone else it does not exist (the web answers 404).

The secret is `secrets.token_urlsafe` (256 bits), kept in games.invite_token as it is, so the
creator can show the link again on any device, and compared in constant time
(`hmac.compare_digest`). Making a new link replaces it: the old one opens nothing any more.
"""
from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import ColumnElement, func, or_, select

from siete.data.base import db
from siete.data.games import Game, GamePlayer
from siete.data.invites import GameInvite, pending_invites
from siete.data.login_sessions import SessionClaim, session_account
from siete.data.people import Player
from siete.service.errors import NotAllowed, Problem, TableNotFound
from siete.service.tables.table_locks import locked_table

TOKEN_BYTES = 32  # token_urlsafe(32) is 43 characters: games.invite_token's width


def new_token() -> str:
    """A fresh invite secret."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_matches(game: Game, key: str | None) -> bool:
    """Whether `key` is the table's current invite secret, compared in constant time."""
    return key_matches(game.invite_token, key)


def key_matches(token: str | None, key: str | None) -> bool:
    """Whether `key` is `token` (a table's invite secret), compared in constant time."""
    if not key or token is None:
        return False
    return hmac.compare_digest(token.encode(), key.encode())


def may_see(game: Game, user_id: int | None, key: str | None = None) -> bool:
    """Whether this visitor (None: logged out) with this key may see, join or watch the table."""
    if not game.private or token_matches(game, key):
        return True
    if user_id is None:
        return False
    return game.creator_user_id == user_id or is_player(game, user_id) or is_invited(game.id, user_id)


def is_player(game: Game, user_id: int) -> bool:
    """The account has (or had, if a bot took it over) a seat at the table."""
    return any(gp.player.user_id == user_id for gp in game.players)


def is_invited(game_id: int, user_id: int) -> bool:
    """A rematch of a game the account played asked it to this table (whatever it answered)."""
    return db.session.scalar(
        select(GameInvite.id).join(Player, Player.id == GameInvite.player_id)
        .where(GameInvite.game_id == game_id, Player.user_id == user_id).limit(1)) is not None


def verify_may_see(game: Game, user_id: int | None, key: str | None) -> None:
    """A table the visitor may not see is, to them, no table at all."""
    if not may_see(game, user_id, key):
        raise TableNotFound(Problem.NO_SUCH_TABLE)


def game_hidden_from(game_id: int, user_id: int | None, key: str | None = None) -> bool:
    """True when the game exists and is private to this visitor (its record pages answer 404)."""
    game = db.session.get(Game, game_id)
    return game is not None and not may_see(game, user_id, key)


def game_visible_to(game_id: int, user_id: int | None, key: str | None = None) -> bool:
    """True when the game exists and this visitor may see it."""
    game = db.session.get(Game, game_id)
    return game is not None and may_see(game, user_id, key)


def still_sees(game_id: int, claim: SessionClaim | None, key: str | None) -> Callable[[], bool]:
    """game_visible_to for the account of the login session `claim` names while that session
    lasts (logged out: nobody's) with `key`, asked anew at each call (a private table's stream
    asks it before it tells anything: a renewed link, a seat left or a logout ends what the
    viewer may see). Each read is ended, so a stream holds no connection between them."""
    def sees() -> bool:
        try:
            account = session_account(claim) if claim is not None else None
            return game_visible_to(game_id, account.user_id if account else None, key)
        finally:
            db.session.close()
    return sees


def listed_for(user_id: int | None) -> ColumnElement[bool]:
    """The lobby's filter: public tables, and private ones the visitor opened or sits at."""
    if user_id is None:
        return Game.private.is_(False)
    seated = select(GamePlayer.game_id).join(Player, Player.id == GamePlayer.player_id).where(
        Player.user_id == user_id)
    return or_(Game.private.is_(False), Game.creator_user_id == user_id, Game.id.in_(seated))


def joinable_for(viewer: int | None, invites_since: datetime) -> ColumnElement[bool]:
    """A waiting table someone may still sit at: a free seat and a person who can start it.
    A rematch's seats kept for invitees who can still answer (invited after `invites_since`)
    are not free (rematch_invites.verify_seat_not_held). A table with no free seat is listed
    only to who opened it, sits there or is invited to it: nobody else can join it."""
    taken = select(func.count(GamePlayer.id)).where(GamePlayer.game_id == Game.id).scalar_subquery()
    kept = pending_invites(Game.id, invites_since)
    open_seat = ((taken + kept) < Game.num_players) & Game.creator_user_id.is_not(None)
    if viewer is None:
        return open_seat
    seated = select(GamePlayer.game_id).join(Player, Player.id == GamePlayer.player_id).where(
        Player.user_id == viewer)
    invited = select(GameInvite.game_id).join(Player, Player.id == GameInvite.player_id).where(
        Player.user_id == viewer)
    return open_seat | (Game.creator_user_id == viewer) | Game.id.in_(seated) | Game.id.in_(invited)


def renew_link(game_id: int, user_id: int) -> str:
    """The creator makes a new invite link for a private table; the old one stops working."""
    with locked_table(game_id) as (game, _row):
        if game.creator_user_id != user_id:
            raise NotAllowed(Problem.CREATOR_ONLY)
        if not game.private:
            raise NotAllowed(Problem.PUBLIC_TABLE)
        game.invite_token = new_token()
        return game.invite_token



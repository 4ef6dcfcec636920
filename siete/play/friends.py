"""Play with friends on the table pages: who may see a private table, the invite link
and the key it carries, a rematch's invitees for its owner, and the rematch offered on a
finished table. The services decide (siete.service.tables.table_access, invites, rematch); this
module reads the request and the session and builds what the templates show.

A private table's link is /tables/<id>?key=<secret>. A visitor who opens it with the right key
has it remembered in their session (the last MAX_KEYS tables), so the table's polls, its Join
button and a reload work without the key in the address; a new link from the owner makes the
remembered one useless, since keys are always checked against the table's current secret.
Logging in starts a new session: the way back there (`next=`) keeps the key in the address.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from flask import abort, request, session, url_for

from siete.data.base import utcnow
from siete.data.game_rows import GameRow
from siete.data.games import Game
from siete.data.vocabulary import GameMode, GameStatus
from siete.i18n.error_words import error_message
from siete.play.blueprint import game_or_404, settings
from siete.service.errors import Problem, TableNotFound
from siete.service.tables.rematch import RematchOffer, played_with_people, rematch_offer
from siete.service.tables.rematch_invites import REMATCH_WINDOW, WAITING, InviteStatus, invite_statuses
from siete.service.tables.table_access import may_see, token_matches

SESSION_KEYS = "table_keys"
MAX_KEYS = 20
MAX_KEY_LENGTH = 64  # a key is 43 characters; anything much longer is not one of ours


@dataclass(frozen=True)
class InviteLink:
    """The link a waiting table's players send to friends (`path` for a next=, `url` to copy)."""

    url: str
    path: str
    private: bool
    can_renew: bool


def table_key(game_id: int) -> str | None:
    """The key this request brings for the table (?key= or the form's), else the remembered one."""
    key = request.values.get("key")
    if key:
        return key[:MAX_KEY_LENGTH]
    remembered = session.get(SESSION_KEYS)
    return remembered.get(str(game_id)) if isinstance(remembered, dict) else None


def guard_table(game: GameRow, user_id: int | None) -> None:
    """404 for a private table this visitor may not see; a right key in the address is kept."""
    if not isinstance(game, Game):  # a plain row (a move's): read the game if it is private
        if not game.private:
            return
        game = game_or_404(game.id)
    key = table_key(game.id)
    if not may_see(game, user_id, key):
        abort(404, error_message(TableNotFound(Problem.NO_SUCH_TABLE)))
    if game.private and request.args.get("key") and token_matches(game, key):
        remember_key(game.id, key)


def visible_game_or_404(game_id: int, user_id: int | None) -> Game:
    """The table's game, or the 404 of a missing table (same status, same page) when it is
    private to this visitor: every route that reads a table by its number goes through here, so
    none of them tells a stranger that a private table exists, its name or its state."""
    game = game_or_404(game_id)
    guard_table(game, user_id)
    return game


def remember_key(game_id: int, key: str | None) -> None:
    remembered = session.get(SESSION_KEYS)
    kept = {k: v for k, v in remembered.items()} if isinstance(remembered, dict) else {}
    kept.pop(str(game_id), None)
    kept[str(game_id)] = key
    session[SESSION_KEYS] = dict(list(kept.items())[-MAX_KEYS:])


def invite_link(game: Game, user_id: int | None) -> InviteLink:
    """A public table's link is its address (it is in the lobby for all to see anyway); a
    private table's carries its secret."""
    key = game.invite_token if game.private else None
    return InviteLink(url=url_for("play.table", game_id=game.id, _external=True, key=key),
                      path=url_for("play.table", game_id=game.id, key=key), private=game.private,
                      can_renew=game.private and user_id is not None and game.creator_user_id == user_id)


@dataclass(frozen=True)
class FriendsPart:
    """What _waiting.html and _results.html show about friends: the invite link (and the way
    back for a visitor who must log in first), the key a Join brings, a rematch's invitees for
    its owner, the rematch on offer at a finished table."""

    invite: InviteLink | None = None
    join_key: str | None = None
    invitees: tuple[InviteStatus, ...] = ()
    held: tuple[InviteStatus, ...] = ()  # a rematch's seats kept for others who can still answer
    rematch: RematchBox | None = None

    def template_args(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def friends_part(game: GameRow, user_id: int | None, viewer_name: str | None = None) -> FriendsPart:
    """The friends' part of a table page (a move's plain row is never a waiting table). A
    rematch's seats kept for invitees who can still answer are `held` for anyone but them
    (join_table refuses those seats to everyone else)."""
    if game.status == GameStatus.WAITING and isinstance(game, Game):
        mine = user_id is not None and game.creator_user_id == user_id
        invitees = owner_invitees(game)
        return FriendsPart(invite=invite_link(game, user_id),
                           join_key=table_key(game.id) if game.private else None,
                           invitees=tuple(invitees) if mine else (),
                           held=tuple(i for i in invitees if i.state == WAITING and i.name != viewer_name))
    if game.status == GameStatus.FINISHED:
        return FriendsPart(rematch=rematch_box(game, user_id))
    return FriendsPart()


def owner_invitees(game: Game) -> list[InviteStatus]:
    return invite_statuses(game, settings().rematch_seconds)


REMATCH_POLL_FOR = REMATCH_WINDOW
STILL_OPEN = ("waiting", "open", "no_answer")


@dataclass(frozen=True)
class RematchBox:
    """The rematch part of a finished table: the offer (if any), whether the page keeps asking
    for one (a player, a while after the end, until they sit or answer), the marker its
    poll sends back so an unchanged offer answers 204 (the focus stays on its buttons), and
    whether the viewer (logged in) is offered "Play again" here.

    "Play again" takes a seat at the open rematch when there is one (play_again), which is
    what the offer's Join or "Go to the rematch" does: the box shows one of them, never both,
    and it is in the polled box so that an offer arriving later replaces it. After a no to
    the rematch it is not offered (it would seat the player there): the lobby is."""

    offer: RematchOffer | None
    polls: bool
    marker: str
    logged_in: bool = False

    @property
    def joinable(self) -> bool:
        """The offer may be joined: asked back, or a free seat open to this player."""
        return self.offer is not None and self.offer.answer in STILL_OPEN and self.offer.free > 0

    @property
    def seated(self) -> bool:
        return self.offer is not None and self.offer.answer == "seated"

    @property
    def declined(self) -> bool:
        return self.offer is not None and self.offer.answer == "declined"

    @property
    def again(self) -> bool:
        """Play again, unless the box shows what it would do (Join, Go to the rematch) or the
        viewer said no to the open rematch, which Play again would seat them at."""
        return self.logged_in and not (self.joinable or self.seated or self.declined)


def rematch_box(game: GameRow, user_id: int | None) -> RematchBox:
    offer = rematch_offer(settings(), game.id, user_id) if game.mode != GameMode.BOTS else None
    recent = game.ended_at is not None and utcnow() - game.ended_at < REMATCH_POLL_FOR
    polls = user_id is not None and recent and (
        offer.answer in STILL_OPEN if offer is not None else played_with_people(game.id, user_id))
    marker = "none" if offer is None else f"{offer.game_id}-{offer.answer}-{offer.free}"
    return RematchBox(offer, polls, marker, logged_in=user_id is not None)

"""The lobby's view-model: what each table card shows and which links the lists offer, worked
out here so the templates (play/_lobby_tables.html, _lobby_item.html) only lay it out."""
from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from siete.data.games import Game
from siete.data.vocabulary import GameMode, GameStatus, PlayerKind
from siete.service.records.rating_rules import ShownRating
from siete.service.tables.lobby_lists import LobbyPage


@dataclass(frozen=True)
class LobbySeat:
    """One name on a table card: the rating beside it, and the profile if it is a bot."""

    name: str
    rating: ShownRating | None
    bot_profile: str | None


@dataclass(frozen=True)
class LobbyTable:
    """One table card; `mine` when the visitor sits at it, `can_join` when they may sit down."""

    id: int
    name: str
    status: str
    bots_only: bool
    waiting: bool
    taken: int
    seats: int
    free: int
    hand_number: int
    max_hands: int
    turn_seconds: int
    who: list[LobbySeat]
    mine: bool
    can_join: bool
    private: bool = False  # only its creator and players see it listed
    practice: bool = False  # "Show the odds": not rated


@dataclass(frozen=True)
class LobbyView:
    """A page of each list (open tables, games in play) and the links around them."""

    page: int
    open: list[LobbyTable]
    running: list[LobbyTable]
    has_more: bool
    here_url: str
    newer_url: str | None
    older_url: str | None


def lobby_view(lobby: LobbyPage, user_id: int | None, ratings: dict[int, ShownRating]) -> LobbyView:
    """The lobby as the templates show it to the visitor `user_id` (None when logged out)."""
    page = lobby.page
    return LobbyView(
        page=page,
        open=[lobby_table(game, user_id, ratings) for game in lobby.open],
        running=[lobby_table(game, user_id, ratings) for game in lobby.running],
        has_more=lobby.has_more,
        here_url=_page_url(page),
        newer_url=_page_url(page - 1) if page > 1 else None,
        older_url=url_for("play.lobby", page=page + 1) if lobby.has_more else None,
    )


def _page_url(page: int) -> str:
    """The lobby's first page has no ?page= in its address."""
    return url_for("play.lobby", page=page) if page > 1 else url_for("play.lobby")


def lobby_table(game: Game, user_id: int | None, ratings: dict[int, ShownRating]) -> LobbyTable:
    """One game row as its card: seats in join order, the hand in play, who may join."""
    seats = sorted(game.players, key=lambda gp: gp.join_order)
    mine = bool(user_id) and any(gp.player.user_id == user_id for gp in seats)
    waiting = game.status == GameStatus.WAITING
    free = game.num_players - len(seats)
    return LobbyTable(
        id=game.id, name=game.name, status=game.status, bots_only=game.mode == GameMode.BOTS,
        waiting=waiting, taken=len(seats), seats=game.num_players, free=free,
        hand_number=min(game.hands_played + 1, game.max_hands), max_hands=game.max_hands,
        turn_seconds=game.turn_seconds,
        who=[LobbySeat(gp.player.name, ratings.get(gp.player_id),
                       gp.player.profile if gp.player.kind == PlayerKind.BOT else None) for gp in seats],
        mine=mine, can_join=waiting and bool(user_id) and not mine and free > 0,
        private=bool(game.private),
        practice=game.show_odds,
    )

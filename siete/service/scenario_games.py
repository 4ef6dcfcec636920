"""Store replayed scenarios as finished games, through the same recording path as web games."""
from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer
from siete.data.people import Player, User
from siete.data.vocabulary import BotProfile, GameMode, GameStatus, PlayerKind
from siete.engine.config import GameConfig
from siete.engine.replay import ScenarioError, load_scenario, replay, scenario_config
from siete.engine.state import OVER, GameState, HandRecord
from siete.service.game_review import review_finished_game
from siete.service.recording import record_finish, record_hand, record_start
from siete.service.unit_of_work import unit_of_work

BY = "replay"


def scenario_player(name: str, is_bot: bool) -> Player:
    """The player called `name`: an existing one, or a new bot or human user."""
    player = db.session.execute(select(Player).where(Player.name == name)).scalar_one_or_none()
    if player is not None:
        if player.is_bot != is_bot:
            kind = "a bot" if player.is_bot else "a human"
            raise ScenarioError(f"{name} is already {kind} in the database")
        return player
    if is_bot:
        player = Player(name=name, kind=PlayerKind.BOT, profile=BotProfile.STANDARD, created_by=BY, updated_by=BY)
    else:
        user = User(username=name, email=f"{name.lower()}@players.invalid",
                    created_by=BY, updated_by=BY)
        user.set_password(secrets.token_urlsafe(24))  # nobody knows it: log-in stays closed
        db.session.add(user)
        db.session.flush()
        player = Player(name=name, kind=PlayerKind.HUMAN, user_id=user.id, created_by=BY, updated_by=BY)
    db.session.add(player)
    db.session.flush()
    return player


def _start_time(data: dict[str, Any]) -> datetime:
    started = data.get("started_at")
    return datetime.fromisoformat(started).replace(tzinfo=None) if started else utcnow()


def record_scenario(text: str, base: GameConfig) -> Game:
    """Replay one scenario and store it; an unfinished game is stored as abandoned."""
    data = load_scenario(text)
    config = scenario_config(data, base)
    bots = set(data.get("bots") or [])
    names = [str(p) for p in data["players"]]
    has_bots, has_humans = bool(bots & set(names)), bool(set(names) - bots)
    started_at = _start_time(data)
    game = Game(name=str(data.get("name", "replayed game"))[:60], status=GameStatus.WAITING,
                mode=GameMode.MIXED if has_bots and has_humans else
                GameMode.BOTS if has_bots else GameMode.HUMANS,
                num_players=len(names), initial_points=config.initial_points,
                max_hands=config.max_hands, turn_seconds=30, seed=int(data.get("seed", 0)),
                win_condition=f"most points after {config.max_hands} hands, or the last player left",
                started_at=started_at, created_by=BY, updated_by=BY)
    for order, name in enumerate(names):
        game.players.append(GamePlayer(player=scenario_player(name, name in bots),
                                       join_order=order, created_by=BY, updated_by=BY))
    db.session.add(game)
    db.session.flush()

    def on_hand(state: GameState, record: HandRecord) -> None:
        if record["number"] == 1:
            record_start(game, state, BY)
        record_hand(game, state, record, BY)

    result = replay(data, base, on_hand)
    if result.state.phase == OVER:
        game.ended_at = started_at + timedelta(seconds=int(data.get("duration_s", 0)))
        record_finish(game, result.state, BY)
        review_finished_game(game, result.state.config.cards, BY)
    else:
        game.status = GameStatus.ABANDONED
    return game


def record_scenarios(texts: list[tuple[str, str]], base: GameConfig) -> list[Game]:
    """Record several scenarios in one transaction: all of them are stored, or none."""
    games = []
    with unit_of_work():
        for path, text in texts:
            try:
                games.append(record_scenario(text, base))
            except ScenarioError as exc:
                raise ScenarioError(f"{path}: {exc}") from None
    return games

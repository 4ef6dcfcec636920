"""Store replayed scenarios as finished games, through the same recording path as web games."""
from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.exc import DataError, IntegrityError

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer
from siete.data.identity import name_skeleton, normal_email
from siete.data.people import PLAYER_NAME_MAX, USERNAME_MAX, Player, User
from siete.data.vocabulary import BotProfile, GameMode, GameStatus, PlayerKind
from siete.engine.config import GameConfig
from siete.engine.replay import ScenarioError, load_scenario, replay, scenario_config
from siete.engine.seating import verify_new_game
from siete.engine.state import OVER, GameState, HandRecord, RuleError
from siete.service.records.game_review import review_finished_game
from siete.service.records.recording import record_finish, record_hand, record_start
from siete.service.unit_of_work import unit_of_work

BY = "replay"


def scenario_player(name: str, is_bot: bool, profile: str = BotProfile.STANDARD) -> Player:
    """The player called exactly `name`: an existing one, or a new bot or human.

    A scenario is recorded history, not a sign-up: its people keep the names it gives even
    beside a house bot or an account that looks like them (`lola` beside the bot Lola, `Bob`
    beside the account bob). Such a new player gets no name skeleton: the older look-alike keeps
    it, and with it the sign-up guard (siete.service.accounts.credentials.name_problem) still refuses the
    name, as for the look-alikes migration 0002 found. A human's account row, which nobody logs
    in to, takes the name when it is free among accounts, else a username nobody can sign up
    with (a new person is never merged into someone else's account)."""
    if not name.strip() or len(name) > PLAYER_NAME_MAX:
        raise ScenarioError(f"{name!r} cannot be stored as a player's name: 1 to "
                            f"{PLAYER_NAME_MAX} characters")
    player = db.session.execute(select(Player).where(Player.name == name)).scalar_one_or_none()
    if player is not None:
        if player.is_bot != is_bot:
            kind = "a bot" if player.is_bot else "a human"
            raise ScenarioError(f"{name} is already {kind} in the database")
        return player
    look_alike = _exists(select(Player.id).where(Player.name_skeleton == name_skeleton(name)))
    if is_bot:
        player = Player(name=name, kind=PlayerKind.BOT, profile=BotProfile(profile), created_by=BY,
                        updated_by=BY)
    else:
        player = Player(name=name, kind=PlayerKind.HUMAN, user=_closed_account(name),
                        created_by=BY, updated_by=BY)
    if look_alike:
        player.name_skeleton = None
    db.session.add(player)
    db.session.flush()
    return player


# No sign-up name starts with it (letters and digits only): an account row for a scenario's
# person whose name an account has (or looks like) already.
UNLISTED_PREFIX = "~"


def _closed_account(name: str) -> User:
    """An account for a scenario's person that nobody knows the password of (log-in stays
    closed), under the name if no account has it or one like it, and with a placeholder address
    if no account has that one."""
    free = len(name) <= USERNAME_MAX and not _exists(select(User.id).where(
        (User.username_key == User.key_for(name)) | (User.username_skeleton == name_skeleton(name))))
    username = name if free else UNLISTED_PREFIX + secrets.token_hex((USERNAME_MAX - 1) // 2)
    email: str | None = normal_email(f"{name.lower()}@players.invalid")
    if _exists(select(User.id).where(User.email == email)):
        email = None  # the address is optional; nobody is ever mailed at players.invalid
    user = User(username=username, email=email, created_by=BY, updated_by=BY)
    user.set_password(secrets.token_urlsafe(24))
    db.session.add(user)
    db.session.flush()
    return user


def _exists(query: Select[int]) -> bool:
    return db.session.scalar(query.limit(1)) is not None


def _bot_profiles(data: dict[str, Any]) -> dict[str, str]:
    """The optional `bot_profiles` ({name: profile}) a new bot is stored with (standard else):
    `python -m siete play --record` plays its bots by any profile and stores them so."""
    profiles = data.get("bot_profiles") or {}
    known = set(BotProfile)
    if not isinstance(profiles, dict) or not set(map(str, profiles.values())) <= known:
        raise ScenarioError(f"bot_profiles maps names to {', '.join(BotProfile)}")
    return {str(name): str(profile) for name, profile in profiles.items()}


def _start_time(data: dict[str, Any]) -> datetime:
    started = data.get("started_at")
    return datetime.fromisoformat(started).replace(tzinfo=None) if started else utcnow()


def record_scenario(text: str, base: GameConfig) -> Game:
    """Replay one scenario and store it; an unfinished game is stored as abandoned."""
    data = load_scenario(text)
    config = scenario_config(data, base)
    bots = set(data.get("bots") or [])
    profiles = _bot_profiles(data)
    names = [str(p) for p in data["players"]]
    try:  # the replay checks the players too, but only after their rows would be written
        verify_new_game(names, config, data["seat_cards"])
    except RuleError as exc:
        raise ScenarioError(f"players: {exc}") from None
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
        player = scenario_player(name, name in bots, profiles.get(name, BotProfile.STANDARD))
        game.players.append(GamePlayer(player=player, join_order=order, created_by=BY,
                                       updated_by=BY))
    db.session.add(game)
    db.session.flush()

    def on_hand(state: GameState, record: HandRecord) -> None:
        if record.number == 1:
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
            except (IntegrityError, DataError) as exc:  # a key or a width the checks above missed
                reason = str(exc.orig).splitlines()[0] if exc.orig is not None else type(exc).__name__
                raise ScenarioError(f"{path}: the database cannot store it: {reason}") from None
    return games

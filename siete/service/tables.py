"""The lobby: open a table, take a seat, leave it, and start the game."""
from __future__ import annotations

import random
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from siete.db import db
from siete.engine import rules
from siete.engine.bots import PROFILES
from siete.engine.config import GameConfig
from siete.models import Game, GamePlayer, Player, User
from siete.service.errors import Conflict, Forbidden, RuleBroken
from siete.service.play import TableSnapshot, advance, locked_table, save_state
from siete.service.recording import record_start, seats_by_join_order
from siete.service.table_rows import LiveState

DEFAULT_TURN_SECONDS = 30


@dataclass(frozen=True)
class TableSpec:
    """What the creator asks for: seats, bots by profile, hand limit and turn timer."""

    name: str
    seats: int
    bots: tuple[str, ...] = ()
    max_hands: int = 15
    turn_seconds: int = DEFAULT_TURN_SECONDS
    creator_sits: bool = True


def verify_spec(spec: TableSpec, config: GameConfig) -> None:
    """Check a new table against the config (R2.1, R2.3) before anything is stored."""
    if not config.min_players <= spec.seats <= config.max_players:
        raise RuleBroken(f"a table has {config.min_players} to {config.max_players} seats")
    unknown = [b for b in spec.bots if b not in PROFILES]
    if unknown:
        raise RuleBroken(f"unknown bot profile: {', '.join(unknown)}")
    humans = spec.seats - len(spec.bots)
    if humans < (1 if spec.creator_sits else 0):
        raise RuleBroken("leave a seat for yourself, or choose to watch the bots")
    if humans == 0 and not config.auto_mode:
        raise RuleBroken("bots-only tables are switched off on this server")
    if not 1 <= spec.max_hands <= config.max_hands:
        raise RuleBroken(f"a game lasts 1 to {config.max_hands} hands")
    if not 5 <= spec.turn_seconds <= 600:
        raise RuleBroken("the turn timer is 5 to 600 seconds")


def player_for(user: User) -> Player:
    """The human player of an account, created the first time it is needed."""
    player = user.player  # load_user has joined it in; otherwise this loads it
    if player is None:
        player = Player(name=user.username, kind="human", user=user,
                        created_by=user.username, updated_by=user.username)
        db.session.add(player)
        db.session.flush()
    return player


def player_of_user(user_id: int) -> Player:
    """The human player of the account with this id: one query, or created the first time."""
    player = db.session.execute(select(Player).where(Player.user_id == user_id)).scalar()
    return player if player is not None else player_for(db.session.get(User, user_id))


def pick_bots(profiles: tuple[str, ...] | list[str], taken: set[int], by: str) -> list[Player]:
    """A named bot of each profile not already seated, creating one when all are busy."""
    chosen = []
    for profile in profiles:
        bot = db.session.execute(
            select(Player).where(Player.kind == "bot", Player.profile == profile,
                                 Player.id.not_in(taken or {0})).order_by(Player.id)
        ).scalars().first()
        if bot is None:
            count = db.session.scalar(select(func.count()).select_from(Player)) or 0
            bot = Player(name=f"{profile.capitalize()}{count + 1}", kind="bot", profile=profile,
                         created_by=by, updated_by=by)
            db.session.add(bot)
            db.session.flush()
        taken.add(bot.id)
        chosen.append(bot)
    return chosen


def create_table(creator: Player | None, spec: TableSpec, config: GameConfig,
                 seed: int | None = None) -> Game:
    """Open a table with the creator (unless watching) and the chosen bots seated.

    With no creator (the simulator) the table is a bots-only one nobody sits at.
    """
    verify_spec(spec, config)
    by = creator.name if creator else "simulator"
    humans = spec.seats - len(spec.bots)
    mode = "bots" if humans == 0 else "humans" if not spec.bots else "mixed"
    game = Game(name=spec.name.strip()[:60] or f"{by}'s table", status="waiting",
                mode=mode, num_players=spec.seats, initial_points=config.initial_points,
                max_hands=spec.max_hands, turn_seconds=spec.turn_seconds,
                win_condition=f"most points after {spec.max_hands} hands, or the last player left",
                creator_user_id=creator.user_id if creator else None, created_by=by, updated_by=by)
    if seed is not None:
        game.seed = seed
    seated = [creator] if creator and spec.creator_sits else []
    seated += pick_bots(spec.bots, {p.id for p in seated}, by)
    for order, player in enumerate(seated):
        game.players.append(GamePlayer(player=player, join_order=order,
                                       created_by=by, updated_by=by))
    db.session.add(game)
    db.session.commit()
    return game


def join_table(game_id: int, player: Player) -> None:
    """Take a free human seat at a waiting table."""
    with locked_table(game_id) as (game, _row):
        if game.status != "waiting":
            raise Conflict("this game has already started")
        if any(gp.player_id == player.id for gp in game.players):
            raise Conflict("you already have a seat here")
        if len(game.players) >= game.num_players:
            raise Conflict("the table is full")
        game.players.append(GamePlayer(player=player, join_order=_next_join_order(game),
                                       created_by=player.name, updated_by=player.name))


def _next_join_order(game: Game) -> int:
    return max((gp.join_order for gp in game.players), default=-1) + 1


def leave_waiting_table(game_id: int, player: Player) -> None:
    """Give up a seat before the game starts; a table its creator leaves is closed."""
    with locked_table(game_id) as (game, _row):
        if game.status != "waiting":
            raise Conflict("the game has started: leaving now hands your seat to a bot")
        seat = next((gp for gp in game.players if gp.player_id == player.id), None)
        if seat is None:
            raise Forbidden("you are not seated at this table")
        if player.user_id is not None and player.user_id == game.creator_user_id:
            game.status = "abandoned"
        else:
            game.players.remove(seat)
            db.session.flush()  # delete first, so renumbering cannot collide with the old row
            for order, gp in enumerate(seats_by_join_order(game)):
                gp.join_order = order  # keep join orders dense: they are the engine's seat indices


def start_table(game_id: int, player: Player | None, config: GameConfig,
                fill_with_bots: bool = False, pause_bots: bool = True) -> TableSnapshot:
    """The creator starts the game: seat cards (R3), the first deal, and bots play at once.

    Returns the table as it was saved, so the answer is drawn without reading it again.
    """
    with locked_table(game_id) as (game, row):
        if player is not None and game.creator_user_id != player.user_id:
            raise Forbidden("only the table's creator can start the game")
        if game.status != "waiting" or row is not None:
            raise Conflict("this game has already started")
        by = player.name if player else "system"
        free = game.num_players - len(game.players)
        if free and not fill_with_bots:
            raise Conflict(f"{free} seat(s) are still free: wait, or fill them with bots")
        taken = {gp.player_id for gp in game.players}
        for bot in pick_bots(["standard"] * free, taken, by):
            game.players.append(GamePlayer(player=bot, join_order=_next_join_order(game),
                                           created_by=by, updated_by=by))
        if free and game.mode == "humans":
            game.mode = "mixed"
        return _deal_first_hand(game, config, by, pause_bots)


def _deal_first_hand(game: Game, config: GameConfig, by: str, pause_bots: bool) -> TableSnapshot:
    seats = seats_by_join_order(game)
    names = [gp.player.name for gp in seats]
    bots = {gp.player.name: gp.player.profile for gp in seats if gp.player.kind == "bot"}
    game_config = config.with_overrides(max_hands=game.max_hands,
                                        initial_points=game.initial_points)
    rng = random.Random(f"{game.seed}:seating")
    state = rules.new_game(names, game_config, rules.draw_seat_cards(rng, len(names)), bots)
    record_start(game, state, by)
    rules.deal(state, rules.shuffled_deck(rng))
    advance(game, state, by, pause_bots)
    live = LiveState(game.id, 0, "{}", None)
    save_state(game, live, state, by, new=True)
    return TableSnapshot.of(game, live, state)


def lobby_tables(limit: int = 50) -> list[Game]:
    """Open and running tables, newest first, with their seats loaded."""
    return list(db.session.execute(
        select(Game).where(Game.status.in_(("waiting", "playing")))
        .options(selectinload(Game.players).selectinload(GamePlayer.player))
        .order_by(Game.id.desc()).limit(limit)).scalars())

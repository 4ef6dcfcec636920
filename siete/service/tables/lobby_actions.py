"""The lobby: open a table, take a seat, leave it, and start the game (the lists a lobby page
shows are lobby_lists.py)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from siete.data.base import db, utcnow
from siete.data.game_rows import PlainStateRow
from siete.data.games import Game, GamePlayer
from siete.data.identity import name_skeleton
from siete.data.people import Player, User
from siete.data.vocabulary import OPEN_STATUSES, GameMode, GameStatus, PlayerKind
from siete.engine import deck, rules
from siete.engine.bots import PROFILES
from siete.engine.codes import BotProfile
from siete.engine.config import TURN_SECONDS_MAX, TURN_SECONDS_MIN, GameConfig
from siete.service.errors import Conflict, NotAllowed, Problem, RuleBroken, SignedOut, TooMany
from siete.service.records.recording import record_start, seats_by_join_order
from siete.service.tables.rematch_invites import verify_no_pending, verify_seat_not_held
from siete.service.tables.table_access import new_token, verify_may_see
from siete.service.tables.table_locks import locked_table
from siete.service.tables.turns import TableSnapshot, advance, save_state
from siete.service.text_rules import MAX_STACKED_MARKS, forbidden_characters, too_many_marks
from siete.service.unit_of_work import transactional_retried
from siete.settings import ServiceSettings

DEFAULT_TURN_SECONDS = 30
SEATING = "seating"  # the step of a table's seed that draws its seat cards and first deck
# New bots are named "<Profile>-<n>": usernames are letters and digits only, so no account can
# ever hold (or take first) a bot's name. Older bots keep the names they have.
BOT_NAME_SEPARATOR = "-"
BOT_NAME_ATTEMPTS = 8


@dataclass(frozen=True)
class TableSpec:
    """What the creator asks for: seats, bots by profile, hand limit and turn timer."""

    name: str
    seats: int
    bots: tuple[str, ...] = ()
    max_hands: int = 15
    turn_seconds: int = DEFAULT_TURN_SECONDS
    creator_sits: bool = True
    show_odds: bool = False  # a practice table: odds at each turn, not rated
    private: bool = False  # only the invite link opens it (siete.service.tables.table_access)
    chat_spectators: bool = False  # spectators chat too (a public table only: siete.service.social.chat)
    starts_in_s: int | None = None  # Play now: starts by itself this long after opening, with bots


def verify_spec(spec: TableSpec, config: GameConfig) -> None:
    """Check a new table against the config (R2.1, R2.3) before anything is stored."""
    if not config.min_players <= spec.seats <= config.max_players:
        raise RuleBroken(Problem.SEAT_COUNT, min=config.min_players, max=config.max_players)
    unknown = [b for b in spec.bots if b not in PROFILES]
    if unknown:
        raise RuleBroken(Problem.UNKNOWN_PROFILES, names=", ".join(unknown))
    humans = spec.seats - len(spec.bots)
    if humans < (1 if spec.creator_sits else 0):
        raise RuleBroken(Problem.NO_SEAT_FOR_CREATOR)
    if humans == 0 and not config.auto_mode:
        raise RuleBroken(Problem.BOTS_ONLY_OFF)
    if not 1 <= spec.max_hands <= config.max_hands:
        raise RuleBroken(Problem.HAND_COUNT, max=config.max_hands)
    if not TURN_SECONDS_MIN <= spec.turn_seconds <= TURN_SECONDS_MAX:
        raise RuleBroken(Problem.TURN_TIMER, min=TURN_SECONDS_MIN, max=TURN_SECONDS_MAX)
    if forbidden_characters(spec.name):
        raise RuleBroken(Problem.NAME_CHARACTERS)
    if too_many_marks(spec.name):
        raise RuleBroken(Problem.NAME_STACKED_MARKS, max=MAX_STACKED_MARKS)


def player_for(user: User) -> Player:
    """The human player of an account, created the first time it is needed."""
    player = user.player  # load_user has joined it in; otherwise this loads it
    if player is None:
        # An account older than players at sign-up whose name looks like a player's keeps its
        # name, with no skeleton, as migration 0004 treats such names.
        look_alike = db.session.scalar(
            select(Player.id).where(Player.name_skeleton == name_skeleton(user.username)))
        player = Player(name=user.username, kind=PlayerKind.HUMAN, user=user,
                        created_by=user.username, updated_by=user.username)
        if look_alike is not None:
            player.name_skeleton = None
        db.session.add(player)
        db.session.flush()
    return player


def player_of_user(user_id: int) -> Player:
    """The human player of the account with this id: one query, or created the first time."""
    player = db.session.execute(select(Player).where(Player.user_id == user_id)).scalar()
    if player is not None:
        return player
    user = db.session.get(User, user_id)
    if user is None:  # the account is gone since the request read it
        raise SignedOut(Problem.SIGNED_OUT)
    return player_for(user)


def pick_bots(profiles: tuple[str, ...] | list[str], taken: set[int], by: str) -> list[Player]:
    """A named bot of each profile not already seated, creating one when all are busy."""
    chosen = []
    for profile in profiles:
        bot = db.session.execute(
            select(Player).where(Player.kind == PlayerKind.BOT, Player.profile == profile,
                                 Player.id.not_in(taken or {0})).order_by(Player.id)
        ).scalars().first()
        if bot is None:
            bot = new_bot(profile, by)
        taken.add(bot.id)
        chosen.append(bot)
    return chosen


def new_bot(profile: str, by: str) -> Player:
    """Store a new bot of this profile under a free name.

    Tables created at the same moment may pick the same number: the insert runs in a
    savepoint, and the one that loses the race tries another number instead of failing.
    """
    count = db.session.scalar(select(func.count()).select_from(Player)) or 0
    for attempt in range(BOT_NAME_ATTEMPTS):
        number = count + 1 if attempt == 0 else count + random.randint(2, 10**6)
        bot = Player(name=f"{profile.capitalize()}{BOT_NAME_SEPARATOR}{number}", kind=PlayerKind.BOT,
                     profile=profile, created_by=by, updated_by=by)
        try:
            with db.session.begin_nested():
                db.session.add(bot)
        except IntegrityError:
            continue
        return bot
    raise Conflict(Problem.NO_BOT_NAME)


@transactional_retried  # tables opened at one moment may deadlock over new bots' names
def create_table(creator: Player | None, spec: TableSpec, config: GameConfig,
                 seed: int | None = None, max_open: int | None = None) -> Game:
    """Open a table with the creator (unless watching) and the chosen bots seated.

    With no creator (the simulator) the table is a bots-only one nobody sits at. With
    `max_open`, an account that already has that many tables waiting or playing is refused.
    A table whose spec has no name is named after who opened it: their name alone, the same
    in every language. A guest's is left without one (the pages say "Table 31", the table_name
    filter): named "Guest 4821", its heading read as the guest's own name, and in the other
    language as a word of the guest's ("Invitado 4821").
    """
    verify_spec(spec, config)
    if spec.private and creator is not None and creator.user is not None and creator.user.guest:
        raise NotAllowed(Problem.GUEST_NOT_ALLOWED)  # an invite link is a guest's way to spam
    if creator is not None and creator.user_id is not None and max_open is not None:
        verify_open_tables(creator.user_id, max_open)
    by = creator.name if creator else "simulator"
    humans = spec.seats - len(spec.bots)
    mode = GameMode.of(humans, len(spec.bots))
    guest = creator is not None and creator.user is not None and creator.user.guest
    game = Game(name=spec.name.strip()[:60] or ("" if guest else by[:60]), status=GameStatus.WAITING,
                mode=mode, num_players=spec.seats, initial_points=config.initial_points,
                max_hands=spec.max_hands, turn_seconds=spec.turn_seconds, show_odds=spec.show_odds,
                win_condition=f"most points after {spec.max_hands} hands, or the last player left",
                creator_user_id=creator.user_id if creator else None, created_by=by, updated_by=by,
                private=spec.private, invite_token=new_token() if spec.private else None,
                chat_spectators=spec.chat_spectators)
    if spec.starts_in_s is not None:
        game.autostart_at = utcnow() + timedelta(seconds=spec.starts_in_s)
    if seed is not None:
        game.seed = seed
    seated = [creator] if creator and spec.creator_sits else []
    seated += pick_bots(spec.bots, {p.id for p in seated}, by)
    for order, player in enumerate(seated):
        game.players.append(GamePlayer(player=player, join_order=order,
                                       created_by=by, updated_by=by))
    db.session.add(game)
    return game


def open_tables_of(user_id: int) -> int:
    """How many tables the account created are waiting or being played."""
    return db.session.scalar(
        select(func.count()).select_from(Game)
        .where(Game.creator_user_id == user_id, Game.status.in_(OPEN_STATUSES))) or 0


def verify_open_tables(user_id: int, max_open: int) -> None:
    """Refuse a new table past the cap; the account's row is locked first, so two tables
    opened at the same moment are counted one after the other (SQLite: its write lock)."""
    db.session.execute(select(User.id).where(User.id == user_id).with_for_update())
    if open_tables_of(user_id) >= max_open:
        raise TooMany(Problem.TOO_MANY_OPEN, count=max_open)


def expire_waiting_table(game_id: int, cutoff: datetime, by: str = "worker") -> bool:
    """Close a waiting table nobody has joined (or touched) since `cutoff`; True if it did."""
    with locked_table(game_id) as (game, _row):
        if game.status != GameStatus.WAITING or game.updated_at > cutoff:
            return False
        game.status, game.updated_by = GameStatus.ABANDONED, by
        return True


def join_table(game_id: int, player: Player, key: str | None = None, *,
               rematch_seconds: int = ServiceSettings.rematch_seconds) -> None:
    """Take a free human seat at a waiting table (which keeps it from expiring for a while);
    a private table only for who may see it (`key`: its invite link's secret, if brought), a
    rematch's seat only if none of its invitees who can still answer needs it (rematch_seconds)."""
    with locked_table(game_id) as (game, _row):
        verify_may_see(game, player.user_id, key)
        if game.status != GameStatus.WAITING:
            raise Conflict(Problem.ALREADY_STARTED)
        if any(gp.player_id == player.id for gp in game.players):
            raise Conflict(Problem.ALREADY_SEATED)
        if len(game.players) >= game.num_players:
            raise Conflict(Problem.TABLE_FULL)
        verify_seat_not_held(game, player.id, rematch_seconds)
        game.players.append(GamePlayer(player=player, join_order=_next_join_order(game),
                                       created_by=player.name, updated_by=player.name))
        # updated_at is a waiting table's last activity: the worker expires tables by it.
        game.updated_by, game.updated_at = player.name, utcnow()


def _next_join_order(game: Game) -> int:
    return max((gp.join_order for gp in game.players), default=-1) + 1


def leave_waiting_table(game_id: int, player: Player) -> None:
    """Give up a seat before the game starts. When the creator leaves, the table passes to the
    next person seated (by join order), who may then start it; with nobody left it is closed,
    so a table nobody can start never waits in the lobby."""
    with locked_table(game_id) as (game, _row):
        if game.status != GameStatus.WAITING:
            raise Conflict(Problem.LEAVING_STARTED)
        seat = next((gp for gp in game.players if gp.player_id == player.id), None)
        if seat is None:
            raise NotAllowed(Problem.NOT_SEATED)
        game.updated_by, game.updated_at = player.name, utcnow()
        if player.user_id is not None and player.user_id == game.creator_user_id:
            heir = next_person(game, player.id)
            if heir is None:
                game.status = GameStatus.ABANDONED
                return
            game.creator_user_id = heir.user_id
        free_seat(game, seat)


def next_person(game: Game, leaving: int) -> Player | None:
    """The person seated first after the one leaving (None: only bots would be left)."""
    return next((gp.player for gp in seats_by_join_order(game)
                 if gp.player_id != leaving and gp.player.user_id is not None), None)


def free_seat(game: Game, seat: GamePlayer) -> None:
    """Take the seat away, join orders renumbered from 0 (the engine's seat indices)."""
    game.players.remove(seat)
    db.session.flush()  # delete first, so renumbering cannot collide with the old row
    for order, gp in enumerate(seats_by_join_order(game)):
        gp.join_order = order  # keep join orders dense: they are the engine's seat indices


def start_table(settings: ServiceSettings, game_id: int, player: Player | None,
                fill_with_bots: bool = False, pause_bots: bool = True,
                due_at: datetime | None = None) -> TableSnapshot:
    """The creator starts the game: seat cards (R3), the first deal, and bots play at once.
    With `due_at` (the worker), only a table whose autostart_at has come by then starts.

    Returns the table as it was saved, so the answer is drawn without reading it again.
    """
    with locked_table(game_id) as (game, row):
        if player is not None and game.creator_user_id != player.user_id:
            raise NotAllowed(Problem.CREATOR_ONLY)
        if game.status != GameStatus.WAITING or row is not None:
            raise Conflict(Problem.ALREADY_STARTED)
        if due_at is not None and (game.autostart_at is None or game.autostart_at > due_at):
            raise Conflict(Problem.NOT_DUE)
        by = player.name if player else "system"
        free = game.num_players - len(game.players)
        if free and not fill_with_bots:
            raise Conflict(Problem.SEATS_FREE, num=free)
        if free and game.rematch_of is not None:
            verify_no_pending(game, settings.rematch_seconds)
        taken = {gp.player_id for gp in game.players}
        for bot in pick_bots([BotProfile.STANDARD] * free, taken, by):
            game.players.append(GamePlayer(player=bot, join_order=_next_join_order(game),
                                           created_by=by, updated_by=by))
        if free and game.mode == GameMode.HUMANS:
            game.mode = GameMode.MIXED
        return _deal_first_hand(settings, game, by, pause_bots)


def _deal_first_hand(settings: ServiceSettings, game: Game, by: str,
                     pause_bots: bool) -> TableSnapshot:
    seats = seats_by_join_order(game)
    names = [gp.player.name for gp in seats]
    bots = {gp.player.name: gp.player.profile for gp in seats
            if gp.player.kind == PlayerKind.BOT and gp.player.profile is not None}  # a bot has one
    game_config = settings.game.with_overrides(max_hands=game.max_hands,
                                        initial_points=game.initial_points)
    state = rules.start_game(names, bots, game_config, deck.seeded_rng(game.seed, SEATING))
    record_start(game, state, by)
    advance(settings, game, state, by, pause_bots)
    live = PlainStateRow(game.id, 0, "{}", None)
    save_state(settings, game, live, state, by, new=True)
    return TableSnapshot.of(game, live, state)

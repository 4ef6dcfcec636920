"""`play`: the brief's manual mode. People type names and moves a line each (a pipe will do; the
input's end exits 1); bots play the web tables' engine and bots. Hot seat (R4.2): a person's table
shows their own face-down card only; --record stores the game as `replay --record` does."""
from __future__ import annotations

import json
import random
import re
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import click
from flask import Flask
from flask.cli import ScriptInfo
from rich.console import Console
from rich.table import Table

from siete.data.people import USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN
from siete.data.xmlfiles import load_game
from siete.engine import deck, rules
from siete.engine.bots import bot_step
from siete.engine.codes import Action, BotProfile, Event
from siete.engine.config import GameConfig
from siete.engine.moves import apply_move
from siete.engine.replay import ScenarioError, played_scenario
from siete.engine.settlement import final_ranking
from siete.engine.state import OVER, PLAY, PLAYING, GameState
from siete.engine.views import is_face_down, seat_view
from siete.i18n.catalogs import cli_catalog, cli_locale
from siete.i18n.catalogs import gettext as _
from siete.i18n.labels import DID_NOT_PLAY, PROFILE_NAMES, SEAT_STATES, label
from siete.i18n.request_words import RequestWords
from siete.i18n.words import card_name, describe, game_total
from siete.settings import service_settings

EXIT_END_OF_INPUT, EXIT_USAGE = 1, 2
DRAW_KEYS, STAND_KEYS = ("d",), ("s",)  # the web table's keys (templates/play/table.html)


class EndOfInput(Exception):
    """Standard input ended while a question waited for its answer."""


@dataclass
class Match:
    """A game being played here, with what --record stores: each hand's deck and moves."""

    state: GameState
    rng: random.Random
    say: RequestWords  # the game's sentences (siete/i18n/words.py) in the terminal's language
    console: Console
    hands: list[dict[str, Any]] = field(default_factory=list)
    shown: int = 0  # how many of the hand's log events are printed


def ask(question: str) -> str:
    """One line of answer, without the spaces around it."""
    click.echo(question + " ", nl=False)
    if not (line := sys.stdin.readline()):
        raise EndOfInput
    if not sys.stdin.isatty():  # read from a pipe: echoed, so that the output reads as a talk
        click.echo(line.rstrip("\n"))
    return line.strip()


def name_problem(name: str, taken: list[str]) -> str | None:
    """Why `name` cannot be a player's, or None."""
    # the site's usernames' rule: the brief's "hasta un límite de 8" is 8 players, not 8 letters
    if not (re.fullmatch(USERNAME_PATTERN, name) and USERNAME_MIN <= len(name) <= USERNAME_MAX):
        return _("%(name)s is not a name: letters and digits only (no accents), starting with a "
                 "letter, %(min)s to %(max)s characters", name=name, min=USERNAME_MIN,
                 max=USERNAME_MAX)
    if name.lower() in (t.lower() for t in taken):
        return _("%(name)s is already playing: choose another name", name=name)
    return None


def ask_names(most: int) -> list[str]:
    """The people's names, one a line, up to `most`; an empty line ends the list."""
    names: list[str] = []
    while len(names) < most:
        answer = ask(_("Name of player %(number)s (an empty line ends the list):",
                       number=len(names) + 1))
        if not answer and names:
            break
        problem = name_problem(answer, names) if answer else _("at least one person plays")
        click.echo(problem) if problem else names.append(answer)
    return names


def ask_number(question: str, low: int, high: int) -> int:
    """A whole number from `low` to `high`, asked again until one is typed."""
    while True:
        # isascii(): isdigit() and int() also take other scripts' digits ("٢")
        if (answer := ask(question)).isascii() and answer.isdigit() and low <= int(answer) <= high:
            return int(answer)
        click.echo(_("type a whole number from %(low)s to %(high)s", low=low, high=high))


def ask_profile() -> str:
    """A bot profile, by its code or its name in this language; an empty line is standard."""
    known = {p: _(PROFILE_NAMES[p]) for p in BotProfile}
    while True:
        answer = ask(_("Bots' profile (%(profiles)s) [%(default)s]:", profiles=", ".join(
            known.values()), default=known[BotProfile.STANDARD])).lower()
        for code, word in known.items():
            if answer in ("", code, word.lower()):
                return code if answer else BotProfile.STANDARD
        click.echo(_("unknown profile: type one of %(profiles)s", profiles=", ".join(known.values())))


def bot_names(count: int, profile: str, taken: list[str]) -> list[str]:
    """Names for the bots, as the simulator gives them (profile and number), none taken."""
    names = (f"{profile}{n}" for n in range(1, count + len(taken) + 1))
    return [n for n in names if n.lower() not in {t.lower() for t in taken}][:count]


def start(people: list[str], bots: int, profile: str, config: GameConfig, seed: int) -> Match:
    """Seat everyone by their cards (R3) and say who sits where."""
    names = people + bot_names(bots, profile, people)
    rng = deck.seeded_rng(seed, 0)
    state = rules.new_game(names, config, deck.draw_seat_cards(config.cards, rng, len(names)),
                           {n: profile for n in names[len(people):]})
    say = RequestWords(cli_locale(), cli_catalog(), {})
    match = Match(state, rng, say, Console(highlight=False, markup=False))
    click.echo(_("Cards for the bank (the highest takes it):"))
    for seat in (state.seats[index] for index in state.seating):
        click.echo(f"  {seat.name}: {card_name(seat.seat_card, say)}")
    return match


def print_events(match: Match) -> None:
    """The hand's events not yet printed, as every seat may read them (R4.2)."""
    log = match.state.log
    for event in log[match.shown:]:
        click.echo("  " + describe(match.state, event, None, match.say))
    match.shown = len(log)


def cards_cell(match: Match, index: int, viewer: int | None) -> str:
    """A seat's cards as `viewer` sees them; the viewer's own face-down card is marked."""
    state, words = match.state, []
    for pos, card in enumerate(seat_view(state, index, viewer).cards):
        name = card_name(card, match.say)
        words.append(_("(face down)") if card is None else f"[{name}]"
                     if is_face_down(state, index, pos, None) else name)
    return ", ".join(words)


def seats_table(match: Match, viewer: int | None) -> Table:
    """Every seat in this hand's order: its cards as `viewer` sees them, points, bet, state."""
    state = match.state
    table = Table(_("Player"), _("Cards"), _("Total"), _("Points"), _("Bet"), _("State"),
                  title=_("Hand %(hand)s of %(hands)s", hand=state.hand, hands=state.config.max_hands),
                  caption=_("[card]: your face-down card, only you see it") if viewer in state.order[1:] else None)
    ordered = state.order + [i for i in range(len(state.seats)) if i not in state.order]
    for index in ordered:
        view = seat_view(state, index, viewer)
        roles = ", ".join(([_("bank")] if index == state.bank else []) + ([_("bot")] if view.bot else []))
        total = (game_total(view.total) if view.total is not None else "?" if not view.shown_total
                 else f"{game_total(view.shown_total)} + ?")
        status = DID_NOT_PLAY if view.status == PLAYING and state.phase != PLAY else view.status
        table.add_row(f"{view.name} ({roles})" if roles else view.name,
                      cards_cell(match, index, viewer), total if view.cards else "",
                      str(view.points), str(view.bet or ""), match.say(label(SEAT_STATES, status)))
    return table


def person_turn(match: Match, seat: int) -> str:
    """Ask the person in `seat` for one move (a bet, then draws or a stand); returns it written."""
    state, name = match.state, match.state.seats[seat].name
    click.echo(_("--- %(name)s's turn ---", name=name))
    match.console.print(seats_table(match, seat))
    bets = rules.legal_bets(state, seat)
    if bets:
        amount = ask_number(_("Your bet (1-%(top)s):", top=bets[-1]), 1, bets[-1])
        apply_move(state, seat, Action.BET, amount)
        return f"{name}: bet {amount}"
    can_draw = rules.can_draw(state, seat)
    question = (_("%(name)s, draw (d) or stand (s)?", name=name) if can_draw else
                _("%(name)s, the deck is empty: stand (s)?", name=name))
    while True:
        answer = ask(question).lower()
        if answer in STAND_KEYS or (can_draw and answer in DRAW_KEYS):
            move = Action.DRAW if answer in DRAW_KEYS else Action.STAND
            apply_move(state, seat, move)
            return f"{name}: {move}"
        click.echo(_("type d to draw or s to stand") if can_draw else _("type s to stand"))


def play_hand(match: Match) -> None:
    """Deal a fresh deck (R1.5, R4.1) and play the hand out, bots by the engine's bots."""
    state = match.state
    cards = deck.shuffled_deck(state.config.cards, match.rng)
    rules.deal(state, cards)
    moves: list[str] = []
    match.hands.append({"deck": cards, "moves": moves})
    match.shown = 0
    print_events(match)
    while state.phase == PLAY:
        seat = state.current_seat()
        assert seat is not None  # a hand in play has a seat in turn
        if state.seats[seat].bot is None:
            moves.append(person_turn(match, seat))
        else:
            first = len(state.log)
            bot_step(state, seat, match.rng)
            # As a scenario writes it: the step's first event (a bust, a stand at 7½ or the
            # settlement after it follow from it).
            step = state.log[first]
            name = state.seats[seat].name
            moves.append(f"{name}: bet {step.value}" if step.event == Event.BET
                         else f"{name}: {step.event.value}")
        print_events(match)
    match.console.print(seats_table(match, None))


def standings(match: Match) -> Table:
    """R7.2: first place to last, with the points each ends with."""
    state = match.state
    table = Table("#", _("Player"), _("Points"), title=_("Standings"))
    for place, index in enumerate(final_ranking(state), start=1):
        table.add_row(str(place), state.seats[index].name, str(state.seats[index].points))
    return table


def store(app: Flask, match: Match, seed: int, started: datetime) -> int:
    """Store the game as `replay --record` stores a scenario; 0, or 2 with one line."""
    from sqlalchemy.exc import SQLAlchemyError  # only --record loads the database stack

    from siete.service.records.scenario_games import record_scenarios

    data = {**played_scenario(match.state, match.hands), "name": "python -m siete play",
            "seed": seed, "started_at": started.isoformat(),
            "duration_s": int((datetime.now(UTC) - started).total_seconds())}
    with app.app_context():
        try:
            game = record_scenarios([("play", json.dumps(data))], config_of(app))[0]
        except (ScenarioError, SQLAlchemyError) as exc:
            reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
            click.echo(_("the game was not stored: %(reason)s", reason=reason), err=True)
            return EXIT_USAGE
        click.echo(_("stored as game %(id)s", id=game.id))
    return 0


def config_of(app: Flask | None) -> GameConfig:
    """The app's game settings with --record (the ones it stores games by), else the files'."""
    return service_settings(app).game if app is not None else load_game()


def choose_seats(players: str | None, bots: int | None, profile: str | None,
                 config: GameConfig) -> tuple[list[str], int, str]:
    """The people, how many bots and their profile: from the options, or asked."""
    if players is not None:
        people = [p.strip() for p in players.split(",")]
        problems = [name_problem(n, people[:i]) for i, n in enumerate(people)]
        if any(problems):
            raise click.UsageError(next(p for p in problems if p))
    else:
        people = ask_names(config.max_players)
    free = config.max_players - len(people)
    fewest = max(0, config.min_players - len(people))
    if bots is None:
        bots = fewest if players is not None or free == fewest else ask_number(
            _("How many bots (%(low)s-%(high)s)?", low=fewest, high=free), fewest, free)
    if not fewest <= bots <= free:
        raise click.UsageError(_("players and bots must be %(min)s-%(max)s in all",
                                 min=config.min_players, max=config.max_players))
    if profile is None:
        profile = ask_profile() if bots and players is None else BotProfile.STANDARD
    return people, bots, profile


@click.command("play", help=_("play a game in the terminal: people type their moves, bots "
                              "play the other seats"))
@click.option("--players", default=None, help=_("comma-separated names of the people playing"))
@click.option("--bots", type=int, default=None, help=_("how many bots play"))
@click.option("--profile", type=click.Choice([p.value for p in BotProfile]), default=None,
              help=_("the bots' profile"))
@click.option("--hands", type=click.IntRange(1), default=None,
              help=_("hands per game (default: config)"))
@click.option("--seed", type=int, default=None, help=_("the seed: the same one, the same games"))
@click.option("--record", is_flag=True, help=_("store the game in the database"))
@click.pass_context
def play_command(ctx: click.Context, players: str | None, bots: int | None, profile: str | None,
                 hands: int | None, seed: int | None, record: bool) -> None:
    app = ctx.ensure_object(ScriptInfo).load_app() if record else None
    config = config_of(app).with_overrides(max_hands=hands)
    seed = random.SystemRandom().randrange(10**9) if seed is None else seed
    try:
        people, count, chosen = choose_seats(players, bots, profile, config)
        started = datetime.now(UTC)
        match = start(people, count, chosen, config, seed)
        while match.state.phase != OVER:
            play_hand(match)
    except EndOfInput:
        click.echo("\n" + _("the input ended before the game did: the game is not played out"),
                   err=True)
        ctx.exit(EXIT_END_OF_INPUT)
    match.console.print(standings(match))
    if app is not None:
        ctx.exit(store(app, match, seed, started))

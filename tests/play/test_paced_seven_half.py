"""R4.2 under paced play: what a logged-out spectator polling a public table gets never tells
that a punter's face-down card makes 7½ (R4.6 stands for it).

Two worlds with the same public history are played through the paced path (the timers'
locked step, people's moves through the service, the spectator's poll through the fragment
route): a punter draws a face-up card and then stands. In world A its face-down card and the
draw make 7½, so R4.6 stands for it; in world B they make less and it stands by choice. The
spectator's answers are compared step by step: the version, the time to the next step and the
rendered fragment. Until the hand is settled nothing differs; the settlement shows the card
and its result, which the spectator may then see.

Every clock the path reads is one fake clock, so each step is taken (and each poll answered)
at the same moment in both worlds; nothing here sleeps.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timedelta

import pytest
from sqlalchemy import update

from siete.data.base import db, utcnow_ms
from siete.data.games import Game
from siete.data.games import GameStateRow as StateRow
from siete.data.people import User
from siete.engine import bots, rules
from siete.engine.codes import Event
from siete.engine.records import LogEvent
from siete.engine.state import DEAL
from siete.service.tables import turns
from siete.service.tables.lobby_actions import TableSpec, create_table, player_for, start_table
from siete.service.tables.timers import run_due_step
from tests.support.play import HX, client_for, load, make_user, text
from tests.support.settings import app_settings

PACE = timedelta(seconds=0.8)
THINK = timedelta(seconds=3)  # how long a person takes over each of their moves here
FIGURE = "C10"  # worth ½: the face-up card the punter draws in both worlds
SEVEN, SIX = "O07", "O06"  # the punter's face-down card: 7½ with the figure (A), 6½ (B)
OTHERS = ["B04", "E05", "B03"]  # the other punter's first card, the bank's, the other's draw
CSRF = re.compile(r'((?:name="csrf_token" value=|name="csrf-token" content=|"X-CSRFToken": )")[^"]*')


@pytest.fixture
def app_config() -> dict:
    return {"BOT_MOVE_SECONDS": PACE.total_seconds()}


class Clock:
    """The one `now` of the table's path: the services', the poll's and the page's."""

    def __init__(self, start: datetime) -> None:
        self.at = start

    def ms(self) -> datetime:
        return self.at

    def seconds(self) -> datetime:
        return self.at.replace(microsecond=0)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    # Far ahead of the wall clock, the same start for both worlds: nothing real is ever due.
    fake = Clock(utcnow_ms().replace(microsecond=0) + timedelta(days=1))
    for module in ("siete.service.tables.turns", "siete.play.routes", "siete.play.context",
                   "siete.play.polling"):
        monkeypatch.setattr(f"{module}.utcnow_ms", fake.ms, raising=False)
        monkeypatch.setattr(f"{module}.utcnow", fake.seconds, raising=False)
    return fake


class Scripted:
    """Every bot: bets 1, draws once as a punter and then stands; the bank stands. It reads
    only its own total, so both worlds make the same choices, and no randomness."""

    bets_on_cards = False

    def __init__(self, original: bots.Strategy) -> None:
        self.name, self.description = original.name, original.description

    def choose_bet(self, view, rng) -> int:
        return 1

    def wants_card(self, view, rng) -> bool:
        return not view.is_bank and view.total == view.hidden  # one card yet: draw


@pytest.fixture
def scripted(monkeypatch) -> None:
    for profile, strategy in list(bots.PROFILES.items()):
        monkeypatch.setitem(bots.PROFILES, profile, Scripted(strategy))


@dataclass(frozen=True)
class Seen:
    """One answer to the spectator's poll, just after a step."""

    version: int
    next_in: timedelta | None  # from this step to the table's next automatic one
    fragment: str


def seeded_table(app, creator: int, bots_: tuple[str, ...], sits: bool, seed: int) -> int:
    with app.app_context():
        user = player_for(db.session.get(User, creator))
        spec = TableSpec(name="watched", seats=len(bots_) + sits, bots=bots_, max_hands=3,
                         creator_sits=sits)
        game = create_table(user, spec, app.config["GAME"], seed=seed)
        start_table(app_settings(), game.id, user)
        return game.id


def rig(app, game_id: int, subject: str, face_down: str, clock: Clock) -> None:
    """Deal the hand again, from a deck that gives `subject` (a punter) `face_down` and then
    FIGURE as its first draw; the same seats and order as the seed gave, so the settled hand
    is recorded (and replayed by the suite's check) as any other."""
    with app.app_context():
        state = load(app, game_id)[1]
        punters = state.order[1:]
        subject_at = punters.index(state.seat_index(subject))
        others = iter(OTHERS)
        firsts = [face_down if i == subject_at else next(others) for i in range(len(punters))]
        bank_card = next(others)
        draws = [FIGURE if i == subject_at else next(others) for i in range(len(punters))]
        used = firsts + [bank_card] + draws
        rest = [card for card in state.config.cards.active if card not in used + [SEVEN, SIX]]
        state.phase, state.hand = DEAL, state.hand - 1
        rules.deal(state, used + [SEVEN if face_down == SIX else SIX] + rest)
        bot_turn = state.seats[state.current_seat()].bot is not None
        state.bot_stream = [state.version, 0] if bot_turn else None
        due = turns.next_deadline(app_settings(), db.session.get(Game, game_id), state, clock.at)
        db.session.execute(update(StateRow).where(StateRow.game_id == game_id).values(
            state=json.dumps(state.to_dict()), version=state.version, turn_deadline=due))
        db.session.commit()


def spectate(app, game_id: int, clock: Clock) -> Seen:
    """The logged-out spectator's poll at this moment (its `v` is never the table's)."""
    response = client_for(app, None).get(f"/tables/{game_id}/fragment?v=-", headers=HX)
    assert response.status_code == 200
    with app.app_context():
        db.session.remove()
        version, deadline = turns.version_and_deadline(game_id)
    # Told apart on purpose: the two worlds are two tables (their ids), and each client's
    # CSRF token is its own. Countdowns, deadlines and the poll's pace are compared as sent.
    fragment = re.sub(rf'(/tables/|data-game="){game_id}\b', r"\1ID", text(response))
    fragment = CSRF.sub(r"\1-", fragment)
    return Seen(version, None if deadline is None else deadline - clock.at, fragment)


def face_up(fragment: str) -> set[str]:
    """The cards a fragment shows face up (a face-down one never carries its id)."""
    return set(re.findall(r'data-card="[A-Z]\d\d"', fragment))


def paced_steps_until(app, game_id: int, clock: Clock, stop) -> list[Seen]:
    """Each due step at its deadline, one at a time, each answered to the spectator."""
    seen = []
    for _ in range(30):
        with app.app_context():
            db.session.remove()
            state = turns.current_state(app_settings(), game_id)[1]
            if stop(state):
                return seen
            deadline = turns.version_and_deadline(game_id)[1]
            clock.at = deadline
            step = run_due_step(app_settings(), game_id, deadline)
        assert step is not None
        seen.append(spectate(app, game_id, clock))
    raise AssertionError("the hand never got there")


def settled(state) -> bool:
    return state.phase != "play"


def bots_world(app, creator: int, face_down: str, clock: Clock) -> list[Seen]:
    game_id = seeded_table(app, creator, ("standard", "bold", "cautious"), sits=False, seed=4)
    with app.app_context():
        subject = load(app, game_id)[1]
        name = subject.seats[subject.order[1]].name  # the first punter
    rig(app, game_id, name, face_down, clock)
    return [spectate(app, game_id, clock)] + paced_steps_until(app, game_id, clock, settled)


def test_a_bot_s_stand_at_7_and_a_half_is_paced_and_shown_as_a_stand_by_choice(
        app, clock, scripted):
    ana = make_user(app, "Ana")
    start = clock.at
    seven = bots_world(app, ana, SEVEN, clock)
    clock.at = start
    six = bots_world(app, ana, SIX, clock)
    # the deal, four punter moves each (bet, draw, stand), the bank's stand and settlement
    assert len(seven) == len(six) >= 8
    assert [(s.version, s.next_in) for s in seven] == [(s.version, s.next_in) for s in six]
    first = seven[0].version  # each step one version: the draw to 7½ and its stand are two
    assert [s.version for s in seven] == list(range(first, first + len(seven)))
    assert all(s.next_in == PACE for s in seven[:-1])  # every step PACE after the one before
    assert 'data-card="E05"' in face_up(seven[0].fragment)  # the bank's card shows, dealt
    for at_seven, at_six in zip(seven[:-1], six[:-1]):  # until settled, nothing differs
        assert at_seven.fragment == at_six.fragment
        assert not {f'data-card="{SEVEN}"', f'data-card="{SIX}"'} & face_up(at_seven.fragment)
    # settled: the card and its 7½ show, as they may
    assert f'data-card="{SEVEN}"' in seven[-1].fragment and f'data-card="{SIX}"' in six[-1].fragment
    assert "7½" in seven[-1].fragment


def person_world(app, person: int, face_down: str, clock: Clock, seed: int) -> list[Seen]:
    """Ana, the first punter, bets, draws the figure and (world B) stands by choice, each
    move THINK after the last; the bots play on paced until the hand is settled. Her stand
    is made at the same moment in both worlds (in A with her draw)."""
    game_id = seeded_table(app, person, ("standard", "bold"), sits=True, seed=seed)
    rig(app, game_id, "Ana", face_down, clock)
    seen = [spectate(app, game_id, clock)]
    moves = [("bet", 1), ("draw", None)] + ([("stand", None)] if face_down == SIX else [])
    for move, amount in moves:
        clock.at += THINK / 2 if (move, face_down) == ("draw", SIX) else THINK
        with app.app_context():
            turns.act(app_settings(), game_id, "Ana", move, amount)
        seen.append(spectate(app, game_id, clock))
    return seen + paced_steps_until(app, game_id, clock, settled)


def first_punter_seed(app, person: int) -> int:
    """A seed that seats Ana first after the bank (the seat cards decide, R3)."""
    for seed in range(1, 60):
        game_id = seeded_table(app, person, ("standard", "bold"), sits=True, seed=seed)
        state = load(app, game_id)[1]
        if state.seats[state.order[1]].name == "Ana":
            return seed
    raise AssertionError("no seed seats Ana first")


def test_a_person_s_stand_at_7_and_a_half_differs_from_a_stand_by_choice_only_in_time(
        app, clock, scripted):
    """What cannot be hidden (SECURITY.md): R4.6 stands for a person in the request of their
    draw, while a stand by choice is a request of its own, after they think. So the moment
    between the draw and a stand by choice (B's draw answer) has no counterpart in A. Every
    answer A gives is the answer B gives at the same point of the public history: the
    versions, the time to the next step, the log's words ("Ana stands") and the seats."""
    ana = make_user(app, "Ana")
    seed, start = first_punter_seed(app, ana), clock.at
    seven = person_world(app, ana, SEVEN, clock, seed)
    clock.at = start
    six = person_world(app, ana, SIX, clock, seed)
    drawn = six.pop(2)  # B alone: Ana has drawn, still in turn, for as long as she thinks
    assert drawn.version == six[2].version - 1 and drawn.next_in > THINK
    assert len(seven) == len(six) >= 6
    assert [(s.version, s.next_in) for s in seven] == [(s.version, s.next_in) for s in six]
    assert seven[2].version == seven[1].version + 2  # her draw and R4.6's stand: two versions
    assert all(s.next_in == PACE for s in seven[2:-1])  # the bots' steps after her, as in B
    for at_seven, at_six in zip(seven[:-1], six[:-1]):
        assert at_seven.fragment == at_six.fragment
    assert "Ana stands" in seven[2].fragment and "7½" not in seven[2].fragment
    assert "7½" in seven[-1].fragment  # settled: her card shows


def test_a_person_back_while_their_bot_s_stand_at_7_and_a_half_is_due_stands_at_once(
        app, clock, scripted):
    """Ana was away: her bot drew to 7½ in a paced step, the stand is the next. She opens the
    page (she is back): R4.6 stands for her at once, as when she draws to 7½ herself, and the
    bots play the hand on, one version per step, to a settlement recorded as any other."""
    ana = make_user(app, "Ana")
    game_id = seeded_table(app, ana, ("standard", "bold"), sits=True, seed=first_punter_seed(app, ana))
    rig(app, game_id, "Ana", SEVEN, clock)
    with app.app_context():
        state = load(app, game_id)[1]
        seat = state.seat_index("Ana")
        state.seats[seat].bot, state.seats[seat].away = "standard", True
        state.bot_stream = [state.version, 0]
        db.session.execute(update(StateRow).where(StateRow.game_id == game_id).values(
            state=json.dumps(state.to_dict()), turn_deadline=clock.at + PACE))
        db.session.commit()
    two = paced_steps_until(app, game_id, clock, lambda s: len(s.seats[seat].cards) == 2)
    assert len(two) == 2 and load(app, game_id)[1].current_seat() == seat  # bet; draw: 7½
    client_for(app, ana).get(f"/tables/{game_id}")
    back = load(app, game_id)[1]
    assert back.version == two[-1].version + 2 and back.seats[seat].status == "stood"
    assert back.log[-2:] == [LogEvent(Event.BACK, seat), LogEvent(Event.STAND, seat)]
    rest = paced_steps_until(app, game_id, clock, settled)
    assert [s.version for s in rest] == list(range(back.version + 1, back.version + 1 + len(rest)))
    assert load(app, game_id)[1].seats[seat].result == "seven_half"

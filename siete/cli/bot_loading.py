"""Bots written outside the project, for simulate and tournament: `--bot NAME=FILE.py:CLASS`.

Each bot runs in a process of its own (docs/bots.md). The engine only ever calls its two
methods through ProcessBot, which waits a limited time for each answer: a bot stuck in an
endless loop is stopped (its process killed, a fresh one started for its next decision) and
the decision is made by the standard bot, as for a bot that raises or answers nonsense. This
process never runs the bot's file: a file that fails to load, or loops while loading, is a
clear error before any game is played.
"""
from __future__ import annotations

import importlib.util
import multiprocessing
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import click

from siete.engine.bot_api import PlayerView
from siete.engine.bots import PROFILES, plug_in
from siete.engine.plugged import BotRaised, BotTimedOut, FaultReason, PluggedBot
from siete.i18n.catalogs import gettext as _

LOAD_SECONDS = 30.0  # a fresh process imports the bot's file (and its imports) in this time
READY, FAILED, ANSWER, RAISED = "ready", "failed", "answer", "raised"


class BadBot(ValueError):
    """A --bot that cannot play: its text says why, in words for people."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    name: str
    path: str
    class_name: str


def outside_bot_options(command: Any) -> Any:
    """--bot and --bot-seconds, the same for every command that seats bots written outside."""
    command = click.option("--bot-seconds", type=float, default=1.0, show_default=True,
                           help=_("the time a --bot has for each decision"))(command)
    return click.option("--bot", "bots", multiple=True, metavar="NAME=FILE.py:CLASS",
                        help=_("a bot written outside the project, usable as NAME in --profiles "
                               "(docs/bots.md); repeatable"))(command)


def parse_bot_spec(text: str) -> BotSpec:
    """'mine=bots/mine.py:MyBot' -> BotSpec('mine', 'bots/mine.py', 'MyBot')."""
    name, _eq, target = text.partition("=")
    path, _colon, class_name = target.rpartition(":")
    name = name.strip()
    if not name or not path or not class_name.isidentifier() or "," in name:
        raise BadBot(_("--bot %(spec)s: write NAME=FILE.py:CLASS", spec=text))
    return BotSpec(name, str(Path(path).resolve()), class_name)


def load_bot_class(path: str, class_name: str) -> type:
    """The class `class_name` of the Python file at `path`; BadBot says what is wrong."""
    module_name = f"siete_outside_bot_{Path(path).stem}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise BadBot(_("%(path)s is not a Python file", path=path))
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # classes and dataclasses in the file look it up
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 - whatever the file does wrong, say it in one line
        raise BadBot(f"{path}: {type(exc).__name__}: {exc}") from None
    found = getattr(module, class_name, None)
    if not isinstance(found, type) or not all(
            callable(getattr(found, method, None)) for method in ("bet", "wants_card")):
        raise BadBot(_("%(path)s has no class %(name)s with the methods bet and wants_card",
                       path=path, name=class_name))
    return found


def serve_bot(path: str, class_name: str, connection: Connection) -> None:
    """The bot's process: load the bot, then answer each (method, view) until the pipe closes."""
    sys.stdout = sys.stderr  # what a bot prints must not mix with the command's output (--json)
    try:
        found = load_bot_class(path, class_name)
    except BadBot as exc:
        connection.send((FAILED, str(exc)))
        return
    try:
        bot = found()
    except Exception as exc:  # noqa: BLE001 - the class's own constructor failing
        connection.send((FAILED, f"{path}: {class_name}(): {type(exc).__name__}: {exc}"))
        return
    connection.send((READY, None))
    while True:
        try:
            method, view = connection.recv()
        except EOFError:
            return
        try:
            reply: tuple[str, Any] = (ANSWER, getattr(bot, method)(view))
        except Exception as exc:  # noqa: BLE001 - reported to the table, which plays on
            reply = (RAISED, f"{type(exc).__name__}: {exc}")
        try:
            connection.send(reply)
        except Exception:  # noqa: BLE001 - an answer that cannot cross is no legal answer
            connection.send((ANSWER, repr(reply[1])))


class ProcessBot:
    """A bot in a process of its own, with `seconds` for each decision (bot_api.Bot)."""

    def __init__(self, spec: BotSpec, seconds: float) -> None:
        self.spec = spec
        self.seconds = seconds
        self._process: multiprocessing.process.BaseProcess | None = None
        self._connection: Connection | None = None

    def start(self) -> None:
        """Start the bot's process and wait until it has loaded the bot; BadBot if it cannot."""
        context = multiprocessing.get_context("spawn")  # a clean process: no copy of ours
        ours, theirs = context.Pipe()
        process = context.Process(target=serve_bot, daemon=True,
                                  args=(self.spec.path, self.spec.class_name, theirs))
        process.start()
        theirs.close()
        self._process, self._connection = process, ours
        if not ours.poll(LOAD_SECONDS):
            self.close()
            raise BadBot(_("%(path)s did not load within %(seconds)s seconds",
                           path=self.spec.path, seconds=LOAD_SECONDS))
        kind, message = self._receive()
        if kind != READY:
            self.close()
            raise BadBot(message)

    def bet(self, view: PlayerView) -> Any:
        return self._ask("bet", view)

    def wants_card(self, view: PlayerView) -> Any:
        return self._ask("wants_card", view)

    def _ask(self, method: str, view: PlayerView) -> Any:
        if self._connection is None:
            self.start()
        assert self._connection is not None
        try:
            self._connection.send((method, view))
        except OSError:  # it ended between two decisions: the next one gets a fresh process
            self.close()
            raise BotRaised(_("the bot's process ended")) from None
        if not self._connection.poll(self.seconds):
            self.close()  # the only way to stop a loop: the next decision gets a fresh process
            raise BotTimedOut(_("no answer within %(seconds)s seconds", seconds=self.seconds))
        kind, value = self._receive()
        if kind == RAISED:
            raise BotRaised(value)
        return value

    def _receive(self) -> tuple[str, Any]:
        assert self._connection is not None
        try:
            reply: tuple[str, Any] = self._connection.recv()
        except (EOFError, OSError):
            self.close()
            raise BotRaised(_("the bot's process ended")) from None
        return reply

    def close(self) -> None:
        """Stop the bot's process (a new one starts if it is asked again)."""
        if self._connection is not None:
            self._connection.close()
        if self._process is not None:
            self._process.kill()
            self._process.join()
        self._process = self._connection = None


@contextmanager
def started_bots(specs: tuple[str, ...], seconds: float) -> Iterator[dict[str, PluggedBot]]:
    """Each `--bot` spec's bot started in its own process, by name; stopped on leaving."""
    if seconds <= 0:
        raise BadBot(_("--bot-seconds must be more than 0"))
    parsed = [parse_bot_spec(text) for text in specs]
    names = [spec.name for spec in parsed]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise BadBot(_("--bot names a bot twice: %(names)s", names=", ".join(twice)))
    taken = sorted(set(names) & set(PROFILES))
    if taken:
        raise BadBot(_("--bot may not take a house profile's name: %(names)s",
                       names=", ".join(taken)))
    running: list[ProcessBot] = []
    try:
        for spec in parsed:
            bot = ProcessBot(spec, seconds)
            running.append(bot)
            bot.start()
        yield {bot.spec.name: plug_in(bot.spec.name, bot, bot.spec.path) for bot in running}
    finally:
        for bot in running:
            bot.close()


SHOWN_FAULTS = 5  # the faults a report shows one by one (all are counted)


def fault_report(bot: PluggedBot) -> list[str]:
    """Lines for people: how many decisions the bot lost to the standard bot, and the first."""
    if not bot.fault_count:
        return []
    words = {FaultReason.RAISED: _("raised"), FaultReason.TIMED_OUT: _("timed out"),
             FaultReason.ILLEGAL: _("illegal answer")}
    reasons = ", ".join(f"{words[FaultReason(r)]} {n}" for r, n in sorted(bot.reasons.items()))
    lines = [_("bot %(name)s: %(count)s decisions made by the standard bot instead (%(reasons)s)",
               name=bot.name, count=bot.fault_count, reasons=reasons)]
    lines += [_("  hand %(hand)s, seat %(seat)s, %(decision)s: %(reason)s: %(detail)s",
                hand=f.hand, seat=f.seat, decision=f.decision, reason=words[f.reason],
                detail=f.detail) for f in bot.faults[:SHOWN_FAULTS]]
    return lines

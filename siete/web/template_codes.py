"""The codes templates compare against, as the enums themselves: a template writes
`game.status == GameStatus.WAITING`, never the string a column happens to store."""
from __future__ import annotations

from flask import Flask

from siete.data.vocabulary import GameMode, GameStatus, PlayerKind
from siete.engine.codes import Action, BankResult, BotProfile, GameResult, Phase, Result, SeatStatus
from siete.engine.review import Mark

TEMPLATE_ENUMS = (Action, BankResult, BotProfile, GameMode, GameResult, GameStatus, Mark, Phase,
                  PlayerKind, Result, SeatStatus)


def init_template_codes(app: Flask) -> None:
    app.jinja_env.globals.update({enum.__name__: enum for enum in TEMPLATE_ENUMS})

"""The tables of sql/schema.sql as SQLAlchemy models (names, types and constraints match it)."""
from siete.models.base import (
                               ACTIONS,
                               BANK_RESULTS,
                               BOT_PROFILES,
                               GAME_MODES,
                               GAME_STATUSES,
                               PLAYER_KINDS,
                               SEAT_RESULTS,
                               SUITS,
                               TURN_RESULTS,
                               ControlColumns,
                               utcnow,
)
from siete.models.games import Game, GamePlayer, GameStateRow, Hand, Turn, TurnAction
from siete.models.people import Player, User
from siete.models.ratings import GameRating, PlayerFirstCard, PlayerNemesis, PlayerRating
from siete.models.reference import Card, DeckType, GameDetails
from siete.models.reports import (
                               ReportBestGame,
                               ReportFirstCard,
                               ReportGameBet,
                               ReportGameWinner,
                               ReportHandRate,
                               ReportNemesis,
                               ReportPlayerTotals,
                               ReportPosition,
                               ReportSeatCard,
                               ReportTotals,
)
from siete.models.vocabulary import (
                               OPEN_STATUSES,
                               BankResult,
                               BotProfile,
                               GameMode,
                               GameStatus,
                               PlayerKind,
                               SeatResult,
                               Suit,
                               TurnActionKind,
                               TurnResult,
)

__all__ = [
    "ACTIONS", "BANK_RESULTS", "BOT_PROFILES", "GAME_MODES", "GAME_STATUSES", "PLAYER_KINDS",
    "SEAT_RESULTS", "SUITS", "TURN_RESULTS", "ControlColumns", "utcnow",
    "Card", "DeckType", "GameDetails", "Game", "GamePlayer", "GameStateRow", "Hand", "Turn",
    "TurnAction", "Player", "User", "GameRating", "PlayerRating",
    "PlayerFirstCard", "PlayerNemesis",
    "ReportBestGame", "ReportFirstCard", "ReportGameBet", "ReportGameWinner", "ReportHandRate",
    "ReportNemesis", "ReportPlayerTotals", "ReportPosition", "ReportSeatCard", "ReportTotals",
    "OPEN_STATUSES", "BankResult", "BotProfile", "GameMode", "GameStatus", "PlayerKind", "SeatResult",
    "Suit", "TurnActionKind", "TurnResult",
]

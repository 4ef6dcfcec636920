"""`odds`: the exact odds of one position (the model is siete/engine/odds.py's).

One position as JSON on stdin, the solver's answer as JSON on stdout; a bad position exits 2
with one line on stderr, as `replay` does. Needs no database and no app config. Its input,
output and errors are a machine format: only the help is translated. docs/odds.md has more.
"""
from __future__ import annotations

import json
import sys
from typing import Any

import click

from siete.data.xmlfiles import load_game
from siete.engine.cards import CardSet, points
from siete.engine.odds import VALUES, Odds, Position, Role, odds
from siete.engine.odds_position import PositionError, bank_position, punter_position
from siete.i18n.catalogs import gettext as _

EXIT_BAD_POSITION = 2
FIELDS = {"role", "you", "bank", "others", "stakes"}
HELP = _(
    "the exact odds of one position: JSON on stdin, JSON on stdout.\n\n"
    "A punter in its turn: {\"you\": [\"O02\", \"C03\"], \"bank\": [\"E04\"], \"others\": "
    "[[null, \"B05\"], [null]]}: your cards in order (the first is face down), the bank's card, "
    "and each other punter's cards as you see them (null for a face-down card; a punter who "
    "bust shows them all). The bank in its turn: {\"role\": \"bank\", \"bank\": [\"E04\", "
    "\"O02\"], \"others\": [[null, \"B05\"]], \"stakes\": [2]}: its cards, the punters' cards and "
    "one stake each (1 each if left out).\n\n"
    "Out: unseen, deck, bust_next, next_card (the chance of each value), stand.ev, stand.win, "
    "draw.ev (null on an empty deck), best, margin and value. ev is per unit of stake for a "
    "punter (a win +1, a win on 7½ +2, a loss -1) and points over the stakes for the bank. The "
    "bank is taken to play the standard rule (R8.2); punters still to play, to stand.")


class BadInput(ValueError):
    """Input that is not a position at all (the engine's PositionError covers the rest)."""


def _cards(data: dict[str, Any], name: str, face_down: bool = False) -> list[Any]:
    value = data.get(name, [])
    if not isinstance(value, list) or not all(
            isinstance(c, str) or (face_down and c is None) for c in value):
        kind = "card ids or null" if face_down else "card ids"
        raise BadInput(f'"{name}" must be a list of {kind}')
    return value


def read_position(text: str, cards: CardSet) -> Position:
    """The position the JSON text describes; BadInput or PositionError if it is none."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"the input is not JSON: {exc.msg} (line {exc.lineno})") from None
    if not isinstance(data, dict):
        raise BadInput("the input must be one JSON object")
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise BadInput(f'unknown field "{unknown[0]}"; known: {", ".join(sorted(FIELDS))}')
    others = data.get("others") or []
    if not isinstance(others, list):
        raise BadInput('"others" must be a list of card lists')
    seen = [_cards({"others": o}, "others", face_down=True) for o in others]
    role = data.get("role", Role.PUNTER)
    if role == Role.BANK:
        if "you" in data:
            raise BadInput('the bank\'s own cards go in "bank"')
        stakes = data.get("stakes")
        if stakes is not None and not isinstance(stakes, list):
            raise BadInput('"stakes" must be a list of whole numbers')
        return bank_position(cards, _cards(data, "bank"), seen, stakes)
    if role != Role.PUNTER:
        raise BadInput('"role" must be "punter" or "bank"')
    if "stakes" in data:
        raise BadInput('"stakes" are for the bank\'s position')
    return punter_position(cards, _cards(data, "you"), _cards(data, "bank"), seen)


def answer_json(answer: Odds) -> dict[str, Any]:
    """The solver's answer as plain data (values in points: 0.5 for ½)."""
    return {
        "role": answer.role, "unseen": answer.unseen, "deck": answer.deck,
        "bust_next": answer.bust_next,
        "next_card": {str(points(v)): p for v, p in zip(VALUES, answer.next_card)},
        "stand": {"ev": answer.stand.ev, "win": answer.stand.win} if answer.stand.win is not None
        else {"ev": answer.stand.ev},
        "draw": None if answer.draw is None else {"ev": answer.draw.ev},
        "best": answer.best, "margin": answer.margin, "value": answer.value,
    }


@click.command("odds", help=HELP)
@click.pass_context
def odds_command(ctx: click.Context) -> None:
    try:
        position = read_position(sys.stdin.read(), load_game().cards)
    except (BadInput, PositionError) as exc:
        print(f"odds: {exc}", file=sys.stderr)
        ctx.exit(EXIT_BAD_POSITION)
    click.echo(json.dumps(answer_json(odds(position)), indent=1))

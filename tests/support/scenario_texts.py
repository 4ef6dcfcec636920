"""The public scenarios (tests/scenarios) as texts to record, with players renamed or made bots."""
from __future__ import annotations

import json
from pathlib import Path

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
ODD_NAME = "Ana María"  # a space and a non-ASCII letter: the profile link must be url-quoted


def scenario(file: str, names: dict[str, str] | None = None, bots: tuple[str, ...] = ()) -> str:
    """A stored scenario's text with its players renamed (in the moves too) and some made bots."""
    data = json.loads((SCENARIOS / file).read_text(encoding="utf-8"))
    names = names or {}
    data["players"] = [names.get(p, p) for p in data["players"]]
    for hand in data["hands"]:
        renamed = []
        for move in hand["moves"]:
            who, action = move.split(":", 1)
            renamed.append(f"{names.get(who, who)}:{action}")
        hand["moves"] = renamed
    data["bots"] = list(bots)
    return json.dumps(data)

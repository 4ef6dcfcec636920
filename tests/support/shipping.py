"""The compose file and the entrypoint as the static shipping checks read them."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"
ENTRYPOINT = ROOT / "docker" / "entrypoint.sh"
# ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME?error}
INTERPOLATION = re.compile(r"\$\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?:(?P<op>:?[-?])(?P<arg>[^}]*))?\}")


def load_compose() -> dict:
    """The compose file as plain data (interpolation left as written)."""
    return yaml.safe_load(COMPOSE.read_text())


def interpolate(text: str, env: dict[str, str]) -> str:
    """Resolve compose-style ${...} references the way docker compose does (no nesting)."""
    def resolve(match: re.Match) -> str:
        name, op, arg = match.group("name", "op", "arg")
        value = env.get(name)
        if op in (":?", "?") and (value is None or (op == ":?" and value == "")):
            raise KeyError(f"{name}: {arg}")
        if op == ":-" and not value or op == "-" and value is None:
            return arg
        return value or ""
    return INTERPOLATION.sub(resolve, text)

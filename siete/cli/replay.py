"""`python -m siete replay --record FILE...`: replay scenarios into the configured database."""
from __future__ import annotations

import sys

from siete.cli_i18n import gettext as _
from siete.replay import ScenarioError


def record_scenarios(paths: list[str]) -> int:
    """Store every scenario as a game (all or none); exit 2 naming the first that fails."""
    from siete.app import create_app
    from siete.service.replaying import record_scenarios as store

    texts = []
    for path in paths:
        try:
            texts.append((path, sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()))
        except OSError as exc:
            print(f"{path}: {exc.strerror}", file=sys.stderr)
            return 2
    app = create_app()
    with app.app_context():
        try:
            games = store(texts, app.config["GAME"])
        except ScenarioError as exc:
            print(str(exc), file=sys.stderr)
            return 2
        for path, game in zip(paths, games):
            print(_("%(path)s: stored as game %(id)s (%(status)s, %(hands)s hands)", path=path,
                    id=game.id, status=game.status, hands=game.hands_played))
    return 0

"""The deck's SVG sprite (static/img/cards.svg), drawn from templates/cards/sprite.svg.

The file is committed so it is served, compressed and cached like every static file; after
changing the template, write it again with `python -m siete.play.sprite` (a test fails while
the two differ).
"""
from __future__ import annotations

from pathlib import Path

from flask import Flask

from siete.paths import STATIC_DIR, TEMPLATES_DIR

SPRITE_TEMPLATE = "cards/sprite.svg"
SPRITE_FILE = STATIC_DIR / "img" / "cards.svg"


def draw_sprite(app: Flask) -> str:
    """The sprite as the template draws it, ending in a newline."""
    return app.jinja_env.get_template(SPRITE_TEMPLATE).render().strip() + "\n"


def write_sprite() -> Path:
    """Draw the sprite with the project's templates and write it to static/img/cards.svg."""
    app = Flask(__name__, template_folder=str(TEMPLATES_DIR))
    SPRITE_FILE.write_text(draw_sprite(app), encoding="utf-8")
    return SPRITE_FILE


if __name__ == "__main__":
    print(f"wrote {write_sprite()}")

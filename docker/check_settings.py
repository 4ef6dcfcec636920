"""Refuse to start a production container on the local stack's defaults.

docker-compose.yml runs with no .env at all: its MySQL passwords are named "...-local-only"
and its secret key is made on first start. A production start (SIETE_ENV=production, which
compose.prod.yaml sets) must be given real ones instead; this check says which are missing.
The app itself also refuses a weak SECRET_KEY in production (siete.web.security).
"""
import os
import sys

from sqlalchemy.engine import make_url

LOCAL_ONLY_MARK = "local-only"


def problems(env: dict[str, str]) -> list[str]:
    """What is wrong with env for production; empty when nothing is (or not in production)."""
    if env.get("SIETE_ENV") != "production":
        return []
    found = []
    if not env.get("SECRET_KEY") and not env.get("SECRET_KEY_FILE"):
        found.append("SECRET_KEY is empty: set it to 32+ random characters, the same in every app container")
    url = env.get("DATABASE_URL", "")
    if url:
        password = make_url(url).password or ""
        if not password:
            found.append("the database password (MYSQL_PASSWORD) is empty")
        elif LOCAL_ONLY_MARK in password:
            found.append("the database password is the local stack's default (MYSQL_PASSWORD)")
    return found


def main() -> int:
    found = problems(dict(os.environ))
    for problem in found:
        print(f"check_settings: refusing to start in production: {problem}", file=sys.stderr)
    if found:
        print("check_settings: see .env.example and docs/production.md", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

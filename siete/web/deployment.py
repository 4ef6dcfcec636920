"""What the app takes from the place it runs in: its instance folder, a secret key kept in a
file, and cookies marked Secure exactly when the request came over HTTPS."""
from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Response, has_request_context, request

# Flask's set_cookie(key, value, max_age, expires, path, domain, secure, ...): `secure` is the
# sixth positional argument after `value`. Callers pass it by keyword; see HttpsAwareResponse.
_SECURE_POSITION = 5


def make_instance_folder(path: str) -> None:
    """Create the instance folder when it can be: only the SQLite default and a secret key file
    live there, and a container whose user may not write /app still serves from MySQL."""
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError:  # read-only tree: whatever needs the folder reports its own clear error
        pass


def secret_key_from_environment(default: str) -> str:
    """SECRET_KEY when set; else the key in SECRET_KEY_FILE (made on first start); else default."""
    key = os.environ.get("SECRET_KEY")
    if key:
        return key
    key_file = os.environ.get("SECRET_KEY_FILE")
    if key_file:
        return read_or_create_secret_key(Path(key_file))
    return default


def read_or_create_secret_key(path: Path) -> str:
    """The key stored in path, or a new random one written there, readable by its owner only.

    Several app containers may start at once on the same volume: each writes its own temporary
    file and links it into place, which only the first one can do, and all read the winner's key.
    """
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        draft = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as out:
            out.write(secrets.token_hex(32) + "\n")
        try:
            os.link(draft, path)
        except FileExistsError:  # another container was first: use its key
            pass
        finally:
            draft.unlink()
    key = path.read_text().strip()
    if not key:
        raise RuntimeError(f"SECRET_KEY_FILE {path} is empty: delete it to have a new key made")
    return key


class HttpsAwareResponse(Response):
    """Every cookie is Secure when the request came over HTTPS (request.is_secure, which behind
    a proxy ProxyFix sets from X-Forwarded-Proto), and only then, unless a caller insists.

    A fixed SESSION_COOKIE_SECURE=True broke logins over plain HTTP (a phone on the LAN at
    http://192.168.x.y:8000 never sent its cookie back); over HTTPS the cookies must not leak.
    """

    def set_cookie(self, key: str, value: str = "", *args: Any, **kwargs: Any) -> None:
        if len(args) <= _SECURE_POSITION:
            kwargs["secure"] = bool(kwargs.get("secure")) or request_is_https()
        super().set_cookie(key, value, *args, **kwargs)


def request_is_https() -> bool:
    """True inside a request that came over HTTPS."""
    return has_request_context() and request.is_secure

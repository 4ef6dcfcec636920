from collections.abc import Callable
from typing import TypeVar

from flask import Flask
from werkzeug.exceptions import BadRequest

_View = TypeVar("_View", bound=Callable[..., object])

class CSRFProtect:
    def __init__(self, app: Flask | None = None) -> None: ...
    def init_app(self, app: Flask) -> None: ...
    def protect(self) -> None: ...
    def exempt(self, view: _View) -> _View: ...

class CSRFError(BadRequest):
    description: str | None

def generate_csrf(secret_key: str | None = None, token_key: str | None = None) -> str: ...

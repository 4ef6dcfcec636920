from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup
from wtforms import Field, Form

class FlaskForm(Form):
    # formdata defaults to the request's form and files when a request is being handled.
    def __init__(self, formdata: Any = ..., **kwargs: Any) -> None: ...
    def is_submitted(self) -> bool: ...
    def validate_on_submit(
        self, extra_validators: Mapping[str, Sequence[Callable[[Form, Field], object]]] | None = None
    ) -> bool: ...
    def hidden_tag(self, *fields: str | Field) -> Markup: ...

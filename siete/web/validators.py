"""WTForms' side of the rules for what people type (siete/service/text_rules.py): the
validator that refuses invisible characters and marks stacked on a letter in a name, and a
field for ASCII-digit numbers.
Every form uses them (sign-up, new table, moves); the services check the same rules again.
"""
from __future__ import annotations

from flask import abort
from flask_babel import gettext as _
from wtforms import Field, Form, IntegerField
from wtforms.validators import ValidationError

from siete.service.text_rules import (
    MAX_STACKED_MARKS,
    forbidden_characters,
    parse_ascii_int,
    too_many_marks,
)


class PlainText:
    """WTForms validator: refuse control, format and separator characters (text_rules.FORBIDDEN_CATEGORIES),
    and marks stacked high on a letter (text_rules.too_many_marks)."""

    def __init__(self, message: str | None = None) -> None:
        self.message = message

    def __call__(self, _form: Form, field: Field) -> None:
        found = forbidden_characters(field.data or "")
        if found:
            raise ValidationError(self.message or _(
                "Remove the invisible or control characters (%(codes)s).",
                codes=", ".join(dict.fromkeys(found))))
        if too_many_marks(field.data or ""):
            raise ValidationError(_("Put at most %(max)s accents or marks on one letter.",
                                    max=MAX_STACKED_MARKS))


class AsciiIntegerField(IntegerField):
    """An IntegerField that takes only ASCII digits: '４' or '٤' get a clear error, not a 4."""

    def process_formdata(self, valuelist: list[str]) -> None:
        if not valuelist:
            return
        number = parse_ascii_int(valuelist[0])
        if number is None:
            try:
                super().process_formdata(valuelist)  # not a number at all: WTForms' own message
            finally:
                self.data = None  # int() may have read '４' as 4: never keep that
            raise ValueError(_("Write the number with the digits 0-9."))
        self.data = number


def add_error(field: Field, message: str) -> None:
    """Show one more error under a field (a check the validators cannot make, such as a clash)."""
    # WTForms types errors as a Sequence (a tuple until the form is validated): extend by copy.
    field.errors = [*field.errors, message]


def required_text(field: Field) -> str:
    """The text of a field that a DataRequired validator has passed (WTForms types data as optional)."""
    if not isinstance(field.data, str):
        raise TypeError(f"{field.name} has no text: read it only after the form validated")
    return field.data


def plain_name_or_400(name: str) -> str:
    """A player's name typed in an address or a filter, or a 400 that writes none of it back
    when it holds a control or invisible character (a NUL byte, an escape), which no name has."""
    if forbidden_characters(name):
        abort(400, description=_("A player's name cannot hold control or invisible characters."))
    return name

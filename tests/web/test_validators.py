"""The helpers the forms share: one more error under a field, and the text of a required field."""
from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict
from wtforms import Form, StringField
from wtforms.validators import DataRequired

from siete.web.validators import add_error, required_text


class NameForm(Form):
    name = StringField(validators=[DataRequired()])


def test_an_error_is_added_before_and_after_validation():
    form = NameForm(MultiDict({"name": "Ana"}))
    add_error(form.name, "first")  # WTForms starts with a tuple of errors
    assert list(form.name.errors) == ["first"]
    assert form.validate()
    add_error(form.name, "taken")
    assert list(form.name.errors) == ["taken"]


def test_required_text_gives_the_typed_text():
    form = NameForm(MultiDict({"name": "Ana"}))
    assert form.validate()
    assert required_text(form.name) == "Ana"


def test_required_text_refuses_a_field_with_no_text():
    form = NameForm()
    form.name.data = None
    with pytest.raises(TypeError, match="name"):
        required_text(form.name)

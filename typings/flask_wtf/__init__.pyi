# Flask-WTF ships no type information; these stubs declare only what siete uses, so mypy
# checks the forms strictly instead of taking FlaskForm as Any.
from flask_wtf.csrf import CSRFProtect as CSRFProtect
from flask_wtf.form import FlaskForm as FlaskForm

__all__ = ["CSRFProtect", "FlaskForm"]

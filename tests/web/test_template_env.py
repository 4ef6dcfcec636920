"""The templates' globals map (siete/web/template_env.py): its keys() are a dict's, so a
template's `{% from ... import ... %}` costs no Python loop over every global (issue 37), and it
still behaves as Jinja's ChainMap: the environment's globals are read live, a template's own
stay its own."""
from __future__ import annotations

from siete.web.template_env import TemplateGlobals


def test_a_templates_globals_have_a_dicts_keys(app):
    template = app.jinja_env.get_template("play/_game.html")
    assert isinstance(template.globals, TemplateGlobals)
    assert type(template.globals.keys()) is type({}.keys())
    assert set(template.globals.keys()) == set(app.jinja_env.globals)


def test_the_globals_stay_live_and_a_templates_own_stay_its_own(app):
    env = app.jinja_env
    shown = env.from_string("{{ late }} {{ own }}", globals={"own": "mine"})
    env.globals["late"] = "added after"
    assert shown.render() == "added after mine"
    assert "own" not in env.globals and "late" in shown.globals.keys()
    assert env.from_string("{{ own }}").render() == ""


def test_an_imported_macro_still_sees_the_environments_globals(app):
    env = app.jinja_env
    env.globals["spoken"] = "hola"
    from jinja2 import DictLoader

    loader = env.loader
    try:
        env.loader = DictLoader({"m.html": "{% macro say() %}{{ spoken }}{% endmacro %}",
                                 "page.html": '{% from "m.html" import say %}{{ say() }}'})
        assert env.get_template("page.html").render() == "hola"
    finally:
        env.loader = loader

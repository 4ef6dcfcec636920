"""The templates' Jinja environment: Flask's, with a map of globals whose keys() is cheap.

Every `{% from "x.html" import m %}` (without context) runs Jinja's
Template._get_default_module, which takes `context.globals_keys - template.globals.keys()`: a
global the importing render has and the imported template lacks would need a fresh module.
Jinja's map is a ChainMap (the template's own globals over the environment's), whose keys()
view makes that difference a Python loop of ChainMap lookups over ~40 names, ~35 µs an import;
a move's fragment imports three times, ~10% of its render.
"""
from __future__ import annotations

from collections import ChainMap
from collections.abc import KeysView, MutableMapping
from typing import Any

from flask.templating import Environment


class TemplateGlobals(ChainMap[str, Any]):
    """Jinja's ChainMap of a template's globals over the environment's, with keys() those of one
    dict merged at the call (a set difference in C), read as the maps are now."""

    def keys(self) -> KeysView[str]:
        merged: dict[str, Any] = {}
        for mapping in reversed(self.maps):
            merged.update(mapping)
        return merged.keys()


class SieteEnvironment(Environment):
    """Flask's Jinja environment with TemplateGlobals (app.jinja_environment)."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """As Jinja's: the template's own globals (changes stay the template's) over the
        environment's (changes to those are seen)."""
        return TemplateGlobals({} if d is None else d, self.globals)

"""The catalogs match the code: nothing extracted is missing or untranslated in Spanish, the
.pot is not stale, and the committed .mo files are the compile of their .po files.

When one of these fails, run `make translations`, translate what it added to
siete/i18n/translations/es/LC_MESSAGES/messages.po, and run it again (docs/translations.md).
"""
from __future__ import annotations

import importlib.util
import io
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("translations_tool", ROOT / "scripts" / "translations.py")
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)

FIX = "run `make translations`, then translate in siete/i18n/translations/es (docs/translations.md)"


def _plain(value) -> tuple:
    """A msgid or msgstr as a tuple: .po plurals are tuples, .mo ones lists, the rest strings."""
    return tuple(value) if isinstance(value, (list, tuple)) else (value,)


def _messages(catalog) -> dict:
    return {_plain(m.id): _plain(m.string) for m in catalog if m.id}


def po_path(lang: str) -> Path:
    return tool.CATALOG_DIR / lang / "LC_MESSAGES" / "messages.po"


@pytest.fixture(scope="module")
def extracted() -> set:
    return tool.extracted_msgids()


def test_extraction_finds_the_strings_of_code_and_templates(extracted):
    """A guard for the guard: if extraction silently found nothing, every check below would pass."""
    assert "the knight of %(suit)s" in extracted  # siete/i18n/words.py
    assert "Skip to content" in extracted  # templates/base.html
    assert "Most frequent first card" in extracted  # N_ in siete/i18n/report_words.py
    assert len(extracted) > 150


def test_the_pot_is_not_stale(extracted):
    pot = tool.catalog_msgids(tool.read_catalog(tool.POT_FILE))
    assert not extracted - pot, f"in the code but not in messages.pot: {sorted(map(str, extracted - pot))}; {FIX}"
    assert not pot - extracted, f"in messages.pot but gone from the code: {sorted(map(str, pot - extracted))}; {FIX}"


@pytest.mark.parametrize("lang", tool.LANGUAGES)
def test_each_catalog_holds_every_extracted_msgid(extracted, lang):
    msgids = tool.catalog_msgids(tool.read_catalog(po_path(lang)))
    missing = extracted - msgids
    assert not missing, f"{lang}: no entry for {sorted(map(str, missing))}; {FIX}"


def test_every_msgid_has_a_spanish_translation_and_none_is_fuzzy(extracted):
    catalog = tool.read_catalog(po_path("es"))
    untranslated, fuzzy = [], []
    for message in catalog:
        if not message.id or tool.msgid_key(message) not in extracted:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(s.strip() for s in strings):
            untranslated.append(message.id)
        if message.fuzzy:
            fuzzy.append(message.id)
    assert not untranslated, f"es: untranslated {untranslated}; {FIX}"
    assert not fuzzy, f"es: fuzzy (a guess Babel made; check it and drop the flag) {fuzzy}"


@pytest.mark.parametrize("lang", tool.LANGUAGES)
def test_translations_keep_the_placeholders(lang):
    """A translation must use the same %(name)s placeholders, or formatting it raises."""
    catalog = tool.read_catalog(po_path(lang))
    problems = [(message.id, [str(e) for e in errors]) for message, errors in catalog.check()]
    assert not problems, f"{lang}: {problems}"


@pytest.mark.parametrize("lang", tool.LANGUAGES)
def test_the_committed_mo_is_the_compile_of_its_po(lang):
    po = po_path(lang)
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo} is missing; {FIX}"
    # Compared as messages, not bytes: another Babel version may lay the file out differently.
    want = _messages(read_mo(io.BytesIO(tool.compiled(po))))
    have = _messages(tool.read_catalog(mo))
    assert "es" != lang or len(have) > 150
    assert have == want, f"{mo} is not the compile of {po.name}; {FIX}"

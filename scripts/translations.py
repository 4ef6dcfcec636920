"""The translation catalogs: extract the strings, update every language, compile the .mo files.

`make translations` runs this (`python scripts/translations.py`). tests/i18n/test_i18n_catalogs.py
imports it, so the tests extract exactly as the command does.

    siete/i18n/translations/messages.pot                the msgids found in siete/ and templates/
    siete/i18n/translations/<lang>/LC_MESSAGES/messages.po   one language's translations
    siete/i18n/translations/<lang>/LC_MESSAGES/messages.mo   compiled, committed (read at run time)

The .mo files are committed so a clean clone and the Docker image need no build step; the
tests fail when one is not the compile of its .po.
"""
from __future__ import annotations

import io
import os
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import CommandLineInterface, parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from siete.i18n.catalogs import SUPPORTED_LOCALES

ROOT = Path(__file__).resolve().parent.parent
CATALOG_DIR = ROOT / "siete" / "i18n" / "translations"
POT_FILE = CATALOG_DIR / "messages.pot"
MAPPING_FILE = ROOT / "babel.cfg"
# gettext/_ and ngettext are Babel's defaults; the others are Flask-Babel's lazy forms and N_,
# the marker for words kept in English for machines and translated where people read them.
KEYWORDS = ("_", "gettext", "ngettext:1,2", "lazy_gettext", "_l", "lazy_ngettext:1,2", "N_",
            "pgettext:1c,2", "lazy_pgettext:1c,2")
LANGUAGES = SUPPORTED_LOCALES  # siete/i18n/catalogs.py: add a language there
# File names only (no line numbers): moving code does not churn the catalogs.
POT_OPTIONS = ("--add-location=file", "--sort-output", "--no-wrap", "--project=siete",
               "--copyright-holder=siete", "--omit-header")


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "--quiet", *args])


def extract_pot() -> None:
    """Write messages.pot; run from the root so its locations read 'siete/i18n/words.py'."""
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    os.chdir(ROOT)
    _pybabel("extract", "-F", str(MAPPING_FILE), "--no-default-keywords", *keywords,
             *POT_OPTIONS, "-o", str(POT_FILE.relative_to(ROOT)), ".")


def update_catalogs() -> None:
    """Merge the .pot into each language; a language without a catalog gets a new one.

    No fuzzy matching (a guess looks translated but is not), obsolete entries dropped, and the
    file is rewritten only when a message changed: running it twice changes nothing.
    """
    template = read_catalog(POT_FILE)
    for lang in LANGUAGES:
        po = CATALOG_DIR / lang / "LC_MESSAGES" / "messages.po"
        if not po.exists():
            _pybabel("init", "-i", str(POT_FILE), "-d", str(CATALOG_DIR), "-l", lang, "--no-wrap")
            continue
        catalog = read_catalog(po)
        created = catalog.creation_date
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.creation_date = created  # the .pot has no date: keep the catalog's
        out = io.BytesIO()
        write_po(out, catalog, width=0, sort_output=True, ignore_obsolete=True)
        _write_if_changed(po, out.getvalue())


def _write_if_changed(path: Path, data: bytes) -> None:
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def compile_catalogs() -> None:
    """Every .po to its .mo; fuzzy entries stay out (and the tests refuse them)."""
    for lang in LANGUAGES:
        po = CATALOG_DIR / lang / "LC_MESSAGES" / "messages.po"
        _write_if_changed(po.with_suffix(".mo"), compiled(po))


def compiled(po: Path) -> bytes:
    """The .mo bytes of a .po (what `pybabel compile` writes)."""
    with po.open("rb") as handle:
        catalog = read_po(handle)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_mo(handle) if path.suffix == ".mo" else read_po(handle)


def extracted_msgids() -> set[str | tuple[str, ...]]:
    """The msgids in the code and templates now (ngettext's as a (singular, plural) tuple),
    found with the same method map and keywords as extract_pot()."""
    with MAPPING_FILE.open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    keywords = {}
    for spec in KEYWORDS:
        name, _, positions = spec.partition(":")
        keywords[name] = _keyword_spec(positions)
    found: set[str | tuple[str, ...]] = set()
    # babel.cfg's patterns are relative to the repository's root (hidden folders are skipped).
    for _file, _line, message, _comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=keywords):
        found.add((context, message) if context else message)
    return found


def _keyword_spec(positions: str) -> tuple | None:
    """'1,2' -> (1, 2); '1c,2' -> ((1, 'c'), 2); '' -> None (the first argument)."""
    if not positions:
        return None
    return tuple((int(p[:-1]), "c") if p.endswith("c") else int(p) for p in positions.split(","))


def msgid_key(message: Message) -> str | tuple:
    """How extracted_msgids() names a message: its id, with its context when it has one."""
    return (message.context, message.id) if message.context else message.id


def catalog_msgids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {msgid_key(m) for m in catalog if m.id}


def untranslated(lang: str) -> list[str]:
    """The msgids of a language's catalog with an empty (or fuzzy) translation."""
    catalog = read_catalog(CATALOG_DIR / lang / "LC_MESSAGES" / "messages.po")
    return [str(m.id) for m in catalog if m.id and (m.fuzzy or not all(
        m.string if isinstance(m.string, tuple) else (m.string,)))]


def main(argv: list[str]) -> int:
    steps = argv or ["extract", "update", "compile"]
    for step in steps:
        {"extract": extract_pot, "update": update_catalogs, "compile": compile_catalogs}[step]()
    print(f"translations: {', '.join(steps)} done ({CATALOG_DIR.relative_to(ROOT)})")
    todo = untranslated("es")  # English may stay empty: the msgid is the English text
    if todo:
        print(f"es: {len(todo)} message(s) to translate in siete/i18n/translations/es/LC_MESSAGES/"
              "messages.po, then run `make translations` again:")
        print("".join(f"  {msgid!r}\n" for msgid in todo), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

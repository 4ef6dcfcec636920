"""The project's XML files (game config, cards, reports), each checked against its XSD in config/."""
from __future__ import annotations

import contextlib
import functools
import os
import stat
import tempfile
import threading
from pathlib import Path
from typing import Any

from lxml import etree

from siete.data.cards_file import CardsFile
from siete.engine.cards import CardSpec, card_id
from siete.engine.config import GameConfig
from siete.paths import CONFIG_DIR

GAME_CONFIG_ENV = "SIETE_GAME_CONFIG"
CARDS_FILE_ENV = "SIETE_CARDS_FILE"

# The brief spells the root "Inital_Config"; that is what we write, the correct spelling is read too.
CONFIG_ROOTS = ("Inital_Config", "Initial_Config")
CONFIG_KEYS = {  # XML element -> GameConfig field
    "Num_Min_Players": "min_players",
    "Num_Max_Players": "max_players",
    "Num_Max_Rounds": "max_hands",
    "Num_Initial_Points": "initial_points",
    "Is_Allowed_Auto_Mode": "auto_mode",
}

# One XMLSchema object is shared by the process; its error_log is per object, so a lock keeps
# two threads validating at once from reading each other's errors.
_validate_lock = threading.Lock()

FilePath = str | os.PathLike[str]
PathArg = FilePath | None


class XmlFileError(Exception):
    """A missing, malformed or off-schema XML file; str() is one line '<file>:<line>: <reason>'."""

    def __init__(self, path: FilePath, line: int | None, reason: str):
        self.path = os.fspath(path)
        self.line = line  # None when the problem is not on a line (e.g. the file is missing)
        self.reason = reason
        super().__init__(self.path, line, reason)

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.reason}"


# ---------------------------------------------------------------- reading and validating

def _parser() -> etree.XMLParser:
    """A parser that never fetches anything from outside the file (no DTDs, no network)."""
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)


def _parse_bytes(data: bytes, path: FilePath) -> etree._ElementTree:
    """Parse XML text, turning a syntax error into XmlFileError with its line."""
    parser = _parser()
    try:
        tree = etree.ElementTree(etree.fromstring(data, parser))
    except etree.XMLSyntaxError as exc:
        # The parser's own log holds only this parse; the exception's log is the thread's.
        first = parser.error_log[0] if len(parser.error_log) else None
        line, column = (first.line, first.column) if first is not None else exc.position
        message = first.message if first is not None else exc.msg
        raise XmlFileError(path, line, f"malformed XML: {message.strip()} (column {column})") from exc
    if tree.docinfo.doctype:
        # Entities would reach the schema unexpanded (resolve_entities=False), and none of
        # these files needs a DTD, so refuse it plainly.
        line = data[: max(data.find(b"<!DOCTYPE"), 0)].count(b"\n") + 1
        raise XmlFileError(path, line, "a <!DOCTYPE> is not allowed in this file")
    return tree


def _read_xml(path: FilePath) -> etree._ElementTree:
    """Read and parse a file; a missing or unreadable file is an XmlFileError."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError as exc:
        raise XmlFileError(path, None, "file not found") from exc
    except OSError as exc:
        raise XmlFileError(path, None, f"cannot read file: {exc.strerror or exc}") from exc
    return _parse_bytes(data, path)


@functools.lru_cache(maxsize=8)  # the few XSDs in config/
def _schema(name: str) -> etree.XMLSchema:
    """The XSD config/<name>, parsed once per process."""
    xsd_path = CONFIG_DIR / name
    try:
        return etree.XMLSchema(_read_xml(xsd_path))
    except etree.XMLSchemaParseError as exc:
        raise XmlFileError(xsd_path, None, f"invalid schema: {exc}") from exc


def _validate(tree: etree._ElementTree, schema_name: str, path: FilePath) -> None:
    """Raise XmlFileError at the first place where the tree breaks the schema."""
    schema = _schema(schema_name)
    with _validate_lock:
        try:
            valid = schema.validate(tree)
        except etree.XMLSchemaValidateError as exc:  # libxml2 gave up rather than judge the file
            raise XmlFileError(path, None, f"cannot validate: {exc}") from exc
        errors = list(schema.error_log)
    if not valid:
        first = errors[0]
        raise XmlFileError(path, first.line, first.message.strip())


def _load_valid(path: FilePath, schema_name: str, roots: tuple[str, ...]) -> etree._Element:
    """Read a file, check its root element by name, validate it and return the root."""
    root = _read_xml(path).getroot()
    if root.tag not in roots:
        expected = " or ".join(f"<{name}>" for name in roots)
        raise XmlFileError(path, root.sourceline, f"root element is <{root.tag}>, expected {expected}")
    _validate(root.getroottree(), schema_name, path)
    return root


def _choose_path(path: PathArg, env_var: str, default_name: str) -> FilePath:
    """The path given, else the one in the environment variable, else config/<default_name>."""
    if path is not None:
        return path
    return os.environ.get(env_var) or CONFIG_DIR / default_name


# ---------------------------------------------------------------- game config

def load_game(config_path: PathArg = None, cards_path: PathArg = None) -> GameConfig:
    """The game settings, read now, with the cards they deal, read on the first deal (XML.md).

    What the app and the CLI load at start: a bad Basic_Config_Game.xml stops them there, while
    the cards file is only located here (its path, or $SIETE_CARDS_FILE as it is now) and read
    and validated the first time a card is needed (siete/data/cards_file.py).
    """
    cards = CardsFile(_choose_path(cards_path, CARDS_FILE_ENV, "cards.xml"), load_cards)
    return load_game_config(config_path).with_overrides(cards=cards)


def load_game_config(path: PathArg = None) -> GameConfig:
    """Read Basic_Config_Game.xml (or $SIETE_GAME_CONFIG); missing keys keep their defaults."""
    path = _choose_path(path, GAME_CONFIG_ENV, "Basic_Config_Game.xml")
    root = _load_valid(path, "Basic_Config_Game.xsd", CONFIG_ROOTS)
    values: dict[str, Any] = {}
    for tag, field in CONFIG_KEYS.items():
        element = root.find(tag)
        if element is not None:
            text = (element.text or "").strip()  # the schema has already checked the type
            values[field] = text == "true" if field == "auto_mode" else int(text)
    config = GameConfig(**values)
    _check_player_range(config, root, path)
    return config


def _check_player_range(config: GameConfig, root: etree._Element, path: FilePath) -> None:
    """Num_Max_Players >= Num_Min_Players, which XSD 1.0 cannot express."""
    if config.max_players >= config.min_players:
        return
    max_el, min_el = root.find("Num_Max_Players"), root.find("Num_Min_Players")
    at = next(el for el in (max_el, min_el, root) if el is not None)
    max_note = "" if max_el is not None else ", the default"
    min_note = "" if min_el is not None else ", the default"
    raise XmlFileError(
        path, at.sourceline,
        f"Num_Max_Players ({config.max_players}{max_note}) is less than "
        f"Num_Min_Players ({config.min_players}{min_note})",
    )


# ---------------------------------------------------------------- cards

def load_cards(path: PathArg = None) -> list[CardSpec]:
    """Read cards.xml (or $SIETE_CARDS_FILE) into CardSpecs, in file (deck) order."""
    path = _choose_path(path, CARDS_FILE_ENV, "cards.xml")
    root = _load_valid(path, "cards.xsd", ("Cards",))
    specs = [_card_spec(card, path) for card in root.iterfind("Card")]
    if not any(spec.active for spec in specs):
        raise XmlFileError(path, root.sourceline, "no card has Is_Active true, so none could be dealt")
    return specs


def _card_spec(card: etree._Element, path: FilePath) -> CardSpec:
    """One validated <Card>, checking that its Id names its Value and Suit (R1.3)."""
    id_el = card.find("Id")
    cid = id_el.text.strip()
    value = int(card.findtext("Value"))
    suit = card.findtext("Suit").strip()
    active = card.findtext("Is_Active").strip() == "true"
    expected = card_id(suit, value)
    if cid != expected:
        raise XmlFileError(
            path, id_el.sourceline,
            f"card Id {cid} does not match Value {value} and Suit {suit} (expected Id {expected})",
        )
    return CardSpec(cid, value, suit, active)


# ---------------------------------------------------------------- reports

def write_reports_xml(reports: list[dict[str, Any]], path: FilePath) -> None:
    """Write reports ({key, title, columns, rows}) to one XML file, validated, atomically."""
    data = _reports_bytes(reports, path)
    # Validate the exact bytes that will be written, so error lines match the file's lines.
    _validate(_parse_bytes(data, path), "reports.xsd", path)
    _write_atomically(path, data)


def read_reports_xml(path: FilePath) -> list[dict[str, Any]]:
    """Read a reports file back as {key, title, columns, rows}; values are str, or None if empty."""
    root = _load_valid(path, "reports.xsd", ("Reports",))
    reports = []
    for report in root.iterfind("Report"):
        rows = [list(row.iterchildren(etree.Element)) for row in report.iterfind("Row")]
        columns = [cell.tag for cell in rows[0]] if rows else []
        reports.append({
            "key": report.get("key"),
            "title": report.get("title"),
            "columns": columns,
            "rows": [[cell.text for cell in row] for row in rows],
        })
    return reports


def report_cell_text(value: object) -> str | None:
    """A row value as element text: None stays empty, booleans are XML's true/false."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _reports_bytes(reports: list[dict[str, Any]], path: FilePath) -> bytes:
    """Build the <Reports> document; bad column names or values are an XmlFileError."""
    root = etree.Element("Reports")
    for number, report in enumerate(reports, start=1):
        label = f"report {number} ({report.get('key')!r})"
        try:
            element = etree.SubElement(root, "Report", key=str(report["key"]), title=str(report["title"]))
            columns = list(report["columns"])
            for row in report["rows"]:
                if len(row) != len(columns):
                    raise ValueError(f"a row has {len(row)} values for {len(columns)} columns")
                row_el = etree.SubElement(element, "Row")
                for column, value in zip(columns, row):
                    etree.SubElement(row_el, column).text = report_cell_text(value)
        except KeyError as exc:
            raise XmlFileError(path, None, f"{label}: missing {exc.args[0]!r}") from exc
        except ValueError as exc:  # lxml: invalid element name or text that XML cannot hold
            raise XmlFileError(path, None, f"{label}: {exc}") from exc
    data: bytes = etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    return data


def _write_atomically(path: FilePath, data: bytes) -> None:
    """Write to a temp file beside the target, fsync, then rename over it; never leave a part."""
    target = Path(path)
    try:
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o644
        fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise XmlFileError(path, None, f"cannot write file: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "wb") as tmp:
            tmp.write(data)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.chmod(tmp_name, mode)  # mkstemp makes 0600; keep the old file's mode or a normal one
        os.replace(tmp_name, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        if isinstance(exc, OSError):
            raise XmlFileError(path, None, f"cannot write file: {exc.strerror or exc}") from exc
        raise
    _fsync_directory(target.parent)


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable; best effort, as not every filesystem allows it."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

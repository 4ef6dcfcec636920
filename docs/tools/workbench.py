"""The database's ER model as MySQL Workbench keeps it: docs/siete.mwb (a zip holding
document.mwb.xml, Workbench's GRT XML), drawn from sql/schema.sql through schema_model.py.

    python docs/tools/diagrams.py      # writes it with the other diagrams

Every table, column, primary key, unique key, index and foreign key of the schema is in the
model, and one EER diagram shows every table with a connection per foreign key. Ids are
derived from the objects' names, so the same schema always gives the same file and
tests/data/test_diagrams.py can tell when it is stale.
"""
from __future__ import annotations

import io
import re
import uuid
import zipfile

from lxml import etree
from schema_model import Column, ForeignKey, Table

NAMESPACE = uuid.UUID("6f1c5d3e-7a2b-4c8e-9d0f-51e7a9b3c2d4")
SCHEMA_NAME = "siete"
DATATYPE = "com.mysql.rdbms.mysql.datatype."
FIGURE_WIDTH, ROW_HEIGHT, HEADER_HEIGHT, GAP = 220.0, 17.0, 32.0, 40.0
COLUMNS_PER_ROW = 6
ZIP_TIME = (2026, 1, 1, 0, 0, 0)


def grt_id(*path: str) -> str:
    return str(uuid.uuid5(NAMESPACE, "/".join(path)))


class Grt:
    """Writes GRT values: every object is a <value type="object"> with keyed members."""

    def __init__(self, parent, struct: str, oid: str, key: str | None = None):
        attrs = {"type": "object", "struct-name": struct, "id": oid}
        if key:
            attrs["key"] = key
        self.node = etree.SubElement(parent, "value", attrs)
        self.id = oid

    def value(self, key: str, kind: str, text: object = "") -> None:
        etree.SubElement(self.node, "value", {"type": kind, "key": key}).text = str(text)

    def string(self, key: str, text: object = "") -> None:
        self.value(key, "string", text)

    def int(self, key: str, number: int) -> None:
        self.value(key, "int", number)

    def real(self, key: str, number: float) -> None:
        self.value(key, "real", f"{number:g}")

    def link(self, key: str, struct: str, target: str) -> None:
        etree.SubElement(self.node, "link", {"type": "object", "struct-name": struct, "key": key}).text = target

    def objects(self, key: str, struct: str):
        return etree.SubElement(self.node, "value", {"type": "list", "content-type": "object",
                                                     "content-struct-name": struct, "key": key})


def datatype(column: Column) -> tuple[str, int, int, int]:
    """(Workbench's simple type, length, precision, scale) for a MySQL column type."""
    match = re.fullmatch(r"([A-Z]+)(?:\((\d+)(?:, ?(\d+))?\))?", column.sql_type)
    assert match, column.sql_type
    name, first, second = match.group(1), match.group(2), match.group(3)
    kind = {"INTEGER": "int", "BOOL": "tinyint", "NUMERIC": "decimal"}.get(name, name.lower())
    if kind in ("varchar", "char"):
        return kind, int(first), -1, -1
    if kind == "decimal":
        return kind, -1, int(first), int(second)
    if kind == "datetime" and first:
        return kind, -1, int(first), -1
    return kind, -1, -1, -1


def add_column(columns, table: Table, column: Column) -> None:
    kind, length, precision, scale = datatype(column)
    node = Grt(columns, "db.mysql.Column", grt_id(table.name, column.name))
    node.int("autoIncrement", int(column.autoincrement))
    node.int("isNotNull", int(not column.nullable))
    node.int("length", length)
    node.int("precision", precision)
    node.int("scale", scale)
    node.link("simpleType", "db.SimpleDatatype", DATATYPE + kind)
    node.string("name", column.name)
    node.link("owner", "GrtObject", grt_id(table.name))


def add_index(indices, table: Table, name: str, columns: tuple[str, ...], kind: str) -> None:
    node = Grt(indices, "db.mysql.Index", grt_id(table.name, "index", name))
    parts = node.objects("columns", "db.mysql.IndexColumn")
    for column in columns:
        part = Grt(parts, "db.mysql.IndexColumn", grt_id(table.name, "index", name, column))
        part.link("referencedColumn", "db.Column", grt_id(table.name, column))
        part.link("owner", "GrtObject", node.id)
    node.string("indexType", kind)
    node.int("isPrimary", int(kind == "PRIMARY"))
    node.int("unique", int(kind == "UNIQUE"))
    node.string("name", name)
    node.link("owner", "GrtNamedObject", grt_id(table.name))


def add_foreign_key(keys, table: Table, fk: ForeignKey) -> None:
    node = Grt(keys, "db.mysql.ForeignKey", grt_id(table.name, "fk", fk.name))
    node.link("referencedTable", "db.mysql.Table", grt_id(fk.table))
    columns = etree.SubElement(node.node, "value", {"type": "list", "content-type": "object",
                                                    "content-struct-name": "db.Column", "key": "columns"})
    for column in fk.columns:
        etree.SubElement(columns, "link", {"type": "object"}).text = grt_id(table.name, column)
    node.string("deleteRule", fk.on_delete)
    node.string("updateRule", "RESTRICT")
    node.int("mandatory", int(not any(table.column(c).nullable for c in fk.columns)))
    node.int("many", int(tuple(fk.columns) != table.primary_key))
    node.link("owner", "db.Table", grt_id(table.name))
    referred = etree.SubElement(node.node, "value", {"type": "list", "content-type": "object",
                                                     "content-struct-name": "db.Column",
                                                     "key": "referencedColumns"})
    for column in fk.referred:
        etree.SubElement(referred, "link", {"type": "object"}).text = grt_id(fk.table, column)
    node.int("referencedMandatory", 1)
    node.string("name", fk.name)


def add_table(tables_list, table: Table) -> None:
    node = Grt(tables_list, "db.mysql.Table", grt_id(table.name))
    columns = node.objects("columns", "db.mysql.Column")
    for column in table.columns:
        add_column(columns, table, column)
    keys = node.objects("foreignKeys", "db.mysql.ForeignKey")
    for fk in table.foreign_keys:
        add_foreign_key(keys, table, fk)
    indices = node.objects("indices", "db.mysql.Index")
    add_index(indices, table, "PRIMARY", table.primary_key, "PRIMARY")
    for index in table.indexes:
        add_index(indices, table, index.name, index.columns, "UNIQUE" if index.unique else "INDEX")
    node.link("primaryKey", "db.mysql.Index", grt_id(table.name, "index", "PRIMARY"))
    node.string("tableEngine", "InnoDB")
    node.string("defaultCharacterSetName", "utf8mb4")
    node.string("defaultCollationName", "utf8mb4_bin")
    node.string("name", table.name)
    node.link("owner", "GrtNamedObject", grt_id("schema"))


def figure_places(tables: dict[str, Table]) -> dict[str, tuple[float, float, float]]:
    """(left, top, height) of each table's box: rows of COLUMNS_PER_ROW, each as tall as its tallest."""
    places, top = {}, GAP
    names = list(tables)
    for start in range(0, len(names), COLUMNS_PER_ROW):
        row = names[start:start + COLUMNS_PER_ROW]
        heights = [HEADER_HEIGHT + ROW_HEIGHT * len(tables[name].columns) for name in row]
        for i, (name, height) in enumerate(zip(row, heights)):
            places[name] = (GAP + i * (FIGURE_WIDTH + GAP), top, height)
        top += max(heights) + GAP
    return places


def add_diagram(diagrams, tables: dict[str, Table]) -> None:
    diagram = Grt(diagrams, "workbench.physical.Diagram", grt_id("diagram"))
    layer = grt_id("diagram", "layer")
    places = figure_places(tables)
    connections = diagram.objects("connections", "model.Connection")
    for table in tables.values():
        for fk in table.foreign_keys:
            link = Grt(connections, "workbench.physical.Connection", grt_id("diagram", "fk", fk.name))
            link.string("caption", fk.name)
            link.link("foreignKey", "db.ForeignKey", grt_id(table.name, "fk", fk.name))
            link.link("startFigure", "model.Figure", grt_id("diagram", table.name))
            link.link("endFigure", "model.Figure", grt_id("diagram", fk.table))
            link.link("owner", "model.Diagram", diagram.id)
            link.int("visible", 1)
    figures = diagram.objects("figures", "model.Figure")
    for name, (left, top, height) in places.items():
        figure = Grt(figures, "workbench.physical.TableFigure", grt_id("diagram", name))
        figure.link("table", "db.Table", grt_id(name))
        figure.int("columnsExpanded", 1)
        figure.string("color", "#98BFDA")
        figure.int("expanded", 1)
        figure.real("height", height)
        figure.real("left", left)
        figure.real("top", top)
        figure.real("width", FIGURE_WIDTH)
        figure.link("layer", "model.Layer", layer)
        figure.link("owner", "model.Diagram", diagram.id)
        figure.int("manualSizing", 0)
        figure.string("name", name)
    root_layer = Grt(diagram.node, "workbench.physical.Layer", layer, key="rootLayer")
    root_layer.string("name", "")
    root_layer.link("owner", "model.Diagram", diagram.id)
    diagram.real("width", max(left + FIGURE_WIDTH for left, _t, _h in places.values()) + GAP)
    diagram.real("height", max(top + height for _l, top, height in places.values()) + GAP)
    diagram.string("name", "Siete y medio (EER)")
    diagram.link("owner", "model.Model", grt_id("model"))
    diagram.real("zoom", 1)


def document_xml(tables: dict[str, Table]) -> str:
    """document.mwb.xml for the schema, byte for byte the same for the same schema."""
    data = etree.Element("data", {"grt_format": "2.0", "document_type": "MySQL Workbench Model",
                                  "version": "1.4.4"})
    document = Grt(data, "workbench.Document", grt_id("document"))
    models = document.objects("physicalModels", "workbench.physical.Model")
    model = Grt(models, "workbench.physical.Model", grt_id("model"))
    catalog = Grt(model.node, "db.mysql.Catalog", grt_id("catalog"), key="catalog")
    schema = Grt(catalog.objects("schemata", "db.mysql.Schema"), "db.mysql.Schema", grt_id("schema"))
    tables_list = schema.objects("tables", "db.mysql.Table")
    for table in tables.values():
        add_table(tables_list, table)
    schema.string("defaultCharacterSetName", "utf8mb4")
    schema.string("defaultCollationName", "utf8mb4_bin")
    schema.string("name", SCHEMA_NAME)
    schema.link("owner", "db.mysql.Catalog", catalog.id)
    catalog.link("defaultSchema", "db.Schema", schema.id)
    catalog.string("name", "default")
    catalog.link("owner", "workbench.physical.Model", model.id)
    model.string("connectionNotation", "crowsfoot")
    model.string("figureNotation", "workbench/default")
    add_diagram(model.objects("diagrams", "workbench.physical.Diagram"), tables)
    model.link("rdbms", "db.mgmt.Rdbms", "com.mysql.rdbms.mysql")
    model.link("owner", "workbench.Document", document.id)
    document.string("name", "Siete y medio")
    body = etree.tostring(data, pretty_print=True, encoding="unicode")
    return '<?xml version="1.0"?>\n' + body


def mwb_bytes(xml: str) -> bytes:
    """The .mwb file: a zip of document.mwb.xml, dated so that the bytes never change by themselves."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        info = zipfile.ZipInfo("document.mwb.xml", ZIP_TIME)
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, xml.encode("utf-8"))
    return buffer.getvalue()


def mwb_document(path) -> str:
    """The document.mwb.xml inside an .mwb file."""
    with zipfile.ZipFile(path) as archive:
        return archive.read("document.mwb.xml").decode("utf-8")

"""`flask --app wsgi reports`: every report as a terminal table, as JSON, or saved to XML."""
from __future__ import annotations

import json

import click
from flask.cli import with_appcontext
from rich.console import Console
from rich.table import Table

from siete.data.xmlfiles import XmlFileError, write_reports_xml
from siete.i18n.catalogs import SUPPORTED_LOCALES, cli_language
from siete.i18n.catalogs import gettext as _
from siete.i18n.labels import cli_column_label
from siete.i18n.report_words import cli_report_explanation, cli_report_title, machine_title
from siete.service.reports.aggregates import rebuild
from siete.service.reports.definitions import ReportRows, get_report
from siete.service.reports.queries import run_reports


def _check_key(_ctx: click.Context, _param: click.Parameter, key: str | None) -> str | None:
    """--only must name a report; an unknown one is a usage error (exit 2) listing the keys."""
    if key is not None:
        try:
            get_report(key)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
    return key


def _text(value: object) -> str:
    """A cell as the terminal shows it: ratios with two decimals, nothing for a missing value."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def heading(report: ReportRows) -> str:
    """'1. Most frequent first card (first_card)', the title in the terminal's language."""
    return f"{get_report(report.key).number}. {cli_report_title(report.key)} ({report.key})"


def report_table(report: ReportRows) -> Table:
    """One report's rows as a rich table: a header row, then the data, numbers aligned right."""
    table = Table()
    numeric = [bool(report.rows) and all(isinstance(row[i], (int, float)) or row[i] is None
                                         for row in report.rows)
               for i in range(len(report.columns))]
    for column, right in zip(report.columns, numeric):
        table.add_column(cli_column_label(column), justify="right" if right else "left")
    for row in report.rows:
        table.add_row(*(_text(value) for value in row))
    return table


def machine_json(reports: list[ReportRows]) -> str:
    """REPORTS.md's JSON form: {"reports": [{key, title, columns, rows}, ...]}, titles in
    REPORTS.md's English whatever the language (a machine format, as replay's JSON)."""
    return json.dumps({"reports": [r.machine_form(machine_title(r.key)) for r in reports]}, indent=1)


@click.group("reports", invoke_without_command=True)
@click.option("--only", metavar="KEY", callback=_check_key, help="Run only the report called KEY.")
@click.option("--format", "output_format", type=click.Choice(["table", "json"]), default="table",
              show_default=True, help="Terminal tables for people, or JSON for machines.")
@click.option("--xml", "xml_path", type=click.Path(dir_okay=False, writable=True),
              help="Also save the reports to this XML file (validated, written atomically).")
@click.option("--plain", is_flag=True,
              help="Run the SQL definitions over the raw record instead of reading the aggregates.")
@click.option("--lang", type=click.Choice(SUPPORTED_LOCALES), default=None,
              help="The language of the titles, explanations and headings (default: the locale's).")
@click.pass_context
@with_appcontext
def reports_command(ctx: click.Context, only: str | None, output_format: str,
                    xml_path: str | None, plain: bool, lang: str | None) -> None:
    """Print the reports of REPORTS.md (finished games only, unless a report says otherwise)."""
    if ctx.invoked_subcommand is not None:
        return
    # One language for every word: the terminal's titles, explanations and headings, and the
    # titles written into the XML.
    with cli_language(lang):
        _print_reports(run_reports(only, plain=plain), output_format, xml_path)


def _print_reports(reports: list[ReportRows], output_format: str, xml_path: str | None) -> None:
    """The reports as terminal tables or JSON, and in the XML file when asked."""
    if xml_path:
        # Written first: if the file cannot be written, nothing claims success on stdout.
        try:
            write_reports_xml([r.machine_form(cli_report_title(r.key)) for r in reports], xml_path)
        except XmlFileError as exc:
            raise click.ClickException(str(exc)) from None
    if output_format == "json":
        click.echo(machine_json(reports))
    else:
        console = Console(soft_wrap=False)
        for report in reports:
            # The title on its own line: as the table's title it would wrap to the table's width.
            console.print(heading(report), style="bold", highlight=False)
            console.print(report_table(report))
            # Below the table, not as its caption: a caption wraps to the table's narrow width.
            console.print(cli_report_explanation(report.key), highlight=False)
            console.print()
    if xml_path and output_format != "json":
        click.echo(_("Saved %(num)s report(s) to %(path)s.", num=len(reports), path=xml_path))


@reports_command.command("rebuild")
@with_appcontext
def rebuild_command() -> None:
    """Work the reports' aggregates out again from the recorded games."""
    click.echo(_("Rebuilt the report aggregates from %(num)s finished games.", num=rebuild()))

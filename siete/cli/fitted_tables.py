"""Print a rich table whole: a figure is never cut to "…" because a terminal is narrow.

rich squeezes a table into the console's width, and at 80 columns the simulator's eight or nine
columns lost their confidence intervals to an ellipsis. Where the table does not fit, it is
printed at its natural width when the output is not a terminal (a pipe, a file, a CI log: no
one's window to respect), and as one block of "column: value" lines per row on a terminal.
"""
from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text


def print_fitted(console: Console, table: Table) -> None:
    """Print `table` as a table where it fits, otherwise whole at its width or row by row."""
    # measured against a very wide console: rich clamps a measurement to the console's width
    natural = console.measure(table, options=console.options.update_width(10_000)).maximum
    if natural <= console.width:
        console.print(table)
    elif not console.is_terminal:
        console.width = natural  # print()'s own width= is capped at the console's
        console.print(table)
    else:
        print_row_blocks(console, table)


def print_row_blocks(console: Console, table: Table) -> None:
    """The title, then for each row its first cell and one "header: value" line per other cell."""
    if table.title:
        console.print(Text(str(table.title), style="italic"))
    headers = [str(column.header) for column in table.columns]
    columns = [[str(cell) for cell in column.cells] for column in table.columns]
    for row in zip(*columns):
        console.print(Text(row[0], style="bold"))
        for header, value in zip(headers[1:], row[1:]):
            if value:
                console.print(Text(f"  {header}: {value}"))

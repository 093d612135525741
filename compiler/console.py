"""Terminal output of the `sgs` commands through `rich`: progress bars, tables and colour.

Only for a person at a terminal: when the stream is not a terminal (a pipe, a file, a test)
the commands print their plain text, byte for byte what they always printed, and `--json`
is never touched. rich also honours NO_COLOR and TERM=dumb. Spec text (names, phrases,
messages) is shown as text, never read as rich markup: every string goes in as a Text.
"""
from __future__ import annotations

import re
import sys
from contextlib import contextmanager
from typing import Iterable, Optional, TextIO

from rich.cells import cell_len
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from .escape import shown


def is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def console(stream: Optional[TextIO] = None, force: bool = False) -> Console:
    """A console on ``stream`` (stdout by default); ``force``: draw as on a terminal even
    when it is not one (`sgs simulate --progress`). It writes its colours to the stream itself,
    past the escaping of compiler.escape.TerminalStream: the texts given to it are escaped
    where they are made (diagnostics.render, ``table``)."""
    stream = stream or sys.stdout
    return Console(file=getattr(stream, "raw", stream), force_terminal=True if force else None,
                   markup=False, emoji=False, highlight=False)


# ---------------------------------------------------------------- progress


class Bar:
    """A progress bar over ``total`` steps, or nothing at all (``enabled`` False)."""

    def __init__(self, progress: Optional[Progress], task):
        self._progress = progress
        self._task = task

    def advance(self, n: int = 1):
        if self._progress is not None:
            self._progress.advance(self._task, n)


@contextmanager
def progress_bar(total: int, what: str, enabled: bool, stream: Optional[TextIO] = None, force: bool = False):
    """``with progress_bar(300, "games", show) as bar: … bar.advance()``; on stderr."""
    if not enabled:
        yield Bar(None, None)
        return
    con = console(stream or sys.stderr, force=force)
    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
               TimeElapsedColumn(), TextColumn("{task.fields[rate]}")]
    progress = Progress(*columns, console=con, transient=False)

    class RateBar(Bar):
        def advance(self, n: int = 1):
            progress.advance(self._task, n)
            task = progress.tasks[0]
            if task.elapsed:
                progress.update(self._task, rate=f"{task.completed / task.elapsed:,.1f} {what}/s")

    with progress:
        yield RateBar(progress, progress.add_task(what, total=total, rate=""))


# ---------------------------------------------------------------- tables


def table(title: Optional[str], columns: Iterable[tuple[str, str]], rows: Iterable[Iterable]) -> Table:
    """A table of ``columns`` (header, 'left' | 'right'); each cell a str or a Text."""
    title = shown(title) if title else title
    t = Table(title=Text(title, style="bold") if title else None, title_justify="left", header_style="bold",
              show_edge=False, pad_edge=False, box=None, min_width=cell_len(title) if title else None)
    for header, justify in columns:
        t.add_column(Text(shown(header)), justify=justify)
    for row in rows:   # names from the specs: control characters escaped
        t.add_row(*[cell if isinstance(cell, Text) else Text(shown(str(cell))) for cell in row])
    return t


def rate_text(rate: float, even: float) -> Text:
    """A win rate, green above what an even game gives, red well below it."""
    style = "green" if rate > even * 1.1 else "red" if rate < even * 0.9 else ""
    return Text(f"{rate:6.1%}", style=style)


# ---------------------------------------------------------------- diagnostics

HEADER = re.compile(r"^(.*?:\d+:\d+: )(error|warning)(\[SGS\d+\])(: .*)$")


def diagnostic_text(rendered: str) -> Text:
    """A diagnostic as diagnostics.render writes it, coloured: the severity and code, the
    caret, the hint; the words themselves unchanged."""
    out = Text()
    for k, line in enumerate(rendered.split("\n")):
        if k:
            out.append("\n")
        m = HEADER.match(line) if k == 0 else None
        if m:
            sev = "bold red" if m.group(2) == "error" else "bold yellow"
            out.append(m.group(1), style="bold")
            out.append(m.group(2), style=sev)
            out.append(m.group(3), style=sev)
            out.append(m.group(4), style="bold")
        elif line.strip() and set(line.strip()) == {"^"}:
            out.append(line, style="bold red")
        elif line.startswith("  = hint: "):
            out.append("  = ", style="dim")
            out.append("hint", style="bold cyan")
            out.append(line[len("  = hint"):])
        elif line.startswith("  = note: "):
            out.append(line, style="dim")
        else:
            out.append(line)
    return out


def summary_text(line: str, ok: bool) -> Text:
    return Text(line, style="bold green" if ok else "bold red")

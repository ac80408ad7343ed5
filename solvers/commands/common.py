"""What every command group shares: printing an answer, the options several commands take
(written once here), output files checked before work starts, and a progress bar."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cardsolve.solvers.results import Answer

if TYPE_CHECKING:
    from rich.progress import Progress

    from cardsolve.solvers.backends import Backends

F = TypeVar("F", bound=Callable[..., Any])


def emit(ctx: click.Context, answer: Answer) -> None:
    """Print ``answer`` (its JSON under ``--json``, else its text) and end with its exit code."""
    click.echo(answer.json_text() if ctx.obj["json"] else answer.text())
    if answer.exit_code:
        ctx.exit(answer.exit_code)


def emit_raw(ctx: click.Context, document: dict[str, Any], text: str) -> None:
    """Print a hand-built document or text (for commands not yet moved onto a result type)."""
    if ctx.obj["json"]:
        click.echo(json.dumps(document, indent=2))
    else:
        click.echo(text)


def backend_option(backends: Backends, names: Sequence[str] | None = None,
                   help: str = "Solver backend; every one is exact.") -> Callable[[F], F]:
    """``--backend`` offering ``names`` (default: every backend of the registry), the
    registry's default (the fastest exact backend) first."""
    offered = list(names or backends.names)
    return click.option("--backend", type=click.Choice(offered), default=offered[0], show_default=True, help=help)


def deck_option(help: str = "A deck file of your own printed cards (JSON, the bundled deck's shape).") -> Callable[[F], F]:
    """``--deck FILE``: the user's own deck instead of the bundled stand-in."""
    return click.option("--deck", "deck_file", type=click.Path(dir_okay=False), default=None, help=help)


def workers_option() -> Callable[[F], F]:
    """``--workers N``: local processes for a study (default: all cores)."""
    return click.option("--workers", type=click.IntRange(1, 256), default=None, help="Processes (default: all cores).")


def bots_option(help: str) -> Callable[[F], F]:
    """``--bots A,B,...``: one bot or policy per seat, seat 1 first."""
    return click.option("--bots", default=None, help=help)


class OutputFile(click.Path):
    """A file a command writes (a picture, a JSON document): its folder must exist and be
    writable, checked when the line is read, before any work is done."""

    def __init__(self) -> None:
        super().__init__(dir_okay=False, writable=True)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        path = super().convert(value, param, ctx)
        folder = Path(os.fsdecode(path)).resolve().parent
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            self.fail(f"{value!r}: the folder {folder} does not exist or cannot be written", param, ctx)
        return path


def progress_bar(label: str) -> Progress:
    """A progress bar on stderr with done/total, rate and time left (hidden when done)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn
    from rich.progress import TimeRemainingColumn
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task) -> Text:  # type: ignore[no-untyped-def]
            return Text(f"{task.speed:.1f}/s" if task.speed else "")

    return Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), RateColumn(),
                    TimeRemainingColumn(), console=Console(stderr=True), transient=True)

"""What every command group shares: printing an answer, the options several commands take
(written once here), output files checked before work starts, and a progress bar."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
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
    return click.option("--workers", type=click.IntRange(1, 256), default=None,
                        help="Local processes (default: all cores).")


def study_run_options() -> Callable[[F], F]:
    """``--workers``, ``--scheduler``, ``--store`` and ``--plot``: where a study's chunks run,
    where its finished chunks are kept and where its picture goes (``cardsolve analyze`` and
    every command that runs a registered study)."""
    options = [
        workers_option(),
        click.option("--scheduler", metavar="ADDRESS", help="Run the chunks on this Dask scheduler (tcp://host:8786)."),
        click.option("--store", type=click.Path(dir_okay=False),
                     help="SQLite file of finished chunks [default: in the user's cache]."),
        click.option("--plot", type=OutputFile(), help="Write a PNG picture of the result here."),
    ]

    def decorate(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def emit_study(ctx: click.Context, label: str, store: str | None,
               run: Callable[[Callable[[int, int], None]], Answer]) -> None:
    """Run a study, ``run(progress)``, with a progress bar of its chunks on stderr (shown
    from the first report, once the store is open and the chunks are counted) and print its
    answer; Ctrl-C stops it with exit code 130, saying where the finished chunks are kept."""
    from cardsolve.solvers.analysis.runner import StudyInterrupted
    from cardsolve.solvers.analysis.store import default_store

    bar = progress_bar(label)
    shown: list[Any] = []  # the bar's task, once the store is open and the chunks are counted

    def tick(done: int, total: int) -> None:
        if not shown:
            bar.start()
            shown.append(bar.add_task("", total=total))
        bar.update(shown[0], completed=done, total=total)

    try:
        answer = run(tick)
    except StudyInterrupted as stop:
        if shown:
            bar.stop()
        click.echo(f"stopped: {stop.done} of {stop.total} chunks are kept in {store or default_store()}; "
                   "the same command goes on from there", err=True)
        ctx.exit(130)
    finally:
        if shown and bar.live.is_started:
            bar.stop()
    emit(ctx, answer)


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

    console = Console(stderr=True)  # drawn only on a terminal: a pipe or a test gets no blank line
    return Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), RateColumn(),
                    TimeRemainingColumn(), console=console, transient=True, disable=not console.is_terminal)


@contextmanager
def progress_callback(label: str) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr for the block, as the ``progress(done, total)`` callback
    the API's long-running functions take."""
    with progress_bar(label) as bar:
        task = bar.add_task(label, total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)

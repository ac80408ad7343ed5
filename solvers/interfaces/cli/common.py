"""What every command group shares: printing an answer, the options several commands take
(written once here), output files checked before work starts, and a progress bar."""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click

from cardsolve.models.errors import BadInput
from cardsolve.solvers.infrastructure.results import Answer

if TYPE_CHECKING:
    from rich.progress import Progress

    from cardsolve.solvers.infrastructure.backends import Backends

F = TypeVar("F", bound=Callable[..., Any])
SEED = click.IntRange(0)
"""A ``--seed``: a whole number, 0 or more (Python's random reads a seed -s as s, so a
negative seed would silently repeat its positive twin)."""
PLAIN_EVERY_S = 10.0
"""Seconds between plain progress lines when stderr is not a terminal."""


def emit(ctx: click.Context, answer: Answer) -> None:
    """Print ``answer`` (its JSON under ``--json``, else its text) and end with its exit code;
    when the command was started with a list ``answers`` in its context object (the web
    server runs commands this way), the answer is put there instead, for the caller."""
    answers = ctx.obj.get("answers")
    if answers is not None:
        answers.append(answer)
        return
    click.echo(answer.json_text() if ctx.obj["json"] else answer.text())
    if answer.exit_code:
        ctx.exit(answer.exit_code)


def backend_option(
    backends: Backends, names: Sequence[str] | None = None, help: str = "Solver backend; every one is exact."
) -> Callable[[F], F]:
    """``--backend`` offering ``names`` (default: every backend of the registry), the
    registry's default (the fastest exact backend) first."""
    offered = list(names or backends.names)
    return click.option("--backend", type=click.Choice(offered), default=offered[0], show_default=True, help=help)


def deck_option(
    help: str = "A deck file of your own printed cards (JSON, the bundled deck's shape).",
) -> Callable[[F], F]:
    """``--deck FILE``: the user's own deck instead of the bundled stand-in."""
    return click.option("--deck", "deck_file", type=click.Path(dir_okay=False), default=None, help=help)


def workers_option() -> Callable[[F], F]:
    """``--workers N``: local processes for a study (default: all cores)."""
    return click.option(
        "--workers", type=click.IntRange(1, 256), default=None, help="Local processes (default: all cores)."
    )


def study_run_options() -> Callable[[F], F]:
    """``--workers``, ``--scheduler``, ``--store`` and ``--plot``: where a study's chunks run,
    where its finished chunks are kept and where its picture goes (``cardsolve analyze`` and
    every command that runs a registered study)."""
    options = [
        workers_option(),
        click.option(
            "--scheduler",
            metavar="ADDRESS",
            callback=_scheduler_address,
            help="Run the chunks on this Dask scheduler (tcp://host:8786).",
        ),
        click.option(
            "--store",
            type=OutputFile(),
            help="SQLite file of finished chunks, in a folder that exists [default: in the user's cache].",
        ),
        click.option(
            "--plot",
            type=OutputFile(_picture_name),
            help="Write a picture of the result here, in the format its extension names (.png, .svg, .pdf, ...).",
        ),
    ]

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def with_files_apart(*args: Any, **kwargs: Any) -> Any:
            _check_apart(kwargs.get("store"), kwargs.get("plot"))
            return command(*args, **kwargs)

        decorated: Any = with_files_apart
        for option in reversed(options):
            decorated = option(decorated)
        return cast(F, decorated)

    return decorate


def _check_apart(store: str | None, plot: str | None) -> None:
    """``--store`` and ``--plot`` name two files: a picture written over the store would
    lose every finished chunk."""
    if store and plot and os.path.realpath(store) == os.path.realpath(plot):
        raise BadInput(f"--store and --plot both name {plot!r}: the picture would overwrite the store", plot)


def _scheduler_address(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--scheduler``, checked when the line is read (``runner.check_scheduler``)."""
    from cardsolve.solvers.studies.runner import check_scheduler

    return None if value is None else check_scheduler(value)


def _picture_name(path: str) -> None:
    """A ``--plot`` name: its extension names a format matplotlib writes (``charts.check_picture``)."""
    from cardsolve.solvers.studies.charts import check_picture

    check_picture(path)


def svg_name(path: str) -> None:
    """An ``--svg`` name: it ends in ``.svg``, so that what is written is what the name says."""
    if not path.lower().endswith(".svg"):
        raise BadInput(f"cannot write SVG to {path!r}: its name must end in .svg", path)


def emit_study(
    ctx: click.Context, label: str, store: str | None, run: Callable[[Callable[[int, int], None]], Answer]
) -> None:
    """Run a study, ``run(progress)``, with a progress bar of its chunks on stderr (shown
    from the first report, once the store is open and the chunks are counted) and print its
    answer; Ctrl-C stops it with exit code 130, saying where the finished chunks are kept."""
    from cardsolve.solvers.studies.runner import StudyInterrupted
    from cardsolve.solvers.studies.store import default_store

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
        click.echo(
            f"stopped: {stop.done} of {stop.total} chunks are kept in {store or default_store()}; "
            "the same command goes on from there",
            err=True,
        )
        ctx.exit(130)
    finally:
        if shown and bar.live.is_started:
            bar.stop()
    emit(ctx, answer)


def bots_option(help: str) -> Callable[[F], F]:
    """``--bots A,B,...``: one bot or policy per seat, seat 1 first."""
    return click.option("--bots", default=None, help=help)


class OutputFile(click.Path):
    """A file a command writes (a picture, a JSON document, a store): its folder must exist
    and be writable (a missing folder is refused, never made) and ``check(name)``, when
    given, must accept its name (it raises ``BadInput``), checked when the line is read,
    before any work is done."""

    def __init__(self, check: Callable[[str], None] | None = None) -> None:
        super().__init__(dir_okay=False, writable=True)
        self.check = check

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not os.fsdecode(value).strip():  # names no file: it would be ignored, or written nowhere, after the work
            self.fail(f"{value!r} names no file", param, ctx)
        path = super().convert(value, param, ctx)
        folder = Path(os.fsdecode(path)).resolve().parent
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            self.fail(f"{value!r}: the folder {folder} does not exist or cannot be written", param, ctx)
        if self.check is not None:
            try:
                self.check(os.fsdecode(path))
            except BadInput as error:
                self.fail(str(error), param, ctx)
        return path


def write_output(path: str, text: str) -> None:
    """Write ``text`` to the output file ``path``; a write that fails (a full disk, a
    folder gone since the line was read) is bad input naming the file."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise BadInput(f"cannot write {path!r}: {error.strerror or error}", path) from None


def progress_bar(label: str) -> Progress:
    """A progress bar on stderr with done/total, rate and time left (hidden when done),
    drawn on a terminal; elsewhere (a pipe, a log) a plain line ``label: done/total`` at
    most every ``PLAIN_EVERY_S`` seconds, the first after as long, so that a long job is
    never silent and a quick one prints nothing."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TaskID,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task) -> Text:  # type: ignore[no-untyped-def]
            return Text(f"{task.speed:.1f}/s" if task.speed else "")

    class PlainLines(Progress):
        """A progress bar that, when not drawn, prints a plain line now and then."""

        next_line = time.monotonic() + PLAIN_EVERY_S

        def update(self, task_id: TaskID, **changes: Any) -> None:
            super().update(task_id, **changes)
            if self.disable and time.monotonic() >= self.next_line:
                self.next_line = time.monotonic() + PLAIN_EVERY_S
                task = next(task for task in self.tasks if task.id == task_id)
                total = "" if task.total is None else f"/{task.total:g}"
                click.echo(f"{task.description or label}: {task.completed:g}{total}", err=True)

    console = Console(stderr=True)  # drawn only on a terminal: a pipe or a test gets no blank line
    return PlainLines(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )


@contextmanager
def progress_callback(label: str) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr for the block, as the ``progress(done, total)`` callback
    the API's long-running functions take."""
    with progress_bar(label) as bar:
        task = bar.add_task(label, total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


class TimeLimit(click.ParamType[float]):
    """Seconds for ``--time-limit``: a number that ``solvers.limits.check_time_limit``
    takes (finite, above 0, at most a day), so that nan, inf, 0 and the like are refused
    when the line is read, with the API's own message."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        from cardsolve.models.errors import BadInput
        from cardsolve.solvers.infrastructure.limits import check_time_limit

        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        try:
            return check_time_limit(seconds)
        except BadInput as error:
            self.fail(str(error), param, ctx)


def time_limit_option(default: float, help: str) -> Callable[[F], F]:
    """``--time-limit SECONDS``, the one option type of every command that takes a time
    limit (see ``TimeLimit``)."""
    return click.option("--time-limit", type=TimeLimit(), default=default, show_default=True, help=help)

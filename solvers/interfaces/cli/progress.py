"""The progress a long command shows on stderr: a bar on a terminal, plain lines now and
then elsewhere."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from rich.progress import Progress

PLAIN_EVERY_S = 10.0
"""Seconds between plain progress lines when stderr is not a terminal."""


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
    """A progress bar on stderr for the block, shown from the first report, as the
    ``progress(done, total)`` callback the API's long-running functions take."""
    bar = progress_bar(label)
    shown: list[Any] = []  # the bar's task, once the work has said how much there is

    def tick(done: int, total: int) -> None:
        if not shown:
            bar.start()
            shown.append(bar.add_task("", total=total))
        bar.update(shown[0], completed=done, total=total)

    try:
        yield tick
    finally:
        if shown and bar.live.is_started:
            bar.stop()

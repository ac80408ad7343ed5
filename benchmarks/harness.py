"""The benchmark convention shared by every game's script.

A script builds seeded instances for each task, times each backend on the same
instances with ``time_calls`` (one warm-up call first, so numba compilation or cache
loading is not timed), collects one ``Row`` per (task, backend) and hands them to
``report``: a table for people, or with ``--json`` one JSON document with stable keys::

    {"game": ..., "rows": [{"task", "backend", "n", "median_s", "p95_s", "max_s"}, ...],
     "notes": [...], ...}

``notes`` are the lines a script has to say beyond the table (tails, proven counts, how
hard a deck is): printed under the table, and in the JSON document, so ``cardsolve bench``
carries them too; a script may add figures of its own under further keys. ``--markdown``
prints the table for the README's performance section instead, the notes as a list.

A ``whole-process`` row (``process_row``) times a command as a user meets it instead: a
fresh ``python -m cardsolve ...`` from its start to its exit, imports, kernel loading and
all, each run a new process (one warm-up run first, so that a kernel the cache lacks is
compiled there, untimed; none with ``--quick``). The start-up benchmark
(``benchmarks/startup.py``) holds these rows.

Scripts run as ``python -m cardsolve.benchmarks.<game> [--quick] [--json | --markdown]``
through ``run``, which makes Ctrl-C and a bad option end as they do in ``cardsolve``, and
share this module.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import shlex
import statistics
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from time import perf_counter_ns
from typing import Any, NoReturn, TypeVar

Instance = TypeVar("Instance")


def time_calls(fn: Callable[[Instance], object], instances: Sequence[Instance], warm_up: bool = True) -> list[float]:
    """Seconds taken by ``fn(instance)`` for each instance, each call timed on its own,
    after one untimed warm-up call on the first instance (unless ``warm_up`` is false)."""
    if not instances:
        return []
    if warm_up:
        fn(instances[0])
    times = []
    for instance in instances:
        start = perf_counter_ns()
        fn(instance)
        times.append((perf_counter_ns() - start) * 1e-9)
    return times


@dataclass
class Row:
    """The timings of one backend on one task, one entry per instance (or game)."""

    task: str
    backend: str
    times: list[float]

    @property
    def n(self) -> int:
        return len(self.times)

    @property
    def median_s(self) -> float:
        return statistics.median(self.times)

    @property
    def p95_s(self) -> float:
        """The 95th percentile by nearest rank: no interpolation between timings."""
        ordered = sorted(self.times)
        return ordered[max(math.ceil(0.95 * len(ordered)) - 1, 0)]

    @property
    def max_s(self) -> float:
        return max(self.times)


PROCESS_TASK = "whole-process"
"""The task of the rows that time a whole ``cardsolve`` process (``process_row``)."""
PROCESS_RUNS = 20
"""Runs of a command a ``whole-process`` row times (1 with ``--quick``, a smoke run)."""


def as_installed() -> dict[str, str]:
    """This environment, less ``PYTHONDONTWRITEBYTECODE``: a timed ``cardsolve`` process
    writes and reads Python's bytecode cache, as an installed package has it (``pip
    install`` writes it), so that a source checkout run with the variable set does not time
    Python compiling every module it reads (some 20-70 ms of a process)."""
    return {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def time_process(args: Sequence[str], runs: int, warm_up: bool = True) -> list[float]:
    """Seconds from the start of ``python -m cardsolve ARGS`` (a fresh interpreter: this
    one, in this environment, so with the same kernel cache) to its exit, for each of
    ``runs`` runs, timed by ``time_calls`` (one untimed warm-up run first, in which a
    kernel the cache lacks compiles, unless ``warm_up`` is false), ``as_installed``. A run that does not
    exit 0 stops the benchmark, naming the command and its last line on stderr."""
    command = [sys.executable, "-m", "cardsolve", *args]

    def run(_: int) -> None:
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=as_installed())
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            raise SystemExit(f"cardsolve {shlex.join(args)} ended with exit code {done.returncode}: {last}")

    return time_calls(run, range(runs), warm_up)


def process_row(backend: str, args: Sequence[str], quick: bool) -> Row:
    """Task ``whole-process``: ``cardsolve ARGS`` from process start to exit
    (``time_process``), ``PROCESS_RUNS`` times after a warm-up run, named ``backend`` in
    the table; with ``quick`` once and no warm-up (a smoke run: the kernel cache is
    expected warm)."""
    return Row(PROCESS_TASK, backend, time_process(args, 1 if quick else PROCESS_RUNS, not quick))


class _Parser(argparse.ArgumentParser):
    """argparse with a bad option said in one line, ``error: ...``, exit 2, as ``cardsolve``
    says it."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


def main_args(description: str) -> argparse.Namespace:
    """The command line every benchmark script takes: ``--quick``, and ``--json`` or
    ``--markdown``."""
    parser = _Parser(prog=f"python -m cardsolve.benchmarks.{Path(sys.argv[0]).stem}", description=description)
    parser.add_argument("--quick", action="store_true", help="fewer instances: a smoke run under a minute")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="one JSON document on stdout")
    output.add_argument(
        "--markdown", action="store_true", help="a Markdown table headed with the date and core count, for the README"
    )
    return parser.parse_args()


def run(main: Callable[[], None]) -> None:
    """Run a script's ``main``: Ctrl-C ends it with "interrupted" and exit 130, and output
    that cannot be written (a full disk, a closed pipe) with one line and exit 1."""
    try:
        main()
        sys.stdout.flush()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    except OSError as error:
        print(f"error: cannot write the output: {error.strerror or error}", file=sys.stderr)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the interpreter's last flush: silent
        sys.exit(1)


def report(
    game: str,
    rows: list[Row],
    as_json: bool,
    as_markdown: bool = False,
    notes: Sequence[str] = (),
    figures: dict[str, Any] | None = None,
) -> None:
    """Print the rows and the script's ``notes`` as one JSON document (with the script's
    own ``figures`` beside them), as a Markdown table for the README, or as a text table;
    each table gives each backend's median relative to the fastest backend of the same
    task, and the notes follow it."""
    if as_json:
        print(
            json.dumps({"game": game, "rows": [row_json(row) for row in rows], "notes": list(notes), **(figures or {})})
        )
        return
    header = ("task", "backend", "n", "median", "p95", "max", "vs fastest")
    table = [header]
    for row in rows:
        fastest = min((r for r in rows if r.task == row.task), key=lambda r: r.median_s)
        table.append(
            (
                row.task,
                row.backend,
                str(row.n),
                format_seconds(row.median_s),
                format_seconds(row.p95_s),
                format_seconds(row.max_s),
                _ratio(row, fastest),
            )
        )
    if as_markdown:
        print(f"Measured {date.today().isoformat()} on {os.cpu_count()} cores:\n")
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for line in table[1:]:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(line[col]) for line in table) for col in range(len(header))]
        print(f"{game}: seconds per call")
        for line in table:
            print("  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip())
    if notes:
        print()
        print("\n".join(f"- {note}" if as_markdown else note for note in notes))


def format_seconds(seconds: float) -> str:
    """A duration in the unit that keeps it readable: µs, ms or s."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def _ratio(row: Row, fastest: Row) -> str:
    return ratio_text(row.backend, row.median_s, fastest.backend, fastest.median_s, row is fastest)


def ratio_text(backend: str, median_s: float, fastest: str, fastest_median_s: float, is_fastest: bool) -> str:
    """``fastest``, or how many times slower than the fastest backend at the median:
    ``cpsat 35x numba``."""
    if is_fastest:
        return "fastest"
    ratio = median_s / fastest_median_s
    shown = f"{ratio:,.0f}" if ratio >= 10 else f"{ratio:.1f}"
    return f"{backend} {shown}x {fastest}"


def row_json(row: Row) -> dict[str, object]:
    return {
        "task": row.task,
        "backend": row.backend,
        "n": row.n,
        "median_s": row.median_s,
        "p95_s": row.p95_s,
        "max_s": row.max_s,
    }


EVALUATED_POSITIONS = 100
"""Positions the ``evaluate`` task times (5 with ``--quick``)."""
MOVE_CAP = 300
"""The most moves of the random game a position to evaluate is taken from."""


def positions_to_evaluate(game: str, count: int, seed: int) -> list[Any]:
    """``count`` seeded positions of ``game`` that its ``evaluate`` answers: each from a
    random game played from a seeded deal, the first of its positions with a seat to move,
    in a seeded order, that ``evaluate`` does not refuse (Was sticht?'s draft, say)."""
    import random

    from cardsolve.models.errors import BadInput
    from cardsolve.models.state import TABLE

    api = importlib.import_module(f"cardsolve.solvers.{game}.api")
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = api.start(seed=rng.randrange(1 << 30))
        seen = []
        for _ in range(MOVE_CAP):
            if state.is_over:
                break
            if state.to_move != TABLE:
                seen.append(state)
            state = state.apply(rng.choice(list(state.legal_moves())))
        rng.shuffle(seen)
        for position in seen:
            try:
                api.evaluate(position)
            except BadInput:
                continue
            found.append(position)
            break
    return found


def evaluation_row(game: str, quick: bool, seed: int) -> Row:
    """Task ``evaluate``: the game's ``evaluate`` at its default setting, timed on the same
    seeded positions (``positions_to_evaluate``)."""
    api = importlib.import_module(f"cardsolve.solvers.{game}.api")
    positions = positions_to_evaluate(game, 5 if quick else EVALUATED_POSITIONS, seed)
    return Row("evaluate", "default", time_calls(api.evaluate, positions))

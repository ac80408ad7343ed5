"""``cardsolve bench``: each game's benchmark script, and the start-up benchmark's, in its
own process (a fresh interpreter, so one game's compiled kernels and caches do not colour
another's timings), gathered into one table of every (game, task, backend) with the ratio
of each backend to the fastest of its task, and each script's notes (its tails, proven
counts and other figures beyond the table) under it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from cardsolve.benchmarks.harness import format_seconds, ratio_text
from cardsolve.models.errors import BadInput
from cardsolve.models.games import GAMES, command_name
from cardsolve.solvers.infrastructure.files import write_text
from cardsolve.solvers.infrastructure.results import Answer, Failed, text_table

SCRIPTS = {**{command_name(game): game for game in GAMES}, "startup": "startup"}
"""The benchmark modules in ``cardsolve.benchmarks`` by name: each game's by the game's CLI
name, then the start-up benchmark (whole ``cardsolve`` processes: helps, a command of one
hand, ``serve`` until ready)."""
HEADERS = ("game", "task", "backend", "n", "median", "p95", "max", "vs fastest")


class BenchmarkFailed(Failed):
    """A game's benchmark script ended with an error (its last line of stderr)."""


@dataclass(frozen=True)
class BenchAnswer(Answer):
    """One benchmark run: its date, the machine's core count, whether it was the quick
    run, one row per (game, task, backend) with n, median, p95, max (seconds) and the
    ratio to the fastest backend of the task, and each script's notes (lines beyond the
    table, by game); ``markdown`` renders the text as the README's Markdown table."""

    day: str
    cores: int | None
    quick: bool
    rows: tuple[dict[str, Any], ...]
    notes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    markdown: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "date": self.day,
            "cores": self.cores,
            "quick": self.quick,
            "rows": [dict(r) for r in self.rows],
            "notes": {game: list(lines) for game, lines in self.notes},
        }

    def _notes_text(self) -> list[str]:
        """The scripts' notes under the table, a paragraph per game (a list in Markdown)."""
        lines: list[str] = []
        for game, notes in self.notes:
            lines += ["", f"{game}:", *(f"- {note}" if self.markdown else f"  {note}" for note in notes)]
        return lines

    def text(self) -> str:
        cells = [
            [
                r["game"],
                r["task"],
                r["backend"],
                r["n"],
                format_seconds(r["median_s"]),
                format_seconds(r["p95_s"]),
                format_seconds(r["max_s"]),
                r["vs_fastest"],
            ]
            for r in self.rows
        ]
        if self.markdown:
            lines = [
                f"Measured {self.day} on {self.cores} cores{' (--quick)' if self.quick else ''}:",
                "",
                "| " + " | ".join(HEADERS) + " |",
                "|" + "---|" * len(HEADERS),
            ]
            lines += ["| " + " | ".join(map(str, line)) + " |" for line in cells]
            return "\n".join(lines + self._notes_text())
        table = text_table(HEADERS, cells, title=f"seconds per call, {self.day}, {self.cores} cores")
        return "\n".join([table, *self._notes_text()])


def run_benchmarks(
    games: Sequence[str] = (),
    quick: bool = False,
    out: str | None = None,
    markdown: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> BenchAnswer:
    """Run the benchmark of each of ``games`` (default: all five games, then the start-up
    benchmark, ``startup``; an unknown name is bad input), ``--quick`` when ``quick``; ``progress(done, total)`` before each game and at
    the end; with ``out``, the answer's JSON document is also written there. A script that
    fails raises ``BenchmarkFailed``."""
    for game in games:
        if game not in SCRIPTS:
            raise BadInput(f"no benchmark for {game!r}: the games are {', '.join(SCRIPTS)}", game)
    chosen = list(dict.fromkeys(games)) or list(SCRIPTS)
    rows: list[dict[str, Any]] = []
    notes: list[tuple[str, tuple[str, ...]]] = []
    for done, game in enumerate(chosen):
        if progress is not None:
            progress(done, len(chosen))
        command = [sys.executable, "-m", f"cardsolve.benchmarks.{SCRIPTS[game]}", "--json", *(["--quick"] * quick)]
        finished = subprocess.run(command, capture_output=True, text=True)
        if finished.returncode != 0:
            last = (finished.stderr.strip().splitlines() or ["no message"])[-1]
            raise BenchmarkFailed(f"the {game} benchmark failed: {last}")
        document = json.loads(finished.stdout)
        rows += [{"game": game, **row} for row in document["rows"]]
        if document["notes"]:
            notes.append((game, tuple(document["notes"])))
    if progress is not None:
        progress(len(chosen), len(chosen))
    for row in rows:
        fastest = min(
            (r for r in rows if (r["game"], r["task"]) == (row["game"], row["task"])), key=lambda r: r["median_s"]
        )
        row["vs_fastest"] = ratio_text(
            row["backend"], row["median_s"], fastest["backend"], fastest["median_s"], row is fastest
        )
    answer = BenchAnswer(date.today().isoformat(), os.cpu_count(), quick, tuple(rows), tuple(notes), markdown)
    if out is not None:
        write_text(out, answer.json_text() + "\n")
    return answer

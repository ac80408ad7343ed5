"""The benchmark harness's whole-process task: ``cardsolve ARGS`` timed from process start
to exit, each run a fresh ``python -m cardsolve``, one untimed warm-up run first, and a run
that fails stopping the benchmark with its message (the scripts' own rows are checked by
``test_benchmark_scripts.py``, which runs them)."""

from __future__ import annotations

import pytest

from cardsolve.benchmarks import harness


def test_a_whole_process_row_times_each_run_of_a_fresh_process() -> None:
    row = harness.process_row("cardsolve --version", ["--version"], quick=True)
    assert (row.task, row.backend, row.n) == ("whole-process", "cardsolve --version", 1)
    times = harness.time_process(["--version"], 3)
    assert len(times) == 3 and all(seconds > 0 for seconds in times)


def test_a_failing_command_stops_the_benchmark_with_its_message() -> None:
    with pytest.raises(SystemExit, match=r"^cardsolve chess ended with exit code 2: error: No such command 'chess'\.$"):
        harness.time_process(["chess"], 1)

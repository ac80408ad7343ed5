"""``cardsolve bench``: each game's benchmark script in its own process, one table of
every (game, task, backend) with the ratio to the task's fastest backend, the JSON
document (also written with ``--out``), the Markdown table, and bad game names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import RunCli

from cardsolve.benchmarks.suite import SCRIPTS
from cardsolve.solvers.infrastructure.vocabulary import violations

pytestmark = pytest.mark.slow  # runs benchmark scripts: `-m "not slow"` skips it in a quick local run


def test_bench_one_game_markdown_and_json_out(cardsolve: RunCli, tmp_path: Path) -> None:
    """One quick run of a game's script (Was sticht?'s: numba on seeded full deals, numba
    and the reference on the same 4-trick endings, every chip for every seat in both modes
    on three deal sets alone and with the helper thread, whole chip tables by one thread
    and two, the script stopping on any disagreement): the Markdown table and the notes on
    stdout, the JSON document in ``--out`` in the one JSON vocabulary (one run for all:
    the script takes seconds)."""
    out = tmp_path / "bench.json"
    code, stdout, err = cardsolve("bench", "was-sticht", "--quick", "--markdown", "--out", str(out))
    assert code == 0, err
    lines = stdout.splitlines()
    assert lines[0].startswith("Measured ") and "cores (--quick)" in lines[0]
    assert lines[2] == "| game | task | backend | n | median | p95 | max | vs fastest |"
    document = json.loads(out.read_text())
    assert document["quick"] is True and document["cores"] >= 1
    assert violations(document) == []  # the one JSON vocabulary (tests/contracts/test_vocabulary.py)
    rows = {(r["game"], r["task"], r["backend"]): r for r in document["rows"]}
    assert set(rows) == {
        ("was-sticht", task, backend)
        for task, backends in (
            ("full-deal", ("numba",)),
            ("ending-4", ("numba", "reference")),
            ("every-chip", ("numba", "numba-helped")),
            ("every-chip-held-out", ("numba", "numba-helped")),
            ("table", ("numba", "numba-2-threads")),
            ("table-held-out", ("numba", "numba-2-threads")),
            ("every-chip-777", ("numba", "numba-helped")),
            ("table-777", ("numba", "numba-2-threads")),
            ("evaluate", ("default",)),
        )
        for backend in backends
    }
    assert len([line for line in lines if line.startswith("| was-sticht |")]) == len(rows)
    for task in ("ending-4", "table"):
        same = [r for r in document["rows"] if r["task"] == task]
        fastest = min(same, key=lambda r: r["median_s"])
        assert fastest["vs_fastest"] == "fastest"
        assert all(r["vs_fastest"].endswith(f"x {fastest['backend']}") for r in same if r is not fastest)
    assert all(0 < r["median_s"] <= r["p95_s"] <= r["max_s"] for r in document["rows"])
    assert len([line for line in lines if line.startswith("| ")]) == len(document["rows"]) + 1
    # the script's notes, under the table as a list: each every-chip task's tails, then
    # each table task's slowest table and how many took over 0.4 s
    notes = document["notes"]["was-sticht"]
    tails = [f"every-chip{s} {b}: " for s in ("", "-held-out", "-777") for b in ("numba", "numba-helped")]
    tables = [f"table{s} {b}: " for s in ("", "-held-out", "-777") for b in ("numba", "numba-2-threads")]
    assert [note.split(": ")[0] + ": " for note in notes] == tails + tables
    assert all(" p99 " in note and " over 100 ms" in note for note in notes[:6])
    assert all(" over 0.4 s" in note for note in notes[6:])
    assert lines[-13:] == ["was-sticht:", *(f"- {note}" for note in notes)]


def test_bench_unknown_game_is_bad_input(cardsolve: RunCli) -> None:
    code, stdout, err = cardsolve("bench", "quibbles", "chess")
    assert code == 2 and not stdout
    assert err.strip().splitlines() == [f"error: no benchmark for 'chess': the games are {', '.join(SCRIPTS)}"]

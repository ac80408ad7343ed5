"""The benchmark convention: ``python -m cardsolve.benchmarks.<game> --quick --json`` runs every
backend on the same instances and prints the agreed JSON document."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from typing import Any

import pytest
from benchmark_runs import quick_json

pytestmark = pytest.mark.slow  # runs each game's benchmark script: `-m "not slow"` skips it in a quick local run


def test_quibbles_benchmark_quick_json() -> None:
    document = quick_json("quibbles")
    assert document["game"] == "quibbles"
    rows = {(row["task"], row["backend"]): row for row in document["rows"]}
    assert set(rows) == {
        ("split", "numba"),
        ("split", "cpsat"),
        ("split", "reference"),
        ("solo-game", "greedy"),
        ("solo-game", "hint"),
        ("solo-game", "clairvoyant"),
        ("hint-9-cards", "hint"),
        ("evaluate", "default"),
    }
    for row in rows.values():
        assert set(row) == {"task", "backend", "n", "median_s", "p95_s", "max_s"}
        assert row["n"] > 0 and 0 < row["median_s"] <= row["p95_s"] <= row["max_s"]
    assert document["notes"] == []


def test_the_notes_follow_the_table_and_travel_in_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    """What a script says beyond the table is printed under it (a list in Markdown) and is
    the JSON document's ``notes``, with the script's own figures beside them."""
    import json

    from cardsolve.benchmarks import harness

    rows = [harness.Row("t", "fast", [1e-6, 2e-6])]
    harness.report("g", rows, as_json=False, notes=["p99 2 ms", "none over 100 ms"])
    text = capsys.readouterr().out.splitlines()
    assert text[-3:] == ["", "p99 2 ms", "none over 100 ms"]
    harness.report("g", rows, as_json=False, as_markdown=True, notes=["p99 2 ms"])
    assert capsys.readouterr().out.splitlines()[-2:] == ["", "- p99 2 ms"]
    harness.report("g", rows, as_json=True, notes=["p99 2 ms"], figures={"proven": {"t": 1}})
    document = json.loads(capsys.readouterr().out)
    assert document["notes"] == ["p99 2 ms"] and document["proven"] == {"t": 1}
    assert document["rows"][0]["task"] == "t"


def test_the_quibbles_benchmark_stops_when_split_backends_disagree(monkeypatch: pytest.MonkeyPatch) -> None:
    """It once timed the backends without looking at their answers."""
    from cardsolve.benchmarks import quibbles
    from cardsolve.solvers.quibbles import split

    honest = split.best_split

    def wrong_on_cpsat(display: Any, value: Any, backend: str) -> Any:
        answer = honest(display, value, backend)
        return replace(answer, taken=answer.taken + 1) if backend == "cpsat" else answer

    monkeypatch.setattr(quibbles, "best_split", wrong_on_cpsat)
    with pytest.raises(SystemExit, match=r"split query 0 .*proven answers disagree"):
        quibbles.split_task(quick=True)


def test_harness_percentile_and_ratio() -> None:
    from cardsolve.benchmarks import harness

    fast = harness.Row("t", "fast", [1e-6] * 19 + [1.0])
    slow = harness.Row("t", "slow", [3e-4] * 20)
    assert fast.median_s == 1e-6 and fast.p95_s == 1e-6 and fast.max_s == 1.0
    assert harness._ratio(slow, fast) == "slow 300x fast"
    assert [harness.format_seconds(s) for s in (3e-6, 2.5e-3, 4.0)] == ["3.0 µs", "2.50 ms", "4.00 s"]


def test_ubongo_benchmark_quick_json() -> None:
    """Every backend on the same hands of every stack and colour, the whole per-hand cost
    and the study's samples, and the calibration of the stand-in deck (the script stops if
    the backends disagree on solvability)."""
    document = quick_json("ubongo")
    assert {(r["task"], r["backend"]) for r in document["rows"]} == {
        (f"verify-{stack}-{colour}", backend)
        for stack in (1, 2, 3)
        for colour in ("white", "black")
        for backend in ("numba", "cpsat", "reference")
    } | {
        ("verify-hand", "numba"),
        ("verify-hand", "numba-yes-no"),
        ("verify-hand", "api"),
        ("solvability-sample", "1 worker"),
        ("evaluate", "default"),
    }
    stack_1 = [c for c in document["calibration"] if c["stack"] == 1]
    assert all(c["solvable"] >= 0.98 for c in stack_1)
    assert document["notes"][0].startswith("solvability study, one worker: ")
    assert [n.split(":")[0] for n in document["notes"][1:]] == [
        f"stack {c['stack'] * 2 - 1}|{c['stack'] * 2}, {c['colour']} faces" for c in document["calibration"]
    ]


def test_subito_benchmark_quick_json() -> None:
    """numba and cpsat on the same seeded 36-card placements and best responses, all three
    backends on 10-card placements; proven answers counted per task (the script stops if
    two proven optima disagree); the hint timed on seeded positions."""
    document = quick_json("subito")
    tasks = ("weighted-36", "best-response-36", "best-response-random-36", "best-response-greedy-36")
    assert {(r["task"], r["backend"]) for r in document["rows"]} == {
        (task, backend) for task in tasks for backend in ("numba", "cpsat")
    } | {("hint", "numba"), ("evaluate", "default")} | {
        ("weighted-10", backend) for backend in ("numba", "cpsat", "reference")
    }
    assert set(document["proven"]) == {*tasks, "weighted-10"}
    assert document["proven"]["weighted-10"] == {key: {"proven": 5, "of": 5} for key in ("numba", "cpsat", "reference")}
    assert all(document["proven"][task]["numba"] == {"proven": 10, "of": 10} for task in tasks[:2] + tasks[3:])
    assert all(0 <= p["proven"] <= p["of"] for counts in document["proven"].values() for p in counts.values())
    assert [note.split(":")[0] for note in document["notes"]] == [
        f"proven optimal, {task}" for task in document["proven"]
    ]
    small = next(note for note in document["notes"] if note.startswith("proven optimal, weighted-10: "))
    assert all(f"{backend} 5 of 5, slowest " in small for backend in ("numba", "cpsat", "reference"))


def test_cubu_benchmark_quick_json() -> None:
    """numba and cpsat on the same seeded 10-card Speed CUBU hands, numba and the reference
    on 6-card hands, both modes, numba and cpsat on 20-card hands in boxes mode; solvable
    shares and cpsat's proven answers reported (the script stops if two proven answers
    disagree)."""
    document = quick_json("cubu")
    assert document["game"] == "cubu"
    assert {(r["task"], r["backend"]) for r in document["rows"]} == {
        (f"speed-{size}-{mode}", backend)
        for mode in ("boxes", "colour")
        for size, backends in ((10, ("numba", "cpsat")), (6, ("numba", "reference", "cpsat")))
        for backend in backends
    } | {("speed-20-boxes", "numba"), ("speed-20-boxes", "cpsat"), ("classic-game", "bots"), ("evaluate", "default")}
    assert document["classic_games_per_second"] > 0
    assert set(document["solvable"]) == {f"speed-{size}-{mode}" for size in (10, 6) for mode in ("boxes", "colour")} | {
        "speed-20-boxes"
    }
    assert all(0 <= share <= 1 for share in document["solvable"].values())
    assert all(0 <= p["proven"] <= p["of"] for p in document["cpsat_proven"].values())
    assert [note.split(":")[0] for note in document["notes"]] == [
        "solvable",
        "cpsat proven",
        "classic games per second (one process)",
    ]


def test_a_script_ends_on_ctrl_c_and_bad_options_as_cardsolve_does(capsys: pytest.CaptureFixture[str]) -> None:
    from cardsolve.benchmarks import harness

    def interrupted() -> None:
        raise KeyboardInterrupt

    with pytest.raises(SystemExit) as stop:
        harness.run(interrupted)
    assert stop.value.code == 130 and capsys.readouterr().err == "interrupted\n"
    done = subprocess.run(
        [sys.executable, "-m", "cardsolve.benchmarks.quibbles", "--json", "--markdown"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and not done.stdout
    assert done.stderr == (
        "error: argument --markdown: not allowed with argument --json "
        "(see python -m cardsolve.benchmarks.quibbles --help)\n"
    )

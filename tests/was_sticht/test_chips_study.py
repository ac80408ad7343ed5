"""The Was sticht? study ``chips`` (``cardsolve analyze was-sticht chips``, the Python API's
``cardsolve.analyze("was-sticht", "chips", ...)``), which has no options: the API reports
its progress and ranks the chips easiest first, the command line gives the API's result
and shares its stored chunks, the samples and the seed are part of the store key, and
Ctrl-C exits 130 saying where the finished chunks are kept."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from conftest import RunCli, run_json

from cardsolve.models.errors import BadInput
from cardsolve.models.was_sticht import Chip
from cardsolve.solvers.studies import was_sticht_chips as chips
from cardsolve.solvers.studies.api import analyze
from cardsolve.solvers.studies.store import study_key
from cardsolve.solvers.studies.was_sticht_chips import forced_counts


def test_the_api_runs_the_study_and_the_command_shares_its_results_and_chunks(
    cardsolve: RunCli, tmp_path: Path
) -> None:
    seen: list[tuple[int, int]] = []
    store = tmp_path / "studies.sqlite"
    answer = analyze(
        "was-sticht",
        "chips",
        samples=3,
        seed=2,
        workers=1,
        store=store,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(0, 1), (1, 1)] and (answer.game, answer.study, answer.samples, answer.seed) == (
        "was-sticht",
        "chips",
        3,
        2,
    )
    assert (answer.chunks, answer.reused) == (1, 0)
    assert answer.options == {} and "options" not in answer.to_json() and answer.plot is None
    rows = answer.result["chips"]
    keys = [(-row["lead_share"], -row["next_share"], row["id"]) for row in rows]
    assert (
        len(rows) == 24
        and keys == sorted(keys)
        and all(0 <= row["lead"] <= 3 and 0 <= row["next"] <= 3 for row in rows)
    )
    assert [row[0] for row in answer.rows[1:]] == [str(rank) for rank in range(1, 25)]
    line = ("analyze", "was-sticht", "chips", "--samples", "3", "--seed", "2", "--store", str(store))
    document = run_json(cardsolve, *line)
    assert document["result"] == answer.result and (document["chunks"], document["reused"]) == (1, 1)
    assert "options" not in document
    code, out, _ = cardsolve(*line)
    assert code == 0 and out.splitlines()[:-1] == answer.text().splitlines()[:-1]  # all but the run's wall time
    assert analyze("was-sticht", "chips", samples=3, seed=2, workers=1, store=store, options={}).reused == 1
    with pytest.raises(BadInput, match="bad number of samples 0"):
        analyze("was-sticht", "chips", samples=0, store=store)


def test_the_samples_and_the_seed_are_the_store_key(cardsolve: RunCli, tmp_path: Path) -> None:
    """With no options, the key is the study's own with its (empty) resolved options;
    another seed or another number of samples is another study, whose chunks are run afresh."""
    size = chips.STUDY.chunk_size
    assert study_key("was-sticht", "chips", 3, 2, size, chips.STUDY.resolve()) == study_key(
        "was-sticht", "chips", 3, 2, size
    )
    assert len({study_key("was-sticht", "chips", deals, seed, size) for deals, seed in ((3, 2), (3, 3), (4, 2))}) == 3
    store = str(tmp_path / "studies.sqlite")
    study = ("analyze", "was-sticht", "chips", "--samples", "3", "--store", store)
    first = run_json(cardsolve, *study, "--seed", "2")
    other = run_json(cardsolve, *study, "--seed", "3")
    again = run_json(cardsolve, *study, "--seed", "2")
    assert (first["reused"], other["reused"], again["reused"]) == (0, 0, 1)
    assert again["result"] == first["result"] != other["result"]


def test_ctrl_c_keeps_the_finished_chunks_and_exits_130(
    cardsolve: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C comes as the second of two chunks starts; the rerun reads the first back."""
    started: list[int] = []

    def count_until_stopped(seed: int, first: int, count: int, chosen: Sequence[Chip]) -> list[tuple[int, int]]:
        started.append(first)
        if len(started) > 1:
            raise KeyboardInterrupt
        return forced_counts(seed, first, count, chosen)

    monkeypatch.setattr(chips, "forced_counts", count_until_stopped)
    store = tmp_path / "studies.sqlite"
    args = ("analyze", "was-sticht", "chips", "--samples", "7", "--workers", "1", "--store", str(store))
    code, out, err = cardsolve(*args)
    assert code == 130 and not out
    assert err.strip() == f"stopped: 1 of 2 chunks are kept in {store}; the same command goes on from there"
    monkeypatch.undo()
    resumed = run_json(cardsolve, *args)
    assert (resumed["chunks"], resumed["reused"]) == (2, 1)

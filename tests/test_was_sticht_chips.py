"""``cardsolve was-sticht chips`` is the study ``was-sticht chips``, which has no options
(the command asks exactly the study's question): the command and ``analyze`` give the same
result and share stored chunks, the deals and the seed are part of the store key, the
result does not depend on ``--workers``, an option is refused, and Ctrl-C exits 130
saying where the finished chunks are kept."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from conftest import RunCli, run_json

from cardsolve.models.was_sticht import Chip
from cardsolve.solvers.studies import was_sticht_chips as chips
from cardsolve.solvers.studies.api import analyze
from cardsolve.solvers.studies.store import study_key
from cardsolve.solvers.was_sticht.difficulty import forced_counts


def test_the_command_and_analyze_share_results_and_chunks(cardsolve: RunCli, tmp_path: Path) -> None:
    store = str(tmp_path / "studies.sqlite")
    studied = run_json(cardsolve, "analyze", "was-sticht", "chips", "--samples", "3", "--seed", "2", "--store", store)
    command = run_json(cardsolve, "was-sticht", "chips", "--deals", "3", "--seed", "2", "--store", store)
    assert command["result"] == studied["result"] and (command["chunks"], command["reused"]) == (1, 1)
    assert "options" not in command and "options" not in studied and studied["reused"] == 0
    answer = analyze("was-sticht", "chips", 3, 2, workers=1, store=store, options={})
    assert answer.result == command["result"] and answer.reused == 1


def test_the_deals_and_the_seed_are_the_store_key(cardsolve: RunCli, tmp_path: Path) -> None:
    """With no options, the key is the one ``analyze`` files the study under; another seed or
    another number of deals is another study, whose chunks are run afresh."""
    size = chips.STUDY.chunk_size
    assert study_key("was-sticht", "chips", 3, 2, size, chips.STUDY.resolve()) == study_key(
        "was-sticht", "chips", 3, 2, size
    )
    assert len({study_key("was-sticht", "chips", deals, seed, size) for deals, seed in ((3, 2), (3, 3), (4, 2))}) == 3
    store = str(tmp_path / "studies.sqlite")
    first = run_json(cardsolve, "was-sticht", "chips", "--deals", "3", "--seed", "2", "--store", store)
    other = run_json(cardsolve, "was-sticht", "chips", "--deals", "3", "--seed", "3", "--store", store)
    again = run_json(cardsolve, "was-sticht", "chips", "--deals", "3", "--seed", "2", "--store", store)
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
    args = ("was-sticht", "chips", "--deals", "7", "--workers", "1", "--store", str(store))
    code, out, err = cardsolve(*args)
    assert code == 130 and not out
    assert err.strip() == f"stopped: 1 of 2 chunks are kept in {store}; the same command goes on from there"
    monkeypatch.undo()
    resumed = run_json(cardsolve, *args)
    assert (resumed["chunks"], resumed["reused"]) == (2, 1)

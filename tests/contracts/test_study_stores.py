"""Issue 39, the studies' store: any number of studies may start together on a store that
does not exist yet; a file that holds more than a store's own tables (a trigger that
deletes chunks) is not a store; ``:memory:`` keeps nothing and is refused; the picture may
not overwrite the store through a hard link; a symbolic link loop is one line; and the
workers are bounded by the machine's cores and free memory."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path

import pytest
from conftest import RunCli

from cardsolve.models.errors import BadInput
from cardsolve.solvers.infrastructure.processes import WORKER_BYTES, cores, most_workers
from cardsolve.solvers.studies.api import analyze
from cardsolve.solvers.studies.store import ChunkStore

STARTS = 4
"""Studies started at the same moment on one new store, in each round."""
ROUNDS = 12


def _open(path: str, gate: Barrier, answers: Queue[str]) -> None:
    """Open the store at ``path`` once every process is ready; put what went wrong, or ""."""
    gate.wait()
    try:
        with ChunkStore(Path(path)):
            answers.put("")
    except BadInput as error:
        answers.put(str(error))


def test_studies_started_together_on_a_new_store_all_open_it(tmp_path: Path) -> None:
    """Two studies once raced to create the tables ("table meta already exists" in about
    one start of ten); creating a store is one write transaction now."""
    context = multiprocessing.get_context("fork")
    for round_number in range(ROUNDS):
        path = tmp_path / f"race-{round_number}.sqlite"
        gate, answers = context.Barrier(STARTS), context.Queue()
        starts = [context.Process(target=_open, args=(str(path), gate, answers)) for _ in range(STARTS)]
        for start in starts:
            start.start()
        errors = [answers.get(timeout=60) for _ in starts]
        for start in starts:
            start.join()
        assert errors == [""] * STARTS, errors
        with ChunkStore(path) as store:
            assert store.count("nothing") == 0


def test_a_store_with_a_trigger_is_not_a_store(tmp_path: Path) -> None:
    path = tmp_path / "crafted.sqlite"
    with ChunkStore(path):
        pass
    with sqlite3.connect(path) as db:
        db.execute("CREATE TRIGGER vanish AFTER INSERT ON chunks BEGIN DELETE FROM chunks; END")
    with pytest.raises(BadInput, match=r"not a cardsolve study store: it holds .*the trigger vanish"):
        analyze("cubu", "seats", samples=4, workers=1, store=path)


@pytest.mark.parametrize("name", [":memory:", "file:studies?mode=memory"])
def test_a_store_that_keeps_nothing_is_refused(cardsolve: RunCli, name: str) -> None:
    code, out, err = cardsolve("analyze", "cubu", "seats", "--samples", "4", "--store", name)
    assert (code, out) == (
        2,
        "",
    ) and err == f"error: store {name!r} names no file: a study keeps its chunks in a file\n"


def test_the_picture_may_not_overwrite_the_store_through_a_hard_link(cardsolve: RunCli, tmp_path: Path) -> None:
    store, picture = tmp_path / "studies.sqlite", tmp_path / "picture.png"
    assert cardsolve("analyze", "cubu", "seats", "--samples", "4", "--workers", "1", "--store", str(store))[0] == 0
    os.link(store, picture)
    before = store.read_bytes()
    code, out, err = cardsolve(
        "analyze", "cubu", "seats", "--samples", "4", "--store", str(store), "--plot", str(picture)
    )
    assert code == 2 and not out and "the picture would overwrite the store" in err
    assert store.read_bytes() == before


@pytest.mark.parametrize("option", ["--store", "--plot"])
def test_a_symbolic_link_loop_is_one_line(cardsolve: RunCli, tmp_path: Path, option: str) -> None:
    (tmp_path / "a.png").symlink_to(tmp_path / "b.png")
    (tmp_path / "b.png").symlink_to(tmp_path / "a.png")
    code, out, err = cardsolve("analyze", "cubu", "seats", "--samples", "4", option, str(tmp_path / "a.png"))
    assert (code, out) == (2, "") and err.startswith(f"error: bad {option} ") and err.count("\n") == 1


def test_the_workers_are_bounded_by_the_cores_and_the_free_memory(
    cardsolve: RunCli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert 1 <= most_workers() <= cores()
    code, out, err = cardsolve("analyze", "cubu", "seats", "--samples", "4", "--workers", str(cores() + 1))
    assert (code, out) == (2, "") and err == f"error: bad --workers {cores() + 1}: give 1 to {most_workers()}\n"
    page = os.sysconf("SC_PAGE_SIZE")
    monkeypatch.setattr(os, "sysconf", lambda name: WORKER_BYTES // page + 1 if name == "SC_AVPHYS_PAGES" else page)
    assert most_workers() == 1  # memory for one worker only
    with pytest.raises(BadInput, match="bad number of workers 2: give 1 to 1"):
        analyze("cubu", "seats", samples=4, workers=2, store=tmp_path / "s.sqlite")

"""The study runner and its chunk store: the same result for one worker, two worker
processes and a Dask cluster; an interrupted run resumes from the store to exactly the
uninterrupted result; foreign or corrupt store files are bad input and left untouched.
The runs use the fast CUBU study cut into small chunks."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import socket
import sqlite3
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardsolve.models.errors import BadInput
from cardsolve.solvers.infrastructure.cache import cache_root, source_digest
from cardsolve.solvers.infrastructure.jit import numba_cache_dir
from cardsolve.solvers.studies import runner, store
from cardsolve.solvers.studies.registry import find
from cardsolve.solvers.studies.runner import StudyInterrupted, chunk_plan, run_study
from cardsolve.solvers.studies.store import ChunkStore, default_store, study_key

SEATS = dataclasses.replace(find("cubu", "seats"), chunk_size=4)
"""The CUBU study in chunks of 4 games (the workers look up the registered study by
name; the chunk size only cuts the plan)."""
GAMES = 14
SEED = 3


@pytest.fixture(scope="module")
def plain() -> dict[str, object]:
    """The uninterrupted result, one worker, no store."""
    return run_study(SEATS, GAMES, SEED).result


def test_chunk_plan_cuts_the_samples_and_refuses_none() -> None:
    assert list(chunk_plan(14, 4)) == [(0, 0, 4), (1, 4, 4), (2, 8, 4), (3, 12, 2)]
    assert list(chunk_plan(3, 5)) == [(0, 0, 3)]
    with pytest.raises(BadInput) as error:
        chunk_plan(0, 4)
    assert error.value.token == "0"


def test_bad_samples_workers_and_study_are_bad_input() -> None:
    with pytest.raises(BadInput, match="-1"):
        run_study(SEATS, -1, SEED)
    with pytest.raises(BadInput, match="at least one worker, not 0"):
        run_study(SEATS, GAMES, SEED, workers=0)
    with pytest.raises(BadInput, match="no study cubu nope") as error:
        find("cubu", "nope")
    assert error.value.token == "nope"
    with pytest.raises(BadInput) as error:
        find("chess", "seats")
    assert error.value.token == "chess"


def test_one_worker_and_two_agree_and_progress_counts_chunks(plain: dict[str, object]) -> None:
    calls: list[tuple[int, int]] = []
    one = run_study(SEATS, GAMES, SEED, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    assert (one.chunks, one.reused) == (4, 0) and one.seconds > 0
    two = run_study(SEATS, GAMES, SEED, workers=2)
    assert one.result == two.result == plain
    assert run_study(SEATS, GAMES, SEED + 1).result != plain


def test_a_dask_cluster_gives_the_local_result(plain: dict[str, object]) -> None:
    from distributed import LocalCluster

    # distributed's LocalCluster.__init__ carries no annotations
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,  # type: ignore[no-untyped-call]
        dashboard_address=":0",
    ) as cluster:
        done: list[int] = []
        outcome = run_study(
            SEATS, GAMES, SEED, scheduler=cluster.scheduler_address, progress=lambda n, total: done.append(n)
        )
    assert outcome.result == plain and outcome.chunks == 4
    assert done == [0, 1, 2, 3, 4]


def test_without_dask_a_cluster_run_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(BadInput, match=r"pip install 'cardsolve\[cluster\]'"):
        run_study(SEATS, GAMES, SEED, scheduler="tcp://127.0.0.1:8786")


def _stop_after(chunks: int) -> Callable[[int, int], None]:
    def progress(done: int, total: int) -> None:
        if done >= chunks:
            raise KeyboardInterrupt

    return progress


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_run_resumes_to_the_same_result(tmp_path: Path, plain: dict[str, object], workers: int) -> None:
    store = tmp_path / "studies.sqlite"
    with pytest.raises(StudyInterrupted) as stop:
        run_study(SEATS, GAMES, SEED, workers=workers, store=store, progress=_stop_after(2))
    assert (stop.value.done, stop.value.total) == (2, 4)
    assert isinstance(stop.value, KeyboardInterrupt) and stop.value.store == str(store)
    assert stop.value.kept() == f"stopped: 2 of 4 chunks are kept in {store}; the same command goes on from there"
    with ChunkStore(store) as saved:
        assert saved.count(study_key("cubu", "seats", GAMES, SEED, 4, SEATS.resolve())) == 2
    resumed = run_study(SEATS, GAMES, SEED, workers=workers, store=store)
    assert resumed.result == plain and (resumed.chunks, resumed.reused) == (4, 2)
    again = run_study(SEATS, GAMES, SEED, store=store)
    assert again.result == plain and again.reused == 4


def test_an_interrupted_run_without_a_store_says_nothing_is_kept() -> None:
    with pytest.raises(KeyboardInterrupt) as stop:
        run_study(SEATS, GAMES, SEED, progress=_stop_after(1))
    assert isinstance(stop.value, StudyInterrupted) and stop.value.store is None
    assert stop.value.kept() == "stopped: 1 of 4 chunks are not kept"


def test_the_store_keeps_studies_apart(tmp_path: Path) -> None:
    store = tmp_path / "studies.sqlite"
    run_study(SEATS, 8, SEED, store=store)
    assert run_study(SEATS, 8, SEED, store=store).reused == 2
    assert run_study(SEATS, 8, SEED + 1, store=store).reused == 0
    assert run_study(SEATS, 9, SEED, store=store).reused == 0
    key = json.loads(study_key("cubu", "seats", 8, SEED, 4))
    assert (
        key
        == {
            "game": "cubu",
            "name": "seats",
            "samples": 8,
            "seed": SEED,
            "chunk_size": 4,
            "version": key["version"],
            "sources": source_digest(),
        }
        and key["version"]
    )
    with sqlite3.connect(store) as db:
        assert dict(db.execute("SELECT name, value FROM meta")) == {"format": "cardsolve-study-store", "schema": "1"}
        assert db.execute("SELECT count(*) FROM chunks").fetchone() == (2 + 2 + 3,)


def test_changed_solver_sources_recompute_the_stored_chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "studies.sqlite"
    run_study(SEATS, 8, SEED, store=store)
    monkeypatch.setattr("cardsolve.solvers.studies.store.source_digest", lambda: "another-solver")
    assert run_study(SEATS, 8, SEED, store=store).reused == 0
    assert run_study(SEATS, 8, SEED, store=store).reused == 2


def _refused(path: Path) -> str:
    """The message of the bad input a run with the store ``path`` raises; checks the file
    is unchanged."""
    before = path.read_bytes()
    with pytest.raises(BadInput) as error:
        run_study(SEATS, GAMES, SEED, store=path)
    assert path.read_bytes() == before
    assert error.value.token == str(path) and "\n" not in str(error.value)
    return str(error.value)


def test_a_corrupt_store_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "noise.sqlite"
    path.write_bytes(os.urandom(4096))
    assert _refused(path).startswith(f"store {path} is not a cardsolve study store: ")


def test_a_foreign_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE people(name TEXT)")
        db.execute("INSERT INTO people VALUES ('ada')")
    db.close()
    assert _refused(path) == f"store {path} is not a cardsolve study store: it holds the table people"
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE people")
        db.execute("CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT)")
        db.execute("CREATE TABLE chunks(study TEXT, chunk INTEGER, part TEXT)")
        db.execute("INSERT INTO meta VALUES ('format', 'something-else'), ('schema', '1')")
    db.close()
    assert "its format is 'something-else'" in _refused(path)


def test_a_database_holding_only_a_view_is_foreign_too(tmp_path: Path) -> None:
    path = tmp_path / "views.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE VIEW answer AS SELECT 42")
    db.close()
    assert _refused(path) == f"store {path} is not a cardsolve study store: it holds the view answer"


def test_a_store_another_program_holds_is_said_to_be_in_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "studies.sqlite"
    ChunkStore(path).close()
    monkeypatch.setattr(store, "LOCK_WAIT", 0.1)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert (
            _refused(path) == f"store {path} is in use by another program (locked for 0.1 s); try again when it is done"
        )
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_part_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "studies.sqlite"
    key = study_key("cubu", "seats", GAMES, SEED, 4, SEATS.resolve())
    with ChunkStore(path) as saved:
        saved.save(key, 0, {"ok": [1]})
        assert dict(saved.parts(key)) == {0: {"ok": [1]}}
    with sqlite3.connect(path) as db:
        db.execute("UPDATE chunks SET part = '{broken' WHERE chunk = 0")
    db.close()
    assert "chunk 0 is not JSON" in _refused(path)


def test_the_store_and_the_numba_cache_share_the_cache_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    assert cache_root() == tmp_path / "cardsolve"
    assert default_store() == tmp_path / "cardsolve" / "studies.sqlite"
    assert numba_cache_dir().parent == tmp_path / "cardsolve" / "numba"
    monkeypatch.setenv("XDG_CACHE_HOME", "")
    assert default_store() == Path.home() / ".cache" / "cardsolve" / "studies.sqlite"


def test_count_tables_add_key_by_key_in_numeric_order() -> None:
    from cardsolve.solvers.studies.study import add_counts

    assert add_counts([{"10": 1, "2": 3}, {"2": 1, "-1": 2}, {}]) == {"-1": 2, "2": 4, "10": 1}
    assert list(add_counts([{"10": 1, "9": 1}])) == ["9", "10"]
    assert add_counts([]) == {}


@pytest.mark.parametrize(("sends", "why"), [(b"", "it did not answer"), (b"\xff" * 128, "its answer was not Dask's")])
def test_a_server_that_is_not_a_dask_scheduler_is_named_in_one_line(
    sends: bytes, why: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server that takes the connection but stays silent once held the study for ever;
    one that sends bytes of its own ended in a traceback."""
    monkeypatch.setattr(runner, "CONNECT_TIMEOUT_S", 1)
    monkeypatch.setattr(runner, "HANDSHAKE_S", 1)
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"

        def answer() -> None:
            with contextlib.suppress(OSError):
                connection, _ = server.accept()
                connection.sendall(sends)
                time.sleep(4)
                connection.close()

        threading.Thread(target=answer, daemon=True).start()
        started = time.monotonic()
        with pytest.raises(BadInput) as error:
            run_study(SEATS, GAMES, SEED, store=tmp_path / "s.sqlite", scheduler=address)
    assert str(error.value).startswith(f"{address} is not a Dask scheduler: {why}")
    assert "\n" not in str(error.value) and time.monotonic() - started < 4


def test_a_pool_starts_no_more_processes_than_chunks_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    dispatch = runner._dispatch

    def counted(job: Any, todo: Any, workers: int, cluster: Any, finish: Any) -> None:
        asked.append(workers)
        dispatch(job, todo, workers, cluster, finish)

    monkeypatch.setattr(runner, "_dispatch", counted)
    chunks = len(chunk_plan(GAMES, SEATS.chunk_size))
    outcome = run_study(SEATS, GAMES, SEED, workers=64, store=tmp_path / "s.sqlite")
    assert asked == [chunks] and outcome.result == run_study(SEATS, GAMES, SEED, workers=1).result
